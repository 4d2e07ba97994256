"""The REST routes of ratings (service/ratings/), declared in ``RATING_ROUTES`` like the others
(``service.edges.rest_routes``): ``GET /v1/ratings/{gameType}/{player}`` (GetRating) and
``GET /v1/leaderboards/{gameType}`` (ListLeaderboard)."""

from __future__ import annotations

import orjson

from service.core.errors import Status
from service.edges import convert_ratings as convert
from service.edges.http import Response, request
from service.edges.openapi_parts import GAME_TYPE, Route, query_parameter, responses
from service.edges.rest_lifecycle import OPTIONAL_API_KEY, caller_key
from service.edges.rest_requests import check_query, int_argument, json_answer, rest_context
from service.ratings import boards
from service.ratings.ratings import ratings_for

PLAYER = {
    "name": "player",
    "in": "path",
    "required": True,
    "description": "One of the calling API key's player ids (SeatConfig.player), or @key for the key itself.",
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_.:@-]{1,64}$"},
}


def get_rating(game_type: str, player: str) -> Response:
    check_query()
    ratings = ratings_for(rest_context().service)
    rating = boards.player_rating(ratings.store, caller_key(), game_type, player)
    return json_answer(orjson.dumps(convert.player_rating_json(rating)))


def list_leaderboard(game_type: str) -> Response:
    check_query(frozenset({"pageSize", "pageToken"}))
    context = rest_context()
    page = boards.leaderboard(
        ratings_for(context.service).store,
        dict if context.gate is None else context.gate.keys.names,
        caller_key(),
        game_type,
        int_argument("pageSize", f"a number of entries (0 to {boards.MAX_PAGE})") or 0,
        request.args.get("pageToken", ""),
    )
    return json_answer(orjson.dumps(convert.leaderboard_json(page)))


RATING_ROUTES = (
    Route(
        method="GET",
        path="/v1/ratings/{gameType}/{player}",
        operation_id="GetRating",
        summary="The rating of one of the calling API key's players in a game type (a new player's default, 1200, "
        'until a rated game of it finished): rating (mu rounded), mu, sigma, games. docs/api.md "Ratings". '
        "404 game/unknown; 400 seats/invalid_player.",
        view=get_rating,
        parameters=(GAME_TYPE, PLAYER),
        security=OPTIONAL_API_KEY,
        responses=responses(
            200, "PlayerRating", "The player's rating.", Status.INVALID_ARGUMENT, Status.NOT_FOUND, Status.UNAVAILABLE
        ),
    ),
    Route(
        method="GET",
        path="/v1/leaderboards/{gameType}",
        operation_id="ListLeaderboard",
        summary="A game type's leaderboard, highest mu first, one page at a time: the calling API key's players, "
        "every API key playing itself (player @key, with the key's name) and the server's rated bots (random and "
        'the levels, at their ladder ratings); never another key\'s players. docs/api.md "Ratings".',
        view=list_leaderboard,
        parameters=(
            GAME_TYPE,
            query_parameter(
                "pageSize",
                "Most entries per page (0 or absent: 50).",
                {"type": "integer", "minimum": 0, "maximum": boards.MAX_PAGE},
            ),
            query_parameter(
                "pageToken",
                "nextPageToken of the previous page (opaque).",
                {"type": "string", "pattern": boards.PAGE_TOKEN_PATTERN.pattern},
            ),
        ),
        security=OPTIONAL_API_KEY,
        responses=responses(
            200,
            "ListLeaderboardResponse",
            "A page of the leaderboard.",
            Status.INVALID_ARGUMENT,
            Status.NOT_FOUND,
            Status.UNAVAILABLE,
        ),
    ),
)
