"""The REST routes of quick match (service/matchmaking/), declared in ``MATCHMAKING_ROUTES`` like the others
(``service.edges.rest_routes``): ``POST /v1/matchmaking/tickets`` (CreateTicket), ``GET`` and ``DELETE
/v1/matchmaking/tickets/{ticketId}`` (GetTicket, CancelTicket)."""

from __future__ import annotations

from typing import Any

import orjson
from cardengine.v1 import game_engine_pb2 as pb

import engine
from service.core.errors import Status
from service.core.seating import MAX_RATING, PLAYER_PATTERN
from service.edges.convert_matchmaking import ticket_arguments, ticket_json
from service.edges.http import Response
from service.edges.openapi_parts import Route, responses
from service.edges.rest_lifecycle import OPTIONAL_API_KEY, caller_key
from service.edges.rest_requests import check_query, json_answer, parse_body, rest_context
from service.matchmaking.tickets import MAX_FILL_SECONDS, MAX_GROWTH, MatchTicket, Tickets

TICKET_ID = {
    "name": "ticketId",
    "in": "path",
    "required": True,
    "description": "The ticket's id, as CreateTicket returned it.",
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
}


def tickets() -> Tickets:
    service = rest_context().service
    return Tickets(service.store, service.creation.keyed_token)


def answer(ticket: MatchTicket) -> Response:
    return json_answer(orjson.dumps(ticket_json(ticket)))


def create_ticket() -> Response:
    check_query()
    return answer(tickets().create(caller_key(), **ticket_arguments(parse_body(pb.CreateTicketRequest()))))


def get_ticket(ticket_id: str) -> Response:
    check_query()
    return answer(tickets().get(caller_key(), ticket_id))


def cancel_ticket(ticket_id: str) -> Response:
    check_query()
    return answer(tickets().cancel(caller_key(), ticket_id))


MATCHMAKING_ROUTES = (
    Route(
        method="POST",
        path="/v1/matchmaking/tickets",
        operation_id="CreateTicket",
        summary="Quick match: a ticket for a game of a type, number of players, options and rated or not, for the "
        "calling API key and one of its players, with an acceptable rating range that widens while it waits "
        "(ratingRangeGrowth points a second) and a time after which server bots fill the empty seats "
        "(botFillAfterSeconds; 0: never). Tickets that agree are matched into one game; each ticket's key hears "
        'match_found (with its seat\'s token) on its key stream. docs/api.md "Quick match".',
        view=create_ticket,
        security=OPTIONAL_API_KEY,
        request_body="CreateTicketRequest",
        responses=responses(
            200, "Ticket", "The ticket, waiting.", Status.INVALID_ARGUMENT, Status.UNAUTHENTICATED, Status.UNAVAILABLE
        ),
    ),
    Route(
        method="GET",
        path="/v1/matchmaking/tickets/{ticketId}",
        operation_id="GetTicket",
        summary="A ticket of the calling API key: its state, its rating range now and, once matched, the game, the "
        "seat and the seat's token. 404 ticket/not_found for an unknown ticket or another key's.",
        view=get_ticket,
        parameters=(TICKET_ID,),
        security=OPTIONAL_API_KEY,
        responses=responses(200, "Ticket", "The ticket.", Status.UNAUTHENTICATED, Status.NOT_FOUND, Status.UNAVAILABLE),
    ),
    Route(
        method="DELETE",
        path="/v1/matchmaking/tickets/{ticketId}",
        operation_id="CancelTicket",
        summary="Cancels a waiting ticket of the calling API key. 422 ticket/not_waiting once it is matched (or being "
        "matched), cancelled or expired; 404 ticket/not_found for an unknown ticket or another key's.",
        view=cancel_ticket,
        parameters=(TICKET_ID,),
        security=OPTIONAL_API_KEY,
        responses=responses(
            200,
            "Ticket",
            "The ticket, cancelled.",
            Status.UNAUTHENTICATED,
            Status.NOT_FOUND,
            Status.FAILED_PRECONDITION,
            Status.UNAVAILABLE,
        ),
    ),
)


def describe_ticket_request(schema: dict[str, Any]) -> None:
    """CreateTicketRequest's schema with the bounds the core checks (the OpenAPI document, service/edges/openapi.py)."""
    fields = schema["properties"]
    fields["gameType"]["enum"] = [game.id for game in engine.all_games()]
    fields["player"]["pattern"] = PLAYER_PATTERN.pattern.replace("{1,64}", "{0,64}")
    fields["players"]["minimum"] = 0
    for name in ("minRating", "maxRating"):
        fields[name].update(minimum=0, maximum=MAX_RATING)
    fields["ratingRangeGrowth"].update(minimum=0, maximum=MAX_GROWTH)
    fields["botFillAfterSeconds"].update(minimum=0, maximum=MAX_FILL_SECONDS)
