"""The REST edge: the same operations and the same protobuf messages as the gRPC API, as JSON.

The routes are module-level functions declared once each (``service.edges.rest_routes``); ``RestApp`` matches a
request to one and runs the hooks every request passes: timing and metrics, CORS, the gate (API keys, rate limits).
It is served by ``service.edges.http_server`` (one thread per connection; the request is a thread-local,
``service.edges.http``). Requests are parsed with protobuf's JSON mapping into the API's request messages; answers
are the JSON objects protobuf's JSON mapping prints for the API's messages (``service.edges.convert``). The seat
token travels as ``Authorization: Bearer <token>``, never in a URL. Every failure leaves through one error handler,
mapped with the one table of ``service/core/errors.py`` to an HTTP status and the body ``{"error": {"code",
"message", "status", "details"}}``.

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
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from service.access.keys import API_KEY_HEADER, api_key_of
from service.access.limits import Caller, Gate
from service.core import errors
from service.core.game_service import GameService
from service.edges import telemetry
from service.edges.compression import compress_json
from service.edges.cors import CorsPolicy
from service.edges.credentials import bearer_token
from service.edges.http import Response, g, request
from service.edges.http_server import App, ConnectionLimits, HttpServer, Incoming
from service.edges.openapi import ROUTES
from service.edges.openapi_parts import Route
from service.edges.rest_requests import RestContext, error_answer, rest_context, set_rest_context
from service.edges.rest_routes import catalog_body
from service.edges.streams import StreamLimits
from service.edges.web_files import DEFAULT_WEB_ROOT, WebFiles
from service.webhooks.registry import Webhooks
from service.webhooks.settings import WebhookSettings

log = logging.getLogger("cardengine.rest")

HEARTBEAT_SECONDS = 15.0
RETRY_MILLISECONDS = 1000
MAX_BODY_BYTES = 64 * 1024  # a REST body larger is refused (413)
MAX_HEADER_BYTES = 64 * 1024  # request line and headers larger are refused (431)
GATE_OPERATIONS = {route.operation_id: route.gate_operation for route in ROUTES}
PARAMETER = re.compile(r"\{(\w+)\}")
PARAMETER_NAMES = {"gameId": "game_id", "gameType": "game_type", "path": "filename"}
PARAMETER_NAMES["ticketId"] = "ticket_id"
PARAMETER_NAMES["tournamentId"] = "tournament_id"
PARAMETER_NAMES["webhookId"] = "webhook_id"
PARAMETER_NAMES["player"] = "player"


@dataclass(frozen=True, slots=True)
class PathPattern:
    """The routes of one path template, by method (HEAD answered as GET, OPTIONS by the app)."""

    template: str
    pattern: re.Pattern[str] | None  # None: a path without parameters, compared as it is
    routes: dict[str, Route]
    rule: str  # the routes' name in metrics and traces (``Route.rule``: ``/v1/games/<game_id>``)

    def match(self, path: str) -> dict[str, str] | None:
        if self.pattern is None:
            return {} if path == self.template else None
        found = self.pattern.fullmatch(path)
        return None if found is None else found.groupdict()

    def allowed(self) -> set[str]:
        methods = set(self.routes) | {"OPTIONS"}
        return methods | {"HEAD"} if "GET" in methods else methods


def path_pattern(template: str, routes: dict[str, Route]) -> PathPattern:
    rule = next(iter(routes.values())).rule
    if "{" not in template:
        return PathPattern(template, None, routes, rule)
    parts = re.split(r"(\{\w+\})", template)
    regex = "".join(
        (
            f"(?P<{PARAMETER_NAMES[part[1:-1]]}>{'.+' if part == '{path}' else '[^/]+'})"
            if part.startswith("{")
            else re.escape(part)
        )
        for part in parts
    )
    return PathPattern(template, re.compile(regex), routes, rule)


def path_patterns(routes: Sequence[Route]) -> tuple[dict[str, PathPattern], tuple[PathPattern, ...]]:
    """The routes' paths: those without parameters by path, the others in order (the catch-all of files last)."""
    by_template: dict[str, dict[str, Route]] = {}
    for route in routes:
        by_template.setdefault(route.path, {})[route.method] = route
    patterns = [path_pattern(template, methods) for template, methods in by_template.items()]
    fixed = {pattern.template: pattern for pattern in patterns if pattern.pattern is None}
    ordered = sorted(
        (pattern for pattern in patterns if pattern.pattern is not None), key=lambda p: "{path}" in p.template
    )
    return fixed, tuple(ordered)


class RestApp:
    """The REST app: one request in, one ``Response`` out (``service.edges.http_server`` calls it)."""

    def __init__(self, context: RestContext, routes: Sequence[Route] = ROUTES) -> None:
        self.context = context
        self.fixed, self.patterns = path_patterns(routes)

    def served(self) -> set[tuple[str, str]]:
        """Every (path template, method) the app routes, besides HEAD and OPTIONS."""
        patterns = (*self.fixed.values(), *self.patterns)
        return {(pattern.template, method) for pattern in patterns for method in pattern.routes}

    def __call__(self, incoming: Incoming) -> Response:
        request.begin(
            method=incoming.method,
            target=incoming.target,
            headers=incoming.headers,
            body=incoming.body,
            remote_addr=incoming.remote_addr,
            connected=incoming.connected,
        )
        g.clear()
        set_rest_context(self.context)
        started = time.perf_counter()
        route, rule = self.route()
        with telemetry.http_server_span(request.method, rule, request.headers):
            try:
                response = self.dispatch(route)
            except Exception as error:
                response = handle_error(error)
            compress_json(response)
            rate_limit_headers(response)
            cross_origin(response)
        telemetry.http_request(request.method, rule, response.status_code, time.perf_counter() - started)
        return response

    def route(self) -> tuple[Route | None, str]:
        """The route of the request's method and path (HEAD as GET; None when there is none) and its rule."""
        method = "GET" if request.method == "HEAD" else request.method
        pattern = self.fixed.get(request.path)
        if pattern is not None and (method in pattern.routes or method == "OPTIONS"):
            return self._chosen(pattern, {}, method)
        for pattern in self.patterns:
            if method in pattern.routes or method == "OPTIONS":
                params = pattern.match(request.path)
                if params is not None:
                    return self._chosen(pattern, params, method)
        return None, "unmatched"

    @staticmethod
    def _chosen(pattern: PathPattern, params: dict[str, str], method: str) -> tuple[Route, str]:
        request.path_params = params
        request.route_rule = pattern.template
        route = pattern.routes.get(method) or next(iter(pattern.routes.values()))
        request.operation_id = route.operation_id
        return route, pattern.rule

    def allowed_methods(self) -> list[str]:
        """Every method some route serves on the request's path."""
        allowed: set[str] = set()
        fixed = self.fixed.get(request.path)
        for pattern in ((fixed,) if fixed is not None else ()) + self.patterns:
            if pattern.match(request.path) is not None:
                allowed |= pattern.allowed()
        return sorted(allowed)

    def dispatch(self, route: Route | None) -> Response:
        preflight = cors_preflight()
        if preflight is not None:
            return preflight
        if route is None:
            allowed = self.allowed_methods()
            if allowed:
                response = error_answer(errors.method_not_allowed(request.method, allowed))
                response.headers["Allow"] = ", ".join(allowed)
                return response
            raise errors.ServiceError(
                errors.Status.NOT_FOUND,
                "http/404",
                "The requested URL was not found on the server. The API is under /v1/ and described at /openapi.json.",
            )
        if request.method == "OPTIONS":
            return Response(status=200, headers={"Allow": ", ".join(self.allowed_methods())})
        admit(route)
        view: Callable[..., Response] = route.view
        return view(**request.path_params)


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
    webhooks: Webhooks | None = None,
) -> RestApp:
    """The REST app; ``stream_limits`` caps its event streams (``service.edges.streams``; default caps when None);
    ``webhooks``: the webhooks' use cases (default: over the service's store with the default settings)."""
    context = RestContext(
        service=service,
        cors=CorsPolicy.parse(cors_origins),
        web=WebFiles(web_root),
        streams=telemetry.stream_slots(stream_limits or StreamLimits(), "rest"),
        gate=gate,
        heartbeat_seconds=heartbeat_seconds,
        retry_milliseconds=retry_milliseconds,
        max_body_bytes=max_body_bytes,
        catalog_body=functools.cache(lambda: catalog_body(service)),
        webhooks=webhooks or Webhooks(service.store, WebhookSettings()),
    )
    return RestApp(context)


def handle_error(error: Exception) -> Response:
    """Every failure of a request, mapped once with the table of ``service.core.errors`` and logged."""
    failure = errors.to_service_error(error)
    game_id = request.path_params.get("game_id")
    gate = rest_context().gate
    if gate is not None and failure.status is errors.Status.RESOURCE_EXHAUSTED:
        g.rate = gate.exhausted_state(failure)
    if gate is not None and game_id is not None:
        failure = gate.after_failure(failure, game_id, g.get("caller"))
    log_failure(error, failure, request.path, game_id)
    return error_answer(failure)


def log_failure(error: Exception, failure: errors.ServiceError, path: str, game_id: str | None) -> None:
    """One line per failed request: an error with its traceback when it is INTERNAL, else a rejection."""
    fields = {"route": path, "status": failure.status.grpc_name, "code": failure.code}
    if game_id is not None:
        fields["game_id"] = game_id
    if failure.status is errors.Status.INTERNAL:
        log.error("request failed", exc_info=error, extra=fields)
    else:
        log.info("request rejected", extra=fields)


def cors_preflight() -> Response | None:
    """A CORS preflight: 204, with the allowed methods and headers when the origin is allowed."""
    if request.method != "OPTIONS" or "Access-Control-Request-Method" not in request.headers:
        return None
    response = Response(status=204)
    cors = rest_context().cors
    if cors.allows(request.headers.get("Origin")):
        response.headers.update(cors.preflight_headers())
    return response


def admit(route: Route) -> None:
    """API keys, rate limits and wrong-token blocks (``service.access.limits``), once per request of the API."""
    gate = rest_context().gate
    if gate is None or not route.path.startswith("/v1/"):
        return
    if gate.admits_unread():  # the caller ``admit`` would answer, without reading the request
        g.caller = Caller(request.remote_addr)
        return
    authorization = request.headers.get("Authorization")
    g.caller = gate.admit(
        GATE_OPERATIONS.get(route.operation_id, route.operation_id),
        address=request.remote_addr,
        api_key=api_key_of(request.headers.get(API_KEY_HEADER), authorization),
        game_id=request.path_params.get("game_id"),
        has_credential=bearer_token(authorization) is not None or "ticket" in request.args,
    )


def rate_limit_headers(response: Response) -> None:
    """``RateLimit`` and ``RateLimit-Policy`` (IETF draft httpapi-ratelimit-headers) on every answer a rate limit
    applied to: the tightest bucket of the request's key and address, its tokens left and when it is full again."""
    caller = g.get("caller")
    rate = g.get("rate") or (caller.rate if caller is not None else None)
    if rate is not None:
        response.headers["RateLimit-Policy"] = rate.policy_header()
        response.headers["RateLimit"] = rate.header()


def cross_origin(response: Response) -> None:
    cors = rest_context().cors
    if cors.enabled:
        response.add_vary("Origin")
    origin = request.headers.get("Origin")
    if origin and cors.allows(origin):
        response.headers.update(cors.response_headers(origin))


def create_http_server(
    app: App,
    *,
    host: str,
    port: int,
    threads: int,
    max_body_bytes: int = MAX_BODY_BYTES,
    max_header_bytes: int = MAX_HEADER_BYTES,
    connection_limits: ConnectionLimits | None = None,
    reuse_port: bool = False,
) -> HttpServer:
    """The HTTP server of ``app`` (``service.edges.http_server``): ``threads`` requests in the app at once (event
    streams apart: each gives its place back when it starts), bodies and headers over the limits refused with the
    JSON error shape (413, 431), connections limited per client address and in all, with header, body and idle
    deadlines."""
    return HttpServer(
        app,
        host=host,
        port=port,
        threads=threads,
        max_body_bytes=max_body_bytes,
        max_header_bytes=max_header_bytes,
        limits=connection_limits,
        reuse_port=reuse_port,
    )
