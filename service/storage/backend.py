"""A whole store from a backend that writes only the core: ``with_defaults(core, **parts)``.

A new backend writes ``StoreCore`` (service/storage/protocols.py: the games, their log and the compare-and-set, 9
methods). Each optional group it also writes is used as it is; the others take these defaults:

- ``load_for_update``: ``load`` (no local copy);
- ``confirm_durable``: nothing to wait for (a commit acknowledged is as durable as the backend makes it);
- ``watching`` / ``wait_for_version``: woken at once by commits made through this store, and by polling ``load``
  every ``POLL_SECONDS`` for commits of other processes;
- stream tickets, turn clocks, and the parts ``bots``, ``limits``, ``keys``, ``lifecycle``, ``lobby``, ``leases`` not
  given: in this process's memory (service/storage/memory_parts.py, bot_queue.py, memory_lifecycle.py,
  memory_lobby.py, memory_leases.py, as ``MemoryStore`` keeps them).

The memory defaults are seen by this process alone: with them a backend serves one replica (one ``cardengine
serve`` process, no bot-worker process). To share a backend between replicas, write those parts for it too (as
service/storage/redis_parts.py, redis_bot_queue.py, redis_lifecycle.py do for Redis) and pass them here.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager

from service.storage.bot_queue import MemoryBotQueue
from service.storage.memory_leases import MemoryLeases
from service.storage.memory_lifecycle import MemoryLifecycle
from service.storage.memory_lobby import MemoryLobby
from service.storage.memory_matchmaking import MemoryMatchmaking
from service.storage.memory_parts import MemoryClocks, MemoryKeyStore, MemoryLimits, MemoryTickets
from service.storage.memory_tournaments import MemoryTournaments
from service.storage.memory_webhooks import MemoryWebhooks
from service.storage.protocols import (
    BotQueue,
    ClockStore,
    CommitOutcome,
    Committed,
    ConfirmsDurable,
    KeepsTickets,
    KeyStore,
    LeaseStore,
    LifecycleStore,
    LimitStore,
    LoadsForUpdate,
    LobbyStore,
    MatchmakingStore,
    StoreCore,
    StoredGame,
    TournamentStore,
    Watches,
    WebhookStore,
)
from service.storage.store import VersionWaiters

POLL_SECONDS = 0.05  # how soon a watcher sees another process's commit without a backend's own wake-ups


class DefaultedStore:
    """A ``GameStore`` of ``core``: its own methods where it writes them, the module's defaults elsewhere."""

    def __init__(
        self,
        core: StoreCore,
        *,
        bots: BotQueue | None = None,
        limits: LimitStore | None = None,
        keys: KeyStore | None = None,
        lifecycle: LifecycleStore | None = None,
        lobby: LobbyStore | None = None,
        tournaments: TournamentStore | None = None,
        leases: LeaseStore | None = None,
        webhooks: WebhookStore | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.core = core
        self._updates: LoadsForUpdate | None = core if isinstance(core, LoadsForUpdate) else None
        self._durable: ConfirmsDurable | None = core if isinstance(core, ConfirmsDurable) else None
        self._watches: Watches | None = core if isinstance(core, Watches) else None
        self._own_tickets = isinstance(core, KeepsTickets)  # else kept here, for games the core still has
        self._tickets: KeepsTickets = core if isinstance(core, KeepsTickets) else MemoryTickets(clock)
        self._clocks: ClockStore = core if isinstance(core, ClockStore) else MemoryClocks()
        self._waiters = VersionWaiters()
        self.bots: BotQueue = bots if bots is not None else MemoryBotQueue()
        self.limits: LimitStore = limits if limits is not None else MemoryLimits(self._are_live, clock)
        self.keys: KeyStore = keys if keys is not None else MemoryKeyStore()
        self.lifecycle: LifecycleStore = lifecycle if lifecycle is not None else MemoryLifecycle(clock)
        self.lobby: LobbyStore = lobby if lobby is not None else MemoryLobby()
        self.tournaments: TournamentStore = tournaments if tournaments is not None else MemoryTournaments()
        self.leases: LeaseStore = leases if leases is not None else MemoryLeases(clock)
        self.webhooks: WebhookStore = webhooks if webhooks is not None else MemoryWebhooks()
        self.matchmaking: MatchmakingStore = MemoryMatchmaking(clock)  # one process: see the module docstring

    # ----- the core ---------------------------------------------------------------------------------------------
    def create(self, game: StoredGame, first_entry: bytes) -> None:
        self.core.create(game, first_entry)

    def load(self, game_id: str) -> StoredGame | None:
        return self.core.load(game_id)

    def commit(
        self,
        game: StoredGame,
        expected_version: int,
        entry: bytes,
        idempotency: tuple[str, bytes] | None = None,
        expected_commit_id: str | None = None,
    ) -> CommitOutcome:
        outcome = self.core.commit(game, expected_version, entry, idempotency, expected_commit_id)
        if isinstance(outcome, Committed):
            self._waiters.notify(game.game_id, game.version)
        return outcome

    def withdraw(self, game: StoredGame) -> None:
        self.core.withdraw(game)

    def delete(self, game_id: str) -> bool:
        found = self.core.delete(game_id)
        if isinstance(self._clocks, MemoryClocks):
            self._clocks.forget(game_id)
        if isinstance(self._tickets, MemoryTickets):
            self._tickets.forget(game_id)
        if isinstance(self.lifecycle, MemoryLifecycle):
            self.lifecycle.forget_game(game_id)
        if isinstance(self.lobby, MemoryLobby):
            self.lobby.forget_game(game_id)
        return found

    def log(self, game_id: str, after_version: int, limit: int | None = None) -> list[bytes]:
        return self.core.log(game_id, after_version, limit)

    def idempotent_result(self, game_id: str, key: str) -> bytes | None:
        return self.core.idempotent_result(game_id, key)

    def ping(self) -> None:
        self.core.ping()

    def close(self) -> None:
        self._waiters.wake_all()
        if isinstance(self.lifecycle, MemoryLifecycle):
            self.lifecycle.wake_all()
        self.core.close()

    # ----- the optional groups ----------------------------------------------------------------------------------
    def load_for_update(self, game_id: str, expected_version: int) -> StoredGame | None:
        if self._updates is not None:
            return self._updates.load_for_update(game_id, expected_version)
        return self.core.load(game_id)

    def confirm_durable(self, game_id: str) -> None:
        if self._durable is not None:
            self._durable.confirm_durable(game_id)

    def watching(self, game_id: str) -> AbstractContextManager[None]:
        if self._watches is not None:
            return self._watches.watching(game_id)
        return self._waiters.watching(game_id)

    def wait_for_version(self, game_id: str, version: int, timeout: float) -> bool:
        if self._watches is not None:
            return self._watches.wait_for_version(game_id, version, timeout)
        deadline = time.monotonic() + timeout
        while True:
            stored = self.core.load(game_id)
            if stored is not None and stored.version > version:
                return True
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            self._waiters.wait(game_id, version, min(left, POLL_SECONDS))

    def put_ticket(self, game_id: str, ticket_hash: str, seat: int, ttl_seconds: float) -> None:
        if self._own_tickets or self.core.load(game_id) is not None:  # a gone game keeps no ticket
            self._tickets.put_ticket(game_id, ticket_hash, seat, ttl_seconds)

    def ticket_seat(self, game_id: str, ticket_hash: str) -> int | None:
        seat = self._tickets.ticket_seat(game_id, ticket_hash)
        if seat is None or self._own_tickets:
            return seat
        return seat if self.core.load(game_id) is not None else None

    def save_clock(self, game_id: str, record: bytes | None, due_ms: int | None) -> None:
        self._clocks.save_clock(game_id, record, due_ms)

    def load_clock(self, game_id: str) -> bytes | None:
        return self._clocks.load_clock(game_id)

    def due_clocks(self, now_ms: int, limit: int) -> list[tuple[str, int]]:
        return self._clocks.due_clocks(now_ms, limit)

    def move_clock(self, game_id: str, expected_ms: int, new_ms: int | None) -> bool:
        return self._clocks.move_clock(game_id, expected_ms, new_ms)

    def _are_live(self, game_ids: Sequence[str]) -> list[bool]:
        """Whether each game is stored and unfinished (the live-game places of the default ``limits``)."""
        found = [self.core.load(game_id) for game_id in game_ids]
        return [game is not None and not game.finished for game in found]


def with_defaults(
    core: StoreCore,
    *,
    bots: BotQueue | None = None,
    limits: LimitStore | None = None,
    keys: KeyStore | None = None,
    lifecycle: LifecycleStore | None = None,
    lobby: LobbyStore | None = None,
    tournaments: TournamentStore | None = None,
    leases: LeaseStore | None = None,
    webhooks: WebhookStore | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> DefaultedStore:
    """The whole store (a ``GameStore``) of a backend that writes ``core`` and the parts given."""
    return DefaultedStore(
        core,
        bots=bots,
        limits=limits,
        keys=keys,
        lifecycle=lifecycle,
        lobby=lobby,
        tournaments=tournaments,
        leases=leases,
        webhooks=webhooks,
        clock=clock,
    )
