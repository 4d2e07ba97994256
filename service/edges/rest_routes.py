"""The REST routes: one module-level function per route, each declared once in ``ROUTES`` with its method, path,
operation id, summary, parameters, body and answers. ``service.edges.rest.create_app`` registers them and
``service.edges.openapi`` writes the document from the same declarations.

Each route converts its request, calls the core (reached through ``rest_context()``) and writes the answer with the
JSON path of ``service.edges.convert``. Failures are raised and leave through the app's one error handler.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from typing import Any

import orjson
from cardengine.v1 import game_engine_pb2 as pb

from service.core import errors
from service.core.errors import Status
from service.core.game_service import GameService
from service.core.records import StreamTicket
from service.edges import convert, sse, telemetry
from service.edges.explorer import EXPLORER_ROUTES
from service.edges.http import Response, g, request
from service.edges.min_version import HEADER as MIN_VERSION_HEADER
from service.edges.min_version import parse_min_version
from service.edges.openapi_parts import (
    EVENTS_PARAMETERS,
    GAME_ID,
    GAME_TYPE,
    MIN_VERSION_PARAMETER,
    READ_FAILURES,
    SEAT,
    SEAT_OR_SPECTATOR,
    SEAT_TICKET_OR_SPECTATOR,
    SNAPSHOT_READ_FAILURES,
    SSE_DESCRIPTION,
    WEB_PATH,
    Route,
    error_response,
    idempotency_header,
    json_content,
    plain_response,
    ref,
    responses,
)
from service.edges.rest_hints import HINT_ROUTES
from service.edges.rest_lifecycle import LIFECYCLE_ROUTES
from service.edges.rest_lobby import LOBBY_ROUTES
from service.edges.rest_matchmaking import MATCHMAKING_ROUTES
from service.edges.rest_ratings import RATING_ROUTES
from service.edges.rest_requests import (
    ascii_number,
    check_query,
    error_answer,
    int_argument,
    json_answer,
    parse_body,
    request_token,
    rest_context,
    wants_stream,
)
from service.edges.rest_tournaments import TOURNAMENT_ROUTES
from service.edges.rest_webhooks import WEBHOOK_ROUTES
from service.edges.web_files import CONTENT_TYPES

MAX_EVENT_ID = 10**10 - 1  # Last-Event-ID: 1 to 10 ASCII digits (the OpenAPI pattern); beyond the last version: idle
EVENTS_QUERY = frozenset({"after", "follow", "ticket", "pageSize", "pageToken"})


def game_service() -> GameService:
    """The service of the app serving this request."""
    return rest_context().service


def healthz() -> Response:
    return json_answer(b'{"status":"ok"}')


def readyz() -> Response:
    problem = game_service().readiness()
    return json_answer(b'{"status":"ready"}') if problem is None else error_answer(problem)


def prometheus_metrics() -> Response:
    return Response(telemetry.exposition(game_service().store.bots), content_type=telemetry.content_type)


def web_index() -> Response:
    return rest_context().web.index()


def web_file(filename: str) -> Response:
    return rest_context().web.file(filename)


def catalog_body(service: GameService) -> tuple[bytes, str]:
    """The body of ``GET /v1/game-types`` and its ETag. The app makes it once (``RestContext.catalog_body``): the
    catalog is fixed for the life of the process, and its JSON (every game with its cards and schemas, about
    190 KB) is large to build."""
    catalog = service.catalog
    # Keys sorted: some schemas are built from sets, whose order differs between processes, and one body (one ETag)
    # on every worker and replica lets If-None-Match hit wherever the request lands.
    body = orjson.dumps(
        convert.catalog_json(catalog.list_game_types(), catalog.bot_kinds()), option=orjson.OPT_SORT_KEYS
    )
    return body, hashlib.sha256(body).hexdigest()[:32]


def list_game_types() -> Response:
    """Answered with an ETag: a conditional request gets 304 and no body (``Cache-Control: no-cache`` has browsers
    revalidate, so a deploy with new rules is seen at once)."""
    check_query()
    body, etag = rest_context().catalog_body()
    response = json_answer(body)
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    response.make_conditional()
    return response


def game_schemas(game_type: str) -> Response:
    check_query()
    return json_answer(orjson.dumps(game_service().catalog.game_schemas(game_type)))


def create_game() -> Response:
    check_query()
    body = parse_body(pb.CreateGameRequest())
    header_id = request.headers.get("Idempotency-Key", "")
    if header_id and body.request_id and header_id != body.request_id:
        raise errors.invalid_argument(
            "The Idempotency-Key header and the body's requestId differ; send one key.", field="requestId"
        )
    created = game_service().creation.create_game(
        body.game_type,
        body.players,
        body.seed if body.HasField("seed") else None,
        convert.dict_of(body.options),
        convert.seat_specs(body.seats),
        request_id=body.request_id or header_id or None,
        creator=g.caller.key_id if g.get("caller") else None,
        clock=convert.clock_of(body),
        invite_seats=tuple(body.invite_seats),
        hints=body.hints if body.HasField("hints") else True,
        rated=body.rated,
        rating_range=(body.min_rating, body.max_rating),
    )
    response = json_answer(orjson.dumps(convert.created_json(created)), status=201)
    response.headers["Location"] = f"/v1/games/{created.game_id}"
    return response


def get_game(game_id: str) -> Response:
    check_query()
    seen = parse_min_version(request.headers.get(MIN_VERSION_HEADER))
    return json_answer(orjson.dumps(convert.game_json(game_service().reads.get_game(game_id, request_token(), seen))))


def list_legal_moves(game_id: str) -> Response:
    check_query()
    return json_answer(
        orjson.dumps(
            convert.legal_moves_json(
                game_service().reads.legal_moves(
                    game_id, request_token(), parse_min_version(request.headers.get(MIN_VERSION_HEADER))
                )
            )
        )
    )


def apply_move(game_id: str) -> Response:
    check_query()
    body = parse_body(pb.ApplyMoveRequest(), path_fields=("game_id",), grpc_only=("view_json",))
    header_key = request.headers.get("Idempotency-Key", "")
    if header_key and body.idempotency_key and header_key != body.idempotency_key:
        game_service().reads.seat_of(game_id, request_token(), "ApplyMove")  # who may not move hears that first
        raise errors.invalid_argument(
            "The Idempotency-Key header and the body's idempotencyKey differ; send one key.", field="idempotencyKey"
        )
    result = game_service().moves.apply_move(
        game_id,
        request_token(),
        body.move,
        body.expected_version if body.HasField("expected_version") else None,
        body.idempotency_key or header_key or None,
        omit_view=body.omit_view,
        structured=convert.structured_move_of(body),
    )
    return json_answer(orjson.dumps(convert.move_result_json(result)))


def get_score(game_id: str) -> Response:
    check_query()
    return json_answer(orjson.dumps(convert.score_json(game_service().reads.score(game_id, request_token()))))


def get_record(game_id: str) -> Response:
    check_query()  # public once the match is over: no token needed (docs/fairness.md)
    return json_answer(orjson.dumps(game_service().reads.record(game_id)))


def ticket_json(ticket: StreamTicket) -> dict[str, Any]:
    expires_at = datetime.fromtimestamp(ticket.expires_at, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
    return {
        "ticket": ticket.ticket,
        "gameId": ticket.game_id,
        "seat": ticket.seat,
        "expiresIn": ticket.expires_in,
        "expiresAt": expires_at,
    }


def create_stream_ticket(game_id: str) -> Response:
    check_query()
    ticket = game_service().streams.create_stream_ticket(game_id, request_token())
    response = json_answer(orjson.dumps(ticket_json(ticket)), status=201)
    response.headers["Cache-Control"] = "no-store"
    return response


def get_events(game_id: str) -> Response:
    check_query(EVENTS_QUERY)
    after = int_argument("after")
    if wants_stream():
        return follow_events(game_id, after)
    page_size = int_argument("pageSize", "a number of events (0 to 1000)")
    page = game_service().streams.events(
        game_id,
        request_token(),
        after,
        ticket=request.args.get("ticket"),
        page_size=page_size or 0,
        page_token=request.args.get("pageToken", ""),
    )
    return json_answer(orjson.dumps(convert.event_log_json(page)))


def follow_events(game_id: str, after: int | None) -> Response:
    """The events as Server-Sent Events (``service.edges.sse``), resumed after ``Last-Event-ID`` when sent."""
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
    context = rest_context()
    release = context.streams.acquire(game_id, request.remote_addr or "")
    try:
        watch = context.service.streams.watch
        updates = watch(game_id, request_token(), after, request.connected, ticket=request.args.get("ticket"))
        first = sse.prime(updates)  # errors (unknown game, bad token or ticket) surface before the stream starts
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
        sse.event_stream(first, updates, context.heartbeat_seconds, context.retry_milliseconds),
        content_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )
    response.call_on_close(updates.close)  # also when the stream is closed before its first byte
    response.call_on_close(release)
    return response


GAME_ROUTES = (
    Route(
        method="GET",
        path="/v1/game-types",
        operation_id="ListGameTypes",
        summary="The catalog of game types: accepted player counts (playerCounts, exactly: Dracula [2, 4]), options, "
        "move kinds; and the kinds of bot a seat can be given (botKinds). Made once per server: answered with an ETag "
        "and Cache-Control no-cache (If-None-Match with that tag: 304).",
        view=list_game_types,
        responses={
            **responses(200, "ListGameTypesResponse", "The catalog."),
            "304": {"description": "Not modified: the If-None-Match tag is the catalog's ETag (no body)."},
        },
    ),
    Route(
        method="GET",
        path="/v1/game-types/{gameType}/schemas",
        operation_id="GetGameTypeSchemas",
        summary="The JSON Schemas (draft 2020-12) of one game type's content, as in GameType.schemas: view "
        "(Game.view), moveArgs (Move.args per move kind), events (Event.data with kind, seat and text, per event "
        "kind), score (the Score with the game's details), defs.",
        view=game_schemas,
        gated_as="ListGameTypes",
        parameters=(GAME_TYPE,),
        responses={
            "200": {"description": "The schemas.", "content": json_content(ref("GameSchemas"))},
            "404": error_response(Status.NOT_FOUND, "NOT_FOUND: no such game type."),
            "500": error_response(Status.INTERNAL),
        },
    ),
    Route(
        method="POST",
        path="/v1/games",
        operation_id="CreateGame",
        summary="Starts a match; returns its id, version 0 and one secret token per seat (shown once).",
        view=create_game,
        parameters=(
            idempotency_header(
                "The request id as a header, instead of the body's requestId (both: they must be equal): a retry "
                "with the same id and parameters returns the same game and seat tokens."
            ),
        ),
        request_body="CreateGameRequest",
        responses=responses(
            201,
            "CreateGameResponse",
            "The new game.",
            Status.INVALID_ARGUMENT,
            Status.PAYLOAD_TOO_LARGE,
            Status.UNAVAILABLE,
        ),
    ),
    Route(
        method="GET",
        path="/v1/games/{gameId}",
        operation_id="GetGame",
        summary="The caller's view of a match (no token: the public spectator view).",
        view=get_game,
        parameters=(GAME_ID, MIN_VERSION_PARAMETER),
        security=SEAT_OR_SPECTATOR,
        responses=responses(200, "Game", "The caller's view.", *SNAPSHOT_READ_FAILURES),
    ),
    Route(
        method="GET",
        path="/v1/games/{gameId}/moves",
        operation_id="ListLegalMoves",
        summary="The caller seat's legal moves now.",
        view=list_legal_moves,
        parameters=(GAME_ID, MIN_VERSION_PARAMETER),
        security=SEAT,
        responses=responses(200, "ListLegalMovesResponse", "The legal moves.", *SNAPSHOT_READ_FAILURES),
    ),
    Route(
        method="POST",
        path="/v1/games/{gameId}/moves",
        operation_id="ApplyMove",
        summary="Plays one move for the caller's seat at the expected version.",
        view=apply_move,
        parameters=(
            GAME_ID,
            idempotency_header(
                "The idempotency key as a header, instead of the body's idempotencyKey (both: they must be equal)."
            ),
        ),
        security=SEAT,
        request_body="ApplyMoveBody",
        responses=responses(
            200,
            "ApplyMoveResponse",
            "The new version, the caller's view and its events.",
            Status.INVALID_ARGUMENT,
            Status.PAYLOAD_TOO_LARGE,
            Status.UNAUTHENTICATED,
            Status.PERMISSION_DENIED,
            Status.NOT_FOUND,
            Status.ABORTED,
            Status.FAILED_PRECONDITION,
            Status.UNAVAILABLE,
        ),
    ),
    Route(
        method="GET",
        path="/v1/games/{gameId}/score",
        operation_id="GetScore",
        summary="Totals per seat, rounds, finished flag, winners.",
        view=get_score,
        parameters=(GAME_ID,),
        security=SEAT_OR_SPECTATOR,
        responses=responses(200, "Score", "The score sheet.", *SNAPSHOT_READ_FAILURES),
    ),
    Route(
        method="GET",
        path="/v1/games/{gameId}/record",
        operation_id="GetGameRecord",
        summary="The public record of a finished match, for `cardengine verify --file` (docs/fairness.md): creation "
        "parameters, seed commitment with the revealed seed and salt, the move log, every public event and the "
        "score. Anyone may read it (no token); 422 game/not_finished before the end.",
        view=get_record,
        parameters=(GAME_ID,),
        responses=responses(
            200,
            "GameRecord",
            "The record.",
            Status.INVALID_ARGUMENT,
            Status.NOT_FOUND,
            Status.FAILED_PRECONDITION,
            Status.UNAVAILABLE,
        ),
    ),
    Route(
        method="POST",
        path="/v1/games/{gameId}/stream-tickets",
        operation_id="CreateStreamTicket",
        summary="A short-lived ticket of the caller's seat for this game's event stream, for a URL (EventSource "
        "cannot send Authorization): GET /v1/games/{gameId}/events?follow=true&ticket=... It is valid for this game "
        "and this seat only, for expiresIn seconds (STREAM_TICKET_SECONDS, default 60), reusable until then (an "
        "EventSource reconnects with the same URL); it is checked when a stream starts, so an open stream outlives "
        "it. Never the seat token itself.",
        view=create_stream_ticket,
        parameters=(GAME_ID,),
        security=SEAT,
        responses=responses(
            201,
            "StreamTicket",
            "The ticket.",
            Status.INVALID_ARGUMENT,
            Status.UNAUTHENTICATED,
            Status.NOT_FOUND,
            Status.UNAVAILABLE,
        ),
    ),
    Route(
        method="GET",
        path="/v1/games/{gameId}/events",
        operation_id="GetEvents",
        summary="The caller's redacted events after a version, one page at a time; with follow=true (or Accept: "
        "text/event-stream) a Server-Sent Events stream of WatchGameResponse, one per version.",
        description=SSE_DESCRIPTION,
        view=get_events,
        parameters=EVENTS_PARAMETERS,
        security=SEAT_TICKET_OR_SPECTATOR,
        responses={
            **responses(200, "GetEventsResponse", "The events.", *READ_FAILURES, Status.RESOURCE_EXHAUSTED),
            "200": {
                "description": "The events (JSON), or a Server-Sent Events stream of WatchGameResponse.",
                "content": {
                    **json_content(ref("GetEventsResponse")),
                    "text/event-stream": {"schema": {"type": "string"}},
                },
            },
        },
    ),
)
SERVER_ROUTES = (
    Route(
        method="GET",
        path="/healthz",
        operation_id="Healthz",
        summary="Liveness: the process answers.",
        view=healthz,
        responses={"200": plain_response("Alive.")},
    ),
    Route(
        method="GET",
        path="/readyz",
        operation_id="Readyz",
        summary="Readiness: the store answers.",
        view=readyz,
        responses={
            "200": plain_response("Ready."),
            "503": error_response(Status.UNAVAILABLE, "The store does not answer."),
        },
    ),
    Route(
        method="GET",
        path="/metrics",
        operation_id="Metrics",
        summary="Prometheus metrics in the text exposition format (docs/operations.md: Metrics).",
        view=prometheus_metrics,
        responses={
            "200": plain_response("Every series of this server (of all its workers under --workers).", "text/plain")
        },
    ),
    Route(
        method="GET",
        path="/",
        operation_id="WebTable",
        summary="The web table (clients/web/index.html), a single-page frontend on this API; Cache-Control: no-cache. "
        "404 (code web/not_installed) when the server has no web table.",
        view=web_index,
        responses={
            "200": plain_response("index.html.", "text/html"),
            "404": error_response(Status.NOT_FOUND, "No web table installed."),
        },
    ),
    Route(
        method="GET",
        path="/{path}",
        operation_id="WebFile",
        summary="A file of the web table under its path (content type by extension, ETag, Cache-Control max-age 300; "
        "HTML no-cache). No directory listing, no hidden files, nothing outside clients/web/; paths under /v1/ are "
        "the API's.",
        view=web_file,
        parameters=(WEB_PATH,),
        responses={
            "200": {
                "description": "The file.",
                "content": {
                    media.split(";")[0]: {"schema": {"type": "string"}}
                    for media in sorted({*CONTENT_TYPES.values(), "application/octet-stream"})
                },
            },
            "404": error_response(Status.NOT_FOUND, "No such file."),
        },
    ),
)
# The explorer's files (/docs/{path}) before the web table's (/{path}).
ROUTES = (
    GAME_ROUTES
    + HINT_ROUTES
    + LIFECYCLE_ROUTES
    + LOBBY_ROUTES
    + MATCHMAKING_ROUTES
    + RATING_ROUTES
    + TOURNAMENT_ROUTES
    + WEBHOOK_ROUTES
    + EXPLORER_ROUTES
    + SERVER_ROUTES
)
