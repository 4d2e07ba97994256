"""The REST routes of the lobby (service/core/lobby.py), declared in ``LOBBY_ROUTES`` like the others
(``service.edges.rest_routes``): ``GET /v1/lobby`` (ListOpenGames) and ``POST /v1/games/{gameId}/join``
(JoinGame)."""

from __future__ import annotations

import orjson
from cardengine.v1 import game_engine_pb2 as pb

import engine
from service.core import errors
from service.core.errors import Status
from service.core.lobby import MAX_PAGE, PAGE_TOKEN_PATTERN
from service.core.seating import MAX_RATING
from service.edges import convert
from service.edges.http import Response, request
from service.edges.openapi_parts import GAME_ID, Route, query_parameter, responses
from service.edges.rest_lifecycle import OPTIONAL_API_KEY, caller_key
from service.edges.rest_requests import check_query, int_argument, json_answer, parse_body, rest_context

LOBBY_QUERY = frozenset({"gameType", "players", "rated", "minRating", "maxRating", "pageSize", "pageToken"})


def rated_argument() -> bool | None:
    """The ``rated`` query parameter: true, false, or absent (both)."""
    value = request.args.get("rated", "")
    if value in ("", "true", "false"):
        return None if value == "" else value == "true"
    raise errors.invalid_argument(
        f"rated must be true or false (absent: both); got {errors.quote(value)}.", field="rated"
    )


def list_open_games() -> Response:
    check_query(LOBBY_QUERY)
    games = rest_context().service.lobby.list_open_games(
        request.args.get("gameType", ""),
        int_argument("players", "a number of players (0: any)") or 0,
        rated_argument(),
        (
            int_argument("minRating", f"a rating (0 to {MAX_RATING})") or 0,
            int_argument("maxRating", f"a rating (0 to {MAX_RATING})") or 0,
        ),
        int_argument("pageSize", f"a number of games (0 to {MAX_PAGE})") or 0,
        request.args.get("pageToken", ""),
    )
    return json_answer(orjson.dumps(convert.open_games_json(games)))


def join_game(game_id: str) -> Response:
    check_query()
    body = parse_body(pb.JoinGameRequest(), path_fields=("game_id",))
    seat = body.seat if body.HasField("seat") else None
    joined = rest_context().service.lobby.join(game_id, caller_key(), body.player, seat, body.name)
    return json_answer(orjson.dumps(convert.joined_json(joined)))


LOBBY_ROUTES = (
    Route(
        method="GET",
        path="/v1/lobby",
        operation_id="ListOpenGames",
        summary="The lobby: games with an open seat, the longest waiting first, one page at a time; filters: game "
        "type, players, rated, a rating range (games whose declared range overlaps it; a game without one matches "
        'every range). docs/api.md "Lobby".',
        view=list_open_games,
        parameters=(
            query_parameter(
                "gameType",
                "Only games of this type; absent: every type.",
                {"type": "string", "enum": [game.id for game in engine.all_games()]},
            ),
            query_parameter(
                "players",
                "Only games of this number of players (0 or absent: any).",
                {"type": "integer", "minimum": 0, "maximum": 1000},
            ),
            query_parameter("rated", "Only rated (true) or unrated (false) games; absent: both.", {"type": "boolean"}),
            query_parameter(
                "minRating",
                "The low end of a rating range (0 or absent: none).",
                {"type": "integer", "minimum": 0, "maximum": MAX_RATING},
            ),
            query_parameter(
                "maxRating",
                "The high end of a rating range (0 or absent: none; below minRating: no game matches).",
                {"type": "integer", "minimum": 0, "maximum": MAX_RATING},
            ),
            query_parameter(
                "pageSize",
                "Most games per page (0 or absent: 50).",
                {"type": "integer", "minimum": 0, "maximum": MAX_PAGE},
            ),
            query_parameter(
                "pageToken",
                "nextPageToken of the previous page (opaque).",
                {"type": "string", "pattern": PAGE_TOKEN_PATTERN.pattern},
            ),
        ),
        security=OPTIONAL_API_KEY,
        responses=responses(
            200, "ListOpenGamesResponse", "A page of open games.", Status.INVALID_ARGUMENT, Status.UNAVAILABLE
        ),
    ),
    Route(
        method="POST",
        path="/v1/games/{gameId}/join",
        operation_id="JoinGame",
        summary="Takes an open seat of the game (body seat; absent: the lowest open one) for the calling API key and "
        "player (body player) and answers the seat's token, shown only here. Of several joins racing for the last "
        "seat exactly one wins; the others get 422 seat/taken. 422 game/finished, 422 seat/player_seated (the "
        "key's player holds a seat of the game already).",
        view=join_game,
        parameters=(GAME_ID,),
        security=OPTIONAL_API_KEY,
        request_body="JoinGameBody",
        responses=responses(
            200,
            "JoinGameResponse",
            "The seat's token (shown only here) and the seat's view.",
            Status.INVALID_ARGUMENT,
            Status.UNAUTHENTICATED,
            Status.NOT_FOUND,
            Status.FAILED_PRECONDITION,
            Status.UNAVAILABLE,
        ),
    ),
)
