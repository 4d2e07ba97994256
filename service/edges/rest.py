"""The REST edge (Flask): the same operations and the same protobuf messages as the gRPC API, as JSON.

Requests are parsed with protobuf's JSON mapping into the API's request messages, responses are the API's
response messages printed with it (``service.edges.convert.to_json``). The seat token travels as
``Authorization: Bearer <token>``, never in a URL. Every failure leaves through one error handler, mapped with the
one table of ``service/core/errors.py`` to an HTTP status and the body ``{"error": {"code", "message", "status",
"details"}}``.

For browsers: CORS for the configured origins (``service.edges.cors``), stream tickets (``POST
/v1/games/{id}/stream-tickets``) so that an EventSource, which cannot send headers, follows its seat's events with
``?ticket=``, and the web table's static files at ``/`` (``service.edges.web_files``).

Live events: ``GET /v1/games/{id}/events?follow=true`` (or ``Accept: text/event-stream``) streams Server-Sent
Events: a ``retry:`` line first, then one ``version`` event per version (``id:`` the version, data: a
WatchGameResponse as JSON), a comment line as heartbeat every ``heartbeat_seconds`` while idle, and an ``end``
event (data ``{"reason": "finished"}``, or ``"expired"`` when the game vanished) when the stream is over.
``Last-Event-ID`` resumes after that version and wins over ``after``.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import re
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

import orjson
from cardengine.v1 import game_engine_pb2 as pb
from flask import Flask, Response, g, request
from google.protobuf import json_format
from google.protobuf.message import Message
from waitress import create_server
from waitress.channel import HTTPChannel
from waitress.task import ErrorTask
from werkzeug.exceptions import HTTPException

from service.access.keys import API_KEY_HEADER, api_key_of
from service.access.limits import Gate
from service.core import errors
from service.core.game_service import GameService, StreamTicket, VersionUpdate
from service.edges import convert
from service.edges.cors import CorsPolicy
from service.edges.grpc_server import bearer_token
from service.edges.openapi import openapi_document
from service.edges.streams import StreamLimits
from service.edges.web_files import DEFAULT_WEB_ROOT, WebFiles
from service.observability import metrics, tracing

log = logging.getLogger("cardengine.rest")

M = TypeVar("M", bound=Message)
HEARTBEAT_SECONDS = 15.0
RETRY_MILLISECONDS = 1000
JSON = "application/json"
MAX_BODY_BYTES = 64 * 1024  # a REST body larger is refused (413)
MAX_HEADER_BYTES = 64 * 1024  # request line and headers larger are refused (431)
CONNECTIONS_FOR_REQUESTS = 100  # open connections besides the event streams (waitress's default limit)
MAX_VERSION = 2**32 - 1  # versions are uint32 in the API
MAX_EVENT_ID = 10**10 - 1  # Last-Event-ID: 1 to 10 ASCII digits (the OpenAPI pattern); beyond the last version: idle
ASCII_DIGITS = re.compile(r"[0-9]{1,10}")
EVENTS_PARAMETERS = frozenset({"after", "follow", "ticket", "pageSize", "pageToken"})
GATED_OPERATIONS = {"list_game_types": "ListGameTypes", "game_schemas": "ListGameTypes", "create_game": "CreateGame"}
CREDENTIAL_WORDS = ("token", "auth", "secret", "passw", "credential", "bearer", "jwt", "apikey", "session", "cookie")
CREDENTIAL_PARTS = frozenset({"key", "sig", "signature", "ticket", "pwd", "pass", "sid"})


def json_response(message: Message, status: int = 200) -> Response:
    return Response(convert.to_json(message), status=status, mimetype=JSON)


class CatalogBody:
    """The body of ``GET /v1/game-types``, made once: the catalog is fixed for the life of the process, and its JSON
    (every game with its cards and schemas, about 190 KB) took some 25 ms of CPU to build per request. Answered with
    an ETag: a conditional request gets 304 and no body (``Cache-Control: no-cache`` has browsers revalidate, so a
    deploy with new rules is seen at once)."""

    def __init__(self, build: Callable[[], bytes]) -> None:
        self._made = functools.cache(lambda: with_etag(build()))

    def response(self) -> Response:
        body, etag = self._made()
        response = Response(body, mimetype=JSON)
        response.set_etag(etag)
        response.headers["Cache-Control"] = "no-cache"
        response.make_conditional(request)
        return response


def with_etag(body: bytes) -> tuple[bytes, str]:
    return body, hashlib.sha256(body).hexdigest()[:32]


def error_response(error: errors.ServiceError) -> Response:
    body = orjson.dumps({"error": error.to_json()})
    response = Response(body, status=error.status.http_status, mimetype=JSON)
    retry_after = error.details.get(errors.RETRY_AFTER)
    if retry_after is not None:
        response.headers["Retry-After"] = str(retry_after)
    elif error.status is errors.Status.UNAVAILABLE:
        response.headers["Retry-After"] = "1"
    return response


def read_body(limit: int) -> bytes:
    """The request body, refused (413 ``request/too_large``) past ``limit`` bytes: from Content-Length before
    reading, and while reading a body of unknown length (chunked)."""
    length = request.content_length
    if length is not None and length > limit:
        raise errors.body_too_large(limit)
    stream = request.stream
    chunks: list[bytes] = []
    size = 0
    while True:
        chunk = stream.read(min(65536, limit + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            raise errors.body_too_large(limit)
    return b"".join(chunks)


def parse_body(
    message: M, limit: int = MAX_BODY_BYTES, path_fields: tuple[str, ...] = (), grpc_only: tuple[str, ...] = ()
) -> M:
    """The JSON body parsed into ``message`` with protobuf's JSON mapping; INVALID_ARGUMENT if it is not. A field
    the OpenAPI document does not list for the body is refused, even one of the message: ``path_fields`` (e.g.
    ``game_id``) come from the path only, ``grpc_only`` fields (``view_json``) have no meaning in REST."""
    raw = read_body(limit)
    if not raw.strip():
        raw = b"{}"
    try:
        body = orjson.loads(raw)
    except (orjson.JSONDecodeError, UnicodeDecodeError) as error:
        raise errors.invalid_argument(f"The request body is not JSON: {error}.", field="body") from None
    if not isinstance(body, dict):
        raise errors.invalid_argument("The request body must be a JSON object.", field="body")
    fields = message.DESCRIPTOR.fields_by_name
    known = {name for name in fields if name not in path_fields and name not in grpc_only}
    known |= {fields[name].json_name for name in known}
    for key in body:
        if key not in known:
            where = (
                " (it is given by the path)"
                if key in path_fields or key in {fields[name].json_name for name in path_fields if name in fields}
                else ""
            )
            raise errors.invalid_argument(
                f"Unknown field {errors.quote(key)} in the request body{where}; the body has only "
                f"{', '.join(sorted(fields[name].json_name for name in known if name in fields))}.",
                field=key[: errors.QUOTE_CHARS],
            )
    try:
        json_format.ParseDict(body, message)
    except json_format.ParseError as error:
        reason = errors.clip(str(error), 200)
        raise errors.invalid_argument(f"The request body is malformed: {reason}", field="body") from None
    return message


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


def check_query(allowed: frozenset[str]) -> None:
    """No credential in the URL (401) except a ``ticket`` where allowed; on routes with ``allowed`` parameters, no
    other parameter either (400): a misspelt or unsupported parameter is never silently ignored there."""
    for name in request.args:
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


def ticket_json(ticket: StreamTicket) -> dict[str, Any]:
    expires_at = datetime.fromtimestamp(ticket.expires_at, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
    return {
        "ticket": ticket.ticket,
        "gameId": ticket.game_id,
        "seat": ticket.seat,
        "expiresIn": ticket.expires_in,
        "expiresAt": expires_at,
    }


def create_app(
    service: GameService,
    *,
    cors_origins: str | Sequence[str] = (),
    web_root: Path | None = DEFAULT_WEB_ROOT,
    heartbeat_seconds: float = HEARTBEAT_SECONDS,
    retry_milliseconds: int = RETRY_MILLISECONDS,
    max_body_bytes: int = MAX_BODY_BYTES,
    stream_limits: StreamLimits | None = None,
    gate: Gate | None = None,
) -> Flask:
    """The REST app; ``stream_limits`` caps its event streams (``service.edges.streams``; default caps when None)."""
    app = Flask("cardengine", static_folder=None)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    cors = CorsPolicy.parse(cors_origins)
    web = WebFiles(web_root)
    streams = metrics.MeteredStreamSlots(stream_limits or StreamLimits(), "rest")
    tracing.instrument_flask(app)
    app.extensions["cardengine.streams"] = streams  # its live count, for operators and tests

    @app.errorhandler(Exception)
    def handle_error(error: Exception) -> Response:
        if isinstance(error, HTTPException):
            status = {404: errors.Status.NOT_FOUND, 405: errors.Status.INVALID_ARGUMENT}.get(
                error.code or 500, errors.Status.INVALID_ARGUMENT
            )
            failure = errors.ServiceError(status, f"http/{error.code}", error.description or str(error))
            response = error_response(failure)
            response.status_code = error.code or 400
            return response
        failure = errors.to_service_error(error)
        if gate is not None and request.view_args and "game_id" in request.view_args:
            failure = gate.after_failure(failure, request.view_args["game_id"], g.get("caller"))
        fields = {"route": request.path, "status": failure.status.grpc_name, "code": failure.code}
        if request.view_args and "game_id" in request.view_args:
            fields["game_id"] = request.view_args["game_id"]
        if failure.status is errors.Status.INTERNAL:
            log.error("request failed", exc_info=error, extra=fields)
        else:
            log.info("request rejected", extra=fields)
        return error_response(failure)

    @app.before_request
    def start_timer() -> None:
        g.started = time.perf_counter()

    @app.after_request
    def count_request(response: Response) -> Response:
        """``cardengine_http_requests_total`` and the latency, by the route's template (never the path with ids)."""
        rule = request.url_rule
        started = g.get("started")
        elapsed = time.perf_counter() - started if started is not None else 0.0
        route = rule.rule if rule is not None else "unmatched"
        metrics.http_request(request.method, route, response.status_code, elapsed)
        return response

    @app.before_request
    def preflight() -> Response | None:
        """A CORS preflight: 204, with the allowed methods and headers when the origin is allowed."""
        if request.method != "OPTIONS" or "Access-Control-Request-Method" not in request.headers:
            return None
        response = Response(status=204)
        if cors.allows(request.headers.get("Origin")):
            response.headers.update(cors.preflight_headers())
        return response

    @app.before_request
    def admit() -> None:
        """API keys, rate limits and wrong-token blocks (``service.access.limits``), once per request of the API."""
        rule = request.url_rule
        if gate is None or rule is None or not rule.rule.startswith("/v1/") or request.method == "OPTIONS":
            return
        authorization = request.headers.get("Authorization")
        g.caller = gate.admit(
            GATED_OPERATIONS.get(request.endpoint or "", request.endpoint or ""),
            address=request.remote_addr or "",
            api_key=api_key_of(request.headers.get(API_KEY_HEADER), authorization),
            game_id=(request.view_args or {}).get("game_id"),
            has_credential=bearer_token(authorization) is not None or "ticket" in request.args,
        )

    @app.after_request
    def cross_origin(response: Response) -> Response:
        if cors.enabled:
            response.vary.add("Origin")
        origin = request.headers.get("Origin")
        if origin and cors.allows(origin):
            response.headers.update(cors.response_headers(origin))
        return response

    @app.get("/healthz")
    def healthz() -> Response:
        return Response(b'{"status":"ok"}', mimetype=JSON)

    @app.get("/readyz")
    def readyz() -> Response:
        problem = service.readiness()
        if problem is None:
            return Response(b'{"status":"ready"}', mimetype=JSON)
        return error_response(problem)

    @app.get("/metrics")
    def prometheus_metrics() -> Response:
        return Response(metrics.exposition(service.store.bots), mimetype=None, content_type=metrics.CONTENT_TYPE)

    @app.get("/openapi.json")
    def openapi() -> Response:
        return Response(orjson.dumps(openapi_document()), mimetype=JSON)

    @app.get("/")
    def web_index() -> Response:
        return web.index()

    @app.get("/<path:filename>")
    def web_file(filename: str) -> Response:
        return web.file(filename)

    bot_kinds = service.bot_kinds()
    catalog = CatalogBody(lambda: convert.to_json(convert.catalog_message(service.list_game_types(), bot_kinds)))

    @app.get("/v1/game-types")
    def list_game_types() -> Response:
        check_query(frozenset())
        return catalog.response()

    @app.get("/v1/game-types/<game_type>/schemas")
    def game_schemas(game_type: str) -> Response:
        check_query(frozenset())
        return Response(orjson.dumps(service.game_schemas(game_type)), mimetype=JSON)

    @app.post("/v1/games")
    def create_game() -> Response:
        check_query(frozenset())
        body = parse_body(pb.CreateGameRequest(), max_body_bytes)
        header_id = request.headers.get("Idempotency-Key", "")
        if header_id and body.request_id and header_id != body.request_id:
            raise errors.invalid_argument(
                "The Idempotency-Key header and the body's requestId differ; send one key.", field="requestId"
            )
        created = service.create_game(
            body.game_type,
            body.players,
            body.seed if body.HasField("seed") else None,
            convert.dict_of(body.options),
            convert.seat_specs(body.seats),
            request_id=body.request_id or header_id or None,
            creator=g.caller.key_id if g.get("caller") else None,
            clock=convert.clock_of(body),
        )
        response = json_response(convert.created_message(created), status=201)
        response.headers["Location"] = f"/v1/games/{created.game_id}"
        return response

    @app.get("/v1/games/<game_id>")
    def get_game(game_id: str) -> Response:
        check_query(frozenset())
        return Response(orjson.dumps(convert.game_json(service.get_game(game_id, request_token()))), mimetype=JSON)

    @app.get("/v1/games/<game_id>/moves")
    def list_legal_moves(game_id: str) -> Response:
        check_query(frozenset())
        return json_response(convert.legal_moves_message(service.legal_moves(game_id, request_token())))

    @app.post("/v1/games/<game_id>/moves")
    def apply_move(game_id: str) -> Response:
        check_query(frozenset())
        body = parse_body(pb.ApplyMoveRequest(), max_body_bytes, path_fields=("game_id",), grpc_only=("view_json",))
        header_key = request.headers.get("Idempotency-Key", "")
        if header_key and body.idempotency_key and header_key != body.idempotency_key:
            service.seat_of(game_id, request_token(), "ApplyMove")  # who may not move hears that first
            raise errors.invalid_argument(
                "The Idempotency-Key header and the body's idempotencyKey differ; send one key.",
                field="idempotencyKey",
            )
        result = service.apply_move(
            game_id,
            request_token(),
            body.move,
            body.expected_version if body.HasField("expected_version") else None,
            body.idempotency_key or header_key or None,
            omit_view=body.omit_view,
        )
        return Response(convert.move_result_json(result), mimetype=JSON)

    @app.get("/v1/games/<game_id>/score")
    def get_score(game_id: str) -> Response:
        check_query(frozenset())
        return json_response(convert.score_message(service.score(game_id, request_token())))

    @app.get("/v1/games/<game_id>/record")
    def get_record(game_id: str) -> Response:
        check_query(frozenset())  # public once the match is over: no token needed (docs/fairness.md)
        return Response(orjson.dumps(service.record(game_id)), mimetype=JSON)

    @app.post("/v1/games/<game_id>/stream-tickets")
    def create_stream_ticket(game_id: str) -> Response:
        check_query(frozenset())
        ticket = service.create_stream_ticket(game_id, request_token())
        response = Response(orjson.dumps(ticket_json(ticket)), status=201, mimetype=JSON)
        response.headers["Cache-Control"] = "no-store"
        return response

    @app.get("/v1/games/<game_id>/events")
    def get_events(game_id: str) -> Response:
        check_query(EVENTS_PARAMETERS)
        after = int_argument("after")
        ticket = request.args.get("ticket")
        token = request_token()
        if not wants_stream():
            page_size = int_argument("pageSize", "a number of events (0 to 1000)")
            page_token = request.args.get("pageToken", "")
            page = service.events(game_id, token, after, ticket=ticket, page_size=page_size or 0, page_token=page_token)
            return json_response(convert.event_log_message(page))
        last_event_id = request.headers.get("Last-Event-ID", "").strip()
        if last_event_id:
            resume = ascii_number(last_event_id, MAX_EVENT_ID)
            if resume is None:
                raise errors.invalid_argument(
                    "Last-Event-ID must be a version (the id of a received event) in ASCII digits; got "
                    f"{errors.quote(last_event_id)}.",
                    field="Last-Event-ID",
                )
            after = resume  # the browser's resume point wins over the URL's 'after'
        release = streams.acquire(game_id, request.remote_addr or "")
        try:
            updates = service.watch(game_id, token, after, connected(request.environ), ticket=ticket)
            first = prime(updates)  # errors (unknown game, bad token or ticket) surface before the stream starts
        except BaseException:
            release()
            raise
        for name in ("pageSize", "pageToken"):
            if name in request.args:
                updates.close()
                release()
                raise errors.invalid_argument(
                    f"'{name}' pages the JSON event log; a stream (follow=true) sends every version after 'after' "
                    "or Last-Event-ID.",
                    field=name,
                )
        response = Response(
            event_stream(first, updates, heartbeat_seconds, retry_milliseconds),
            mimetype="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )
        response.call_on_close(updates.close)  # also when the stream is closed before its first byte
        response.call_on_close(release)
        return response

    return app


Watch = Generator[VersionUpdate | None, None, str]


def connected(environ: dict[str, Any]) -> Callable[[], bool]:
    """Whether the client of this request is still connected: waitress notices a closed connection at once
    (``channel_request_lookahead``), so a watch ends within its poll (a second) of a disconnect."""
    disconnected = environ.get("waitress.client_disconnected")
    if disconnected is None:
        return lambda: True
    return lambda: not disconnected()


def prime(updates: Watch) -> VersionUpdate | StopIteration | None:
    """The first item of ``updates`` (None: idle), or the StopIteration that carries why it ended at once."""
    try:
        return next(updates)
    except StopIteration as stop:
        return stop


def event_stream(
    first: VersionUpdate | StopIteration | None, updates: Watch, heartbeat_seconds: float, retry_milliseconds: int
) -> Iterator[bytes]:
    """Server-Sent Events: ``retry:`` first; ``event: version`` with ``id:`` (the version) per version; a comment as
    heartbeat every ``heartbeat_seconds`` while idle; ``event: end`` when the match is finished (or the game
    expired). A stream the server stops (shutdown) ends without ``end``, so the browser reconnects elsewhere with
    Last-Event-ID. ``first`` is the first item of ``updates`` already taken (``prime``)."""
    yield b"retry: %d\n\n" % retry_milliseconds
    idle_since = time.monotonic()
    item: VersionUpdate | StopIteration | None = first
    try:
        while True:
            if isinstance(item, StopIteration):
                reason = item.value or "stopped"
                break
            if item is None:
                if time.monotonic() - idle_since >= heartbeat_seconds:
                    idle_since = time.monotonic()
                    yield b": heartbeat\n\n"
            else:
                idle_since = time.monotonic()
                data = convert.to_json(convert.update_message(item))
                yield b"id: %d\nevent: version\ndata: %s\n\n" % (item.version, data)
            item = prime(updates)
        if reason in ("finished", "gone"):
            ended = {"reason": "finished" if reason == "finished" else "expired"}
            yield b"event: end\ndata: %s\n\n" % orjson.dumps(ended)
    finally:
        updates.close()


# ----- the HTTP server --------------------------------------------------------------------------------------------


class JsonErrorTask(ErrorTask):  # type: ignore[misc]
    """waitress's own refusals (headers or body too large, a malformed request) in the API's JSON error shape."""

    def execute(self) -> None:
        error = self.request.error
        code: int = error.code
        limits: dict[str, int] = self.channel.server.cardengine_limits
        if code == 413:
            failure = errors.body_too_large(limits["body"])
        elif code == 431:
            failure = errors.headers_too_large(
                f"The request line and headers are larger than {limits['headers']} bytes, the limit of this server."
            )
        else:
            status = errors.Status.INTERNAL if code >= 500 else errors.Status.INVALID_ARGUMENT
            failure = errors.ServiceError(
                status, f"http/{code}", f"{error.reason}: {errors.clip(str(error.body), 200)}"
            )
        body = orjson.dumps({"error": failure.to_json()})
        self.status = f"{code} {error.reason}"
        self.response_headers.append(("Content-Type", JSON))
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)


class JsonErrorChannel(HTTPChannel):  # type: ignore[misc]
    error_task_class = JsonErrorTask


def create_http_server(
    app: Flask,
    *,
    host: str,
    port: int,
    threads: int,
    stream_limits: StreamLimits | None = None,
    max_body_bytes: int = MAX_BODY_BYTES,
    max_header_bytes: int = MAX_HEADER_BYTES,
) -> Any:
    """The waitress server of ``app``: ``threads`` for requests plus one per event stream allowed
    (``stream_limits.per_server``; the app refuses streams past it), so streams never hold the threads that serve
    requests and health; bodies and headers over the limits refused with the JSON error shape (413, 431); a
    closed client connection noticed at once (``channel_request_lookahead``), which ends its stream."""
    limits = stream_limits or StreamLimits()
    server = create_server(
        app,
        host=host,
        port=port,
        threads=threads + limits.per_server,
        ident="cardengine",
        clear_untrusted_proxy_headers=True,
        # waitress refuses a body from this size on (counting chunked framing): the app checks the exact limit
        max_request_body_size=2 * max_body_bytes + 1024,
        max_request_header_size=max_header_bytes,
        channel_request_lookahead=1,
        # waitress stops accepting at 100 connections by default: room for the streams besides the requests
        connection_limit=CONNECTIONS_FOR_REQUESTS + limits.per_server,
    )
    server.channel_class = JsonErrorChannel
    server.cardengine_limits = {"body": max_body_bytes, "headers": max_header_bytes}
    server.cardengine_app = app  # waitress wraps it (proxy headers): the Flask app itself, for its extensions
    return server
