"""The OpenAPI 3 document of the REST API, served at ``/openapi.json``.

The paths are written here; the schemas are derived from the .proto's message descriptors with protobuf's JSON
names, so they cannot drift from the messages the routes print. ``tests/service/test_openapi.py`` checks the
paths against the Flask routes and runs schemathesis against a live server.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from cardengine.v1 import game_engine_pb2 as pb
from google.protobuf.descriptor import Descriptor, FieldDescriptor

import engine
from service.bots.kinds import BOT_KINDS, BOT_SPEC_PATTERN, MAX_BUDGET_MS, MAX_ITERATIONS, SPEC_EXAMPLES
from service.core.errors import Status
from service.core.game_service import DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_SEAT_NAME
from service.edges.cors import ALLOWED_HEADERS, EXPOSED_HEADERS, MAX_AGE_SECONDS
from service.edges.web_files import CONTENT_TYPES

STRUCT = "google.protobuf.Struct"
VALUE = "google.protobuf.Value"
UINT32_MAX = 2**32 - 1
INT32 = {"type": "integer", "format": "int32", "minimum": -(2**31), "maximum": 2**31 - 1}
UINT32 = {"type": "integer", "format": "int64", "minimum": 0, "maximum": UINT32_MAX}
UINT64 = {"type": "integer", "minimum": 0, "maximum": 2**64 - 1}

# Request fields the server requires (proto3 has no required fields; the core rejects these when missing).
REQUIRED_IN_REQUESTS = {"CreateGameRequest": ["gameType"], "ApplyMoveBody": ["move", "expectedVersion"]}


def field_schema(field: FieldDescriptor) -> dict[str, Any]:
    schema: dict[str, Any]
    if field.message_type is not None:
        name = field.message_type.full_name
        if name == STRUCT:
            schema = {"type": "object", "additionalProperties": True}
        elif name == VALUE:
            schema = {}
        else:
            schema = {"$ref": f"#/components/schemas/{field.message_type.name}"}
    elif field.type == FieldDescriptor.TYPE_BOOL:
        schema = {"type": "boolean"}
    elif field.type == FieldDescriptor.TYPE_STRING:
        schema = {"type": "string"}
    elif field.type == FieldDescriptor.TYPE_INT32:
        schema = dict(INT32)
    elif field.type == FieldDescriptor.TYPE_UINT32:
        schema = dict(UINT32)
    elif field.type == FieldDescriptor.TYPE_UINT64:
        schema = dict(UINT64)
    elif field.type == FieldDescriptor.TYPE_DOUBLE:
        schema = {"type": "number"}
    else:
        raise ValueError(f"field {field.full_name}: type {field.type} has no schema mapping yet")
    if field.is_repeated:
        return {"type": "array", "items": schema}
    return schema


def message_schema(
    message: Descriptor, *, request: bool, exclude: tuple[str, ...] = (), name: str | None = None
) -> dict[str, Any]:
    """A message's JSON schema. Responses list every field without presence as required (they are always
    printed); requests reject unknown fields, as protobuf's JSON parser does."""
    properties: dict[str, Any] = {}
    required: list[str] = []
    for field in message.fields:
        if field.name in exclude:
            continue
        properties[field.json_name] = field_schema(field)
        if not request and not field.has_presence:
            required.append(field.json_name)
        elif not request and field.message_type is not None and field.message_type.full_name == STRUCT:
            required.append(field.json_name)  # printed as {} when empty
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if request:
        schema["additionalProperties"] = False
        required = REQUIRED_IN_REQUESTS.get(name or message.name, [])
    if required:
        schema["required"] = required
    return schema


ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["error"],
    "properties": {
        "error": {
            "type": "object",
            "required": ["code", "message", "status", "details"],
            "properties": {
                "code": {"type": "string", "description": "Machine-readable code, e.g. version/stale."},
                "message": {"type": "string"},
                "status": {"type": "string", "enum": [s.grpc_name for s in Status]},
                "details": {"type": "object", "additionalProperties": True},
            },
        }
    },
}


def ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/components/schemas/{name}"}


def json_content(schema: dict[str, Any]) -> dict[str, Any]:
    return {"application/json": {"schema": schema}}


# What each error status means, as the README's error table says it.
STATUS_MEANINGS = {
    Status.INVALID_ARGUMENT: "malformed request or move; unknown game type, bad option or player count; "
    "idempotency key reused for another move",
    Status.UNAUTHENTICATED: "no token where a seat is needed, or a token of no seat",
    Status.PERMISSION_DENIED: "the caller's seat is not among the seats to act",
    Status.NOT_FOUND: "unknown (or expired) game",
    Status.ABORTED: "stale expectedVersion (details: currentVersion)",
    Status.FAILED_PRECONDITION: "illegal move or finished match (the engine's code), or a match stored under "
    "another rules version of its game (snapshot/rules_version)",
    Status.UNAVAILABLE: "the game store cannot be reached",
    Status.INTERNAL: "an internal error (logged)",
    Status.RESOURCE_EXHAUSTED: "a rate limit, an API key's cap of live games, too many wrong seat tokens, or too many "
    "live streams (stream/too_many: of this server, of this game or from this client address); Retry-After says "
    "when to retry",
    Status.PAYLOAD_TOO_LARGE: "the request body is larger than the server's limit (request/too_large; 64 KiB by "
    "default)",
}


def responses(ok: int, schema: str, description: str, *failures: Status) -> dict[str, Any]:
    result: dict[str, Any] = {str(ok): {"description": description, "content": json_content(ref(schema))}}
    for status in (*failures, Status.INTERNAL):
        result[str(status.http_status)] = {
            "description": f"{status.grpc_name}: {STATUS_MEANINGS[status]}",
            "content": json_content(ref("Error")),
        }
    return result


GAME_ID = {
    "name": "gameId",
    "in": "path",
    "required": True,
    "description": "The game's id, as CreateGame returned it.",
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
}
GAME_TYPE = {
    "name": "gameType",
    "in": "path",
    "required": True,
    "description": "A game type's id from GET /v1/game-types, e.g. dracula.",
    "schema": {"type": "string"},
}
SEAT_OR_SPECTATOR: list[dict[str, list[str]]] = [{}, {"seatToken": []}]
SEAT_TICKET_OR_SPECTATOR: list[dict[str, list[str]]] = [{}, {"seatToken": []}, {"streamTicket": []}]
SEAT: list[dict[str, list[str]]] = [{"seatToken": []}]
SSE_DESCRIPTION = (
    "With follow=true (or Accept: text/event-stream) the answer is a Server-Sent Events stream (text/event-stream) "
    "as the HTML standard describes it: first a `retry: 1000` line (the browser's reconnection delay, ms); then one "
    "message per version with `event: version`, `id: <version>` and `data: <WatchGameResponse as JSON>` (the "
    "version's events, redacted for the caller and with their text, toAct, finished); while idle, a comment line "
    "`: heartbeat` every SSE_HEARTBEAT_SECONDS (default 15) so proxies keep the connection; when the match is "
    'finished, a last message `event: end` with `data: {"reason": "finished"}` (`"expired"` if the game vanished), '
    "after which the browser should close its EventSource. A stream the server stops (shutdown) ends without `end`: "
    "the browser reconnects and resumes. The `Last-Event-ID` header (sent by EventSource on reconnection) resumes "
    "after that version and wins over `after`. A browser cannot send Authorization on an EventSource: it passes a "
    "stream ticket (`ticket=`, from POST /v1/games/{gameId}/stream-tickets) to follow its seat; an unknown or "
    "expired ticket, a ticket of another game, or any credential-like query parameter (access_token, token, auth, "
    "api_key, key, ...) is 401, never a silent spectator stream; other unknown query parameters are 400. Without "
    f"follow: one JSON page of at most pageSize events (default {DEFAULT_PAGE_SIZE}, at most {MAX_PAGE_SIZE}); "
    "nextPageToken is set while more follow."
)
READ_FAILURES = (Status.INVALID_ARGUMENT, Status.UNAUTHENTICATED, Status.NOT_FOUND, Status.UNAVAILABLE)
# Reads that decode the stored match: FAILED_PRECONDITION (snapshot/rules_version) when it was saved under another
# rules version of its game. GetEvents reads only the log, which stays readable.
SNAPSHOT_READ_FAILURES = (*READ_FAILURES, Status.FAILED_PRECONDITION)


def paths() -> dict[str, Any]:
    return {
        "/v1/game-types": {
            "get": {
                "operationId": "ListGameTypes",
                "summary": "The catalog of game types: accepted player counts (playerCounts, exactly: Dracula "
                "[2, 4]), options, move kinds; and the kinds of bot a seat can be given (botKinds). Made once per "
                "server: answered with an ETag and Cache-Control no-cache (If-None-Match with that tag: 304).",
                "responses": {
                    **responses(200, "ListGameTypesResponse", "The catalog."),
                    "304": {"description": "Not modified: the If-None-Match tag is the catalog's ETag (no body)."},
                },
            }
        },
        "/v1/game-types/{gameType}/schemas": {
            "get": {
                "operationId": "GetGameTypeSchemas",
                "summary": "The JSON Schemas (draft 2020-12) of one game type's content, as in GameType.schemas: "
                "view (Game.view), moveArgs (Move.args per move kind), events (Event.data with kind, seat and text, "
                "per event kind), score (the Score with the game's details), defs.",
                "parameters": [GAME_TYPE],
                "responses": {
                    "200": {"description": "The schemas.", "content": json_content(ref("GameSchemas"))},
                    "404": {"description": "NOT_FOUND: no such game type.", "content": json_content(ref("Error"))},
                    "500": {
                        "description": f"INTERNAL: {STATUS_MEANINGS[Status.INTERNAL]}",
                        "content": json_content(ref("Error")),
                    },
                },
            }
        },
        "/v1/games": {
            "post": {
                "operationId": "CreateGame",
                "summary": "Starts a match; returns its id, version 0 and one secret token per seat (shown once).",
                "parameters": [
                    {
                        "name": "Idempotency-Key",
                        "in": "header",
                        "required": False,
                        "description": "The request id as a header, instead of the body's requestId (both: they must "
                        "be equal): a retry with the same id and parameters returns the same game and seat tokens.",
                        "schema": {"type": "string", "pattern": "^[!-~]{1,128}$"},
                    }
                ],
                "requestBody": {"required": True, "content": json_content(ref("CreateGameRequest"))},
                "responses": responses(
                    201,
                    "CreateGameResponse",
                    "The new game.",
                    Status.INVALID_ARGUMENT,
                    Status.PAYLOAD_TOO_LARGE,
                    Status.UNAVAILABLE,
                ),
            }
        },
        "/v1/games/{gameId}": {
            "get": {
                "operationId": "GetGame",
                "summary": "The caller's view of a match (no token: the public spectator view).",
                "parameters": [GAME_ID],
                "security": SEAT_OR_SPECTATOR,
                "responses": responses(200, "Game", "The caller's view.", *SNAPSHOT_READ_FAILURES),
            }
        },
        "/v1/games/{gameId}/moves": {
            "get": {
                "operationId": "ListLegalMoves",
                "summary": "The caller seat's legal moves now.",
                "parameters": [GAME_ID],
                "security": SEAT,
                "responses": responses(200, "ListLegalMovesResponse", "The legal moves.", *SNAPSHOT_READ_FAILURES),
            },
            "post": {
                "operationId": "ApplyMove",
                "summary": "Plays one move for the caller's seat at the expected version.",
                "parameters": [
                    GAME_ID,
                    {
                        "name": "Idempotency-Key",
                        "in": "header",
                        "required": False,
                        "description": "The idempotency key as a header, instead of the body's idempotencyKey "
                        "(both: they must be equal).",
                        "schema": {"type": "string", "pattern": "^[!-~]{1,128}$"},
                    },
                ],
                "security": SEAT,
                "requestBody": {"required": True, "content": json_content(ref("ApplyMoveBody"))},
                "responses": responses(
                    200,
                    "ApplyMoveResponse",
                    "The new version, the caller's view and its events.",
                    Status.INVALID_ARGUMENT,
                    Status.PAYLOAD_TOO_LARGE,
                    Status.UNAUTHENTICATED,
                    Status.PERMISSION_DENIED,
                    Status.NOT_FOUND,
                    Status.ABORTED,
                    Status.FAILED_PRECONDITION,
                    Status.UNAVAILABLE,
                ),
            },
        },
        "/v1/games/{gameId}/score": {
            "get": {
                "operationId": "GetScore",
                "summary": "Totals per seat, rounds, finished flag, winners.",
                "parameters": [GAME_ID],
                "security": SEAT_OR_SPECTATOR,
                "responses": responses(200, "Score", "The score sheet.", *SNAPSHOT_READ_FAILURES),
            }
        },
        "/v1/games/{gameId}/record": {
            "get": {
                "operationId": "GetGameRecord",
                "summary": "The public record of a finished match, for `cardengine verify --file` (docs/fairness.md): "
                "creation parameters, seed commitment with the revealed seed and salt, the move log, every public "
                "event and the score. Anyone may read it (no token); 422 game/not_finished before the end.",
                "parameters": [GAME_ID],
                "responses": responses(
                    200,
                    "GameRecord",
                    "The record.",
                    Status.INVALID_ARGUMENT,
                    Status.NOT_FOUND,
                    Status.FAILED_PRECONDITION,
                    Status.UNAVAILABLE,
                ),
            }
        },
        "/v1/games/{gameId}/stream-tickets": {
            "post": {
                "operationId": "CreateStreamTicket",
                "summary": "A short-lived ticket of the caller's seat for this game's event stream, for a URL "
                "(EventSource cannot send Authorization): GET /v1/games/{gameId}/events?follow=true&ticket=... It is "
                "valid for this game and this seat only, for expiresIn seconds (STREAM_TICKET_SECONDS, default 60), "
                "reusable until then (an EventSource reconnects with the same URL); it is checked when a stream "
                "starts, so an open stream outlives it. Never the seat token itself.",
                "parameters": [GAME_ID],
                "security": SEAT,
                "responses": responses(
                    201,
                    "StreamTicket",
                    "The ticket.",
                    Status.INVALID_ARGUMENT,
                    Status.UNAUTHENTICATED,
                    Status.NOT_FOUND,
                    Status.UNAVAILABLE,
                ),
            }
        },
        "/v1/games/{gameId}/events": {
            "get": {
                "operationId": "GetEvents",
                "summary": "The caller's redacted events after a version, one page at a time; with follow=true (or "
                "Accept: text/event-stream) a Server-Sent Events stream of WatchGameResponse, one per version.",
                "description": SSE_DESCRIPTION,
                "parameters": [
                    GAME_ID,
                    {
                        "name": "after",
                        "in": "query",
                        "required": False,
                        "description": "Only versions after this one (absent: from the deal, version 0).",
                        "schema": {"type": "integer", "minimum": 0, "maximum": UINT32_MAX},
                    },
                    {
                        "name": "follow",
                        "in": "query",
                        "required": False,
                        "description": "Stream live as Server-Sent Events until the match finishes.",
                        "schema": {"type": "boolean"},
                    },
                    {
                        "name": "ticket",
                        "in": "query",
                        "required": False,
                        "description": "A stream ticket (POST /v1/games/{gameId}/stream-tickets): the events of its "
                        "seat, without an Authorization header.",
                        "schema": {"type": "string"},
                    },
                    {
                        "name": "pageSize",
                        "in": "query",
                        "required": False,
                        "description": f"Most events in this page (0 or absent: {DEFAULT_PAGE_SIZE}); not with follow.",
                        "schema": {"type": "integer", "minimum": 0, "maximum": MAX_PAGE_SIZE},
                    },
                    {
                        "name": "pageToken",
                        "in": "query",
                        "required": False,
                        "description": "nextPageToken of the previous page (opaque); not with follow.",
                        "schema": {"type": "string"},
                    },
                    {
                        "name": "Last-Event-ID",
                        "in": "header",
                        "required": False,
                        "description": "With follow: resume after this version (the id of the last message "
                        "received); wins over after.",
                        "schema": {"type": "string", "pattern": "^[0-9]{1,10}$"},
                    },
                ],
                "security": SEAT_TICKET_OR_SPECTATOR,
                "responses": {
                    **responses(200, "GetEventsResponse", "The events.", *READ_FAILURES, Status.RESOURCE_EXHAUSTED),
                    "200": {
                        "description": "The events (JSON), or a Server-Sent Events stream of WatchGameResponse.",
                        "content": {
                            **json_content(ref("GetEventsResponse")),
                            "text/event-stream": {"schema": {"type": "string"}},
                        },
                    },
                },
            }
        },
        "/healthz": {
            "get": {
                "operationId": "Healthz",
                "summary": "Liveness: the process answers.",
                "responses": {"200": {"description": "Alive.", "content": json_content({"type": "object"})}},
            }
        },
        "/readyz": {
            "get": {
                "operationId": "Readyz",
                "summary": "Readiness: the store answers.",
                "responses": {
                    "200": {"description": "Ready.", "content": json_content({"type": "object"})},
                    "503": {"description": "The store does not answer.", "content": json_content(ref("Error"))},
                },
            }
        },
        "/metrics": {
            "get": {
                "operationId": "Metrics",
                "summary": "Prometheus metrics in the text exposition format (README: Metrics and traces).",
                "responses": {
                    "200": {
                        "description": "Every series of this server (of all its workers under --workers).",
                        "content": {"text/plain": {"schema": {"type": "string"}}},
                    }
                },
            }
        },
        "/openapi.json": {
            "get": {
                "operationId": "OpenApi",
                "summary": "This document.",
                "responses": {"200": {"description": "OpenAPI 3.", "content": json_content({"type": "object"})}},
            }
        },
        "/": {
            "get": {
                "operationId": "WebTable",
                "summary": "The web table (clients/web/index.html), a single-page frontend on this API; Cache-Control: "
                "no-cache. 404 (code web/not_installed) when the server has no web table.",
                "responses": {
                    "200": {"description": "index.html.", "content": {"text/html": {"schema": {"type": "string"}}}},
                    "404": {"description": "No web table installed.", "content": json_content(ref("Error"))},
                },
            }
        },
        "/{path}": {
            "get": {
                "operationId": "WebFile",
                "summary": "A file of the web table under its path (content type by extension, ETag, "
                "Cache-Control max-age 300; HTML no-cache). No directory listing, no hidden files, nothing outside "
                "clients/web/; paths under /v1/ are the API's.",
                "parameters": [
                    {
                        "name": "path",
                        "in": "path",
                        "required": True,
                        "description": "The file's path inside clients/web/.",
                        "schema": {"type": "string"},
                    }
                ],
                "responses": {
                    "200": {
                        "description": "The file.",
                        "content": {
                            media.split(";")[0]: {"schema": {"type": "string"}}
                            for media in sorted({*CONTENT_TYPES.values(), "application/octet-stream"})
                        },
                    },
                    "404": {"description": "No such file.", "content": json_content(ref("Error"))},
                },
            }
        },
    }


STREAM_TICKET_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["ticket", "gameId", "seat", "expiresIn", "expiresAt"],
    "properties": {
        "ticket": {"type": "string", "description": "Pass as ticket= on GET /v1/games/{gameId}/events."},
        "gameId": {"type": "string"},
        "seat": {"type": "integer", "minimum": 0, "description": "The seat whose events the ticket streams."},
        "expiresIn": {"type": "number", "description": "Seconds the ticket stays valid."},
        "expiresAt": {"type": "string", "format": "date-time", "description": "When it expires (UTC)."},
    },
}
GAME_SCHEMAS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "JSON Schemas (draft 2020-12) of a game type's content.",
    "required": ["view", "moveArgs", "events", "score", "defs"],
    "properties": {
        "view": {"type": "object", "description": "Schema of Game.view."},
        "moveArgs": {"type": "object", "description": "Per move kind, the schema of Move.args."},
        "events": {
            "type": "object",
            "description": "Per event kind, the schema of an event (Event.data with kind, seat, text).",
        },
        "score": {"type": "object", "description": "Schema of the score sheet (totals, rounds, details)."},
        "defs": {"type": "object", "description": "Shared definitions the others refer to."},
    },
    "additionalProperties": True,
}


GAME_RECORD_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "A finished match's public record (format cardengine.record/1, docs/fairness.md).",
    "required": [
        "format",
        "gameId",
        "gameType",
        "rulesVersion",
        "players",
        "options",
        "seatNames",
        "bots",
        "seedSource",
        "seedCommitment",
        "seed",
        "salt",
        "version",
        "moves",
        "events",
        "score",
    ],
    "properties": {
        "format": {"type": "string", "enum": ["cardengine.record/1"]},
        "gameId": {"type": "string"},
        "gameType": {"type": "string"},
        "rulesVersion": {"type": "integer"},
        "players": {"type": "integer"},
        "options": {"type": "object", "additionalProperties": True},
        "seatNames": {"type": "array", "items": {"type": "string"}},
        "bots": {"type": "array", "items": {"type": "string"}},
        "seedSource": {"type": "string", "description": "server, client, or empty (created before commitments)."},
        "seedCommitment": {"type": "string", "description": "hex sha256(seed 8 bytes big-endian || salt)."},
        "seed": {"type": "string", "description": "The seed in decimal."},
        "salt": {"type": "string", "description": "32 bytes in hex; empty for a client seed."},
        "version": {"type": "integer"},
        "moves": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["version", "seat", "move"],
                "properties": {
                    "version": {"type": "integer"},
                    "seat": {"type": "integer"},
                    "move": {"type": "string"},
                },
            },
        },
        "events": {"type": "array", "items": ref("Event"), "description": "Every public (spectator) event."},
        "score": {"type": "object", "additionalProperties": True},
    },
}


# Fields of the gRPC API only, left out of REST (its views are JSON already): see convert.GRPC_ONLY_GAME_FIELDS.
GRPC_ONLY = {"Game": ("view_json",)}


@cache
def openapi_document() -> dict[str, Any]:
    schemas: dict[str, Any] = {
        "Error": ERROR_SCHEMA,
        "GameRecord": GAME_RECORD_SCHEMA,
        "StreamTicket": STREAM_TICKET_SCHEMA,
        "GameSchemas": GAME_SCHEMAS_SCHEMA,
    }
    requests = {"CreateGameRequest", "SeatConfig", "Clock"}
    for name, message in pb.DESCRIPTOR.message_types_by_name.items():
        if name.endswith("Request") and name not in requests:
            continue  # the other requests travel as path and query parameters
        schemas[name] = message_schema(message, request=name in requests, exclude=GRPC_ONLY.get(name, ()))
    schemas["CreateGameRequest"]["properties"]["gameType"]["enum"] = [game.id for game in engine.all_games()]
    schemas["GameType"]["properties"]["playerCounts"]["description"] = (
        "Exactly the numbers of players CreateGame accepts, in increasing order (e.g. [2, 4] for dracula: 3 is "
        "refused with game/invalid_players although it lies between minPlayers and maxPlayers)."
    )
    schemas["GameType"]["properties"]["schemas"]["description"] = (
        "The game's JSON Schemas (draft 2020-12): view, moveArgs (per move kind), events (per event kind), score, "
        "defs; also served alone at GET /v1/game-types/{gameType}/schemas (schema GameSchemas)."
    )
    schemas["GameType"]["properties"]["cards"]["description"] = (
        "Every card of the game: code, full name, suit and rank where they apply, points, count in the default deck, "
        "a short description of special cards, the option that adds a card."
    )
    schemas["SeatConfig"]["properties"]["bot"]["pattern"] = BOT_SPEC_PATTERN
    schemas["SeatConfig"]["properties"]["bot"]["description"] = (
        f"Empty for a person, else the kind of bot that plays the seat: {', '.join(BOT_KINDS)}; mcts may take a "
        f"budget of its own ({SPEC_EXAMPLES}; at most {MAX_BUDGET_MS} ms or {MAX_ITERATIONS} iterations)."
    )
    schemas["ListGameTypesResponse"]["properties"]["botKinds"].update(
        description="The kinds of bot a seat can be given (SeatConfig.bot), in the server's order: CreateGame "
        "accepts each of these for a bot seat, in every game type (a search kind may also take a budget after a "
        "colon, as SeatConfig.bot says).",
        example=list(BOT_KINDS),
    )
    schemas["ListGameTypesResponse"]["properties"]["botKinds"]["items"]["enum"] = list(BOT_KINDS)
    schemas["SeatConfig"]["properties"]["name"]["description"] = (
        f"Display name: trimmed, at most {MAX_SEAT_NAME} printable characters; empty for none "
        "(400 seats/invalid_name otherwise)."
    )
    schemas["Event"]["properties"]["text"]["description"] = (
        "The event in words for this caller, written from the redacted data with the seats' display names."
    )
    body = schemas["ApplyMoveBody"] = message_schema(
        pb.ApplyMoveRequest.DESCRIPTOR, request=True, exclude=("game_id", "view_json"), name="ApplyMoveBody"
    )
    body["properties"]["move"].update(minLength=1, pattern=r"^\S+( \S+)*$")
    body["properties"]["idempotencyKey"]["pattern"] = "^[!-~]{0,128}$"
    return {
        "openapi": "3.0.3",
        "info": {
            "title": "cardengine API",
            "version": "v1",
            "description": "A stateless rules engine for card games: the REST/JSON form of cardengine.v1.GameEngine "
            "(protobuf's JSON mapping). Seat numbers are 0-based; a game's version is its number of accepted moves. "
            'Errors: {"error": {"code", "message", "status", "details"}}. Browsers: CORS for the origins of '
            "CORS_ORIGINS / --cors-origins (comma list or *; default none, same origin only): an allowed origin is "
            "echoed in Access-Control-Allow-Origin (Vary: Origin) on every answer, errors included, with "
            f"Access-Control-Expose-Headers {', '.join(EXPOSED_HEADERS)}; preflights (OPTIONS) answer 204 with the "
            f"methods GET, POST, OPTIONS, the headers {', '.join(ALLOWED_HEADERS)} and max-age {MAX_AGE_SECONDS}. "
            "Seat tokens never travel in URLs: an EventSource uses a stream ticket (CreateStreamTicket).",
        },
        "paths": paths(),
        "components": {
            "schemas": schemas,
            "securitySchemes": {
                "seatToken": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "A seat's secret token from CreateGame.",
                },
                "streamTicket": {
                    "type": "apiKey",
                    "in": "query",
                    "name": "ticket",
                    "description": "A stream ticket from CreateStreamTicket (GetEvents only).",
                },
            },
        },
    }
