"""The answer of quick match's calls (CreateTicket, GetTicket, CancelTicket): the core's ``MatchTicket``
(service/matchmaking/tickets.py) as a ``Ticket``, declared once (``convert_table.Table``) for gRPC and REST; and the
request's fields as the core's arguments."""

from __future__ import annotations

from typing import Any

from cardengine.v1 import game_engine_pb2 as pb

from service.edges.convert import dict_of
from service.edges.convert_table import Table

TICKET_FIELDS = (
    "ticket_id state game_type players options rated player rating min_rating max_rating rating_range_growth "
    "bot_fill_after_seconds created_at waited_seconds game_id seat token matched_at"
)
TICKET = Table(pb.Ticket, TICKET_FIELDS)
ticket_message, ticket_json = TICKET.message, TICKET.json


def ticket_arguments(request: pb.CreateTicketRequest) -> dict[str, Any]:
    """CreateTicketRequest as the keyword arguments of ``Tickets.create`` (after the key)."""
    return {
        "game_type": request.game_type,
        "players": request.players,
        "options": dict_of(request.options),
        "rated": request.rated,
        "player": request.player,
        "rating_range": (request.min_rating, request.max_rating),
        "rating_range_growth": request.rating_range_growth,
        "bot_fill_after_seconds": request.bot_fill_after_seconds,
    }
