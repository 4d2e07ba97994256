"""The REST edge (Flask): the same operations and the same protobuf messages as the gRPC API, as JSON.

The routes are module-level functions declared once each (``service.edges.rest_routes``), registered here with
the hooks every request passes: timing and metrics, CORS, the gate (API keys, rate limits). Requests are parsed
with protobuf's JSON mapping into the API's request messages; answers are the JSON objects protobuf's JSON mapping
prints for the API's messages (``service.edges.convert``). The seat token travels as ``Authorization: Bearer
<token>``, never in a URL. Every failure leaves through one error handler, mapped with the
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
import logging
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import orjson
from flask import Flask, Response, g, request
from waitress import create_server
from waitress.task import ErrorTask
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from service.access.keys import API_KEY_HEADER, api_key_of
from service.access.limits import Gate
from service.core import errors
from service.core.game_service import GameService
from service.edges.compression import compress_json
from service.edges.cors import CorsPolicy
from service.edges.credentials import bearer_token
from service.edges.http_guard import ConnectionLimits, GuardedChannel, guard_server
from service.edges.openapi import ROUTES
from service.edges.rest_requests import (
    CONTEXT_KEY,
    JSON,
    RestContext,
    error_answer,
    rest_context,
)
from service.edges.rest_routes import catalog_body
from service.edges.streams import StreamLimits
from service.edges.web_files import DEFAULT_WEB_ROOT, WebFiles
from service.observability import metrics, tracing

log = logging.getLogger("cardengine.rest")

HEARTBEAT_SECONDS = 15.0
RETRY_MILLISECONDS = 1000
MAX_BODY_BYTES = 64 * 1024  # a REST body larger is refused (413)
MAX_HEADER_BYTES = 64 * 1024  # request line and headers larger are refused (431)
GATE_OPERATIONS = {route.operation_id: route.gate_operation for route in ROUTES}
# werkzeug's own refusals (no route, a method the route has not) as the statuses of the one table
HTTP_STATUSES = {404: errors.Status.NOT_FOUND}  # 405: method/not_allowed, with Allow


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
    streams = metrics.MeteredStreamSlots(stream_limits or StreamLimits(), "rest")
    app.extensions[CONTEXT_KEY] = RestContext(
        service=service,
        cors=CorsPolicy.parse(cors_origins),
        web=WebFiles(web_root),
        streams=streams,
        gate=gate,
        heartbeat_seconds=heartbeat_seconds,
        retry_milliseconds=retry_milliseconds,
        max_body_bytes=max_body_bytes,
        catalog_body=functools.cache(lambda: catalog_body(service)),
    )
    app.extensions["cardengine.streams"] = streams  # its live count, for operators and tests
    tracing.instrument_flask(app)
    app.register_error_handler(Exception, handle_error)
    app.before_request(start_timer)
    app.after_request(count_request)
    app.before_request(preflight)
    app.before_request(admit)
    app.after_request(cross_origin)
    app.after_request(rate_limit_headers)
    app.after_request(compress_json)  # JSON from 8 KB on, gzip-compressed when the client accepts it
    for route in ROUTES:
        app.add_url_rule(route.flask_rule, route.operation_id, route.view, methods=[route.method])
    return app


def handle_error(error: Exception) -> Response:
    """Every failure of a request, mapped once with the table of ``service.core.errors`` and logged."""
    if isinstance(error, MethodNotAllowed):
        allowed = sorted(error.valid_methods or ())
        response = error_answer(errors.method_not_allowed(request.method, allowed))
        response.headers["Allow"] = ", ".join(allowed)
        return response
    if isinstance(error, HTTPException):
        status = HTTP_STATUSES.get(error.code or 500, errors.Status.INVALID_ARGUMENT)
        failure = errors.ServiceError(status, f"http/{error.code}", error.description or str(error))
        response = error_answer(failure)
        response.status_code = error.code or 400
        return response
    failure = errors.to_service_error(error)
    game_id = (request.view_args or {}).get("game_id")
    gate = rest_context().gate
    if gate is not None and failure.status is errors.Status.RESOURCE_EXHAUSTED:
        g.rate = gate.exhausted_state(failure)
    if gate is not None and game_id is not None:
        failure = gate.after_failure(failure, game_id, g.get("caller"))
    fields = {"route": request.path, "status": failure.status.grpc_name, "code": failure.code}
    if game_id is not None:
        fields["game_id"] = game_id
    if failure.status is errors.Status.INTERNAL:
        log.error("request failed", exc_info=error, extra=fields)
    else:
        log.info("request rejected", extra=fields)
    return error_answer(failure)


def start_timer() -> None:
    g.started = time.perf_counter()


def count_request(response: Response) -> Response:
    """``cardengine_http_requests_total`` and the latency, by the route's template (never the path with ids)."""
    rule = request.url_rule
    started = g.get("started")
    elapsed = time.perf_counter() - started if started is not None else 0.0
    route = rule.rule if rule is not None else "unmatched"
    metrics.http_request(request.method, route, response.status_code, elapsed)
    return response


def preflight() -> Response | None:
    """A CORS preflight: 204, with the allowed methods and headers when the origin is allowed."""
    if request.method != "OPTIONS" or "Access-Control-Request-Method" not in request.headers:
        return None
    response = Response(status=204)
    cors = rest_context().cors
    if cors.allows(request.headers.get("Origin")):
        response.headers.update(cors.preflight_headers())
    return response


def admit() -> None:
    """API keys, rate limits and wrong-token blocks (``service.access.limits``), once per request of the API."""
    rule = request.url_rule
    gate = rest_context().gate
    if gate is None or rule is None or not rule.rule.startswith("/v1/") or request.method == "OPTIONS":
        return
    authorization = request.headers.get("Authorization")
    endpoint = request.endpoint or ""
    g.caller = gate.admit(
        GATE_OPERATIONS.get(endpoint, endpoint),
        address=request.remote_addr or "",
        api_key=api_key_of(request.headers.get(API_KEY_HEADER), authorization),
        game_id=(request.view_args or {}).get("game_id"),
        has_credential=bearer_token(authorization) is not None or "ticket" in request.args,
    )


def rate_limit_headers(response: Response) -> Response:
    """``RateLimit`` and ``RateLimit-Policy`` (IETF draft httpapi-ratelimit-headers) on every answer a rate limit
    applied to: the tightest bucket of the request's key and address, its tokens left and when it is full again."""
    caller = g.get("caller")
    rate = g.get("rate") or (caller.rate if caller is not None else None)
    if rate is not None:
        response.headers["RateLimit-Policy"] = rate.policy_header()
        response.headers["RateLimit"] = rate.header()
    return response


def cross_origin(response: Response) -> Response:
    cors = rest_context().cors
    if cors.enabled:
        response.vary.add("Origin")
    origin = request.headers.get("Origin")
    if origin and cors.allows(origin):
        response.headers.update(cors.response_headers(origin))
    return response


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


class JsonErrorChannel(GuardedChannel):
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
    connection_limits: ConnectionLimits | None = None,
) -> Any:
    """The waitress server of ``app``: ``threads`` for requests plus one per event stream allowed
    (``stream_limits.per_server``; the app refuses streams past it), so streams never hold the threads that serve
    requests and health; bodies and headers over the limits refused with the JSON error shape (413, 431); a
    closed client connection noticed at once (``channel_request_lookahead``), which ends its stream; connections
    limited per client address and in all, with header, body and idle deadlines (``service.edges.http_guard``)."""
    limits = stream_limits or StreamLimits()
    connections = connection_limits or ConnectionLimits()
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
        connection_limit=connections.total,
        channel_timeout=connections.idle_seconds,
    )
    server.channel_class = JsonErrorChannel
    guard_server(server, connections)
    server.cardengine_limits = {"body": max_body_bytes, "headers": max_header_bytes}
    server.cardengine_app = app  # waitress wraps it (proxy headers): the Flask app itself, for its extensions
    return server
