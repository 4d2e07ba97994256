"""The due-queue of bot seats: which games wait on a bot, in the store, so any bot worker anywhere finds them.

The core marks a game of bot seats after its creation and after every accepted move (``mark``): ``due`` when a
seat to act is a bot, ``idle`` when only people are to act, ``done`` when the match is over (or the game is gone).
Marks carry the game's version; a mark older than the last one known for the game changes nothing, so marks
that arrive out of order never lose a due game. A bot worker ``claim``s the earliest due game (at least
``delay_seconds`` after it became due: the think delay), which re-queues it ``lease_seconds`` ahead: if the worker
dies mid-move, another one takes the game when the lease runs out. The worker then plays one move through the
core with compare-and-set on the version (a stale version is simply dropped: someone else moved), and the core's
mark of the new version makes the game due again at once, or idle, or done.

Implementations: ``MemoryBotQueue`` here (one process, a heap and a condition variable), ``RedisBotQueue`` in
``redis_bot_queue`` (a sorted set scored by due time, claimed by a Lua script, plus a sweep that re-queues
games whose mark was lost with a crash between a commit and its mark).
"""

from __future__ import annotations

import heapq
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol

BotState = Literal["due", "idle", "done"]
GONE_VERSION = 2**53
"""The version a worker marks a vanished game ``done`` with: newer than any real version."""


@dataclass(frozen=True, slots=True)
class Claim:
    """A claimed game (None: nothing is due), and, when nothing is due, how long until the next entry may be."""

    game_id: str | None
    wait_seconds: float | None = None


class BotQueue(Protocol):
    def register(self, game_id: str) -> None:
        """Known before the game is stored (version -1, not due), so a sweep finds it even if its first mark is
        lost."""

    def mark(self, game_id: str, version: int, state: BotState) -> None:
        """The game at ``version`` waits on a bot (``due``), on people (``idle``), or on nobody (``done``).
        Ignored when a newer version of the game was marked already. Marking ``due`` again at the same version
        keeps a running lease."""

    def claim(self, lease_seconds: float, delay_seconds: float = 0.0) -> Claim:
        """The earliest game due for at least ``delay_seconds``, leased to the caller for ``lease_seconds``."""

    def wait(self, timeout: float) -> None:
        """Blocks until a game of this process is marked due, ``wake_all`` is called, or ``timeout`` seconds."""

    def wake_all(self) -> None:
        """Wakes every ``wait`` of this process (workers stopping)."""

    def sweep(self) -> int:
        """Re-queues games whose mark was lost and forgets games that are gone or finished; the number of games
        re-queued. A no-op where marks cannot be lost."""

    def due_count(self) -> int:
        """Entries in the queue (due, or leased to a worker)."""


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
