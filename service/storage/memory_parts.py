"""The in-memory store's limits and keys (``MemoryStore.limits``, ``.keys``): one process's dicts behind a lock each,
with the meaning of the Redis ones (service/storage/redis_parts.py)."""

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
