"""The in-memory store's tournaments part (``MemoryStore.tournaments``): each tournament's record with its version,
the running ones, and each API key's list, in one process's dicts with the meaning of the Redis one
(service/storage/redis_tournaments.py); the protocol is ``TournamentStore`` in service/storage/protocols.py."""

from __future__ import annotations

import threading
from collections.abc import Sequence


class MemoryTournaments:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._records: dict[str, tuple[int, bytes]] = {}  # tournament id -> (version, record)
        self._running: set[str] = set()
        self._by_key: dict[str, dict[str, int]] = {}  # key id -> tournament id -> when listed (epoch ms)

    def create_tournament(self, tournament_id: str, record: bytes, key_ids: Sequence[str], at_ms: int) -> bool:
        with self._lock:
            if tournament_id in self._records:
                return False
            self._records[tournament_id] = (1, record)
            self._running.add(tournament_id)
            for key_id in key_ids:
                self._by_key.setdefault(key_id, {})[tournament_id] = at_ms
            return True

    def load_tournament(self, tournament_id: str) -> tuple[int, bytes] | None:
        with self._lock:
            return self._records.get(tournament_id)

    def save_tournament(self, tournament_id: str, record: bytes, expected_version: int, *, running: bool) -> bool:
        with self._lock:
            known = self._records.get(tournament_id)
            if known is None:
                self._running.discard(tournament_id)  # expired or never stored: out of the running set too
                return False
            if known[0] != expected_version:
                return False
            self._records[tournament_id] = (expected_version + 1, record)
            if running:
                self._running.add(tournament_id)
            else:
                self._running.discard(tournament_id)
            return True

    def running_tournaments(self) -> list[str]:
        with self._lock:
            return sorted(self._running)

    def key_tournaments(self, key_id: str, before: tuple[int, str] | None, limit: int) -> list[tuple[int, str]]:
        with self._lock:
            entries = sorted(((at, tid) for tid, at in self._by_key.get(key_id, {}).items()), reverse=True)
        if before is not None:
            entries = [entry for entry in entries if entry < before]
        return entries[:limit]
