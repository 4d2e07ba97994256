"""The REST routes of a game's lifecycle (service/core/lifecycle.py) and of the per-key event stream
(service/core/key_events.py), declared in ``LIFECYCLE_ROUTES`` like the others (``service.edges.rest_routes``).

``GET /v1/key-events`` answers one page of the key's events as JSON, or with ``follow=true`` (or ``Accept:
text/event-stream``) Server-Sent Events: ``retry:`` first, one ``key_event`` event per event (``id:`` the event's id,
data: a KeyEvent as JSON), a comment as heartbeat while idle. ``Last-Event-ID`` (or ``cursor``) resumes after an
event's id; without either the stream starts now (a ``game_in_progress`` per live game of the key first).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import orjson
from cardengine.v1 import game_engine_pb2 as pb

from service.core.errors import Status
from service.core.key_events import KeyEvents
from service.core.records import KeyEvent
from service.edges import convert
from service.edges.http import Response, g, request
from service.edges.openapi_parts import GAME_ID, Route, json_content, query_parameter, ref, responses
from service.edges.rest_requests import (
    check_query,
    int_argument,
    json_answer,
    parse_body,
    request_token,
    rest_context,
    wants_stream,
)

API_KEY: list[dict[str, list[str]]] = [{"apiKey": []}]
SEAT_OR_API_KEY: list[dict[str, list[str]]] = [{"seatToken": []}, {"apiKey": []}]
OPTIONAL_API_KEY: list[dict[str, list[str]]] = [{}, {"apiKey": []}]
LIST_QUERY = frozenset({"state", "pageSize", "pageToken"})
KEY_EVENTS_QUERY = frozenset({"cursor", "follow"})


def caller_key() -> str | None:
    """The API key id the gate admitted this request with (None: no key, or a server without keys)."""
    caller = g.get("caller")
    return None if caller is None else caller.key_id


def resign_seat(game_id: str) -> Response:
    check_query()
    body = parse_body(pb.ResignSeatRequest(), path_fields=("game_id",))
    result = rest_context().service.lifecycle.resign(game_id, request_token(), body.reason)
    return json_answer(orjson.dumps(convert.resign_json(result)))


def end_game(game_id: str) -> Response:
    check_query()
    parse_body(pb.EndGameRequest(), path_fields=("game_id",))
    result = rest_context().service.lifecycle.end_game(game_id, caller_key())
    return json_answer(orjson.dumps(convert.end_json(result)))


def delete_game(game_id: str) -> Response:
    check_query()
    rest_context().service.lifecycle.delete_game(game_id, caller_key())
    return json_answer(orjson.dumps({"gameId": game_id}))


def list_games() -> Response:
    check_query(LIST_QUERY)
    page_size = int_argument("pageSize", "a number of games (0 to 200)")
    games = rest_context().service.lifecycle.list_games(
        caller_key(), request.args.get("state", ""), page_size or 0, request.args.get("pageToken", "")
    )
    return json_answer(orjson.dumps(convert.game_list_json(games)))


def redeem_invitation(game_id: str) -> Response:
    check_query()
    body = parse_body(pb.RedeemInvitationRequest(), path_fields=("game_id",))
    redeemed = rest_context().service.lifecycle.redeem(game_id, body.code, caller_key())
    return json_answer(orjson.dumps(convert.redeemed_json(redeemed, game_id)))


def rematch(game_id: str) -> Response:
    check_query()
    parse_body(pb.RematchRequest(), path_fields=("game_id",))
    created = rest_context().service.lifecycle.rematch(game_id, request_token(), caller_key())
    response = json_answer(orjson.dumps(convert.created_json(created)), status=201)
    response.headers["Location"] = f"/v1/games/{created.game_id}"
    return response


def key_events() -> Response:
    check_query(KEY_EVENTS_QUERY)
    cursor = request.headers.get("Last-Event-ID", "").strip() or request.args.get("cursor", "")
    service = rest_context().service
    if not wants_stream():
        found, next_cursor = service.key_events.page(caller_key(), cursor)
        events = [convert.key_event_json(event) for event in found]
        return json_answer(orjson.dumps({"events": events, "nextCursor": next_cursor}))
    return follow_key_events(service.key_events, caller_key(), cursor)


def follow_key_events(events: KeyEvents, key_id: str | None, cursor: str) -> Response:
    context = rest_context()
    found, after = events.page(key_id, cursor)  # a bad cursor or a missing key fails here, before the stream starts
    assert key_id is not None
    release = context.streams.acquire(f"key:{key_id}", request.remote_addr or "")
    follow = events.follow(key_id, after, request.connected)
    response = Response(
        key_event_stream(found, follow, context.heartbeat_seconds, context.retry_milliseconds),
        content_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )
    response.call_on_close(follow.close)
    response.call_on_close(release)
    return response


def key_event_stream(
    first: list[KeyEvent], follow: Iterator[KeyEvent | None], heartbeat_seconds: float, retry_milliseconds: int
) -> Iterator[bytes]:
    yield b"retry: %d\n\n" % retry_milliseconds
    idle_since = time.monotonic()
    for event in first:
        yield sse_event(event)
    for item in follow:
        if item is None:
            if time.monotonic() - idle_since >= heartbeat_seconds:
                idle_since = time.monotonic()
                yield b": heartbeat\n\n"
            continue
        idle_since = time.monotonic()
        yield sse_event(item)


def sse_event(event: KeyEvent) -> bytes:
    data = orjson.dumps(convert.key_event_json(event))
    return b"event: key_event\nid: %s\ndata: %s\n\n" % (event.event_id.encode("ascii"), data)


def body_schema(name: str) -> dict[str, Any]:
    return {"required": False, "content": json_content(ref(name))}


LIFECYCLE_ROUTES = (
    Route(
        method="POST",
        path="/v1/games/{gameId}/resign",
        operation_id="ResignSeat",
        summary="The caller's seat resigns (reason 'resigned', the default) or leaves ('left'): a public event "
        "'forfeited', and the match ends with every other seat winning (docs/rules/<game>.md, 'Lifecycle'). Body "
        'optional: {"reason": "left"}.',
        view=resign_seat,
        parameters=(GAME_ID,),
        security=[{"seatToken": []}],
        responses=responses(
            200,
            "ResignSeatResponse",
            "The version that ended the match, the caller's view and the event.",
            Status.INVALID_ARGUMENT,
            Status.UNAUTHENTICATED,
            Status.NOT_FOUND,
            Status.FAILED_PRECONDITION,
            Status.UNAVAILABLE,
        ),
    ),
    Route(
        method="POST",
        path="/v1/games/{gameId}/end",
        operation_id="EndGame",
        summary="The API key that created the game ends it: a public event 'ended'; finished, no winner.",
        view=end_game,
        parameters=(GAME_ID,),
        security=API_KEY,
        responses=responses(
            200,
            "EndGameResponse",
            "The version that ended the match and the public view.",
            Status.UNAUTHENTICATED,
            Status.PERMISSION_DENIED,
            Status.NOT_FOUND,
            Status.FAILED_PRECONDITION,
            Status.UNAVAILABLE,
        ),
    ),
    Route(
        method="DELETE",
        path="/v1/games/{gameId}",
        operation_id="DeleteGame",
        summary="The API key that created the game deletes it with all kept of it: 404 game/not_found afterwards.",
        view=delete_game,
        parameters=(GAME_ID,),
        security=API_KEY,
        responses=responses(
            200,
            "DeleteGameResponse",
            "The id of the game deleted.",
            Status.UNAUTHENTICATED,
            Status.PERMISSION_DENIED,
            Status.NOT_FOUND,
            Status.UNAVAILABLE,
        ),
    ),
    Route(
        method="GET",
        path="/v1/games",
        operation_id="ListGames",
        summary="The games the caller's API key created or joined, newest first, by state, one page at a time.",
        view=list_games,
        parameters=(
            query_parameter(
                "state", "live, finished, or absent for both.", {"type": "string", "enum": ["live", "finished"]}
            ),
            query_parameter(
                "pageSize", "Most games per page (0 or absent: 50).", {"type": "integer", "minimum": 0, "maximum": 200}
            ),
            query_parameter("pageToken", "nextPageToken of the previous page (opaque).", {"type": "string"}),
        ),
        security=API_KEY,
        responses=responses(
            200,
            "ListGamesResponse",
            "A page of games.",
            Status.INVALID_ARGUMENT,
            Status.UNAUTHENTICATED,
            Status.UNAVAILABLE,
        ),
    ),
    Route(
        method="POST",
        path="/v1/games/{gameId}/invitations/redeem",
        operation_id="RedeemInvitation",
        summary="Redeems an invitation code of CreateGame (once) for its seat's token; with an API key, the key "
        "joins the game (ListGames, key events).",
        view=redeem_invitation,
        parameters=(GAME_ID,),
        security=OPTIONAL_API_KEY,
        request_body="RedeemInvitationBody",
        responses=responses(
            200,
            "RedeemInvitationResponse",
            "The seat's token (shown only here) and the seat's view.",
            Status.INVALID_ARGUMENT,
            Status.NOT_FOUND,
            Status.UNAVAILABLE,
        ),
    ),
    Route(
        method="POST",
        path="/v1/games/{gameId}/rematch",
        operation_id="Rematch",
        summary="A new match from a finished one (same seats, options and clock; a new seed), the same for every "
        "caller: the creating API key gets every token, a seat's token holder its own seat's token.",
        view=rematch,
        parameters=(GAME_ID,),
        security=SEAT_OR_API_KEY,
        responses=responses(
            201,
            "CreateGameResponse",
            "The new game.",
            Status.UNAUTHENTICATED,
            Status.PERMISSION_DENIED,
            Status.NOT_FOUND,
            Status.FAILED_PRECONDITION,
            Status.RESOURCE_EXHAUSTED,
            Status.UNAVAILABLE,
        ),
    ),
    Route(
        method="GET",
        path="/v1/key-events",
        operation_id="WatchKeyEvents",
        summary="The caller's API key's events (game_created, game_joined, your_turn, game_finished): without a "
        "cursor from now, a game_in_progress per live game of the key first; after a cursor ('0': every event kept) "
        "the events since. A JSON page, or with follow=true (or Accept: text/event-stream) Server-Sent Events "
        "'key_event' (id: the event's id; Last-Event-ID resumes).",
        view=key_events,
        parameters=(
            query_parameter(
                "cursor",
                "Resume after this event id; '0': from the oldest event kept; absent: start now, with one "
                "game_in_progress event per live game of the key.",
                {"type": "string"},
            ),
            query_parameter("follow", "Stream live as Server-Sent Events.", {"type": "boolean"}),
        ),
        security=API_KEY,
        responses={
            **responses(
                200,
                "KeyEvent",
                "The events.",
                Status.INVALID_ARGUMENT,
                Status.UNAUTHENTICATED,
                Status.RESOURCE_EXHAUSTED,
                Status.UNAVAILABLE,
            ),
            "200": {
                "description": "A page {events: [KeyEvent], nextCursor} (JSON), or Server-Sent Events of KeyEvent.",
                "content": {**json_content(ref("KeyEventsPage")), "text/event-stream": {"schema": {"type": "string"}}},
            },
        },
    ),
)
