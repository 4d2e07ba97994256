"""The REST edge (Flask): the same operations and the same protobuf messages as the gRPC API, as JSON.

Requests are parsed with protobuf's JSON mapping into the API's request messages, responses are the API's
response messages printed with it (``service.convert.to_json``). The seat token travels as
``Authorization: Bearer <token>``. Every failure leaves through one error handler, mapped with the one table of
``service/errors.py`` to an HTTP status and the body ``{"error": {"code", "message", "status", "details"}}``.

Live events: ``GET /v1/games/{id}/events?follow=true`` (or ``Accept: text/event-stream``) streams Server-Sent
Events, one ``version`` event per version (data: a WatchGameResponse as JSON, id: the version), then ``end``.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from typing import Any, TypeVar

import orjson
from cardengine.v1 import game_engine_pb2 as pb
from flask import Flask, Response, request
from google.protobuf import json_format
from google.protobuf.message import Message
from werkzeug.exceptions import HTTPException

from service import convert, errors
from service.core import GameService
from service.grpc_server import bearer_token
from service.openapi import openapi_document

log = logging.getLogger("cardengine.rest")

M = TypeVar("M", bound=Message)
HEARTBEAT_SECONDS = 10.0
JSON = "application/json"


def json_response(message: Message, status: int = 200) -> Response:
    return Response(convert.to_json(message), status=status, mimetype=JSON)


def error_response(error: errors.ServiceError) -> Response:
    body = orjson.dumps({"error": error.to_json()})
    return Response(body, status=error.status.http_status, mimetype=JSON)


def parse_body(message: M) -> M:
    """The JSON body parsed into ``message`` with protobuf's JSON mapping; INVALID_ARGUMENT if it is not."""
    raw = request.get_data(cache=False)
    if not raw.strip():
        raw = b"{}"
    try:
        if not isinstance(orjson.loads(raw), dict):
            raise errors.invalid_argument("The request body must be a JSON object.", field="body")
        json_format.Parse(raw, message)
    except (orjson.JSONDecodeError, UnicodeDecodeError) as error:
        raise errors.invalid_argument(f"The request body is not JSON: {error}.", field="body") from None
    except json_format.ParseError as error:
        raise errors.invalid_argument(f"The request body is malformed: {error}.", field="body") from None
    return message


def int_argument(name: str) -> int | None:
    value = request.args.get(name)
    if value is None or value == "":
        return None
    if not value.isdigit() or len(value) > 10:
        raise errors.invalid_argument(
            f"Query parameter '{name}' must be a version (0 or more); got {value!r}.", field=name
        )
    return int(value)


def request_token() -> str | None:
    return bearer_token(request.headers.get("Authorization"))


def wants_stream() -> bool:
    follow = request.args.get("follow", "").lower()
    if follow in ("1", "true", "yes"):
        return True
    if follow in ("", "0", "false", "no"):
        return "text/event-stream" in request.headers.get("Accept", "") and follow == ""
    raise errors.invalid_argument(f"Query parameter 'follow' must be true or false; got {follow!r}.", field="follow")


def create_app(service: GameService) -> Flask:
    app = Flask("cardengine")
    app.json.sort_keys = False  # type: ignore[attr-defined]

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
        fields = {"route": request.path, "status": failure.status.grpc_name, "code": failure.code}
        if request.view_args and "game_id" in request.view_args:
            fields["game_id"] = request.view_args["game_id"]
        if failure.status is errors.Status.INTERNAL:
            log.error("request failed", exc_info=error, extra=fields)
        else:
            log.info("request rejected", extra=fields)
        return error_response(failure)

    @app.get("/healthz")
    def healthz() -> Response:
        return Response(b'{"status":"ok"}', mimetype=JSON)

    @app.get("/readyz")
    def readyz() -> Response:
        if service.is_ready():
            return Response(b'{"status":"ready"}', mimetype=JSON)
        return error_response(errors.store_unavailable(errors.StoreUnavailableError("no answer to ping")))

    @app.get("/openapi.json")
    def openapi() -> Response:
        return Response(orjson.dumps(openapi_document()), mimetype=JSON)

    @app.get("/v1/game-types")
    def list_game_types() -> Response:
        entries = service.list_game_types()
        return json_response(pb.ListGameTypesResponse(game_types=[convert.game_type_message(e) for e in entries]))

    @app.post("/v1/games")
    def create_game() -> Response:
        body = parse_body(pb.CreateGameRequest())
        created = service.create_game(
            body.game_type,
            body.players,
            body.seed if body.HasField("seed") else None,
            convert.dict_of(body.options),
        )
        response = json_response(convert.created_message(created), status=201)
        response.headers["Location"] = f"/v1/games/{created.game_id}"
        return response

    @app.get("/v1/games/<game_id>")
    def get_game(game_id: str) -> Response:
        return json_response(convert.game_message(service.get_game(game_id, request_token())))

    @app.get("/v1/games/<game_id>/moves")
    def list_legal_moves(game_id: str) -> Response:
        return json_response(convert.legal_moves_message(service.legal_moves(game_id, request_token())))

    @app.post("/v1/games/<game_id>/moves")
    def apply_move(game_id: str) -> Response:
        body = parse_body(pb.ApplyMoveRequest())
        result = service.apply_move(
            game_id,
            request_token(),
            body.move,
            body.expected_version if body.HasField("expected_version") else None,
            body.idempotency_key or None,
        )
        return json_response(convert.move_result_message(result))

    @app.get("/v1/games/<game_id>/score")
    def get_score(game_id: str) -> Response:
        return json_response(convert.score_message(service.score(game_id, request_token())))

    @app.get("/v1/games/<game_id>/events")
    def get_events(game_id: str) -> Response:
        after = int_argument("after")
        token = request_token()
        if not wants_stream():
            return json_response(convert.event_log_message(service.events(game_id, token, after)))
        last_event_id = request.headers.get("Last-Event-ID", "")
        if after is None and last_event_id.isdigit():
            after = int(last_event_id)
        updates = service.watch(game_id, token, after)
        first = next(updates, StopIteration)  # errors (unknown game, bad token) surface before the stream starts
        return Response(
            event_stream(first, updates),
            mimetype="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )

    return app


def event_stream(first: Any, updates: Iterator[Any]) -> Iterator[bytes]:
    """Server-Sent Events: ``event: version`` per version, a comment as heartbeat when idle, ``event: end`` last.
    ``first`` is the first item of ``updates`` already taken (or StopIteration)."""
    yield b"retry: 1000\n\n"
    idle_since = time.monotonic()
    try:
        for update in _chain(first, updates):
            if update is None:
                if time.monotonic() - idle_since >= HEARTBEAT_SECONDS:
                    idle_since = time.monotonic()
                    yield b": heartbeat\n\n"
                continue
            idle_since = time.monotonic()
            data = convert.to_json(convert.update_message(update))
            yield b"id: %d\nevent: version\ndata: %s\n\n" % (update.version, data)
        yield b"event: end\ndata: {}\n\n"
    finally:
        close = getattr(updates, "close", None)
        if close is not None:
            close()


def _chain(first: Any, updates: Iterator[Any]) -> Iterator[Any]:
    if first is not StopIteration:
        yield first
    yield from updates
