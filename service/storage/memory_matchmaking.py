"""The in-memory store's matchmaking part (``MemoryStore.matchmaking``): the tickets of quick match in one process's
dicts, with the meaning of the Redis one (service/storage/redis_matchmaking.py); the protocol is
``MatchmakingStore`` in service/storage/protocols.py, the use cases service/matchmaking/."""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable, Mapping, Sequence

from service.storage.protocols import TICKET_WAITING, StoredTicket


class MemoryMatchmaking:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._tickets: dict[str, tuple[StoredTicket, float]] = {}  # id -> (ticket, expires at)
        self._pending: dict[str, bytes] = {}  # match id -> plan

    def _live(self, ticket_id: str) -> StoredTicket | None:
        found = self._tickets.get(ticket_id)
        if found is None:
            return None
        if found[1] <= self._clock():
            del self._tickets[ticket_id]
            return None
        return found[0]

    def put_ticket(self, ticket: StoredTicket, ttl_seconds: float) -> None:
        with self._lock:
            self._tickets[ticket.ticket_id] = (ticket, self._clock() + ttl_seconds)

    def ticket(self, ticket_id: str) -> StoredTicket | None:
        with self._lock:
            return self._live(ticket_id)

    def waiting_tickets(self, limit: int) -> list[StoredTicket]:
        with self._lock:
            found = [self._live(ticket_id) for ticket_id in list(self._tickets)]
        waiting = [ticket for ticket in found if ticket is not None and ticket.state == TICKET_WAITING]
        return sorted(waiting, key=lambda ticket: (ticket.created_ms, ticket.ticket_id))[:limit]

    def settle_ticket(self, ticket_id: str, state: str) -> StoredTicket | None:
        with self._lock:
            ticket = self._live(ticket_id)
            if ticket is None or ticket.state != TICKET_WAITING:
                return ticket
            settled = dataclasses.replace(ticket, state=state)
            self._tickets[ticket_id] = (settled, self._tickets[ticket_id][1])
            return settled

    def claim_tickets(self, match_id: str, plan: bytes, places: Mapping[str, bytes], ttl_seconds: float) -> bool:
        with self._lock:
            found = [self._live(ticket_id) for ticket_id in places]
            if any(ticket is None or ticket.state != TICKET_WAITING for ticket in found):
                return False
            expires = self._clock() + ttl_seconds
            for ticket in found:
                assert ticket is not None
                claimed = dataclasses.replace(ticket, state="matching", place=places[ticket.ticket_id])
                self._tickets[ticket.ticket_id] = (claimed, expires)
            self._pending[match_id] = plan
            return True

    def pending_matches(self) -> list[tuple[str, bytes]]:
        with self._lock:
            return sorted(self._pending.items())

    def complete_match(self, match_id: str, ticket_ids: Sequence[str]) -> None:
        with self._lock:
            for ticket_id in ticket_ids:
                ticket = self._live(ticket_id)
                if ticket is not None and ticket.state == "matching":
                    expires = self._tickets[ticket_id][1]
                    self._tickets[ticket_id] = (dataclasses.replace(ticket, state="matched"), expires)
            self._pending.pop(match_id, None)
