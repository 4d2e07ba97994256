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
from service.errors import Status

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


def responses(ok: int, schema: str, description: str, *failures: Status) -> dict[str, Any]:
    result: dict[str, Any] = {str(ok): {"description": description, "content": json_content(ref(schema))}}
    for status in (*failures, Status.INTERNAL):
        result[str(status.http_status)] = {
            "description": f"{status.grpc_name}",
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
SEAT_OR_SPECTATOR: list[dict[str, list[str]]] = [{}, {"seatToken": []}]
SEAT: list[dict[str, list[str]]] = [{"seatToken": []}]
READ_FAILURES = (Status.INVALID_ARGUMENT, Status.UNAUTHENTICATED, Status.NOT_FOUND, Status.UNAVAILABLE)


def paths() -> dict[str, Any]:
    return {
        "/v1/game-types": {
            "get": {
                "operationId": "ListGameTypes",
                "summary": "The catalog of game types: players, options, move kinds.",
                "responses": responses(200, "ListGameTypesResponse", "The catalog."),
            }
        },
        "/v1/games": {
            "post": {
                "operationId": "CreateGame",
                "summary": "Starts a match; returns its id, version 0 and one secret token per seat (shown once).",
                "requestBody": {"required": True, "content": json_content(ref("CreateGameRequest"))},
                "responses": responses(
                    201, "CreateGameResponse", "The new game.", Status.INVALID_ARGUMENT, Status.UNAVAILABLE
                ),
            }
        },
        "/v1/games/{gameId}": {
            "get": {
                "operationId": "GetGame",
                "summary": "The caller's view of a match (no token: the public spectator view).",
                "parameters": [GAME_ID],
                "security": SEAT_OR_SPECTATOR,
                "responses": responses(200, "Game", "The caller's view.", *READ_FAILURES),
            }
        },
        "/v1/games/{gameId}/moves": {
            "get": {
                "operationId": "ListLegalMoves",
                "summary": "The caller seat's legal moves now.",
                "parameters": [GAME_ID],
                "security": SEAT,
                "responses": responses(200, "ListLegalMovesResponse", "The legal moves.", *READ_FAILURES),
            },
            "post": {
                "operationId": "ApplyMove",
                "summary": "Plays one move for the caller's seat at the expected version.",
                "parameters": [GAME_ID],
                "security": SEAT,
                "requestBody": {"required": True, "content": json_content(ref("ApplyMoveBody"))},
                "responses": responses(
                    200,
                    "ApplyMoveResponse",
                    "The new version, the caller's view and its events.",
                    Status.INVALID_ARGUMENT,
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
                "responses": responses(200, "Score", "The score sheet.", *READ_FAILURES),
            }
        },
        "/v1/games/{gameId}/events": {
            "get": {
                "operationId": "GetEvents",
                "summary": "The caller's redacted events after a version; with follow=true (or Accept: "
                "text/event-stream) a Server-Sent Events stream of WatchGameResponse, one per version.",
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
                ],
                "security": SEAT_OR_SPECTATOR,
                "responses": {
                    **responses(200, "GetEventsResponse", "The events.", *READ_FAILURES),
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
        "/openapi.json": {
            "get": {
                "operationId": "OpenApi",
                "summary": "This document.",
                "responses": {"200": {"description": "OpenAPI 3.", "content": json_content({"type": "object"})}},
            }
        },
    }


@cache
def openapi_document() -> dict[str, Any]:
    schemas: dict[str, Any] = {"Error": ERROR_SCHEMA}
    requests = {"CreateGameRequest"}
    for name, message in pb.DESCRIPTOR.message_types_by_name.items():
        if name.endswith("Request") and name not in requests:
            continue  # the other requests travel as path and query parameters
        schemas[name] = message_schema(message, request=name in requests)
    schemas["CreateGameRequest"]["properties"]["gameType"]["enum"] = [game.id for game in engine.all_games()]
    body = schemas["ApplyMoveBody"] = message_schema(
        pb.ApplyMoveRequest.DESCRIPTOR, request=True, exclude=("game_id",), name="ApplyMoveBody"
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
            'Errors: {"error": {"code", "message", "status", "details"}}.',
        },
        "paths": paths(),
        "components": {
            "schemas": schemas,
            "securitySchemes": {
                "seatToken": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "A seat's secret token from CreateGame.",
                }
            },
        },
    }
