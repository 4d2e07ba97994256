"""A store backend that writes the core alone (``StoreCore``, service/storage/protocols.py): what a newcomer's
backend must write, in one process's dicts. ``with_defaults`` (service/storage/backend.py) gives it the rest, and
the store contract suite runs every protocol on the result (kind ``minimal`` of ``make_store``)."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field, replace

from service.storage.commit_ids import new_commit_id
from service.storage.protocols import CommitOutcome, Committed, Duplicate, GameExistsError, Missing, Stale, StoredGame


@dataclass(slots=True)
class _Kept:
    game: StoredGame
    log: list[bytes]
    expires_at: float
    results: dict[str, bytes] = field(default_factory=dict)


class MinimalStore:
    """The games, their log and the compare-and-set, expiring after ``ttl_seconds`` (``finished_ttl_seconds`` once
    finished) since the last write."""

    def __init__(self, *, ttl_seconds: float = 24 * 3600, finished_ttl_seconds: float = 3600) -> None:
        self.ttl_seconds = ttl_seconds
        self.finished_ttl_seconds = finished_ttl_seconds
        self._lock = threading.Lock()
        self._games: dict[str, _Kept] = {}
        self._withdrawn: set[str] = set()

    def _expiry(self, game: StoredGame) -> float:
        return time.monotonic() + (self.finished_ttl_seconds if game.finished else self.ttl_seconds)

    def _live(self, game_id: str) -> _Kept | None:
        kept = self._games.get(game_id)
        if kept is not None and kept.expires_at <= time.monotonic():
            del self._games[game_id]
            return None
        return kept

    def create(self, game: StoredGame, first_entry: bytes) -> None:
        with self._lock:
            existing = self._live(game.game_id)
            if existing is not None or game.game_id in self._withdrawn:
                raise GameExistsError(game.game_id, same=existing is not None and existing.game.meta == game.meta)
            stored = replace(game, commit_id=new_commit_id())
            self._games[game.game_id] = _Kept(stored, [first_entry], self._expiry(game))

    def load(self, game_id: str) -> StoredGame | None:
        with self._lock:
            kept = self._live(game_id)
            return None if kept is None else kept.game

    def commit(
        self,
        game: StoredGame,
        expected_version: int,
        entry: bytes,
        idempotency: tuple[str, bytes] | None = None,
        expected_commit_id: str | None = None,
    ) -> CommitOutcome:
        with self._lock:
            kept = self._live(game.game_id)
            if kept is None:
                return Missing()
            if idempotency is not None and idempotency[0] in kept.results:
                return Duplicate(kept.results[idempotency[0]])
            if kept.game.version != expected_version or expected_commit_id not in (None, kept.game.commit_id):
                return Stale(kept.game.version)
            kept.game = replace(game, commit_id=new_commit_id())
            kept.log.append(entry)
            if idempotency is not None:
                kept.results[idempotency[0]] = idempotency[1]
            kept.expires_at = self._expiry(game)
            return Committed()

    def withdraw(self, game: StoredGame) -> None:
        with self._lock:
            self._withdrawn.add(game.game_id)
            kept = self._live(game.game_id)
            if kept is not None and kept.game.meta == game.meta:
                del self._games[game.game_id]

    def delete(self, game_id: str) -> bool:
        with self._lock:
            return self._live(game_id) is not None and self._games.pop(game_id) is not None

    def log(self, game_id: str, after_version: int, limit: int | None = None) -> list[bytes]:
        with self._lock:
            kept = self._live(game_id)
            end = None if limit is None else after_version + 1 + limit
            return [] if kept is None else kept.log[after_version + 1 : end]

    def idempotent_result(self, game_id: str, key: str) -> bytes | None:
        with self._lock:
            kept = self._live(game_id)
            return None if kept is None else kept.results.get(key)

    def ping(self) -> None:
        return None

    def close(self) -> None:
        return None
