"""The ratings' store in one process's memory, with the meaning of the Redis one (``redis_ratings.py``)."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from service.ratings.store import ApplyOutcome, RatingWrite, after_cursor


@dataclass
class _GameType:
    records: dict[str, bytes] = field(default_factory=dict)
    outcomes: dict[str, bytes] = field(default_factory=dict)
    history: list[bytes] = field(default_factory=list)
    boards: dict[str, dict[str, float]] = field(default_factory=dict)
    pending: dict[str, float] = field(default_factory=dict)  # game id -> when it is checked next (monotonic)


class MemoryRatings:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._types: dict[str, _GameType] = {}

    def _of(self, game_type: str) -> _GameType:
        return self._types.setdefault(game_type, _GameType())

    def expect(self, game_type: str, game_id: str, check_in_seconds: float) -> None:
        with self._lock:
            kept = self._of(game_type)
            if game_id not in kept.outcomes:
                kept.pending.setdefault(game_id, time.monotonic() + check_in_seconds)

    def claim_due(self, game_type: str, limit: int, recheck_seconds: float) -> list[str]:
        now = time.monotonic()
        with self._lock:
            pending = self._of(game_type).pending
            due = sorted((at, game_id) for game_id, at in pending.items() if at <= now)[:limit]
            for _, game_id in due:
                pending[game_id] = now + recheck_seconds
            return [game_id for _, game_id in due]

    def forget(self, game_type: str, game_id: str) -> None:
        with self._lock:
            self._of(game_type).pending.pop(game_id, None)

    def records(self, game_type: str, members: Sequence[str]) -> list[bytes]:
        with self._lock:
            records = self._of(game_type).records
            return [records.get(member, b"") for member in members]

    def apply(
        self, game_type: str, game_id: str, writes: Sequence[RatingWrite], outcome: bytes, history: bytes
    ) -> ApplyOutcome:
        with self._lock:
            kept = self._of(game_type)
            if game_id in kept.outcomes:
                kept.pending.pop(game_id, None)
                return "duplicate"
            if any(kept.records.get(write.member, b"") != write.expected for write in writes):
                return "stale"
            for write in writes:
                kept.records[write.member] = write.record
                kept.boards.setdefault(write.board, {})[write.member] = write.score
            kept.outcomes[game_id] = outcome
            if history:
                kept.history.append(history)
            kept.pending.pop(game_id, None)
            return "applied"

    def outcome(self, game_type: str, game_id: str) -> bytes | None:
        with self._lock:
            return self._of(game_type).outcomes.get(game_id)

    def history(self, game_type: str, start: int, limit: int) -> list[bytes]:
        with self._lock:
            return list(self._of(game_type).history[start : start + limit])

    def board(self, game_type: str, board: str, after: tuple[float, str] | None, limit: int) -> list[tuple[str, float]]:
        with self._lock:
            entries = list(self._of(game_type).boards.get(board, {}).items())
        ordered = sorted(entries, key=lambda entry: (entry[1], entry[0]), reverse=True)
        return [entry for entry in ordered if after_cursor(entry, after)][:limit]
