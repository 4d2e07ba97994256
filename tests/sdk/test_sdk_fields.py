"""What the first Python client lacked, read through the SDK from a real server: the catalog's cards and schemas,
the seed commitment and its source, the turn clock, the last move, the score's fairness, events' timed_out."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from cardengine_client import GameEngineClient

from loadtests.server_process import ServerProcess


@pytest.fixture(scope="module")
def client() -> Iterator[GameEngineClient]:
    with ServerProcess() as server, GameEngineClient(server.grpc_target) as connected:
        yield connected


def test_the_catalog_has_cards_and_schemas(client: GameEngineClient) -> None:
    dracula = next(game for game in client.list_game_types() if game.id == "dracula")
    queen = next(card for card in dracula.cards if card.code == "QH")
    assert (queen.name, queen.count) == ("Queen of Hearts", 1)
    assert sorted(dracula.schemas) == ["$id", "$schema", "defs", "events", "moveArgs", "score", "view"]


def test_a_game_shows_its_commitment_clock_last_move_and_fairness(client: GameEngineClient) -> None:
    created = client.create_game("dracula", players=2, clock={"turn_seconds": 30, "on_timeout": "forfeit"})
    game = created.game
    assert (game.seed_source, len(game.seed_commitment)) == ("server", 64)
    assert (game.clock.turn_seconds, game.clock.match_seconds, game.clock.on_timeout) == (30, 0, "forfeit")
    assert [deadline.seat for deadline in game.clock.deadlines] == list(game.to_act)
    assert game.last_move is None
    seat = game.to_act[0]
    legal = client.list_legal_moves(created.game_id, created.token(seat))
    moved = client.apply_move(created.game_id, created.token(seat), legal.moves[0], legal.version)
    assert moved.game.last_move is not None
    assert (moved.game.last_move.seat, moved.game.last_move.notation) == (seat, legal.moves[0].notation)
    assert [event.timed_out for event in moved.events] == [False] * len(moved.events)
    fairness = client.get_score(created.game_id).fairness
    assert fairness is not None
    assert (fairness.revealed, fairness.seed, fairness.salt) == (False, "", "")
    assert fairness.seed_commitment == created.seed_commitment
