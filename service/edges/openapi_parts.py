"""The parts of the OpenAPI document that the REST routes declare themselves with (``service.edges.rest_routes``):
the ``Route`` declaration, parameters, security, responses by error status, and the schemas, derived from the
.proto's message descriptors with protobuf's JSON names, so they cannot drift from the messages the routes print.
``service.edges.openapi`` puts the document together.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from google.protobuf.descriptor import Descriptor, FieldDescriptor

from engine.bots.hints import DEFAULT_HINT_COUNT, MAX_HINT_COUNT
from service.core.errors import Status
from service.core.event_streams import DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE

STRUCT = "google.protobuf.Struct"
VALUE = "google.protobuf.Value"
UINT32_MAX = 2**32 - 1
INT32 = {"type": "integer", "format": "int32", "minimum": -(2**31), "maximum": 2**31 - 1}
UINT32 = {"type": "integer", "format": "int64", "minimum": 0, "maximum": UINT32_MAX}
UINT64 = {"type": "integer", "minimum": 0, "maximum": 2**64 - 1}

# Request fields the server requires (proto3 has no required fields; the core rejects these when missing).
REQUIRED_IN_REQUESTS = {"CreateGameRequest": ["gameType"], "ApplyMoveBody": ["expectedVersion"]}
REQUIRED_IN_REQUESTS["CreateTournamentRequest"] = ["gameType"]  # service/edges/rest_tournaments.py
REQUIRED_IN_REQUESTS["CreateTicketRequest"] = ["gameType"]  # service/edges/rest_matchmaking.py


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
                "status": {"type": "string", "enum": list(dict.fromkeys(s.grpc_name for s in Status))},  # once each
                "details": {"type": "object", "additionalProperties": True},
            },
        }
    },
}


def ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/components/schemas/{name}"}


def json_content(schema: dict[str, Any]) -> dict[str, Any]:
    return {"application/json": {"schema": schema}}


# What each error status means, as docs/api.md "Errors" says it.
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
    "description": "JSON Schemas (draft 2020-12) of a game type's content. Every field has a title and a "
    "description, every event schema a title, and every enum or const its labels in the annotation x-enumLabels "
    "(an object from each value, as a string, to its label: 'monster_set' -> 'Monster set', 'QH' -> 'Queen of "
    "Hearts'), so a page can render any game with these words alone.",
    "required": ["view", "moveArgs", "events", "score", "defs"],
    "properties": {
        "view": {"type": "object", "description": "Schema of Game.view."},
        "moveArgs": {"type": "object", "description": "Per move kind, the schema of Move.args."},
        "events": {
            "type": "object",
            "description": "Per event kind, the schema of an event (Event.data with kind, seat, text), the "
            "service's seed_revealed, forfeited and ended included.",
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


# Fields of the gRPC API only, left out of REST (its views are JSON already, as ``convert.game_json`` prints them).
GRPC_ONLY = {"Game": ("view_json",)}


def idempotency_header(description: str) -> dict[str, Any]:
    return {
        "name": "Idempotency-Key",
        "in": "header",
        "required": False,
        "description": description,
        "schema": {"type": "string", "pattern": "^[!-~]{1,128}$"},
    }


# The reads that take the highest version a client has seen (service.edges.min_version).
MIN_VERSION_PARAMETER = {
    "name": "X-Min-Version",
    "in": "header",
    "required": False,
    "description": "The highest version of this game the client has seen: a store holding an older one answers 503 "
    "store/behind (with currentVersion and minVersion) instead of an older view.",
    "schema": {"type": "string", "pattern": "^[0-9]{1,18}$"},
}


def query_parameter(name: str, description: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "in": "query", "required": False, "description": description, "schema": schema}


EVENTS_PARAMETERS: tuple[dict[str, Any], ...] = (
    GAME_ID,
    query_parameter(
        "after",
        "Only versions after this one (absent: from the deal, version 0).",
        {"type": "integer", "minimum": 0, "maximum": UINT32_MAX},
    ),
    query_parameter("follow", "Stream live as Server-Sent Events until the match finishes.", {"type": "boolean"}),
    query_parameter(
        "ticket",
        "A stream ticket (POST /v1/games/{gameId}/stream-tickets): the events of its seat, without an Authorization "
        "header.",
        {"type": "string"},
    ),
    query_parameter(
        "pageSize",
        f"Most events in this page (0 or absent: {DEFAULT_PAGE_SIZE}); not with follow.",
        {"type": "integer", "minimum": 0, "maximum": MAX_PAGE_SIZE},
    ),
    query_parameter("pageToken", "nextPageToken of the previous page (opaque); not with follow.", {"type": "string"}),
    {
        "name": "Last-Event-ID",
        "in": "header",
        "required": False,
        "description": "With follow: resume after this version (the id of the last message received); wins over after.",
        "schema": {"type": "string", "pattern": "^[0-9]{1,10}$"},
    },
)
HINT_COUNT = query_parameter(
    "count",
    f"How many moves to suggest (0 or absent: {DEFAULT_HINT_COUNT}, at most {MAX_HINT_COUNT}).",
    {"type": "integer", "minimum": 0, "maximum": MAX_HINT_COUNT},
)
WEB_PATH = {
    "name": "path",
    "in": "path",
    "required": True,
    "description": "The file's path inside clients/web/.",
    "schema": {"type": "string"},
}
# A path parameter of the document and its name in the route's rule (the metrics label; ``path`` takes slashes too).
RULE_VARIABLES = {
    "gameId": "game_id",
    "gameType": "game_type",
    "tournamentId": "tournament_id",
    "path": "path:filename",
    "player": "player",
}
RULE_VARIABLES["webhookId"] = "webhook_id"
RULE_VARIABLES["ticketId"] = "ticket_id"  # quick match (service/edges/rest_matchmaking.py)


def error_response(status: Status, description: str = "") -> dict[str, Any]:
    """The answer of one error status: its meaning (``STATUS_MEANINGS``) unless ``description`` says it."""
    shown = description or f"{status.grpc_name}: {STATUS_MEANINGS[status]}"
    return {"description": shown, "content": json_content(ref("Error"))}


def plain_response(
    description: str, media: str = "application/json", schema: dict[str, Any] | None = None
) -> dict[str, Any]:
    """An answer that is no message of the API (health, metrics, files)."""
    default = {"type": "object"} if media == "application/json" else {"type": "string"}
    return {"description": description, "content": {media: {"schema": schema or default}}}


@dataclass(frozen=True, slots=True, kw_only=True)
class Route:
    """One REST route, declared once: the REST app (``service.edges.rest``) calls ``view`` for it, metrics and traces
    name it by ``rule`` (``/v1/games/<game_id>``), and the OpenAPI document describes it with ``operation()``.
    ``path`` is the document's form (``/v1/games/{gameId}``)."""

    method: str
    path: str
    operation_id: str
    summary: str
    view: Callable[..., Any]
    responses: dict[str, Any]
    description: str = ""
    parameters: tuple[dict[str, Any], ...] = ()
    security: list[dict[str, list[str]]] | None = None
    request_body: str = ""  # the schema of a required JSON body
    gated_as: str = ""  # the operation the gate admits (a gRPC method name) when not ``operation_id``

    @property
    def rule(self) -> str:
        return re.sub(r"\{(\w+)\}", lambda match: f"<{RULE_VARIABLES[match.group(1)]}>", self.path)

    @property
    def gate_operation(self) -> str:
        return self.gated_as or self.operation_id

    def operation(self) -> dict[str, Any]:
        """The route's OpenAPI operation object."""
        operation: dict[str, Any] = {"operationId": self.operation_id, "summary": self.summary}
        if self.description:
            operation["description"] = self.description
        if self.parameters:
            operation["parameters"] = list(self.parameters)
        if self.security is not None:
            operation["security"] = self.security
        if self.request_body:
            operation["requestBody"] = {"required": True, "content": json_content(ref(self.request_body))}
        operation["responses"] = self.responses
        return operation
