"""The Python SDK's lobby calls against a real server on Redis (docs/api.md "Lobby"): ``create_game`` with an open
seat and a player, ``list_open_games`` with its filters, ``join_game`` for the seat's token, the loser's typed error."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from cardengine_client import GameEngineClient, GameEngineError, Seat

from tests.service.access import ALICE, BOB, keys_file
from tests.service.conftest import LiveServer, live_server, make_store


@pytest.fixture
def keyed(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LiveServer]:
    with live_server(make_store("redis", request), "redis", api_keys_file=keys_file(tmp_path)) as running:
        yield running


def client(live: LiveServer, key: str) -> GameEngineClient:
    return GameEngineClient(f"127.0.0.1:{live.server.grpc_port}", api_key=key, timeout=30)


def test_the_sdk_creates_lists_and_joins_an_open_game(keyed: LiveServer) -> None:
    alice, bob = client(keyed, ALICE), client(keyed, BOB)
    try:
        created = alice.create_game(
            "dracula", seats=[Seat(name="Ann", player="ann"), Seat(open=True)], rated=True, min_rating=1000
        )
        assert [seat.seat for seat in created.seats] == [0]
        page = bob.list_open_games("dracula", players=2, rated=True, max_rating=1200)
        assert [(g.game_id, g.open_seats, g.seat_names, g.rated, g.min_rating) for g in page.games] == [
            (created.game_id, (1,), ("Ann", ""), True, 1000)
        ]
        assert page.next_page_token == "" and bob.list_open_games(rated=False).games == ()
        joined = bob.join_game(created.game_id, player="bob")
        assert (joined.game_id, joined.seat) == (created.game_id, 1)
        assert bob.seat_tokens(created.game_id) == {1: joined.token}
        assert joined.game.to_act and bob.list_open_games().games == ()
        with pytest.raises(GameEngineError) as refused:
            alice.join_game(created.game_id)
        assert (refused.value.status, refused.value.code) == (grpc.StatusCode.FAILED_PRECONDITION, "seat/taken")
    finally:
        alice.close()
        bob.close()
