"""The game store: a tiny interface over snapshots with optimistic concurrency, and the in-memory store.

A game is stored as a ``StoredGame`` (the engine snapshot with its version, event count, finished flag and the
immutable ``meta``: game type, players, token hashes, seed and options) plus a log with one entry per version
(entry 0: the deal; then the seat and canonical notation of each move, with its events) and a table of idempotency
results. The meta and the log are all ``cardengine replay`` needs to rebuild a game. The store never interprets
snapshots, log entries or results: they are bytes that the core encodes. Beside a game live its stream tickets
(``put_ticket``): short-lived grants of one seat's event stream, kept by the SHA-256 of the ticket, expiring on
their own.

Beside the games, each store keeps the due-queue of games waiting on a bot seat (``bots``, ``bot_queue``).

``commit`` is the only write after ``create``: it compare-and-sets the version, appends the version's log entry,
records the idempotency result, refreshes the time-to-live and wakes watchers, all at once.

Implementations: ``MemoryStore`` here (the default; one process), ``RedisStore`` in ``service.storage.redis_store``
(shared by replicas). Both pass ``tests/service/test_store_contract.py``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from typing import Protocol

from service.storage.bot_queue import BotQueue, MemoryBotQueue

DEFAULT_TTL_SECONDS = 24 * 3600
DEFAULT_FINISHED_TTL_SECONDS = 3600


@dataclass(frozen=True, slots=True)
class StoredGame:
    game_id: str
    version: int
    snapshot: bytes
    event_count: int
    finished: bool
    meta: bytes


@dataclass(frozen=True, slots=True)
class Committed:
    """The version was ``expected`` and is now ``expected + 1``."""


@dataclass(frozen=True, slots=True)
class Stale:
    """The version was not the expected one; nothing was written."""

    current_version: int


@dataclass(frozen=True, slots=True)
class Duplicate:
    """The idempotency key was already used; nothing was written. ``result`` is what the first use stored."""

    result: bytes


@dataclass(frozen=True, slots=True)
class Missing:
    """The game does not exist (any more)."""


CommitOutcome = Committed | Stale | Duplicate | Missing


class GameExistsError(ValueError):
    """``create`` found a game with that id. ``same``: the stored game has the very ``meta`` of the one to create,
    so it is an earlier attempt of this same create (a retried request, or a store call re-sent after a lost
    answer: every create draws fresh token hashes, and a keyed CreateGame derives the same ones again)."""

    def __init__(self, game_id: str, *, same: bool) -> None:
        super().__init__(f"Game '{game_id}' already exists.")
        self.game_id = game_id
        self.same = same


class GameStore(Protocol):
    @property
    def bots(self) -> BotQueue:
        """The due-queue of games waiting on a bot seat (``bot_queue``), kept beside the games."""
        ...

    def create(self, game: StoredGame, first_entry: bytes) -> None:
        """Stores a new game at version 0 with the log entry of its deal; GameExistsError (a ValueError) if a game
        with that id exists, writing nothing."""

    def load(self, game_id: str) -> StoredGame | None:
        """The game's current state, or None if there is no such game."""

    def load_for_update(self, game_id: str, expected_version: int) -> StoredGame | None:
        """Like ``load``, but may answer from a local copy whose version is ``expected_version``: a game's state at
        a given version never changes, and ``commit`` rejects the update if that version is no longer current."""

    def commit(
        self,
        game: StoredGame,
        expected_version: int,
        entry: bytes,
        idempotency: tuple[str, bytes] | None = None,
    ) -> CommitOutcome:
        """Atomically: if an idempotency key is given and known, Duplicate; if the stored version is not
        ``expected_version``, Stale; else replaces the game by ``game`` (version ``expected_version + 1``),
        appends ``entry`` to the log, stores the idempotency result, refreshes the time-to-live (the shorter
        finished one when ``game.finished``) and wakes the game's watchers."""

    def log(self, game_id: str, after_version: int, limit: int | None = None) -> list[bytes]:
        """The log entries of the versions after ``after_version`` (-1: all), in order; at most ``limit`` of them
        (None: to the end). Reads only that range, so a page costs the same however long the log is."""

    def put_ticket(self, game_id: str, ticket_hash: str, seat: int, ttl_seconds: float) -> None:
        """Keeps a stream ticket of ``game_id`` (by its hash) for ``seat``, for ``ttl_seconds``."""

    def ticket_seat(self, game_id: str, ticket_hash: str) -> int | None:
        """The seat of a live stream ticket of ``game_id``; None if unknown, expired or of another game."""

    def idempotent_result(self, game_id: str, key: str) -> bytes | None:
        """The result stored with ``key``, if any."""

    def watching(self, game_id: str) -> AbstractContextManager[None]:
        """While entered, ``wait_for_version`` of this game is woken by commits (on any replica)."""

    def wait_for_version(self, game_id: str, version: int, timeout: float) -> bool:
        """Blocks until a version greater than ``version`` was committed, or ``timeout`` seconds; True if woken
        by such a commit. Only valid inside ``watching(game_id)``; callers re-read the log either way."""

    def ping(self) -> None:
        """Returns if the store answers; raises StoreUnavailableError otherwise."""

    def close(self) -> None: ...


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


MAX_TICKETS_PER_GAME = 256


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
        self._waiters = VersionWaiters()
        self._writes = 0
        self.bots = MemoryBotQueue()
        self._clocks: dict[str, bytes] = {}  # turn clocks (service/core/clocks.py): game id -> deadlines record
        self._clock_due: dict[str, int] = {}  # game id -> earliest deadline (or a sweeper's lease), epoch ms

    def _expiry(self, finished: bool) -> float:
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
            self._sweep()
            self._games[game.game_id] = _MemoryGame(game, [first_entry], expires_at=self._expiry(game.finished))

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
    ) -> CommitOutcome:
        with self._lock:
            record = self._live(game.game_id)
            if record is None:
                return Missing()
            if idempotency is not None and idempotency[0] in record.results:
                return Duplicate(record.results[idempotency[0]])
            if record.game.version != expected_version:
                return Stale(record.game.version)
            record.game = game
            record.log.append(entry)
            if idempotency is not None:
                record.results[idempotency[0]] = idempotency[1]
            record.expires_at = self._expiry(game.finished)
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

    def watching(self, game_id: str) -> AbstractContextManager[None]:
        return self._waiters.watching(game_id)

    def wait_for_version(self, game_id: str, version: int, timeout: float) -> bool:
        return self._waiters.wait(game_id, version, timeout)

    def ping(self) -> None:
        return None

    def close(self) -> None:
        self._waiters.wake_all()

    # ----- turn clocks (service/core/clocks.py) -----------------------------------------------------------------------
    def save_clock(self, game_id: str, record: bytes | None, due_ms: int | None) -> None:
        """Keeps the game's clock record (None: removed) and its earliest deadline (None: no deadline runs)."""
        with self._lock:
            if record is None:
                self._clocks.pop(game_id, None)
            else:
                self._clocks[game_id] = record
            if record is None or due_ms is None:
                self._clock_due.pop(game_id, None)
            else:
                self._clock_due[game_id] = due_ms

    def load_clock(self, game_id: str) -> bytes | None:
        with self._lock:
            return self._clocks.get(game_id)

    def due_clocks(self, now_ms: int, limit: int) -> list[tuple[str, int]]:
        """Games whose earliest deadline (or lease) is at or before ``now_ms``, earliest first, at most ``limit``."""
        with self._lock:
            due = sorted((ms, game_id) for game_id, ms in self._clock_due.items() if ms <= now_ms)
        return [(game_id, ms) for ms, game_id in due[:limit]]

    def move_clock(self, game_id: str, expected_ms: int, new_ms: int | None) -> bool:
        """Compare-and-set of a game's due time: if it is ``expected_ms``, it becomes ``new_ms`` (None: removed; the
        record stays)."""
        with self._lock:
            if self._clock_due.get(game_id) != expected_ms:
                return False
            if new_ms is None:
                del self._clock_due[game_id]
            else:
                self._clock_due[game_id] = new_ms
            return True
