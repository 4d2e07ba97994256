"""The per-game parts of the OpenAPI document and its finishing pass.

Each game's JSON Schemas as the catalog serves them (``engine.schemas`` with the service's events,
``service.core.service_events``; draft 2020-12) become component schemas in OpenAPI 3.0's dialect: ``{Game}Card``,
``{Game}View``, one ``{Game}{Kind}EventData`` per event kind (an event's ``data``; the service's events' data once
for all games, ``SeedRevealedEventData``, ``ForfeitedEventData``, ``EndedEventData``) and ``{Game}Event`` (one variant
of ``Event`` per kind), one ``{Game}{Kind}Args`` per move kind and ``{Game}Move`` (one variant of ``Move`` per kind),
and ``{Game}Score``. The API's messages that carry a game's content are linked to them (``link_games``): ``Game.view``
is one of the views, ``Event``, ``Move`` and ``Score`` any of the games' own, so a generated client types an event's
``data`` and a move's ``args`` by its kind; ``KeyEvent.kind`` lists ``service.core.key_events.KINDS`` and
``KeyEventsPage`` is the page of ``GET /v1/key-events``.

The finishing pass (``complete``) adds what the route declarations leave to the document as a whole: the servers,
the default security (an optional API key), the answers every API route may give (401 for a bad API key, 429 from
the rate limits) and the response headers (RateLimit, RateLimit-Policy, Retry-After, ETag, Allow).
"""

from __future__ import annotations

from typing import Any

from cardengine.v1 import game_engine_pb2 as pb

import engine
from engine.schemas import EVENT_HEADER, game_schemas
from service.core.errors import Status
from service.core.key_events import KINDS as KEY_EVENT_KINDS
from service.core.service_events import SERVICE_EVENTS, with_service_events
from service.edges.openapi_parts import error_response, message_schema, ref

# Routes outside the rate limits and the API keys (docs/operations.md, "Rate limits").
UNGATED = {"Healthz", "Readyz", "Metrics", "WebTable", "WebFile", "OpenApi"}
# Routes of the key that created or joined a game: they need an API key.
KEY_ONLY = {"EndGame", "DeleteGame", "ListGames", "WatchKeyEvents", "RedeemInvitation"}
KEY_ONLY |= {"RegisterWebhook", "ListWebhooks", "DeleteWebhook"}
LIMIT_HEADERS: dict[str, Any] = {
    "RateLimit": {
        "description": "The tightest rate limit of the request's API key and address: tokens left (r) and seconds "
        "until the bucket is full again (t), e.g. '\"key\";r=49;t=1' (IETF draft httpapi-ratelimit-headers).",
        "schema": {"type": "string"},
    },
    "RateLimit-Policy": {
        "description": "That limit's burst (q) and refill window (w), e.g. '\"key\";q=50;w=5'.",
        "schema": {"type": "string"},
    },
}
RETRY_AFTER: dict[str, Any] = {
    "Retry-After": {"description": "Whole seconds to wait before retrying.", "schema": {"type": "integer"}}
}
UNAUTHENTICATED = (
    "UNAUTHENTICATED: a missing, unknown or revoked API key (auth/missing_api_key, auth/invalid_api_key, "
    "auth/revoked_api_key) where the server has keys on, or a seat token of no seat (auth/invalid_token)."
)
RATE_LIMITED = (
    "RESOURCE_EXHAUSTED: a rate limit of the API key or of the client address (limit/key_rate, limit/address_rate); "
    "Retry-After says when to retry."
)
SERVERS = [{"url": "/", "description": "The server that serves this document (REST on its --http-port)."}]


def pascal(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in name.split("_") if part)


def dialect_30(schema: Any, card: tuple[frozenset[Any], str] | None = None) -> Any:
    """A JSON Schema of draft 2020-12 in OpenAPI 3.0's dialect: ``const`` as a one-value enum, type lists and null
    branches as ``nullable``, ``$id`` / ``$schema`` dropped; the game's card enum as a reference to its Card."""
    if isinstance(schema, list):
        return [dialect_30(item, card) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in ("$id", "$schema"):
            continue
        if key == "const":
            out["enum"] = [value]
        elif key in ("properties", "x-enumLabels"):
            out[key] = {name: dialect_30(item, card) if key == "properties" else item for name, item in value.items()}
        elif key in ("items", "additionalProperties", "anyOf", "oneOf", "allOf"):
            out[key] = dialect_30(value, card)
        else:
            out[key] = value
    return _nullable(out, card)


def _nullable(out: dict[str, Any], card: tuple[frozenset[Any], str] | None) -> dict[str, Any]:
    kinds = out.get("type")
    if isinstance(kinds, list):
        rest = [kind for kind in kinds if kind != "null"]
        del out["type"]
        if len(rest) == 1:
            out["type"] = rest[0]
        else:
            out["anyOf"] = [{"type": kind} for kind in rest]
        if "null" in kinds:
            out["nullable"] = True
    for key in ("anyOf", "oneOf"):
        branches = out.get(key)
        if isinstance(branches, list) and {"type": "null"} in branches:
            branches = [branch for branch in branches if branch != {"type": "null"}]
            out["nullable"] = True
            if len(branches) == 1 and not any(k in out for k in ("type", "properties", "enum")):
                del out[key]
                out.update(branches[0])
            else:
                out[key] = branches
    if "enum" in out:
        if None in out["enum"]:
            out["nullable"] = True
            if "type" not in out:  # 3.0's nullable needs a type beside it: the values' own
                values = {type(value) for value in out["enum"] if value is not None}
                out["type"] = "string" if values == {str} else "integer" if values == {int} else "object"
        elif card is not None and frozenset(out["enum"]) == card[0]:
            return {"$ref": card[1]}  # the game's named Card (its description and labels live there)
    return out


def game_components() -> dict[str, Any]:
    """Every game's component schemas, by name, from the catalog's schemas (the service's events included); the
    service's events' data once, shared by every game."""
    components: dict[str, Any] = {name: dialect_30(data_schema(schema)) for name, schema in service_event_data()}
    for game in engine.all_games():
        components.update(one_game_components(game.id, with_service_events(game_schemas(game.id))))
    return components


def service_event_data() -> list[tuple[str, dict[str, Any]]]:
    return [(f"{pascal(kind)}EventData", schema) for kind, schema in SERVICE_EVENTS.items()]


def data_schema(event: dict[str, Any]) -> dict[str, Any]:
    """An event's schema (kind, seat and text beside the data) reduced to ``Event.data``: its data fields alone."""
    header = set(EVENT_HEADER)
    return {
        **event,
        "properties": {name: field for name, field in event.get("properties", {}).items() if name not in header},
        "required": [name for name in event.get("required", []) if name not in header],
    }


def one_game_components(game_id: str, schemas: dict[str, Any]) -> dict[str, Any]:
    """``{Game}Card``, ``{Game}View``, ``{Game}{Kind}EventData`` and ``{Game}Event`` (one variant of Event per
    kind), ``{Game}{Kind}Args`` and ``{Game}Move`` (one variant of Move per kind), ``{Game}Score``."""
    prefix = pascal(game_id)
    card_schema = schemas.get("defs", {}).get("card", {"type": "string"})
    card = (frozenset(card_schema.get("enum", ())), f"#/components/schemas/{prefix}Card")
    components: dict[str, Any] = {f"{prefix}Card": dialect_30(card_schema)}
    view = dialect_30(schemas["view"], card)
    view["properties"]["game"] = {**view["properties"]["game"], "enum": [game_id]}
    components[f"{prefix}View"] = view
    data: dict[str, str] = {}
    for kind, schema in schemas.get("events", {}).items():
        data[kind] = f"{pascal(kind)}EventData" if kind in SERVICE_EVENTS else f"{prefix}{pascal(kind)}EventData"
        if kind not in SERVICE_EVENTS:
            components[data[kind]] = dialect_30(data_schema(schema), card)
    components[f"{prefix}Event"] = {
        "description": f"An event of {game_id}: Event with the kind's data ({prefix}{{Kind}}EventData).",
        "oneOf": [variant(EVENT_MESSAGE, kind, "data", name) for kind, name in data.items()],
    }
    args = {kind: f"{prefix}{pascal(kind)}Args" for kind in schemas.get("moveArgs", {})}
    for kind, name in args.items():
        components[name] = dialect_30(schemas["moveArgs"][kind], card)
    components[f"{prefix}Move"] = {
        "description": f"A legal move of {game_id}: Move with the kind's arguments ({prefix}{{Kind}}Args).",
        "oneOf": [variant(MOVE_MESSAGE, kind, "args", name) for kind, name in args.items()],
    }
    score = dialect_30(schemas.get("score", {"type": "object"}), card)
    score["properties"] = {**SCORE_HEADER, **score.get("properties", {})}
    score["required"] = [*(n for n in SCORE_MESSAGE["required"] if n not in SHEET), *score.get("required", [])]
    components[f"{prefix}Score"] = {**score, "description": f"The score sheet of a match of {game_id}."}
    return components


# The messages whose content depends on the game: each game's variant repeats their fields (the .proto's, as
# service.edges.openapi_parts.message_schema prints them) with the kind fixed and the content's schema named.
EVENT_MESSAGE = message_schema(pb.Event.DESCRIPTOR, request=False)
MOVE_MESSAGE = message_schema(pb.Move.DESCRIPTOR, request=False)
SCORE_MESSAGE = message_schema(pb.Score.DESCRIPTOR, request=False)
SHEET = ("totals", "rounds", "finished", "winners", "details")  # the engine's score sheet (engine.schemas)
SCORE_HEADER = {name: field for name, field in SCORE_MESSAGE["properties"].items() if name not in SHEET}


def variant(message: dict[str, Any], kind: str, content: str, name: str) -> dict[str, Any]:
    """``message`` (Event or Move) of one kind, its ``content`` field (data, args) the component ``name``."""
    properties = {**message["properties"], "kind": {"type": "string", "enum": [kind]}, content: ref(name)}
    return {**message, "properties": properties}


def link_games(schemas: dict[str, Any]) -> None:
    """The API's messages whose content depends on the game type, linked to the games' components: ``Game.view``
    (one of the views, by its ``game``, or empty), ``Event`` (its ``data`` by kind), ``Move`` (its ``args`` by
    kind) and ``Score``: each any of the games' own (a kind may be in several games); and the key stream's page."""
    games = [pascal(game.id) for game in engine.all_games()]
    schemas["EmptyView"] = {
        "type": "object",
        "maxProperties": 0,
        "description": "No view: left out on request (omitView).",
    }
    schemas["Game"]["properties"]["view"] = {
        "description": "The caller's view of the match: the game type's view schema ({Game}View), or {} when "
        "left out. Event.data and Move.args follow {Game}Event and {Game}Move.",
        "oneOf": [ref(f"{game}View") for game in games] + [ref("EmptyView")],
    }
    for message, what in (("Event", "event, its data"), ("Move", "legal move, its args"), ("Score", "score sheet")):
        schemas[message] = {
            "description": f"A {what} as its game type says ({{Game}}{message}).",
            "anyOf": [ref(f"{game}{message}") for game in games],
        }
    del schemas["RoundScore"]  # each {Game}Score names its rounds' own details
    # WatchGame's answer travels over REST only as the data: lines of GetEvents' Server-Sent Events, which OpenAPI 3.0
    # cannot give a schema (3.2's itemSchema can): the route's description names the .proto message instead.
    del schemas["WatchGameResponse"]
    schemas["KeyEvent"]["properties"]["kind"]["enum"] = list(KEY_EVENT_KINDS)
    schemas["KeyEventsPage"] = {
        "type": "object",
        "description": "A page of the API key's stream (GET /v1/key-events without follow): its events, oldest "
        "first, and the cursor to pass next time. Without a cursor the page is the present: one game_in_progress per "
        "live game of the key, and nextCursor the stream's position then, after which the live events follow.",
        "required": ["events", "nextCursor"],
        "properties": {
            "events": {"type": "array", "items": ref("KeyEvent")},
            "nextCursor": {
                "type": "string",
                "description": "Where the next page starts: the last event's id, or the stream's position.",
            },
        },
    }


def complete(document: dict[str, Any]) -> dict[str, Any]:
    """The finishing pass: servers, default security, the answers and headers every API route shares."""
    document["servers"] = SERVERS
    document["info"]["license"] = {"name": "Apache-2.0", "url": "https://www.apache.org/licenses/LICENSE-2.0"}
    document["security"] = [{}, {"apiKey": []}]  # an API key is optional but counted where a route does not say
    for item in document["paths"].values():
        for operation in item.values():
            finish_operation(operation)
    return document


def finish_operation(operation: dict[str, Any]) -> None:
    name, answers = operation["operationId"], operation["responses"]
    if name in UNGATED:
        operation.setdefault("security", [])
        return
    if name in KEY_ONLY:
        operation.setdefault("security", [{"apiKey": []}])
    answers.setdefault("401", error_response(Status.UNAUTHENTICATED, UNAUTHENTICATED))
    answers.setdefault("429", error_response(Status.RESOURCE_EXHAUSTED, RATE_LIMITED))
    for status, answer in answers.items():
        headers = answer.setdefault("headers", {})
        headers.update(LIMIT_HEADERS)
        if status in ("429", "503"):
            headers.update(RETRY_AFTER)
        if name == "ListGameTypes" and status in ("200", "304"):
            headers["ETag"] = {
                "description": "The catalog's tag, the same on every replica.",
                "schema": {"type": "string"},
            }
