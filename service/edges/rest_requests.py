"""What every REST route reads and writes: the edge's context, the JSON body, query parameters, the seat token, the
JSON answer and the error answer.

The routes (``service.edges.rest_routes``) are module-level functions: they reach the service and the edge's
settings through ``rest_context()``, the ``RestContext`` of the app answering the request in this thread.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar, cast

import orjson
from google.protobuf import json_format
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

from service.access.limits import Gate
from service.core import errors
from service.core.game_service import GameService
from service.edges.cors import CorsPolicy
from service.edges.credentials import bearer_token
from service.edges.http import JSON, Response, request
from service.edges.streams import StreamSlots
from service.edges.web_files import WebFiles
from service.webhooks.registry import Webhooks

M = TypeVar("M", bound=Message)
MAX_VERSION = 2**32 - 1  # versions are uint32 in the API
ASCII_DIGITS = re.compile(r"[0-9]{1,10}")
NO_PARAMETERS: frozenset[str] = frozenset()
CREDENTIAL_WORDS = ("token", "auth", "secret", "passw", "credential", "bearer", "jwt", "apikey", "session", "cookie")
CREDENTIAL_PARTS = frozenset({"key", "sig", "signature", "ticket", "pwd", "pass", "sid"})


@dataclass(frozen=True, slots=True, kw_only=True)
class RestContext:
    """The service and the settings of one REST app, shared by its routes and hooks."""

    service: GameService
    cors: CorsPolicy
    web: WebFiles
    streams: StreamSlots
    gate: Gate | None
    heartbeat_seconds: float
    retry_milliseconds: int
    max_body_bytes: int
    catalog_body: Callable[[], tuple[bytes, str]]  # the catalog's JSON and its ETag, made on the first call
    webhooks: Webhooks  # RegisterWebhook, ListWebhooks, DeleteWebhook (service/webhooks/)


class _Current(threading.local):
    context: RestContext | None = None


_current = _Current()


def set_rest_context(context: RestContext) -> None:
    _current.context = context


def rest_context() -> RestContext:
    """The context of the app serving this request."""
    return cast(RestContext, _current.context)


def json_answer(body: bytes, status: int = 200) -> Response:
    return Response(body, status=status, content_type=JSON)


def error_answer(error: errors.ServiceError) -> Response:
    """The answer of a failure: its HTTP status (the one table of ``service.core.errors``), the body ``{"error":
    ...}``, and Retry-After when the caller should come back later."""
    response = json_answer(orjson.dumps({"error": error.to_json()}), status=error.status.http_status)
    retry_after = error.details.get(errors.RETRY_AFTER)
    if retry_after is not None:
        response.headers["Retry-After"] = str(retry_after)
    elif error.status is errors.Status.UNAVAILABLE:
        response.headers["Retry-After"] = "1"
    return response


def read_body(limit: int) -> bytes:
    """The request body, refused (413 ``request/too_large``) past ``limit`` bytes (the server refuses a body over
    its own limit before reading it; the app's may be lower)."""
    if len(request.body) > limit:
        raise errors.body_too_large(limit)
    return request.body


def parse_body(message: M, *, path_fields: tuple[str, ...] = (), grpc_only: tuple[str, ...] = ()) -> M:
    """The JSON body parsed into ``message`` with protobuf's JSON mapping; INVALID_ARGUMENT if it is not. A field
    the OpenAPI document does not list for the body is refused, even one of the message: ``path_fields`` (e.g.
    ``game_id``) come from the path only, ``grpc_only`` fields (``view_json``) have no meaning in REST."""
    return parse_json(read_body(rest_context().max_body_bytes), message, path_fields=path_fields, grpc_only=grpc_only)


def parse_json(raw: bytes, message: M, *, path_fields: tuple[str, ...] = (), grpc_only: tuple[str, ...] = ()) -> M:
    """``parse_body`` of the bytes ``raw`` (read by the caller)."""
    if not raw.strip():
        raw = b"{}"
    try:
        body = orjson.loads(raw)
    except (orjson.JSONDecodeError, UnicodeDecodeError) as error:
        raise errors.invalid_argument(f"The request body is not JSON: {error}.", field="body") from None
    if not isinstance(body, dict):
        raise errors.invalid_argument("The request body must be a JSON object.", field="body")
    fields = body_fields(message.DESCRIPTOR, path_fields, grpc_only)
    for key in body:
        if key not in fields.known:
            raise unknown_field(key, fields)
    if not set_plain_fields(body, message, fields):
        try:
            json_format.ParseDict(body, message)
        except json_format.ParseError as error:
            reason = errors.clip(str(error), 200)
            raise errors.invalid_argument(f"The request body is malformed: {reason}", field="body") from None
    return message


@dataclass(frozen=True, slots=True)
class PlainField:
    """A field whose JSON value protobuf's JSON mapping sets as it is: a string, a bool, or an int in range."""

    name: str
    kind: type
    low: int = 0
    high: int = 0


@dataclass(frozen=True, slots=True)
class BodyFields:
    """The fields of a message's REST body: the keys it accepts (names and JSON names), and the plain ones by JSON
    name. ``path_names``: the JSON names given by the path, for the refusal's hint."""

    known: frozenset[str]
    plain: dict[str, PlainField]
    path_names: frozenset[str]
    listed: str  # the JSON names of the body's fields, sorted, as the refusal lists them


INT_RANGES = {
    FieldDescriptor.CPPTYPE_INT32: (-(2**31), 2**31 - 1),
    FieldDescriptor.CPPTYPE_UINT32: (0, 2**32 - 1),
    FieldDescriptor.CPPTYPE_INT64: (-(2**63), 2**63 - 1),
    FieldDescriptor.CPPTYPE_UINT64: (0, 2**64 - 1),
}


def plain_field(field: FieldDescriptor) -> PlainField | None:
    """How a value of ``field`` is set as it is (None: protobuf's JSON mapping converts it): a singular string,
    bool or integer outside any oneof with other fields."""
    oneof = field.containing_oneof
    if field.is_repeated or (oneof is not None and len(oneof.fields) > 1):
        return None
    if field.cpp_type == FieldDescriptor.CPPTYPE_STRING and field.type != FieldDescriptor.TYPE_BYTES:
        return PlainField(field.name, str)
    if field.cpp_type == FieldDescriptor.CPPTYPE_BOOL:
        return PlainField(field.name, bool)
    if field.cpp_type in INT_RANGES:
        return PlainField(field.name, int, *INT_RANGES[field.cpp_type])
    return None


@functools.cache  # one per message type and route: the fields are the descriptor's
def body_fields(descriptor: Descriptor, path_fields: tuple[str, ...], grpc_only: tuple[str, ...]) -> BodyFields:
    fields = [field for field in descriptor.fields if field.name not in path_fields and field.name not in grpc_only]
    plain = {field.json_name: found for field in fields if (found := plain_field(field)) is not None}
    path_names = {field.json_name for field in descriptor.fields if field.name in path_fields}
    return BodyFields(
        known=frozenset(field.name for field in fields) | {field.json_name for field in fields},
        plain=plain,
        path_names=frozenset(path_fields) | path_names,
        listed=", ".join(sorted(field.json_name for field in fields)),
    )


def set_plain_fields(body: dict[str, object], message: Message, fields: BodyFields) -> bool:
    """Sets every value of ``body`` in ``message`` when each is plain, as protobuf's JSON mapping would; False, with
    nothing set, when one is not (a null, an object, a list, a float, a name that is not the JSON name, a number out
    of range): ``ParseDict`` then reads the body, and words any refusal its own way. (orjson refuses unpaired
    surrogates, the one string ``ParseDict`` would refuse.)"""
    plain = fields.plain
    for key, value in body.items():
        field = plain.get(key)
        if field is None or type(value) is not field.kind:
            return False
        if field.kind is int and not field.low <= cast(int, value) <= field.high:
            return False
    for key, value in body.items():
        setattr(message, plain[key].name, value)
    return True


def unknown_field(key: str, fields: BodyFields) -> errors.ServiceError:
    """INVALID_ARGUMENT naming ``key``, no field of the REST body."""
    where = " (it is given by the path)" if key in fields.path_names else ""
    return errors.invalid_argument(
        f"Unknown field {errors.quote(key)} in the request body{where}; the body has only {fields.listed}.",
        field=key[: errors.QUOTE_CHARS],
    )


def ascii_number(text: str, maximum: int) -> int | None:
    """``text`` as a number if it is 1 to 10 ASCII digits of at most ``maximum``; else None (never ² or ٣)."""
    if not ASCII_DIGITS.fullmatch(text):
        return None
    number = int(text)
    return number if number <= maximum else None


def int_argument(name: str, what: str = "a version (0 or more)") -> int | None:
    value = request.args.get(name)
    if value is None or value == "":
        return None
    number = ascii_number(value, MAX_VERSION)
    if number is None:
        raise errors.invalid_argument(
            f"Query parameter '{name}' must be {what} in ASCII digits; got {errors.quote(value)}.", field=name
        )
    return number


def request_token() -> str | None:
    return bearer_token(request.headers.get("Authorization"))


def looks_like_credential(name: str) -> bool:
    """Whether a query parameter's name suggests a secret (access_token, api_key, auth, key, ticket, ...)."""
    lowered = name.lower()
    parts = set(re.split(r"[^a-z0-9]+", lowered))
    return any(word in lowered for word in CREDENTIAL_WORDS) or bool(parts & CREDENTIAL_PARTS)


def check_query(allowed: frozenset[str] = NO_PARAMETERS, args: Iterable[str] | None = None) -> None:
    """No credential in the URL (401) except a ``ticket`` where allowed; on routes with ``allowed`` parameters, no
    other parameter either (400): a misspelt or unsupported parameter is never silently ignored there. ``args``:
    the query's parameter names when not the request's (another framework's request)."""
    for name in request.args if args is None else args:
        if name in allowed:
            continue
        if looks_like_credential(name):
            where = "" if "ticket" in allowed else " (only GET /v1/games/{id}/events reads a ticket)"
            raise errors.credential_in_url(name, where)
        if allowed:
            known = ", ".join(sorted(allowed))
            raise errors.invalid_argument(
                f"Unknown query parameter '{name}'; this route reads only {known}.", field=name
            )


def wants_stream() -> bool:
    follow = request.args.get("follow", "").lower()
    if follow in ("1", "true", "yes"):
        return True
    if follow in ("", "0", "false", "no"):
        return "text/event-stream" in request.headers.get("Accept", "") and follow == ""
    raise errors.invalid_argument(f"Query parameter 'follow' must be true or false; got {follow!r}.", field="follow")
