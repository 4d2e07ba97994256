"""The in-memory store (``MemoryStore``): every protocol of service/storage/protocols.py in one process's memory.

The embedded default of ``cardengine serve`` without ``--redis-url``. Its games expire like Redis keys (their clocks
do not: a clock is removed when its match ends); its limits, keys and clocks are service/storage/memory_parts.py,
its bot queue service/storage/bot_queue.py. The protocols and their values are importable from here too, as before
they had a module of their own.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field

from service.storage.bot_queue import MemoryBotQueue
from service.storage.commit_ids import new_commit_id
from service.storage.memory_leases import MemoryLeases
from service.storage.memory_lifecycle import MemoryLifecycle
from service.storage.memory_lobby import MemoryLobby
from service.storage.memory_matchmaking import MemoryMatchmaking
from service.storage.memory_parts import MAX_TICKETS_PER_GAME, MemoryClocks, MemoryKeyStore, MemoryLimits
from service.storage.memory_tournaments import MemoryTournaments
from service.storage.memory_webhooks import MemoryWebhooks
from service.storage.protocols import (
    BotQueue,
    ClockStore,
    CommitOutcome,
    Committed,
    Duplicate,
    GameExistsError,
    GameStore,
    KeyStore,
    LimitStore,
    Missing,
    Stale,
    StoredGame,
)

__all__ = [
    "DEFAULT_FINISHED_TTL_SECONDS",
    "DEFAULT_TTL_SECONDS",
    "BotQueue",
    "ClockStore",
    "CommitOutcome",
    "Committed",
    "Duplicate",
    "GameExistsError",
    "GameStore",
    "KeyStore",
    "LimitStore",
    "MemoryStore",
    "Missing",
    "Stale",
    "StoredGame",
    "VersionWaiters",
]

DEFAULT_TTL_SECONDS = 24 * 3600
DEFAULT_FINISHED_TTL_SECONDS = 3600


class VersionWaiters:
    """Watchers of games in this process: commits (local or from a Redis channel) wake them."""

    def __init__(self) -> None:
        self._condition = threading.Condition()
        self._watchers: dict[str, int] = {}
        self._latest: dict[str, int] = {}

    @contextmanager
    def watching(self, game_id: str) -> Iterator[None]:
        with self._condition:
            self._watchers[game_id] = self._watchers.get(game_id, 0) + 1
        try:
            yield
        finally:
            with self._condition:
                self._watchers[game_id] -= 1
                if not self._watchers[game_id]:
                    del self._watchers[game_id]
                    self._latest.pop(game_id, None)

    def is_watched(self, game_id: str) -> bool:
        return game_id in self._watchers

    def notify(self, game_id: str, version: int) -> None:
        with self._condition:
            if game_id not in self._watchers:
                return
            if version > self._latest.get(game_id, -1):
                self._latest[game_id] = version
            self._condition.notify_all()

    def wake_all(self) -> None:
        """Wakes every waiter (shutdown): they re-read the log and see whether to stop."""
        with self._condition:
            self._condition.notify_all()

    def wait(self, game_id: str, version: int, timeout: float) -> bool:
        with self._condition:
            return self._condition.wait_for(lambda: self._latest.get(game_id, -1) > version, timeout)


@dataclass(slots=True)
class _MemoryGame:
    game: StoredGame
    log: list[bytes]
    results: dict[str, bytes] = field(default_factory=dict)
    expires_at: float = 0.0
    tickets: dict[str, tuple[int, float]] = field(default_factory=dict)  # hash -> (seat, expiry)


WITHDRAWN_SECONDS = 24 * 3600  # as long as a create's doubt could last: a game's time-to-live


def _fields(game: StoredGame) -> tuple[str, int, bytes, int, bool, bytes]:
    """The fields of ``game`` but its commit id (the store sets that)."""
    return game.game_id, game.version, game.snapshot, game.event_count, game.finished, game.meta


class MemoryStore:
    """All games in this process's memory, thread-safe; expired games vanish like Redis keys."""

    def __init__(
        self,
        *,
        ttl_seconds: float = DEFAULT_TTL_SECONDS,
        finished_ttl_seconds: float = DEFAULT_FINISHED_TTL_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.ttl_seconds = ttl_seconds
        self.finished_ttl_seconds = finished_ttl_seconds
        self._clock = clock
        self._lock = threading.Lock()
        self._games: dict[str, _MemoryGame] = {}
        self._withdrawn: dict[str, float] = {}  # game id -> until when its create is refused
        self._waiters = VersionWaiters()
        self._writes = 0
        self.bots = MemoryBotQueue()
        self._clocks = MemoryClocks()
        self.limits = MemoryLimits(self._are_live, clock)
        self.keys = MemoryKeyStore()
        self.lifecycle = MemoryLifecycle(clock)
        self.lobby = MemoryLobby()
        self.tournaments = MemoryTournaments()
        self.leases = MemoryLeases(clock)
        self.webhooks = MemoryWebhooks()
        self.matchmaking = MemoryMatchmaking(clock)

    def _expiry(self, *, finished: bool) -> float:
        ttl = self.finished_ttl_seconds if finished else self.ttl_seconds
        return self._clock() + ttl if ttl > 0 else float("inf")

    def _live(self, game_id: str) -> _MemoryGame | None:
        record = self._games.get(game_id)
        if record is not None and record.expires_at <= self._clock():
            del self._games[game_id]
            return None
        return record

    def _sweep(self) -> None:
        self._writes += 1
        if self._writes % 1024 == 0:
            now = self._clock()
            for game_id in [g for g, r in self._games.items() if r.expires_at <= now]:
                del self._games[game_id]

    def create(self, game: StoredGame, first_entry: bytes) -> None:
        with self._lock:
            existing = self._live(game.game_id)
            if existing is not None:
                raise GameExistsError(game.game_id, same=existing.game.meta == game.meta)
            if self._withdrawn.get(game.game_id, 0.0) > self._clock():
                raise GameExistsError(game.game_id, same=False)
            self._sweep()
            stored = StoredGame(*_fields(game), commit_id=new_commit_id())
            self._games[game.game_id] = _MemoryGame(
                stored, [first_entry], expires_at=self._expiry(finished=game.finished)
            )

    def withdraw(self, game: StoredGame) -> None:
        """A create here is never in doubt; the contract holds all the same (a withdrawn create does not run)."""
        with self._lock:
            now = self._clock()
            for game_id in [g for g, expiry in self._withdrawn.items() if expiry <= now]:
                del self._withdrawn[game_id]
            self._withdrawn[game.game_id] = now + WITHDRAWN_SECONDS
            record = self._live(game.game_id)
            if record is not None and record.game.meta == game.meta:
                del self._games[game.game_id]

    def load(self, game_id: str) -> StoredGame | None:
        with self._lock:
            record = self._live(game_id)
            return None if record is None else record.game

    def load_for_update(self, game_id: str, expected_version: int) -> StoredGame | None:
        return self.load(game_id)

    def commit(
        self,
        game: StoredGame,
        expected_version: int,
        entry: bytes,
        idempotency: tuple[str, bytes] | None = None,
        expected_commit_id: str | None = None,
    ) -> CommitOutcome:
        with self._lock:
            record = self._live(game.game_id)
            if record is None:
                return Missing()
            if idempotency is not None and idempotency[0] in record.results:
                return Duplicate(record.results[idempotency[0]])
            held = record.game
            if held.version != expected_version or (
                expected_commit_id is not None and held.commit_id != expected_commit_id
            ):
                return Stale(held.version)
            record.game = StoredGame(*_fields(game), commit_id=new_commit_id())
            record.log.append(entry)
            if idempotency is not None:
                record.results[idempotency[0]] = idempotency[1]
            record.expires_at = self._expiry(finished=game.finished)
            self._sweep()
        self._waiters.notify(game.game_id, game.version)
        return Committed()

    def log(self, game_id: str, after_version: int, limit: int | None = None) -> list[bytes]:
        with self._lock:
            record = self._live(game_id)
            if record is None:
                return []
            end = None if limit is None else after_version + 1 + limit
            return record.log[after_version + 1 : end]

    def put_ticket(self, game_id: str, ticket_hash: str, seat: int, ttl_seconds: float) -> None:
        with self._lock:
            record = self._live(game_id)
            if record is None:
                return
            now = self._clock()
            tickets = record.tickets
            for known in [h for h, (_, expiry) in tickets.items() if expiry <= now]:
                del tickets[known]
            while len(tickets) >= MAX_TICKETS_PER_GAME:  # the oldest live ones give way (dicts keep insertion order)
                del tickets[next(iter(tickets))]
            tickets[ticket_hash] = (seat, now + ttl_seconds)

    def ticket_seat(self, game_id: str, ticket_hash: str) -> int | None:
        with self._lock:
            record = self._live(game_id)
            found = None if record is None else record.tickets.get(ticket_hash)
            if found is None or found[1] <= self._clock():
                return None
            return found[0]

    def idempotent_result(self, game_id: str, key: str) -> bytes | None:
        with self._lock:
            record = self._live(game_id)
            return None if record is None else record.results.get(key)

    def confirm_durable(self, game_id: str) -> None:
        """Nothing to wait for: a write here is as durable as it gets once made."""

    def watching(self, game_id: str) -> AbstractContextManager[None]:
        return self._waiters.watching(game_id)

    def wait_for_version(self, game_id: str, version: int, timeout: float) -> bool:
        return self._waiters.wait(game_id, version, timeout)

    def delete(self, game_id: str) -> bool:
        with self._lock:
            found = self._live(game_id) is not None
            self._games.pop(game_id, None)
        self._clocks.forget(game_id)
        self.lifecycle.forget_game(game_id)
        self.lobby.forget_game(game_id)
        return found

    def ping(self) -> None:
        return None

    def close(self) -> None:
        self._waiters.wake_all()
        self.lifecycle.wake_all()

    def _are_live(self, game_ids: Sequence[str]) -> list[bool]:
        """Whether each game is stored and unfinished (the live-game places of ``limits``)."""
        found = [self.load(game_id) for game_id in game_ids]
        return [game is not None and not game.finished for game in found]

    # ----- turn clocks ------------------------------------------------------------------------------------------
    def save_clock(self, game_id: str, record: bytes | None, due_ms: int | None) -> None:
        self._clocks.save_clock(game_id, record, due_ms)

    def load_clock(self, game_id: str) -> bytes | None:
        return self._clocks.load_clock(game_id)

    def due_clocks(self, now_ms: int, limit: int) -> list[tuple[str, int]]:
        return self._clocks.due_clocks(now_ms, limit)

    def move_clock(self, game_id: str, expected_ms: int, new_ms: int | None) -> bool:
        return self._clocks.move_clock(game_id, expected_ms, new_ms)
