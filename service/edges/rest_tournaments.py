"""The REST routes of tournaments (service/tournaments/), declared in ``TOURNAMENT_ROUTES`` like the others
(``service.edges.rest_routes``): ``POST /v1/tournaments`` (CreateTournament), ``GET /v1/tournaments``
(ListTournaments), ``GET /v1/tournaments/{tournamentId}`` (GetTournament) and ``POST
/v1/tournaments/{tournamentId}/entries`` (EnterTournament)."""

from __future__ import annotations

from typing import Any

import orjson
from cardengine.v1 import game_engine_pb2 as pb

from service.core.errors import Status
from service.edges import tournament_answers
from service.edges.http import Response, request
from service.edges.openapi_parts import Route, query_parameter, responses
from service.edges.rest_lifecycle import OPTIONAL_API_KEY, caller_key
from service.edges.rest_requests import check_query, int_argument, json_answer, parse_body, rest_context
from service.tournaments.tournaments import MAX_PAGE, PAGE_TOKEN_PATTERN, Tournaments

TOURNAMENT_ID = {
    "name": "tournamentId",
    "in": "path",
    "required": True,
    "description": "The tournament's id, as CreateTournament returned it.",
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
}


def tournaments() -> Tournaments:
    return Tournaments(rest_context().service)


def answer(tournament: Any) -> Response:
    return json_answer(orjson.dumps(tournament_answers.tournament_json(tournament)))


def create_tournament() -> Response:
    check_query()
    spec = tournament_answers.spec_of(parse_body(pb.CreateTournamentRequest()))
    return answer(tournaments().create(caller_key(), spec))


def enter_tournament(tournament_id: str) -> Response:
    check_query()
    return answer(tournaments().enter(caller_key(), tournament_id))


def get_tournament(tournament_id: str) -> Response:
    check_query()
    return answer(tournaments().get(tournament_id))


def list_tournaments() -> Response:
    check_query(frozenset({"pageSize", "pageToken"}))
    page = tournaments().list(
        caller_key(),
        int_argument("pageSize", f"a number of tournaments (0 to {MAX_PAGE})") or 0,
        request.args.get("pageToken", ""),
    )
    return json_answer(orjson.dumps(tournament_answers.tournaments_json(page)))


FAILURES = (Status.INVALID_ARGUMENT, Status.UNAUTHENTICATED, Status.UNAVAILABLE)
TOURNAMENT_ROUTES = (
    Route(
        method="POST",
        path="/v1/tournaments",
        operation_id="CreateTournament",
        summary="Creates a tournament for bots: a round robin or Swiss tournament of entrant API keys (by key id) and "
        "server bot levels in games of one type, with duplicate deals and turn clocks (a seat out of time forfeits "
        "its game). Needs an API key: the creating key is entered when it names itself; every other named key "
        'enters with POST /v1/tournaments/{tournamentId}/entries. docs/api.md "Tournaments".',
        view=create_tournament,
        security=OPTIONAL_API_KEY,
        request_body="CreateTournamentRequest",
        responses=responses(200, "Tournament", "The tournament created.", *FAILURES),
    ),
    Route(
        method="GET",
        path="/v1/tournaments",
        operation_id="ListTournaments",
        summary="The calling API key's tournaments (those it created or is named in), newest first, one page at a "
        "time.",
        view=list_tournaments,
        parameters=(
            query_parameter(
                "pageSize",
                f"Most tournaments per page (0 or absent: 20; at most {MAX_PAGE}).",
                {"type": "integer", "minimum": 0, "maximum": MAX_PAGE},
            ),
            query_parameter(
                "pageToken",
                "nextPageToken of the previous page (opaque).",
                {"type": "string", "pattern": PAGE_TOKEN_PATTERN.pattern},
            ),
        ),
        security=OPTIONAL_API_KEY,
        responses=responses(200, "ListTournamentsResponse", "A page of tournaments.", *FAILURES),
    ),
    Route(
        method="GET",
        path="/v1/tournaments/{tournamentId}",
        operation_id="GetTournament",
        summary="A tournament: its state, rounds, games and standings (win rate and score difference with 95% "
        "confidence intervals, as the arena computes them). Never a seat token.",
        view=get_tournament,
        parameters=(TOURNAMENT_ID,),
        security=OPTIONAL_API_KEY,
        responses=responses(200, "Tournament", "The tournament.", Status.NOT_FOUND, *FAILURES),
    ),
    Route(
        method="POST",
        path="/v1/tournaments/{tournamentId}/entries",
        operation_id="EnterTournament",
        summary="The calling API key enters a tournament that names it (again: nothing changes); the first round "
        "starts once every named key entered. 403 tournament/not_entrant for a key not named.",
        view=enter_tournament,
        parameters=(TOURNAMENT_ID,),
        security=OPTIONAL_API_KEY,
        responses=responses(
            200, "Tournament", "The tournament.", Status.NOT_FOUND, Status.PERMISSION_DENIED, *FAILURES
        ),
    ),
)
