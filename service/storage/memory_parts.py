"""The in-memory parts of a store: limits, keys, turn clocks and stream tickets, one process's dicts behind a lock
each, with the meaning of the Redis ones (service/storage/redis_parts.py). ``MemoryStore`` uses the limits, keys and
clocks; ``with_defaults`` (service/storage/backend.py) gives them to a backend that writes none of its own."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence

from service.storage.protocols import KeyRecord

MAX_ENTRIES = 100_000  # buckets or counters kept before the idle ones are dropped


class MemoryLimits:
    """Buckets, counters and live-game sets of one process; ``are_live`` reads the store's games."""

    def __init__(
        self, are_live: Callable[[Sequence[str]], list[bool]], clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._are_live = are_live
        self._clock = clock
        self._lock = threading.Lock()
        self._buckets: dict[str, tuple[float, float]] = {}  # tokens, at
        self._counters: dict[str, tuple[int, float]] = {}  # count, reset at
        self._live: dict[str, set[str]] = {}  # owner -> its live games

    def take(self, bucket: str, rate: float, burst: int) -> float:
        return self.take_left(bucket, rate, burst)[0]

    def take_left(self, bucket: str, rate: float, burst: int) -> tuple[float, float]:
        with self._lock:
            now = self._clock()
            tokens, at = self._buckets.get(bucket, (float(burst), now))
            tokens = min(float(burst), tokens + (now - at) * rate)
            wait = 0.0 if tokens >= 1 else (1 - tokens) / rate
            self._buckets[bucket] = (tokens - 1 if tokens >= 1 else tokens, now)
            if len(self._buckets) > MAX_ENTRIES:  # full buckets hold nothing worth keeping
                full = [name for name, (held, _) in self._buckets.items() if held >= burst - 1]
                for name in full[: len(full) // 2]:
                    del self._buckets[name]
            return wait, self._buckets.get(bucket, (0.0, now))[0]

    def count(self, counter: str, limit: int, window: float) -> tuple[int, float]:
        with self._lock:
            now = self._clock()
            if len(self._counters) > MAX_ENTRIES:
                for name in [name for name, (_, reset) in self._counters.items() if reset <= now]:
                    del self._counters[name]
            count, reset = self._counters.get(counter, (0, now))
            if reset <= now:
                count = 0
            count += 1
            if count == 1 or count == limit:
                reset = now + window
            self._counters[counter] = (count, reset)
            return count, reset - now

    def admit_live_game(self, owner: str, game_id: str, cap: int) -> bool:
        with self._lock:
            games = self._live.setdefault(owner, set())
            if game_id in games:  # a create retried (same request id, same game) takes no second place
                return True
            if len(games) >= cap:
                listed = sorted(games)
                for name, live in zip(listed, self._are_live(listed), strict=True):
                    if not live:
                        games.discard(name)
            if len(games) >= cap:
                return False
            games.add(game_id)
            return True

    def are_live(self, game_ids: Sequence[str]) -> list[bool]:
        return self._are_live(game_ids)


class MemoryKeyStore:
    """API keys of one process: nothing else can add one (``is_shared`` is False)."""

    is_shared = False

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_digest: dict[str, str] = {}
        self._records: dict[str, KeyRecord] = {}

    def add(self, digest: str, record: KeyRecord) -> None:
        with self._lock:
            self._by_digest[digest] = record.key_id
            self._records[record.key_id] = record

    def find(self, digest: str) -> KeyRecord | None:
        with self._lock:
            key_id = self._by_digest.get(digest)
            return None if key_id is None else self._records[key_id]

    def records(self) -> list[KeyRecord]:
        with self._lock:
            return sorted(self._records.values(), key=lambda record: (record.created_at, record.key_id))

    def revoke(self, key_id: str, when: float) -> bool:
        with self._lock:
            record = self._records.get(key_id)
            if record is None:
                return False
            if record.revoked_at is None:
                self._records[key_id] = KeyRecord(record.key_id, record.name, record.created_at, when)
            return True


class MemoryClocks:
    """Turn clocks of one process (``ClockStore``): each game's record and its earliest deadline, epoch ms."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._records: dict[str, bytes] = {}  # game id -> clock record
        self._due: dict[str, int] = {}  # game id -> earliest deadline (or a sweeper's lease), epoch ms

    def save_clock(self, game_id: str, record: bytes | None, due_ms: int | None) -> None:
        with self._lock:
            if record is None:
                self._records.pop(game_id, None)
            else:
                self._records[game_id] = record
            if record is None or due_ms is None:
                self._due.pop(game_id, None)
            else:
                self._due[game_id] = due_ms

    def load_clock(self, game_id: str) -> bytes | None:
        with self._lock:
            return self._records.get(game_id)

    def due_clocks(self, now_ms: int, limit: int) -> list[tuple[str, int]]:
        with self._lock:
            due = sorted((ms, game_id) for game_id, ms in self._due.items() if ms <= now_ms)
        return [(game_id, ms) for ms, game_id in due[:limit]]

    def move_clock(self, game_id: str, expected_ms: int, new_ms: int | None) -> bool:
        with self._lock:
            if self._due.get(game_id) != expected_ms:
                return False
            if new_ms is None:
                del self._due[game_id]
            else:
                self._due[game_id] = new_ms
            return True

    def forget(self, game_id: str) -> None:
        """The game is deleted: its clock goes with it."""
        with self._lock:
            self._records.pop(game_id, None)
            self._due.pop(game_id, None)


MAX_TICKETS_PER_GAME = 256


class MemoryTickets:
    """Stream tickets of one process, per game: (seat, expiry) by the ticket's hash; the oldest live ones of a game
    give way past ``MAX_TICKETS_PER_GAME``."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._tickets: dict[str, dict[str, tuple[int, float]]] = {}  # game id -> hash -> (seat, expiry)

    def put_ticket(self, game_id: str, ticket_hash: str, seat: int, ttl_seconds: float) -> None:
        with self._lock:
            now = self._clock()
            if len(self._tickets) > MAX_ENTRIES:  # games whose tickets all ran out hold nothing worth keeping
                for known in [g for g, held in self._tickets.items() if all(e <= now for _, e in held.values())]:
                    del self._tickets[known]
            tickets = self._tickets.setdefault(game_id, {})
            for known in [h for h, (_, expiry) in tickets.items() if expiry <= now]:
                del tickets[known]
            while len(tickets) >= MAX_TICKETS_PER_GAME:  # dicts keep insertion order
                del tickets[next(iter(tickets))]
            tickets[ticket_hash] = (seat, now + ttl_seconds)

    def ticket_seat(self, game_id: str, ticket_hash: str) -> int | None:
        with self._lock:
            found = self._tickets.get(game_id, {}).get(ticket_hash)
            return None if found is None or found[1] <= self._clock() else found[0]

    def forget(self, game_id: str) -> None:
        with self._lock:
            self._tickets.pop(game_id, None)
