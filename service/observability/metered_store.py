"""A store whose every call is measured: timed, its failures counted and traced (a span per call when tracing is on).

``MeteredStore`` wraps each protocol of service/storage/protocols.py explicitly: the games and their clocks, and the
``limits``, ``keys`` and ``bots`` parts (each a wrapper of its own). It implements ``GameStore`` and nothing else: a
caller needing more of a store than its protocols says so in the protocols. The series are handed in by
``service.observability.metrics.metered`` (``cardengine_store_operation_duration_seconds{operation}`` and
``cardengine_store_errors_total{operation,error}``); an operation of a part is labelled ``<part>.<method>``.

Not measured: waits (``wait_for_version``, ``bots.wait``: their time is no latency), what stays in this process
(``watching``, ``bots.wake_all``, ``close``, ``keys.is_shared``) and ``bots.due_count``, which the scrape reads and
counts itself. The polls of the background loops (``due_clocks``, ``bots.claim``, ``bots.sweep``) are timed but make
no span: a trace a few times a second of every idle process would bury the calls' traces.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any, TypeVar

from service.observability import tracing
from service.storage import errors
from service.storage.protocols import (
    BotQueue,
    BotState,
    Claim,
    CommitOutcome,
    GameStore,
    KeyRecord,
    KeyStore,
    LimitStore,
    StoredGame,
)

T = TypeVar("T")

TRACED_OPERATIONS = (
    "create",
    "load",
    "load_for_update",
    "commit",
    "withdraw",
    "delete",
    "log",
    "put_ticket",
    "ticket_seat",
    "idempotent_result",
    "confirm_durable",
    "ping",
    "save_clock",
    "load_clock",
    "move_clock",
    "limits.take",
    "limits.count",
    "limits.admit_live_game",
    "limits.are_live",
    "keys.add",
    "keys.find",
    "keys.records",
    "keys.revoke",
    "bots.register",
    "bots.mark",
)
POLLS = ("due_clocks", "bots.claim", "bots.sweep")
OPERATIONS = TRACED_OPERATIONS + POLLS


class StoreMeter:
    """Times calls into ``seconds`` (a histogram labelled by operation) and counts their failures into ``failures``
    (a counter labelled by operation and error: ``full`` or ``unavailable``)."""

    def __init__(self, seconds: Any, failures: Any) -> None:
        self._failures = failures
        self._timers = {operation: seconds.labels(operation) for operation in OPERATIONS}
        self._spans = {operation: f"store.{operation}" for operation in TRACED_OPERATIONS}

    def call(self, operation: str, function: Callable[..., T], *args: Any) -> T:
        started = time.perf_counter()
        try:
            span = self._spans.get(operation) if tracing.enabled() else None
            if span is None:  # no span to enter: a call of its own, without a no-op context around it
                return function(*args)
            with tracing.span(span):
                return function(*args)
        except errors.StoreFullError:
            self._failures.labels(operation, "full").inc()
            raise
        except errors.StoreUnavailableError:
            self._failures.labels(operation, "unavailable").inc()
            raise
        finally:
            self._timers[operation].observe(time.perf_counter() - started)


class MeteredLimits:
    def __init__(self, limits: LimitStore, meter: StoreMeter) -> None:
        self.inner = limits
        self._meter = meter

    def take(self, bucket: str, rate: float, burst: int) -> float:
        return self._meter.call("limits.take", self.inner.take, bucket, rate, burst)

    def take_left(self, bucket: str, rate: float, burst: int) -> tuple[float, float]:
        return self._meter.call("limits.take", self.inner.take_left, bucket, rate, burst)

    def count(self, counter: str, limit: int, window: float) -> tuple[int, float]:
        return self._meter.call("limits.count", self.inner.count, counter, limit, window)

    def admit_live_game(self, owner: str, game_id: str, cap: int) -> bool:
        return self._meter.call("limits.admit_live_game", self.inner.admit_live_game, owner, game_id, cap)

    def are_live(self, game_ids: Sequence[str]) -> list[bool]:
        return self._meter.call("limits.are_live", self.inner.are_live, game_ids)


class MeteredKeys:
    def __init__(self, keys: KeyStore, meter: StoreMeter) -> None:
        self.inner = keys
        self._meter = meter

    @property
    def is_shared(self) -> bool:
        return self.inner.is_shared

    def add(self, digest: str, record: KeyRecord) -> None:
        self._meter.call("keys.add", self.inner.add, digest, record)

    def find(self, digest: str) -> KeyRecord | None:
        return self._meter.call("keys.find", self.inner.find, digest)

    def records(self) -> list[KeyRecord]:
        return self._meter.call("keys.records", self.inner.records)

    def revoke(self, key_id: str, when: float) -> bool:
        return self._meter.call("keys.revoke", self.inner.revoke, key_id, when)


class MeteredBotQueue:
    def __init__(self, queue: BotQueue, meter: StoreMeter) -> None:
        self.inner = queue
        self._meter = meter

    def register(self, game_id: str) -> None:
        self._meter.call("bots.register", self.inner.register, game_id)

    def mark(self, game_id: str, version: int, state: BotState) -> None:
        self._meter.call("bots.mark", self.inner.mark, game_id, version, state)

    def claim(self, lease_seconds: float, delay_seconds: float = 0.0) -> Claim:
        return self._meter.call("bots.claim", self.inner.claim, lease_seconds, delay_seconds)

    def wait(self, timeout: float) -> None:
        self.inner.wait(timeout)  # a wait, not a latency

    def wake_all(self) -> None:
        self.inner.wake_all()

    def sweep(self) -> int:
        return self._meter.call("bots.sweep", self.inner.sweep)

    def due_count(self) -> int:
        return self.inner.due_count()  # read by the scrape, which counts its failures (metrics.exposition)


class MeteredStore:
    """``store`` with every call measured by ``meter``; ``inner`` is the store itself."""

    def __init__(self, store: GameStore, meter: StoreMeter) -> None:
        self.inner = store
        self._meter = meter
        self.limits = MeteredLimits(store.limits, meter)
        self.keys = MeteredKeys(store.keys, meter)
        self.bots = MeteredBotQueue(store.bots, meter)
        self.lifecycle = store.lifecycle  # invitations, lists and key streams: off the move path, not timed
        self.lobby = store.lobby  # the lobby's listing: off the move path, not timed
        self.tournaments = store.tournaments  # the tournaments' records: off the move path, not timed
        self.leases = store.leases  # one holder at a time (the matchmaker): off the move path, not timed
        self.webhooks = store.webhooks  # webhook endpoints and deliveries: off the move path, not timed
        self.matchmaking = store.matchmaking  # quick match's tickets: off the move path, not timed

    def delete(self, game_id: str) -> bool:
        return self._meter.call("delete", self.inner.delete, game_id)

    def create(self, game: StoredGame, first_entry: bytes) -> None:
        self._meter.call("create", self.inner.create, game, first_entry)

    def load(self, game_id: str) -> StoredGame | None:
        return self._meter.call("load", self.inner.load, game_id)

    def load_for_update(self, game_id: str, expected_version: int) -> StoredGame | None:
        return self._meter.call("load_for_update", self.inner.load_for_update, game_id, expected_version)

    def commit(
        self,
        game: StoredGame,
        expected_version: int,
        entry: bytes,
        idempotency: tuple[str, bytes] | None = None,
        expected_commit_id: str | None = None,
    ) -> CommitOutcome:
        inner = self.inner.commit
        return self._meter.call("commit", inner, game, expected_version, entry, idempotency, expected_commit_id)

    def withdraw(self, game: StoredGame) -> None:
        self._meter.call("withdraw", self.inner.withdraw, game)

    def log(self, game_id: str, after_version: int, limit: int | None = None) -> list[bytes]:
        return self._meter.call("log", self.inner.log, game_id, after_version, limit)

    def put_ticket(self, game_id: str, ticket_hash: str, seat: int, ttl_seconds: float) -> None:
        self._meter.call("put_ticket", self.inner.put_ticket, game_id, ticket_hash, seat, ttl_seconds)

    def ticket_seat(self, game_id: str, ticket_hash: str) -> int | None:
        return self._meter.call("ticket_seat", self.inner.ticket_seat, game_id, ticket_hash)

    def idempotent_result(self, game_id: str, key: str) -> bytes | None:
        return self._meter.call("idempotent_result", self.inner.idempotent_result, game_id, key)

    def confirm_durable(self, game_id: str) -> None:
        self._meter.call("confirm_durable", self.inner.confirm_durable, game_id)

    def watching(self, game_id: str) -> AbstractContextManager[None]:
        return self.inner.watching(game_id)

    def wait_for_version(self, game_id: str, version: int, timeout: float) -> bool:
        return self.inner.wait_for_version(game_id, version, timeout)  # a wait, not a latency

    def ping(self) -> None:
        self._meter.call("ping", self.inner.ping)

    def close(self) -> None:
        self.inner.close()

    def save_clock(self, game_id: str, record: bytes | None, due_ms: int | None) -> None:
        self._meter.call("save_clock", self.inner.save_clock, game_id, record, due_ms)

    def load_clock(self, game_id: str) -> bytes | None:
        return self._meter.call("load_clock", self.inner.load_clock, game_id)

    def due_clocks(self, now_ms: int, limit: int) -> list[tuple[str, int]]:
        return self._meter.call("due_clocks", self.inner.due_clocks, now_ms, limit)

    def move_clock(self, game_id: str, expected_ms: int, new_ms: int | None) -> bool:
        return self._meter.call("move_clock", self.inner.move_clock, game_id, expected_ms, new_ms)
