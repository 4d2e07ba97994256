"""The catalog for people and for typed clients (issue 12): every game's cards (CardInfo: full names, suits, ranks,
points, counts) and its JSON Schemas (GameType.schemas, GET /v1/game-types/{id}/schemas), the same over gRPC and
REST and the same as the engine's; views and events of a live match validate against them."""

from __future__ import annotations

from typing import Any

import grpc
import jsonschema
from cardengine.v1 import game_engine_pb2 as pb
from cardengine.v1 import game_engine_pb2_grpc as pb_grpc

import engine
from service.core.service_events import with_service_events
from service.edges.convert import dict_of
from service.edges.openapi import openapi_document
from tests.service.conftest import LiveServer


def grpc_catalog(live: LiveServer) -> list[pb.GameType]:
    with grpc.insecure_channel(f"127.0.0.1:{live.server.grpc_port}") as channel:
        response = pb_grpc.GameEngineStub(channel).ListGameTypes(pb.ListGameTypesRequest(), timeout=30)
    return list(response.game_types)


def rest_card(card: dict[str, Any]) -> dict[str, Any]:
    """The engine's card entry as REST prints CardInfo: every field, empty strings and 0 where it has none."""
    printed = {
        "code": card["code"],
        "name": card["name"],
        "suit": card.get("suit", ""),
        "rank": card.get("rank", ""),
        "count": card["count"],
        "description": card.get("description", ""),
        "option": card.get("option", ""),
        "optionCount": card.get("optionCount", 0),
    }
    if "points" in card:
        printed["points"] = card["points"]
    return printed


def test_every_game_lists_named_cards_over_grpc_and_rest(live: LiveServer) -> None:
    status, catalog = live.rest.get("/v1/game-types")
    assert status == 200
    rest_types = {entry["id"]: entry for entry in catalog["gameTypes"]}
    grpc_types = {entry.id: entry for entry in grpc_catalog(live)}
    assert set(rest_types) == set(grpc_types) == {game.id for game in engine.all_games()}
    for game in engine.all_games():
        cards = game.catalog_entry()["cards"]
        assert cards, f"{game.id} lists no cards"
        assert all(card["name"].strip() for card in cards)  # every card has a name
        assert len({card["code"] for card in cards}) == len(cards)
        assert rest_types[game.id]["cards"] == [rest_card(card) for card in cards]
        assert [(c.code, c.name, c.count) for c in grpc_types[game.id].cards] == [
            (card["code"], card["name"], card["count"]) for card in cards
        ]
        assert [c.points if c.HasField("points") else None for c in grpc_types[game.id].cards] == [
            card.get("points") for card in cards
        ]
        assert rest_types[game.id]["playerCounts"] == list(game.supported_player_counts())


def test_dracula_names_its_cards() -> None:
    cards = {card["code"]: card for card in engine.get_game("dracula").catalog_entry()["cards"]}
    assert len(cards) == 53 and sum(card["count"] for card in cards.values()) == 54
    queen = cards["QH"]
    assert (queen["name"], queen["suit"], queen["rank"], queen["count"]) == ("Queen of Hearts", "Hearts", "Queen", 1)
    assert (cards["TC"]["name"], cards["TC"]["points"]) == ("10 of Clubs", 10)
    assert (cards["VP"]["name"], cards["VP"]["count"]) == ("Vampire", 2)


def test_the_schemas_are_the_engines_in_the_catalog_and_on_their_route(live: LiveServer) -> None:
    rest_types = {entry["id"]: entry for entry in live.rest.get("/v1/game-types")[1]["gameTypes"]}
    grpc_types = {entry.id: entry for entry in grpc_catalog(live)}
    for game in engine.all_games():
        schemas = with_service_events(engine.game_schemas(game.id))  # the service's own events added
        assert {"seed_revealed", "forfeited"} <= set(schemas["events"])
        assert rest_types[game.id]["schemas"] == schemas
        assert dict_of(grpc_types[game.id].schemas) == schemas
        status, served = live.rest.get(f"/v1/game-types/{game.id}/schemas")
        assert status == 200 and served == schemas
        assert {"view", "moveArgs", "events", "score", "defs"} <= set(served)
    status, body = live.rest.get("/v1/game-types/no_such_game/schemas")
    assert status == 404 and body["error"]["code"] == "game/unknown"
    document = openapi_document()
    assert "/v1/game-types/{gameType}/schemas" in document["paths"]
    assert (
        "/v1/game-types/{gameType}/schemas"
        in document["components"]["schemas"]["GameType"]["properties"]["schemas"]["description"]
    )


def test_a_live_dracula_match_validates_against_its_schemas(live: LiveServer) -> None:
    schemas = live.rest.get("/v1/game-types/dracula/schemas")[1]
    status, created = live.rest.post("/v1/games", {"gameType": "dracula", "players": 2, "seed": 4})
    assert status == 201
    game_id, tokens = created["gameId"], [seat["token"] for seat in created["seats"]]
    view_schema = {**schemas["view"], "$defs": schemas["defs"]}
    validated = 0
    for _ in range(12):
        game = live.rest.get(f"/v1/games/{game_id}")[1]
        if game["finished"]:
            break
        seat = game["toAct"][0]
        for token in (tokens[seat], None):
            jsonschema.Draft202012Validator(view_schema).validate(
                live.rest.get(f"/v1/games/{game_id}", token)[1]["view"]
            )
        moves = live.rest.get(f"/v1/games/{game_id}/moves", tokens[seat])[1]
        for move in moves["moves"]:
            args_schema = {**schemas["moveArgs"][move["kind"]], "$defs": schemas["defs"]}
            jsonschema.Draft202012Validator(args_schema).validate(move["args"])
        body = {"move": moves["moves"][0]["notation"], "expectedVersion": moves["version"]}
        assert live.rest.post(f"/v1/games/{game_id}/moves", body, tokens[seat])[0] == 200
        validated += 1
    for token in (tokens[0], tokens[1], None):
        for event in live.rest.get(f"/v1/games/{game_id}/events", token)[1]["events"]:
            shown = {"kind": event["kind"], "text": event["text"], **event["data"]}
            if "seat" in event:
                shown["seat"] = event["seat"]
            event_schema = {**schemas["events"][event["kind"]], "$defs": schemas["defs"]}
            jsonschema.Draft202012Validator(event_schema).validate(shown)
    assert validated == 12
