"""The per-game parts of the OpenAPI document and its finishing pass.

Each game's JSON Schemas (``engine.schemas``, draft 2020-12) become component schemas in OpenAPI 3.0's dialect:
``{Game}Card``, ``{Game}View``, one ``{Game}{Kind}Event`` per event kind and ``{Game}Event`` (a oneOf
discriminated by ``kind``), ``{Game}MoveArgs`` (per move kind) and ``{Game}Score``. ``Game.view`` is a oneOf of
the views (discriminated by the view's ``game``), so a generated client types a view by its game type.

The finishing pass (``complete``) adds what the route declarations leave to the document as a whole: the servers,
the default security (an optional API key), the answers every API route may give (401 for a bad API key, 429 from
the rate limits) and the response headers (RateLimit, RateLimit-Policy, Retry-After, ETag, Allow).
"""

from __future__ import annotations

from typing import Any

import engine
from engine.schemas import game_schemas
from service.core.errors import Status
from service.edges.openapi_parts import error_response, ref

# Routes outside the rate limits and the API keys (docs/operations.md, "Rate limits").
UNGATED = {"Healthz", "Readyz", "Metrics", "WebTable", "WebFile", "OpenApi"}
# Routes of the key that created or joined a game: they need an API key.
KEY_ONLY = {"EndGame", "DeleteGame", "ListGames", "WatchKeyEvents", "RedeemInvitation"}
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
    """Every game's component schemas, by name."""
    components: dict[str, Any] = {}
    for game in engine.all_games():
        prefix, schemas = pascal(game.id), game_schemas(game.id)
        card_schema = schemas.get("defs", {}).get("card", {"type": "string"})
        card = (frozenset(card_schema.get("enum", ())), f"#/components/schemas/{prefix}Card")
        components[f"{prefix}Card"] = dialect_30(card_schema)
        view = dialect_30(schemas["view"], card)
        view["properties"]["game"] = {**view["properties"]["game"], "enum": [game.id]}
        components[f"{prefix}View"] = view
        events = {kind: f"{prefix}{pascal(kind)}Event" for kind in schemas.get("events", {})}
        for kind, name in events.items():
            components[name] = dialect_30(schemas["events"][kind], card)
        components[f"{prefix}Event"] = {
            "description": f"An event of {game.id}, as Event.data with its kind, seat and text.",
            "oneOf": [ref(name) for name in events.values()],
            "discriminator": {
                "propertyName": "kind",
                "mapping": {k: f"#/components/schemas/{n}" for k, n in events.items()},
            },
        }
        components[f"{prefix}MoveArgs"] = {
            "type": "object",
            "description": f"Per move kind of {game.id}, the schema of Move.args (and StructuredMove.args).",
            "properties": {kind: dialect_30(args, card) for kind, args in schemas.get("moveArgs", {}).items()},
        }
        components[f"{prefix}Score"] = dialect_30(schemas.get("score", {"type": "object"}), card)
    return components


def link_views(schemas: dict[str, Any]) -> None:
    """``Game.view``: one of the games' views (by its ``game``), or an empty object when the view is left out."""
    views = {game.id: f"#/components/schemas/{pascal(game.id)}View" for game in engine.all_games()}
    schemas["EmptyView"] = {
        "type": "object",
        "maxProperties": 0,
        "description": "No view: left out on request (omitView).",
    }
    schemas["Game"]["properties"]["view"] = {
        "description": "The caller's view of the match: the game type's view schema ({Game}View), or {} when "
        "left out. Event.data and Move.args follow {Game}Event and {Game}MoveArgs.",
        "oneOf": [{"$ref": target} for target in views.values()] + [ref("EmptyView")],
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
