"""The OpenAPI 3 document of the REST API, served at ``/openapi.json``, written from the routes' declarations.

Each route declares itself once (``service.edges.rest_routes.ROUTES``: method, path, operation, parameters, body,
answers); the schemas come from the .proto's messages (``service.edges.openapi_parts``).
``tests/service/test_openapi.py`` checks the paths against the REST app's routes and runs schemathesis against a live
server.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import orjson
from cardengine.v1 import game_engine_pb2 as pb

import engine
from service.core.bot_kinds import (
    BOT_KINDS,
    BOT_SPEC_PATTERN,
    LEVEL_KINDS,
    MAX_BUDGET_MS,
    MAX_ITERATIONS,
    SPEC_EXAMPLES,
)
from service.core.creation import MAX_SEAT_NAME
from service.core.seating import PLAYER_PATTERN
from service.edges import openapi_games, rest_routes
from service.edges.cors import ALLOWED_HEADERS, EXPOSED_HEADERS, MAX_AGE_SECONDS
from service.edges.http import Response
from service.edges.openapi_parts import (
    ERROR_SCHEMA,
    GAME_RECORD_SCHEMA,
    GAME_SCHEMAS_SCHEMA,
    GRPC_ONLY,
    STREAM_TICKET_SCHEMA,
    Route,
    message_schema,
    plain_response,
)
from service.edges.rest_matchmaking import describe_ticket_request
from service.edges.rest_requests import json_answer
from service.edges.rest_webhooks import complete_webhook_schemas

DESCRIPTION = (
    "A stateless rules engine for card games: the REST/JSON form of cardengine.v1.GameEngine (protobuf's JSON "
    "mapping). Seat numbers are 0-based; a game's version is its number of accepted moves. "
    'Errors: {"error": {"code", "message", "status", "details"}}. Browsers: CORS for the origins of '
    "CORS_ORIGINS / --cors-origins (comma list or *; default none, same origin only): an allowed origin is "
    "echoed in Access-Control-Allow-Origin (Vary: Origin) on every answer, errors included, with "
    f"Access-Control-Expose-Headers {', '.join(EXPOSED_HEADERS)}; preflights (OPTIONS) answer 204 with the "
    f"methods GET, POST, DELETE, OPTIONS, the headers {', '.join(ALLOWED_HEADERS)} and max-age {MAX_AGE_SECONDS}. "
    "Seat tokens never travel in URLs: an EventSource uses a stream ticket (CreateStreamTicket)."
)
SECURITY_SCHEMES = {
    "seatToken": {"type": "http", "scheme": "bearer", "description": "A seat's secret token from CreateGame."},
    "apiKey": {
        "type": "apiKey",
        "in": "header",
        "name": "x-api-key",
        "description": "An API key of the server (also as `Authorization: ApiKey <key>`).",
    },
    "streamTicket": {
        "type": "apiKey",
        "in": "query",
        "name": "ticket",
        "description": "A stream ticket from CreateStreamTicket (GetEvents only).",
    },
}
# Messages described beyond what the .proto says: (message, field, description).
FIELD_DESCRIPTIONS = (
    (
        "GameType",
        "playerCounts",
        "Exactly the numbers of players CreateGame accepts, in increasing order (e.g. [2, 4] for dracula: 3 is "
        "refused with game/invalid_players although it lies between minPlayers and maxPlayers).",
    ),
    (
        "GameType",
        "schemas",
        "The game's JSON Schemas (draft 2020-12): view, moveArgs (per move kind), events (per event kind), score, "
        "defs; also served alone at GET /v1/game-types/{gameType}/schemas (schema GameSchemas).",
    ),
    (
        "GameType",
        "cards",
        "Every card of the game: code, full name, suit and rank where they apply, points, count in the default deck, "
        "a short description of special cards, the option that adds a card.",
    ),
    (
        "SeatConfig",
        "bot",
        f"Empty for a person, else the kind of bot that plays the seat: {', '.join(BOT_KINDS)}. The levels "
        f"{', '.join(LEVEL_KINDS)} name a strength (their ratings: GameType.levels) and take no budget; mcts may "
        f"take a budget of its own ({SPEC_EXAMPLES}; at most {MAX_BUDGET_MS} ms or {MAX_ITERATIONS} iterations).",
    ),
    (
        "GameType",
        "levels",
        f"The levels of play a bot seat can be given in this game ({', '.join(LEVEL_KINDS)}), weakest first, each "
        "with its Elo rating on the game's ladder (random = 0) and 95% interval; rating absent until measured.",
    ),
    (
        "SeatConfig",
        "name",
        f"Display name: trimmed, at most {MAX_SEAT_NAME} printable characters; empty for none "
        "(400 seats/invalid_name otherwise).",
    ),
    (
        "Event",
        "text",
        "The event in words for this caller, written from the redacted data with the seats' display names.",
    ),
)


def serve_document() -> Response:
    return json_answer(orjson.dumps(openapi_document()))


OPENAPI_ROUTE = Route(
    method="GET",
    path="/openapi.json",
    operation_id="OpenApi",
    summary="This document.",
    view=serve_document,
    responses={"200": plain_response("OpenAPI 3.")},
)
ROUTES: tuple[Route, ...] = (*rest_routes.ROUTES, OPENAPI_ROUTE)


def paths(routes: tuple[Route, ...]) -> dict[str, Any]:
    """The document's paths: every declared route's operation under its path and method."""
    items: dict[str, dict[str, Any]] = {}
    for route in routes:
        items.setdefault(route.path, {})[route.method.lower()] = route.operation()
    return items


def component_schemas() -> dict[str, Any]:
    """The schemas: the API's messages (requests only where they travel as a body), the REST-only shapes."""
    schemas: dict[str, Any] = {
        "Error": ERROR_SCHEMA,
        "GameRecord": GAME_RECORD_SCHEMA,
        "StreamTicket": STREAM_TICKET_SCHEMA,
        "GameSchemas": GAME_SCHEMAS_SCHEMA,
    }
    requests = {"CreateGameRequest", "SeatConfig", "Clock", "StructuredMove", "RegisterWebhookRequest"}
    requests |= {"CreateTournamentRequest"}  # a body too (service/edges/rest_tournaments.py)
    requests |= {"CreateTicketRequest"}  # a body too (service/edges/rest_matchmaking.py)
    for name, message in pb.DESCRIPTOR.message_types_by_name.items():
        if name.endswith("Request") and name not in requests:
            continue  # the other requests travel as path and query parameters
        schemas[name] = message_schema(message, request=name in requests, exclude=GRPC_ONLY.get(name, ()))
    schemas["CreateGameRequest"]["properties"]["gameType"]["enum"] = [game.id for game in engine.all_games()]
    describe_ticket_request(schemas["CreateTicketRequest"])
    for message_name, field, description in FIELD_DESCRIPTIONS:
        schemas[message_name]["properties"][field]["description"] = description
    schemas["SeatConfig"]["properties"]["bot"]["pattern"] = BOT_SPEC_PATTERN
    bot_kinds = schemas["ListGameTypesResponse"]["properties"]["botKinds"]
    bot_kinds.update(
        description="The kinds of bot a seat can be given (SeatConfig.bot), in the server's order: CreateGame "
        "accepts each of these for a bot seat, in every game type (a search kind may also take a budget after a "
        "colon, as SeatConfig.bot says).",
        example=list(BOT_KINDS),
    )
    bot_kinds["items"]["enum"] = list(BOT_KINDS)
    schemas["BotLevel"]["properties"]["name"]["enum"] = list(LEVEL_KINDS)
    body = schemas["ApplyMoveBody"] = message_schema(
        pb.ApplyMoveRequest.DESCRIPTOR, request=True, exclude=("game_id", "view_json"), name="ApplyMoveBody"
    )
    body["properties"]["move"].update(minLength=1, pattern=r"^\S+( \S+)*$")
    body["oneOf"] = [{"required": ["move"]}, {"required": ["structuredMove"]}]  # one of the two forms, never both
    body["properties"]["idempotencyKey"]["pattern"] = "^[!-~]{0,128}$"
    redeem = schemas["RedeemInvitationBody"] = message_schema(
        pb.RedeemInvitationRequest.DESCRIPTOR, request=True, exclude=("game_id",), name="RedeemInvitationBody"
    )
    redeem["required"] = ["code"]
    redeem["properties"]["code"].update(minLength=1, maxLength=128)
    join = schemas["JoinGameBody"] = message_schema(
        pb.JoinGameRequest.DESCRIPTOR, request=True, exclude=("game_id",), name="JoinGameBody"
    )
    join["properties"]["player"].update(pattern=PLAYER_PATTERN.pattern.replace("{1,64}", "{0,64}"))
    complete_webhook_schemas(schemas)
    schemas["SeatConfig"]["properties"]["player"]["pattern"] = PLAYER_PATTERN.pattern.replace("{1,64}", "{0,64}")
    return schemas


@cache
def openapi_document() -> dict[str, Any]:
    schemas = {**component_schemas(), **openapi_games.game_components()}
    openapi_games.link_games(schemas)
    return openapi_games.complete(
        {
            "openapi": "3.0.3",
            "info": {"title": "cardengine API", "version": "v1", "description": DESCRIPTION},
            "paths": paths(ROUTES),
            "components": {"schemas": schemas, "securitySchemes": SECURITY_SCHEMES},
        }
    )
