"""The due-queue of bot seats: which games wait on a bot, in the store, so any bot worker anywhere finds them.

The core marks a game of bot seats after its creation and after every accepted move (``mark``): ``due`` when a
seat to act is a bot, ``idle`` when only people are to act, ``done`` when the match is over (or the game is gone).
Marks carry the game's version; a mark older than the last one known for the game changes nothing, so marks
that arrive out of order never lose a due game. A bot worker ``claim``s the earliest due game (at least
``delay_seconds`` after it became due: the think delay), which re-queues it ``lease_seconds`` ahead: if the worker
dies mid-move, another one takes the game when the lease runs out. The worker then plays one move through the
core with compare-and-set on the version (a stale version is simply dropped: someone else moved), and the core's
mark of the new version makes the game due again at once, or idle, or done.

The protocol is ``BotQueue`` (service/storage/protocols.py). Implementations: ``MemoryBotQueue`` here (one
process, a heap and a condition variable), ``RedisBotQueue`` in ``redis_bot_queue`` (a sorted set scored by due
time, claimed by a Lua script, plus a sweep that re-queues games whose mark was lost with a crash between a commit
and its mark).
"""

from __future__ import annotations

import heapq
import threading
import time
from collections.abc import Callable

from service.storage.protocols import GONE_VERSION, BotQueue, BotState, Claim

__all__ = ["GONE_VERSION", "BotQueue", "BotState", "Claim", "MemoryBotQueue"]


class MemoryBotQueue:
    """The queue in this process: a heap of (due time, game id) with lazy deletion, and a condition variable."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._condition = threading.Condition()
        self._versions: dict[str, int] = {}
        self._due: dict[str, float] = {}  # game id -> due time (or lease end)
        self._heap: list[tuple[float, str]] = []

    def register(self, game_id: str) -> None:
        with self._condition:
            self._versions.setdefault(game_id, -1)

    def mark(self, game_id: str, version: int, state: BotState) -> None:
        with self._condition:
            known = self._versions.get(game_id)
            if known is not None and known > version:
                return
            if state == "done":
                self._versions.pop(game_id, None)
                self._due.pop(game_id, None)
                return
            self._versions[game_id] = version
            if state == "idle":
                self._due.pop(game_id, None)
            elif known != version or game_id not in self._due:
                self._schedule(game_id, self._clock())
                self._condition.notify_all()

    def _schedule(self, game_id: str, at: float) -> None:
        self._due[game_id] = at
        heapq.heappush(self._heap, (at, game_id))

    def claim(self, lease_seconds: float, delay_seconds: float = 0.0) -> Claim:
        with self._condition:
            now = self._clock()
            while self._heap:
                at, game_id = self._heap[0]
                if self._due.get(game_id) != at:  # removed or rescheduled since
                    heapq.heappop(self._heap)
                    continue
                if at > now - delay_seconds:
                    return Claim(None, at + delay_seconds - now)
                heapq.heappop(self._heap)
                self._schedule(game_id, now + lease_seconds)
                return Claim(game_id)
            return Claim(None)

    def wait(self, timeout: float) -> None:
        with self._condition:
            self._condition.wait(timeout)

    def wake_all(self) -> None:
        with self._condition:
            self._condition.notify_all()

    def sweep(self) -> int:
        return 0

    def due_count(self) -> int:
        with self._condition:
            return len(self._due)
