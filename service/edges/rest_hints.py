"""The REST routes of the strongest search's answers for a seat (engine/bots/hints.py), declared in ``HINT_ROUTES``
like the others (``service.edges.rest_routes``): ``GET /v1/games/{gameId}/hints`` (SuggestMoves) and
``GET /v1/games/{gameId}/review`` (ReviewMatch). Both are searches: computed only if the gate's hint rate admits
the caller."""

from __future__ import annotations

from functools import partial

import orjson

from engine.bots.hints import DEFAULT_HINT_COUNT, MAX_HINT_COUNT
from service.access.limits import Caller
from service.core.errors import Status
from service.core.review import DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE
from service.edges import convert
from service.edges.http import Response, g, request
from service.edges.openapi_parts import GAME_ID, HINT_COUNT, SEAT, Route, query_parameter, responses
from service.edges.rest_requests import check_query, int_argument, json_answer, request_token, rest_context

HINT_QUERY = frozenset({"count"})
REVIEW_QUERY = frozenset({"pageSize", "pageToken"})


def suggest_moves(game_id: str) -> Response:
    """Hints (service/core/hints.py); a search is computed only if the gate's hint rate admits the caller."""
    check_query(HINT_QUERY)
    count = int_argument("count", f"a number of moves (1 to {MAX_HINT_COUNT}; 0: {DEFAULT_HINT_COUNT})") or 0
    answer = rest_context().service.hints.suggest(game_id, request_token(), count, hint_admission())
    return json_answer(orjson.dumps(convert.hints_json(answer)))


def review_match(game_id: str) -> Response:
    """Review after the match (service/core/review.py); computed only if the gate's hint rate admits the caller."""
    check_query(REVIEW_QUERY)
    answer = rest_context().service.reviews.review(
        game_id,
        request_token(),
        hint_admission(),
        page_size=int_argument("pageSize", f"a number of decisions (0 to {MAX_PAGE_SIZE})") or 0,
        page_token=request.args.get("pageToken", ""),
    )
    return json_answer(orjson.dumps(convert.review_json(answer)))


def hint_admission() -> partial[None] | None:
    """The gate's hint rate for this request's caller (its API key, else its address); None without a gate."""
    gate, caller = rest_context().gate, g.get("caller")
    if gate is None:
        return None
    return partial(gate.admit_hint, caller if caller is not None else Caller(request.remote_addr))


REVIEW_PAGE_SIZE = query_parameter(
    "pageSize",
    f"Most decisions per page (each is a search): 0 or absent {DEFAULT_PAGE_SIZE}, at most {MAX_PAGE_SIZE}.",
    {"type": "integer", "minimum": 0, "maximum": MAX_PAGE_SIZE},
)
REVIEW_PAGE_TOKEN = query_parameter(
    "pageToken", "nextPageToken of the previous page, to review the next decisions.", {"type": "string"}
)

HINT_ROUTES = (
    Route(
        method="GET",
        path="/v1/games/{gameId}/hints",
        operation_id="SuggestMoves",
        summary="Hints: the caller seat's best few legal moves now, best first, each with the search's estimate, "
        'from what the seat may know only (docs/api.md "Hints"). The same answer for the same game, version, seat '
        "and count. 422 hints/disabled in a game created with hints off, 422 game/finished, 403 move/not_your_turn "
        "for a seat with no decision to make, 429 limit/hint_rate past the hint rate of the key or address.",
        view=suggest_moves,
        parameters=(GAME_ID, HINT_COUNT),
        security=SEAT,
        responses=responses(
            200,
            "SuggestMovesResponse",
            "The suggestions.",
            Status.INVALID_ARGUMENT,
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
        path="/v1/games/{gameId}/review",
        operation_id="ReviewMatch",
        summary="Review after the match: each decision of the caller's seat in a finished match, with the move the "
        "strongest search preferred there (the hint of that version) and the estimated cost of the move made, from "
        "what the seat knew then only, a page of decisions at a time (read on while nextPageToken is set; "
        'docs/api.md "Review after the match"). 422 game/not_finished while the match is played, 429 '
        "limit/hint_rate past the hint rate of the key or address (a page computed counts as one hint).",
        view=review_match,
        parameters=(GAME_ID, REVIEW_PAGE_SIZE, REVIEW_PAGE_TOKEN),
        security=SEAT,
        responses=responses(
            200,
            "ReviewMatchResponse",
            "The review.",
            Status.INVALID_ARGUMENT,
            Status.UNAUTHENTICATED,
            Status.NOT_FOUND,
            Status.FAILED_PRECONDITION,
            Status.RESOURCE_EXHAUSTED,
            Status.UNAVAILABLE,
        ),
    ),
)
