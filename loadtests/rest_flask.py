"""The REST app on Flask, a measurement device for ``loadtests/flask_router.py`` (docs/performance.md, "Flask
against our router"): every route of ``ROUTES`` registered as a Flask route, over the same ``RestContext`` (service,
CORS, settings) as ours.

ApplyMove, GetGame, ListLegalMoves and /healthz are Flask views proper: they read ``flask.request`` (werkzeug's
headers, query and body), parse and call the core with the same functions as ours (``parse_json``, ``check_query``,
``service.moves``, ``convert``) and answer a ``flask.Response``. The other routes run our route function on our
request filled from ``flask.request``. What ours does around every request is Flask's hooks here: the CORS
preflight (``before_request``), compression, CORS headers and the request metric (``after_request``), and one error
handler mapping every failure with ``service.core.errors``. No gate: the app is built without one, as
``loadtests/rest_app.py`` builds ours.

``python -m loadtests.rest_flask PORT`` serves it over Redis (``REDIS_URL``) with the server ``cardengine serve``
uses (``service.edges.http_server``, through ``service.edges.wsgi.served_wsgi``).
"""

from __future__ import annotations

import gzip
import re
import sys
import time
from collections.abc import Callable
from urllib.parse import quote

import flask
import orjson
from cardengine.v1 import game_engine_pb2 as pb
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from service.core import errors
from service.edges import convert, telemetry
from service.edges.compression import GZIP_LEVEL, GZIP_MIN_BYTES
from service.edges.credentials import bearer_token
from service.edges.http import JSON, Headers, Response, g, request
from service.edges.min_version import HEADER as MIN_VERSION_HEADER
from service.edges.min_version import parse_min_version
from service.edges.openapi import ROUTES
from service.edges.openapi_parts import Route
from service.edges.rest import PARAMETER_NAMES, admit, create_http_server, log_failure
from service.edges.rest_requests import RestContext, check_query, error_answer, parse_json, set_rest_context
from service.edges.wsgi import served_wsgi

View = Callable[..., flask.Response]
NOT_FOUND = "The requested URL was not found on the server. The API is under /v1/ and described at /openapi.json."


def flask_rule(template: str) -> str:
    """``/v1/games/{gameId}`` as Flask's ``/v1/games/<game_id>`` (``{path}``: a ``path`` converter, as ours)."""
    return re.sub(
        r"\{(\w+)\}", lambda found: f"<{'path:' if found[1] == 'path' else ''}{PARAMETER_NAMES[found[1]]}>", template
    )


def json_response(body: bytes, status: int = 200) -> flask.Response:
    return flask.Response(body, status=status, content_type=JSON)


def flask_response(answer: Response) -> flask.Response:
    """One of our answers as Flask's (its stream streamed, its close callbacks run when Flask closes it)."""
    response = flask.Response(answer.body if answer.stream is None else answer.stream, status=answer.status_code)
    if "Content-Type" not in answer.headers:
        del response.headers["Content-Type"]
    for name, value in answer.headers.items():
        response.headers[name] = value
    response.call_on_close(answer.close)
    return response


def native_views(context: RestContext) -> dict[str, View]:
    """The measured routes as Flask views, by operation id: what ours does, read from and answered with Flask."""
    service = context.service

    def token() -> str | None:
        return bearer_token(flask.request.headers.get("Authorization"))

    def min_version() -> int | None:
        return parse_min_version(flask.request.headers.get(MIN_VERSION_HEADER))

    def healthz() -> flask.Response:
        return json_response(b'{"status":"ok"}')

    def get_game(game_id: str) -> flask.Response:
        check_query(args=flask.request.args)
        return json_response(orjson.dumps(convert.game_json(service.reads.get_game(game_id, token(), min_version()))))

    def list_legal_moves(game_id: str) -> flask.Response:
        check_query(args=flask.request.args)
        legal = service.reads.legal_moves(game_id, token(), min_version())
        return json_response(orjson.dumps(convert.legal_moves_json(legal)))

    def apply_move(game_id: str) -> flask.Response:
        check_query(args=flask.request.args)
        raw = flask.request.get_data()
        if len(raw) > context.max_body_bytes:
            raise errors.body_too_large(context.max_body_bytes)
        body = parse_json(raw, pb.ApplyMoveRequest(), path_fields=("game_id",), grpc_only=("view_json",))
        header_key = flask.request.headers.get("Idempotency-Key", "")
        if header_key and body.idempotency_key and header_key != body.idempotency_key:
            service.reads.seat_of(game_id, token(), "ApplyMove")  # who may not move hears that first, as ours
            raise errors.invalid_argument(
                "The Idempotency-Key header and the body's idempotencyKey differ; send one key.", field="idempotencyKey"
            )
        result = service.moves.apply_move(
            game_id,
            token(),
            body.move,
            body.expected_version if body.HasField("expected_version") else None,
            body.idempotency_key or header_key or None,
            omit_view=body.omit_view,
            structured=convert.structured_move_of(body),
        )
        return json_response(orjson.dumps(convert.move_result_json(result)))

    return {"Healthz": healthz, "GetGame": get_game, "ListLegalMoves": list_legal_moves, "ApplyMove": apply_move}


def bridged_view(route: Route, context: RestContext) -> View:
    """A route that is not measured: our route function, on our request filled from Flask's."""

    def view(**params: str) -> flask.Response:
        incoming = flask.request
        query = incoming.query_string.decode("latin-1")
        request.begin(
            method=incoming.method,
            target=quote(incoming.path) + (f"?{query}" if query else ""),
            headers=Headers(incoming.headers.items()),
            body=incoming.get_data(),
            remote_addr=incoming.remote_addr or "",
            connected=lambda: True,
        )
        request.path_params, request.route_rule, request.operation_id = params, route.path, route.operation_id
        g.clear()
        set_rest_context(context)
        admit(route)
        answer: Response = route.view(**params)
        return flask_response(answer)

    return view


def create_flask_app(context: RestContext) -> flask.Flask:
    """The REST app on Flask, over ``context`` (without a gate)."""
    if context.gate is not None:
        raise ValueError("the Flask app is a measurement device: it runs without a gate")
    app = flask.Flask(__name__, static_folder=None)  # no /static route: the paths are ROUTES' only
    native = native_views(context)
    for route in ROUTES:
        view = native.get(route.operation_id) or bridged_view(route, context)
        app.add_url_rule(flask_rule(route.path), route.operation_id, view, methods=[route.method])
    add_hooks(app, context)
    return app


def add_hooks(app: flask.Flask, context: RestContext) -> None:
    """What ours runs around every request (``service.edges.rest.RestApp.__call__``), as Flask's hooks."""

    @app.before_request
    def begin() -> flask.Response | None:
        flask.g.started = time.perf_counter()
        if flask.request.method != "OPTIONS" or "Access-Control-Request-Method" not in flask.request.headers:
            return None
        preflight = flask.Response(status=204)
        if context.cors.allows(flask.request.headers.get("Origin")):
            preflight.headers.update(context.cors.preflight_headers())
        return preflight

    @app.after_request
    def finish(response: flask.Response) -> flask.Response:
        compress(response)
        if context.cors.enabled:
            response.vary.add("Origin")
        origin = flask.request.headers.get("Origin")
        if origin and context.cors.allows(origin):
            response.headers.update(context.cors.response_headers(origin))
        rule = flask.request.url_rule.rule if flask.request.url_rule is not None else "unmatched"
        seconds = time.perf_counter() - flask.g.started
        telemetry.http_request(flask.request.method, rule, response.status_code, seconds)
        return response

    @app.errorhandler(HTTPException)
    def unrouted(error: HTTPException) -> flask.Response:
        if isinstance(error, MethodNotAllowed):
            allowed = sorted(error.valid_methods or ())
            response = failure_response(errors.method_not_allowed(flask.request.method, allowed))
            response.headers["Allow"] = ", ".join(allowed)
            return response
        if error.code == 404:
            return failure_response(errors.ServiceError(errors.Status.NOT_FOUND, "http/404", NOT_FOUND))
        failure = errors.ServiceError(errors.Status.INVALID_ARGUMENT, f"http/{error.code}", str(error.description))
        return failure_response(failure)

    @app.errorhandler(Exception)
    def failed(error: Exception) -> flask.Response:
        failure = errors.to_service_error(error)
        log_failure(error, failure, flask.request.path, (flask.request.view_args or {}).get("game_id"))
        return failure_response(failure)


def failure_response(failure: errors.ServiceError) -> flask.Response:
    return flask_response(error_answer(failure))


def compress(response: flask.Response) -> None:
    """``service.edges.compression.compress_json`` on Flask's answer."""
    if (
        response.is_streamed
        or response.mimetype != JSON
        or "Content-Encoding" in response.headers
        or response.status_code in (204, 304)
    ):
        return
    body = response.get_data()
    if len(body) < GZIP_MIN_BYTES:
        return
    response.vary.add("Accept-Encoding")
    if flask.request.accept_encodings["gzip"] <= 0:
        return
    etag, _ = response.get_etag()
    response.set_data(gzip.compress(body, GZIP_LEVEL, mtime=0))
    response.headers["Content-Encoding"] = "gzip"
    if etag:
        response.set_etag(etag, weak=True)


def main(port: int) -> None:
    from loadtests.rest_app import rest_app  # over REDIS_URL: the Flask app shares its context

    app = create_flask_app(rest_app.context)
    create_http_server(served_wsgi(app), host="127.0.0.1", port=port, threads=32).serve_forever()


if __name__ == "__main__":
    main(int(sys.argv[1]))
