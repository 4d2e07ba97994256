"""gRPC ApplyMove answers written straight to their wire form (``convert.MOVE_RESULT.wire``) parse to exactly
the message ``convert.move_result_message`` builds, for every game and player count: with and without the view, the
view as a Struct or as JSON text (``view_json``), as a first answer and as a replay, with seat names, a turn clock,
a match's last move (its revealed seed) and a forfeit; and the gRPC server sends them (a client reads the same answer
as from the message)."""

from __future__ import annotations

import random

import orjson
import pytest
from cardengine.v1 import game_engine_pb2 as pb
from google.protobuf import json_format

import engine
from service.core import clocks
from service.core.game_service import GameService
from service.core.records import LastMove, MoveResult, SeatSpec
from service.edges import convert
from service.storage.store import MemoryStore
from tests.service.conftest import LiveServer

CASES = [
    (game.id, players) for game in engine.all_games() for players in sorted({game.min_players, 2, game.max_players})
]


def assert_same(result: MoveResult) -> None:
    written = convert.MOVE_RESULT.wire(result)
    built = convert.move_result_message(result)
    parsed = pb.ApplyMoveResponse.FromString(written)
    assert parsed == built
    assert pb.Game.FromString(convert.GAME.wire(result.game)) == built.game  # GetGame's answer
    assert parsed.game.HasField("view") == built.game.HasField("view") == (result.game.view is not None)
    assert not parsed.game.view_json
    # The view as JSON text (view_json): the same answer but for the view, which is the same object as JSON.
    as_json = pb.ApplyMoveResponse.FromString(convert.MOVE_RESULT.wire(result, view_json=True))
    assert as_json == convert.move_result_message(result, view_json=True)
    assert not as_json.game.HasField("view")
    assert (orjson.loads(as_json.game.view_json) if as_json.game.view_json else None) == result.game.view
    if result.game.view is not None:
        assert orjson.loads(as_json.game.view_json) == convert.plain(json_format.MessageToDict(parsed.game.view))
        as_json.game.view.CopyFrom(parsed.game.view)
    as_json.game.view_json = ""
    assert as_json == parsed
    assert parsed.game.HasField("seat") and parsed.game.HasField("clock") == built.game.HasField("clock")
    for mine, theirs in zip(parsed.events, built.events, strict=True):
        assert mine.HasField("seat") == theirs.HasField("seat") and mine.HasField("data")


@pytest.mark.parametrize(("game_type", "players"), CASES)
def test_written_answers_parse_to_the_built_message(game_type: str, players: int) -> None:
    service = GameService(MemoryStore())
    seats = [SeatSpec(name=f"Ádám {index}" if index % 2 else "") for index in range(players)]
    clock = clocks.clock_spec(60, 600, "move") if players == 2 else None
    options = engine.get_game(game_type).playout_options
    created = service.creation.create_game(game_type, players, 17, options, seats, clock=clock)
    tokens = {seat.seat: seat.token for seat in created.seats}
    rng, version, game = random.Random(5), 0, created.game
    moves = 0
    while not game.finished and moves < 160:
        seat = game.to_act[rng.randrange(len(game.to_act))]
        move = rng.choice(service.reads.legal_moves(created.game_id, tokens[seat]).moves).notation
        omit_view = moves % 3 == 1
        key = f"k{version}"
        result = service.moves.apply_move(created.game_id, tokens[seat], move, version, key, omit_view=omit_view)
        assert_same(result)
        if moves % 5 == 0:  # the retry: answered as a replay, with the events of the first answer
            replay = service.moves.apply_move(created.game_id, tokens[seat], move, version, f"k{version}")
            assert replay.replayed
            assert_same(replay)
        version, game = result.version, result.game
        moves += 1
    if game.finished:  # the last answer carries the revealed seed (a server seed: the commitment's reveal)
        assert any(event.kind == "seed_revealed" for event in result.events) or created.game.seed_source == "client"


def test_negative_and_large_numbers_and_empty_values_are_written_as_protobuf_writes_them() -> None:
    service = GameService(MemoryStore())
    created = service.creation.create_game("dracula", 2, 3)
    token = created.seats[0].token
    move = service.reads.legal_moves(created.game_id, token).moves[0].notation
    result = service.moves.apply_move(created.game_id, token, move, 0)
    view = dict(result.game.view or {})
    view |= {"negative": -3, "large": 2**40, "float": -0.5, "empty": {}, "nothing": None, "list": [[], {}, "é", True]}
    game = result.game._replace(view=view, to_act=(), seat=0, seat_names=("", "Zoë"), bots=("", "mcts"))
    assert_same(result._replace(game=game))
    assert_same(result._replace(version=0, game=game._replace(players=0, version=0)))


def test_the_grpc_server_sends_the_written_answer(live: LiveServer) -> None:
    created = live.grpc.create_game("house_rummy", 2, seed=9)
    tokens = {seat.seat: seat.token for seat in created.seats}
    seat = created.game.to_act[0]
    move = live.grpc.legal_moves(created.game_id, tokens[seat]).notations[0]
    request = pb.ApplyMoveRequest(game_id=created.game_id, move=move, expected_version=0, idempotency_key="a")
    response = live.grpc._call(live.grpc._stub.ApplyMove, request, tokens[seat])
    assert response.version == 1 and response.game.version == 1 and response.game.game_id == created.game_id
    assert response.game.seat == seat and response.game.HasField("view") and response.events
    assert (
        response.game.view
        == live.grpc._call(live.grpc._stub.GetGame, pb.GetGameRequest(game_id=created.game_id), tokens[seat]).view
    )
    again = live.grpc._call(live.grpc._stub.ApplyMove, request, tokens[seat])
    assert again.replayed and [event.text for event in again.events] == [event.text for event in response.events]


def test_the_grpc_server_sends_the_view_as_json_when_asked(live: LiveServer) -> None:
    created = live.grpc.create_game("draw_blood", 2, seed=4)
    tokens = {seat.seat: seat.token for seat in created.seats}
    seat = created.game.to_act[0]
    move = live.grpc.legal_moves(created.game_id, tokens[seat]).notations[0]
    request = pb.ApplyMoveRequest(game_id=created.game_id, move=move, expected_version=0, view_json=True)
    response = live.grpc._call(live.grpc._stub.ApplyMove, request, tokens[seat])
    assert not response.game.HasField("view") and response.game.seat == seat and response.events
    as_struct = live.grpc._call(live.grpc._stub.GetGame, pb.GetGameRequest(game_id=created.game_id), tokens[seat])
    as_text = live.grpc._call(
        live.grpc._stub.GetGame, pb.GetGameRequest(game_id=created.game_id, view_json=True), tokens[seat]
    )
    view = orjson.loads(response.game.view_json)
    assert view["seat"] == seat and view["hand"] and view == orjson.loads(as_text.view_json)
    assert view == convert.plain(json_format.MessageToDict(as_struct.view)) and not as_struct.view_json
    assert not as_text.HasField("view") and as_text.version == as_struct.version == 1
    # A spectator's JSON view is the public one: no hand.
    spectator = live.grpc._call(live.grpc._stub.GetGame, pb.GetGameRequest(game_id=created.game_id, view_json=True))
    public = orjson.loads(spectator.view_json)
    assert public["seat"] is None and public["hand"] is None and public["handCounts"] == view["handCounts"]
    assert not spectator.HasField("seat") and not spectator.HasField("view")
    # With omit_view, view_json changes nothing: the header only.
    acting = live.grpc.get_game(created.game_id).to_act[0]
    header = live.grpc._call(
        live.grpc._stub.ApplyMove,
        pb.ApplyMoveRequest(
            game_id=created.game_id,
            move=live.grpc.legal_moves(created.game_id, tokens[acting]).notations[0],
            expected_version=1,
            omit_view=True,
            view_json=True,
        ),
        tokens[acting],
    )
    assert header.version == 2 and not header.game.view_json and not header.game.HasField("view")


def test_the_python_client_reads_either_form_to_the_same_dict(live: LiveServer) -> None:
    created = live.grpc.create_game("rummy_battle", 2, seed=6)
    tokens = {seat.seat: seat.token for seat in created.seats}
    seat = created.game.to_act[0]
    move = live.grpc.legal_moves(created.game_id, tokens[seat]).notations[0]
    as_text = live.grpc.apply_move(created.game_id, tokens[seat], move, 0)  # the client asks for JSON by default
    again = live.grpc.get_game(created.game_id, tokens[seat], view_json=False)
    assert as_text.game.view == again.view == live.grpc.get_game(created.game_id, tokens[seat]).view
    assert as_text.game.view["hand"] and as_text.game.view["seat"] == seat and again.version == 1


def test_rest_has_no_view_json_its_views_are_json_already(live: LiveServer) -> None:
    status, created = live.rest.call("POST", "/v1/games", {"gameType": "dracula", "players": 2, "seed": 3})
    assert status == 201 and "viewJson" not in created["game"] and isinstance(created["game"]["view"], dict)
    token = created["seats"][0]["token"]
    status, legal = live.rest.get(f"/v1/games/{created['gameId']}/moves", token)
    body = {"move": legal["moves"][0]["notation"], "expectedVersion": 0, "viewJson": True}
    status, refused = live.rest.call("POST", f"/v1/games/{created['gameId']}/moves", body, token)
    assert status == 400 and refused["error"]["code"] == "request/invalid"
    assert "Unknown field 'viewJson'" in refused["error"]["message"] and "omitView" in refused["error"]["message"]
    assert live.rest.get(f"/v1/games/{created['gameId']}", token)[1]["version"] == 0  # nothing moved
    status, document = live.rest.get("/openapi.json")
    assert status == 200 and "viewJson" not in document["components"]["schemas"]["Game"]["properties"]
    assert "viewJson" not in document["components"]["schemas"]["ApplyMoveBody"]["properties"]


@pytest.mark.parametrize(
    "last",
    [
        LastMove(0, 0, "", "", timed_out=False),
        LastMove(7, 1, "play 5S", "Ann plays the 5 of spades.", timed_out=False),
        LastMove(300, 3, "", "Bob's time ran out: he draws from the stock.", timed_out=True),
        LastMove(2**32 - 1, 0, "meld 1S,2H,3S", "Ádám melds.", timed_out=True),
    ],
)
def test_the_last_move_is_written_as_protobuf_writes_it(last: LastMove) -> None:
    assert convert.LAST_MOVE.wire(last) == convert.last_move_message(last).SerializeToString()
