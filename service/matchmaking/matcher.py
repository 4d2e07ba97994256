"""The matcher: every server process runs one; the one holding the store's lease ``matchmaker`` makes the matches.

Each tick the holder (1) completes the matches a former holder claimed and did not complete (it died mid-match),
(2) expires the tickets that waited ``MAX_WAIT_SECONDS``, (3) makes the matches of the waiting tickets
(service/matchmaking/matching.py). Making a match is three steps, each safe to run again:

1. claim: one compare-and-set of the store turns every ticket of the group from ``waiting`` into ``matching`` with
   its place (game id, seat) and keeps the match's plan as pending; a ticket cancelled meanwhile fails the claim
   and nothing changes (the others wait on);
2. create the game: a keyed create whose request id is derived from the tickets (matching.match_id), so its game
   id, seed and seat tokens are the same each time it runs; a create that finds its game stored answers it;
3. tell each ticket's key (``match_found`` on its stream, the game listed among its games) and complete: the
   tickets become ``matched`` and the plan leaves the pending ones.

A holder killed between 1 and 3 leaves the plan pending; whoever holds the lease next runs 2 and 3 again. A ticket is
thus in one game at most (the claim), and never lost (the plan). A key may hear ``match_found`` twice when a holder
died between telling it and completing. Replicas must share the server secret (``--secret``), as keyed creates do.
The lease's time-to-live is a few ticks; a holder renews it before each claim and stops its tick when it lost it.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import uuid
from collections.abc import Sequence
from typing import Any

import orjson

from service.core import errors
from service.core.creation import Creation
from service.core.lifecycle import ROLE_JOINED, now_ms, owned_record
from service.core.periodic import Periodic
from service.core.records import SeatSpec
from service.matchmaking import matching
from service.matchmaking.ratings import nearest_level
from service.matchmaking.tickets import EXPIRED, KEPT_SECONDS, MAX_WAIT_SECONDS, Place
from service.storage.protocols import GameStore

log = logging.getLogger("cardengine.matchmaking")

LEASE = "matchmaker"
MATCH_TICK_SECONDS = 0.5
MATCH_LEASE_SECONDS = 5.0
MAX_WAITING = 2000  # tickets read per tick at most (oldest first)
MATCH_FOUND = "match_found"
MATCH_REQUEST_PREFIX = "match:"


def holder_name() -> str:
    """This process's name as a lease holder: host, process id and a random part."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


class Matcher:
    """The matching loop of one process over ``creation``'s store (see the module's docstring)."""

    def __init__(
        self,
        creation: Creation,
        *,
        tick_seconds: float = MATCH_TICK_SECONDS,
        lease_seconds: float = MATCH_LEASE_SECONDS,
    ) -> None:
        if not 0 < tick_seconds < lease_seconds:
            raise ValueError(f"the matcher's tick ({tick_seconds} s) must be positive and below its lease's time")
        self.creation = creation
        self.store: GameStore = creation.games.store
        self.tick_seconds = tick_seconds
        self.lease_seconds = lease_seconds
        self.holder = holder_name()
        self.term = 0
        self.matches = 0  # matches this process completed (for operators and tests)
        self._loop = Periodic("matcher", tick_seconds, self.tick, log, "matching")

    def start(self) -> Matcher:
        self._loop.start()
        return self

    def stop(self) -> None:
        """Stops the loop and frees the lease, so that another replica takes over at once."""
        self._loop.stop()
        if self.term:
            with contextlib.suppress(errors.StoreUnavailableError):  # else it expires by itself
                self.store.leases.release(LEASE, self.holder, self.term)

    def tick(self) -> int:
        """One round if this process holds (or takes) the lease: the matches it made."""
        self.term = self.store.leases.acquire(LEASE, self.holder, self.lease_seconds)
        if not self.term:
            return 0
        for match_id, plan in self.store.matchmaking.pending_matches():
            self.complete(match_id, orjson.loads(plan))
        now = now_ms()
        waiting = matching.waiting_of(self.store.matchmaking.waiting_tickets(MAX_WAITING), now)
        for entry in waiting:
            if entry.waited_seconds >= MAX_WAIT_SECONDS:
                self.store.matchmaking.settle_ticket(entry.ticket.ticket_id, EXPIRED)
        made = 0
        for group in matching.groups([entry for entry in waiting if entry.waited_seconds < MAX_WAIT_SECONDS]):
            if self._loop.stopping or not self.store.leases.renew(LEASE, self.holder, self.term, self.lease_seconds):
                break
            made += self.make(group)
        return made

    def make(self, group: Sequence[matching.Waiting]) -> int:
        """Claims the group's tickets and completes the match; 0 when a ticket was no longer waiting."""
        ids = [entry.ticket.ticket_id for entry in group]
        match_id = matching.match_id(ids)
        plan = self.plan(match_id, group)
        places = {seat["t"]: Place(plan["gameId"], seat["s"], now_ms()).encode() for seat in plan["seats"]}
        if not self.store.matchmaking.claim_tickets(match_id, orjson.dumps(plan), places, KEPT_SECONDS):
            return 0
        self.complete(match_id, plan)
        return 1

    def plan(self, match_id: str, group: Sequence[matching.Waiting]) -> dict[str, Any]:
        """The match as stored while pending: the game to create, each ticket's seat and holder, the bots."""
        spec = group[0].spec
        request_id = MATCH_REQUEST_PREFIX + match_id
        game_id = self.creation.keyed_game_id(request_id, None)
        order = matching.seat_order(game_id, spec.players)
        ratings = [entry.spec.rating for entry in group]
        level = nearest_level(spec.game_type, sum(ratings) / len(ratings))
        return {
            "requestId": request_id,
            "gameId": game_id,
            "gameType": spec.game_type,
            "players": spec.players,
            "options": spec.options,
            "rated": spec.rated,
            "seats": [
                {"t": entry.ticket.ticket_id, "k": entry.ticket.owner, "p": entry.spec.player, "s": seat}
                for entry, seat in zip(group, order, strict=False)
            ],
            "bots": {str(seat): level for seat in order[len(group) :]},
        }

    def complete(self, match_id: str, plan: dict[str, Any]) -> None:
        """Steps 2 and 3 of a claimed match (again after a matcher died: the create finds its game)."""
        players = int(plan["players"])
        specs = [SeatSpec() for _ in range(players)]
        for seat in plan["seats"]:
            specs[seat["s"]] = SeatSpec(player=seat["p"], key=seat["k"])
        for seat, level in plan["bots"].items():
            specs[int(seat)] = SeatSpec(bot=level)
        created = self.creation.create_game(
            plan["gameType"], players, None, plan["options"], specs, request_id=plan["requestId"],
            hints=not plan["rated"], rated=bool(plan["rated"]),
        )  # fmt: skip
        self._tell(plan, created.version, created.game.to_act)
        self.store.matchmaking.complete_match(match_id, [seat["t"] for seat in plan["seats"]])
        self.matches += 1
        log.info(
            "match made", extra={"game_id": plan["gameId"], "people": len(plan["seats"]), "bots": len(plan["bots"])}
        )

    def _tell(self, plan: dict[str, Any], version: int, to_act: Sequence[int]) -> None:
        """Each ticket's key lists the game among its games and hears ``match_found`` (its seat; the token is
        added when the event is read, never stored)."""
        lifecycle = self.store.lifecycle
        for seat in plan["seats"]:
            if not seat["k"]:
                continue  # keys are off: the ticket tells the match
            lifecycle.index_game(seat["k"], plan["gameId"], now_ms(), owned_record(ROLE_JOINED, (seat["s"],)))
            event = {
                "kind": MATCH_FOUND, "gameId": plan["gameId"], "gameType": plan["gameType"], "version": version,
                "seats": [seat["s"]], "toAct": list(to_act), "ticketId": seat["t"],
            }  # fmt: skip
            lifecycle.append_key_event(seat["k"], orjson.dumps(event))
