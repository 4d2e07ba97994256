"""REST answers printed straight from the core's results (``convert.move_result_json``, ``convert.game_json`` and
every other ``*_json``) are exactly what protobuf's JSON mapping prints for the API's messages (``to_dict``), for
every game; and
``omit_view`` (``ApplyMoveRequest.omit_view``, REST ``omitView``) answers the header without the view over both
protocols."""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest
from cardengine.v1 import game_engine_pb2 as pb

import engine
from service.core.game_service import GameService
from service.core.records import VersionUpdate
from service.edges import convert
from service.storage.store import MemoryStore
from tests.service.conftest import LiveServer
from tests.service.protobuf_json import to_dict

GAMES = [game.id for game in engine.all_games()]


@pytest.mark.parametrize("game_type", GAMES)
def test_direct_json_equals_the_protobuf_json_mapping(game_type: str) -> None:
    service = GameService(MemoryStore())
    created = service.creation.create_game(game_type, 2, 11, engine.get_game(game_type).playout_options)
    tokens = {seat.seat: seat.token for seat in created.seats}
    assert orjson.loads(orjson.dumps(convert.game_json(created.game))) == to_dict(convert.game_message(created.game))
    assert orjson.loads(orjson.dumps(convert.created_json(created))) == to_dict(convert.created_message(created))
    rng, version, game = random.Random(3), 0, created.game
    for _ in range(30):
        if game.finished:
            break
        seat = game.to_act[0]
        legal = service.reads.legal_moves(created.game_id, tokens[seat])
        assert orjson.loads(orjson.dumps(convert.legal_moves_json(legal))) == to_dict(
            convert.legal_moves_message(legal)
        )
        move = rng.choice(legal.moves).notation
        for omit_view in (False, True):  # the same move applied once; the retry with the key answers the header
            result = service.moves.apply_move(
                created.game_id, tokens[seat], move, version, f"k{version}", omit_view=omit_view
            )
            printed = orjson.loads(orjson.dumps(convert.move_result_json(result)))
            assert printed == to_dict(convert.move_result_message(result))
            assert ("view" in printed["game"]) is not omit_view
        version, game = result.version, result.game
        update = VersionUpdate(result.version, seat, result.events, game.to_act, game.finished)
        assert orjson.loads(orjson.dumps(convert.update_json(update))) == to_dict(convert.update_message(update))
        spectator = service.reads.get_game(created.game_id, None)
        assert orjson.loads(orjson.dumps(convert.game_json(spectator))) == to_dict(convert.game_message(spectator))
    for token in (None, tokens[0]):
        score = service.reads.score(created.game_id, token)
        assert orjson.loads(orjson.dumps(convert.score_json(score))) == to_dict(convert.score_message(score))
        page = service.streams.events(created.game_id, token, None, page_size=7)
        assert orjson.loads(orjson.dumps(convert.event_log_json(page))) == to_dict(convert.event_log_message(page))


def test_catalog_json_equals_the_protobuf_json_mapping() -> None:
    catalog = GameService(MemoryStore()).catalog
    entries, bot_kinds = catalog.list_game_types(), catalog.bot_kinds()
    printed = orjson.loads(orjson.dumps(convert.catalog_json(entries, bot_kinds)))
    assert printed == to_dict(convert.catalog_message(entries, bot_kinds))


def apply_rest(live: LiveServer, game_id: str, token: str, move: str, version: int, **extra: Any) -> dict[str, Any]:
    status, body = live.rest.post(
        f"/v1/games/{game_id}/moves", {"move": move, "expectedVersion": version, **extra}, token
    )
    assert status == 200, body
    result: dict[str, Any] = body
    return result


def test_omit_view_answers_the_header_only_over_grpc_and_rest(live: LiveServer) -> None:
    created = live.grpc.create_game("dracula", 2, seed=5)
    tokens = {seat.seat: seat.token for seat in created.seats}
    game = created.game
    # REST: omitView true, then the same over gRPC; the game header is complete, the view absent.
    seat = game.to_act[0]
    move = live.grpc.legal_moves(created.game_id, tokens[seat]).notations[0]
    body = apply_rest(live, created.game_id, tokens[seat], move, 0, omitView=True)
    assert body["version"] == 1 and "view" not in body["game"]
    assert body["game"]["version"] == 1 and body["game"]["seat"] == seat and body["game"]["gameType"] == "dracula"
    full = live.grpc.get_game(created.game_id, tokens[seat])
    assert body["game"]["toAct"] == list(full.to_act) and body["game"]["finished"] == full.finished
    seat = full.to_act[0]
    move = live.grpc.legal_moves(created.game_id, tokens[seat]).notations[0]
    request = pb.ApplyMoveRequest(game_id=created.game_id, move=move, expected_version=1, omit_view=True)
    response = live.grpc._call(live.grpc._stub.ApplyMove, request, tokens[seat])
    assert response.version == 2 and response.game.version == 2 and not response.game.HasField("view")
    assert list(response.game.to_act) == list(live.grpc.get_game(created.game_id).to_act)
    # Without the flag the view is there, as before.
    seat = response.game.to_act[0]
    move = live.grpc.legal_moves(created.game_id, tokens[seat]).notations[0]
    body = apply_rest(live, created.game_id, tokens[seat], move, 2)
    assert body["game"]["view"] == live.grpc.get_game(created.game_id, tokens[seat]).view
