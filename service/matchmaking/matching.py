"""Which waiting tickets make one game: pure functions of the waiting tickets and the time, so every matcher (of any
replica) would form the same groups from the same tickets.

Tickets share a game when they agree on the game (type, players, resolved options, rated: ``TicketSpec.pool``),
their rating ranges, each widened by its own wait, pairwise overlap, and no two are of the same holder (API key and
player: a player never meets itself). The oldest waiting ticket of a pool heads a group and takes the oldest
agreeing others in until the game is full. A full group is a match. A group whose head has waited its bot fill
time is a match too, of the head and the agreeing tickets that also accept bots (fill time not 0), the other seats
to bots. Otherwise the head keeps waiting and the next ticket heads a group of the rest.
"""

from __future__ import annotations

import base64
import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass

from service.core import seating
from service.matchmaking.tickets import TicketSpec
from service.storage.protocols import StoredTicket


@dataclass(frozen=True, slots=True)
class Waiting:
    """A waiting ticket with its request and how long it has waited."""

    ticket: StoredTicket
    spec: TicketSpec
    waited_seconds: float

    @property
    def holder(self) -> tuple[str, str]:
        return self.ticket.owner, self.spec.player

    @property
    def fill_due(self) -> bool:
        fill = self.spec.bot_fill_after_seconds
        return fill > 0 and self.waited_seconds >= fill

    def agrees_with(self, other: Waiting) -> bool:
        if self.holder == other.holder:
            return False
        return seating.ranges_overlap(
            self.spec.rating_range(self.waited_seconds), other.spec.rating_range(other.waited_seconds)
        )


def waiting_of(tickets: Sequence[StoredTicket], now_ms: int) -> list[Waiting]:
    return [
        Waiting(ticket, TicketSpec.decode(ticket.record), (now_ms - ticket.created_ms) / 1000) for ticket in tickets
    ]


def groups(waiting: Sequence[Waiting]) -> list[tuple[Waiting, ...]]:
    """The matches to make now, each a group of tickets (oldest first) of one pool; a group smaller than the game's
    players is to be filled with bots."""
    pools: dict[bytes, list[Waiting]] = {}
    for entry in sorted(waiting, key=lambda entry: (entry.ticket.created_ms, entry.ticket.ticket_id)):
        pools.setdefault(entry.spec.pool(), []).append(entry)
    found: list[tuple[Waiting, ...]] = []
    for remaining in pools.values():
        while remaining:
            head = remaining[0]
            candidates = [
                entry for entry in remaining[1:] if entry.spec.bot_fill_after_seconds > 0 or not head.fill_due
            ]
            group = [head]
            for entry in candidates:
                if len(group) == head.spec.players:
                    break
                if all(entry.agrees_with(member) for member in group):
                    group.append(entry)
            if len(group) == head.spec.players or head.fill_due:
                found.append(tuple(group))
                taken = {member.ticket.ticket_id for member in group}
                remaining = [entry for entry in remaining if entry.ticket.ticket_id not in taken]
            else:
                remaining = remaining[1:]
    return found


def match_id(ticket_ids: Sequence[str]) -> str:
    """The game id of a match: derived from its tickets, so making the match again (after a matcher died) finds the
    same game. 16 URL-safe characters beginning with a letter, like any game id."""
    digest = hashlib.sha256("\x00".join(sorted(ticket_ids)).encode("ascii")).digest()
    return "m" + base64.urlsafe_b64encode(digest).decode("ascii")[:15]


def seat_order(game_id: str, players: int) -> list[int]:
    """The seats in the order the group's tickets take them (the oldest ticket first, then bots): a shuffle seeded by
    the game id, so no ticket always deals first and the order is the same each time the match is made."""
    seats = list(range(players))
    random.Random(game_id).shuffle(seats)
    return seats
