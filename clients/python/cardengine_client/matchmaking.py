"""Quick match (docs/api.md "Quick match"): the calls that create, read and cancel a ticket (``MatchmakingCalls``,
part of ``GameEngineClient``) and the ticket's value.

A matched ticket also comes on the key's stream as a ``match_found`` event (``KeyEvent.ticket_id``, its seat in
``seats``, the seat's token in ``KeyEvent.token``); ``cardengine_client.bot.serve`` keeps the token and plays the
seat. ``get_ticket`` keeps a matched seat's token too (``seat_tokens``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from google.protobuf import json_format

from cardengine_client._proto import game_engine_pb2 as pb
from cardengine_client._proto import game_engine_pb2_grpc as pb_grpc

WAITING, MATCHING, MATCHED, CANCELLED, EXPIRED = "waiting", "matching", "matched", "cancelled", "expired"


@dataclass(frozen=True, slots=True)
class Ticket:
    """A quick-match ticket as its key sees it; once ``matched``: the game, the seat and the seat's token."""

    ticket_id: str
    state: str  # "waiting", "matching", "matched", "cancelled", "expired"
    game_type: str
    players: int
    options: dict[str, Any]
    rated: bool
    player: str
    rating: int  # the player's rating when the ticket was made
    min_rating: int  # the acceptable range now (widened while waiting; 0: no bound)
    max_rating: int
    rating_range_growth: int  # points a second
    bot_fill_after_seconds: float  # 0: never
    created_at: float  # milliseconds since the Unix epoch
    waited_seconds: float
    game_id: str = ""
    seat: int | None = None
    token: str = ""
    matched_at: float = 0.0  # milliseconds since the Unix epoch


def ticket_of(message: pb.Ticket) -> Ticket:
    return Ticket(
        message.ticket_id, message.state, message.game_type, message.players,
        json_format.MessageToDict(message.options), message.rated, message.player, message.rating,
        message.min_rating, message.max_rating, message.rating_range_growth, message.bot_fill_after_seconds,
        message.created_at, message.waited_seconds, message.game_id,
        message.seat if message.HasField("seat") else None, message.token, message.matched_at,
    )  # fmt: skip


class MatchmakingCalls:
    """CreateTicket, GetTicket, CancelTicket: a ticket belongs to the client's API key."""

    _stub: pb_grpc.GameEngineStub
    _call: Callable[..., Any]
    _tokens: dict[str, dict[int, str]]  # the client's seat tokens by game and seat
    _joined: threading.Condition

    def create_ticket(
        self,
        game_type: str,
        players: int = 0,
        options: Mapping[str, Any] | None = None,
        *,
        rated: bool = False,
        player: str = "",
        min_rating: int = 0,
        max_rating: int = 0,
        rating_range_growth: int = 0,
        bot_fill_after_seconds: float = 0.0,
    ) -> Ticket:
        """A waiting ticket for ``player`` (an id of the key's own users; "": the key itself): matched with the
        tickets that ask for the same game and whose rating ranges overlap its range (widened by
        ``rating_range_growth`` points a second); after ``bot_fill_after_seconds`` (0: never) server bots fill
        the seats nobody took."""
        request = pb.CreateTicketRequest(
            game_type=game_type, players=players, rated=rated, player=player, min_rating=min_rating,
            max_rating=max_rating, rating_range_growth=rating_range_growth,
            bot_fill_after_seconds=bot_fill_after_seconds,
        )  # fmt: skip
        request.options.update(dict(options or {}))
        return ticket_of(self._call(self._stub.CreateTicket, request))

    def get_ticket(self, ticket_id: str) -> Ticket:
        """The ticket now (a matched one's seat token kept in ``seat_tokens``); NOT_FOUND ``ticket/not_found`` for
        another key's."""
        ticket = ticket_of(self._call(self._stub.GetTicket, pb.GetTicketRequest(ticket_id=ticket_id)))
        if ticket.state == MATCHED and ticket.seat is not None:
            with self._joined:
                self._tokens.setdefault(ticket.game_id, {})[ticket.seat] = ticket.token
                self._joined.notify_all()
        return ticket

    def cancel_ticket(self, ticket_id: str) -> Ticket:
        """Cancels a waiting ticket (again: answers it cancelled); FAILED_PRECONDITION ``ticket/not_waiting`` once
        it is matched."""
        return ticket_of(self._call(self._stub.CancelTicket, pb.CancelTicketRequest(ticket_id=ticket_id)))

    def wait_for_match(self, ticket_id: str, timeout: float = 60.0, poll_seconds: float = 0.25) -> Ticket:
        """Reads the ticket until it is no longer waiting (matched, cancelled or expired) or ``timeout`` seconds
        passed; the ticket as last read. The key's stream tells the match too (``match_found``), without polling."""
        deadline = time.monotonic() + timeout
        while True:
            ticket = self.get_ticket(ticket_id)
            if ticket.state not in (WAITING, MATCHING) or time.monotonic() >= deadline:
                return ticket
            time.sleep(poll_seconds)
