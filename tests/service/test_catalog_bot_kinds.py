"""The catalog tells clients which kinds of bot a seat can be given (issue 13): ListGameTypesResponse.bot_kinds over
gRPC, `botKinds` of GET /v1/game-types over REST, both exactly BOT_KINDS of service/core/bot_kinds.py in its order; and
CreateGame accepts every listed kind for a bot seat, in every game type, over both."""

from __future__ import annotations

import grpc
from cardengine.v1 import game_engine_pb2 as pb
from cardengine.v1 import game_engine_pb2_grpc as pb_grpc

import engine
from service.core.bot_kinds import BOT_KINDS
from service.edges.openapi import openapi_document
from tests.service.conftest import LiveServer


def grpc_bot_kinds(live: LiveServer) -> list[str]:
    with grpc.insecure_channel(f"127.0.0.1:{live.server.grpc_port}") as channel:
        response = pb_grpc.GameEngineStub(channel).ListGameTypes(pb.ListGameTypesRequest(), timeout=30)
    return list(response.bot_kinds)


def test_the_catalog_lists_exactly_the_servers_bot_kinds(live: LiveServer) -> None:
    assert BOT_KINDS and BOT_KINDS[0] == "random"
    assert grpc_bot_kinds(live) == list(BOT_KINDS)
    status, catalog = live.rest.get("/v1/game-types")
    assert status == 200
    assert catalog["botKinds"] == list(BOT_KINDS)
    assert [entry["id"] for entry in catalog["gameTypes"]] == sorted(game.id for game in engine.all_games())


def test_the_openapi_document_describes_bot_kinds() -> None:
    schema = openapi_document()["components"]["schemas"]["ListGameTypesResponse"]
    assert "botKinds" in schema["required"]
    assert schema["properties"]["botKinds"]["type"] == "array"
    assert schema["properties"]["botKinds"]["items"] == {"type": "string", "enum": list(BOT_KINDS)}


def test_create_game_accepts_every_listed_kind_for_a_bot_seat(live: LiveServer) -> None:
    status, catalog = live.rest.get("/v1/game-types")
    assert status == 200
    for game_type in catalog["gameTypes"]:
        players = game_type["playerCounts"][0]
        for kind in catalog["botKinds"]:
            # Over REST: seat 0 a person, the last seat a bot of this kind.
            seats = [{"name": "Ann"}] + [{} for _ in range(players - 2)] + [{"name": "Robo", "bot": kind}]
            status, created = live.rest.post(
                "/v1/games", {"gameType": game_type["id"], "seed": 5, "players": players, "seats": seats}
            )
            assert status == 201, (game_type["id"], kind, created)
            expected = [""] * (players - 1) + [kind]
            assert created["game"]["bots"] == expected
            assert [entry["seat"] for entry in created["seats"]] == list(range(players - 1))  # no token for the bot
            # Over gRPC: the same seats.
            over_grpc = live.grpc.create_game(
                game_type["id"], players, seed=5, seats=[("", "")] * (players - 1) + [("", kind)]
            )
            assert list(over_grpc.game.bots) == expected
            assert [seat.seat for seat in over_grpc.seats] == list(range(players - 1))
