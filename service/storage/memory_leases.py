"""The in-memory store's leases part (``MemoryStore.leases``): named leases in one process's dict, with the meaning
of the Redis one (service/storage/redis_leases.py): the protocol is ``LeaseStore`` in service/storage/protocols.py.

Reusable: the matchmaker (service/matchmaking/) holds the lease ``matchmaker``; the tournament director and any
other "one worker at a time over the store" loop take a lease of their own name here."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable


class MemoryLeases:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._held: dict[str, tuple[str, int, float]] = {}  # name -> (holder, term, expires at)
        self._terms: dict[str, int] = {}  # name -> the last term granted (kept after the lease expires)

    def _live(self, name: str) -> tuple[str, int, float] | None:
        held = self._held.get(name)
        if held is not None and held[2] <= self._clock():
            del self._held[name]
            return None
        return held

    def acquire(self, name: str, holder: str, ttl_seconds: float) -> int:
        with self._lock:
            held = self._live(name)
            if held is not None and held[0] != holder:
                return 0
            term = held[1] if held is not None else self._terms.get(name, 0) + 1
            self._terms[name] = term
            self._held[name] = (holder, term, self._clock() + ttl_seconds)
            return term

    def renew(self, name: str, holder: str, term: int, ttl_seconds: float) -> bool:
        with self._lock:
            held = self._live(name)
            if held is None or held[:2] != (holder, term):
                return False
            self._held[name] = (holder, term, self._clock() + ttl_seconds)
            return True

    def release(self, name: str, holder: str, term: int) -> None:
        with self._lock:
            held = self._live(name)
            if held is not None and held[:2] == (holder, term):
                del self._held[name]

    def holder(self, name: str) -> tuple[str, int] | None:
        with self._lock:
            held = self._live(name)
            return None if held is None else (held[0], held[1])
