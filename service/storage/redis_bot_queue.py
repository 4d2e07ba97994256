"""The bot due-queue in Redis, shared by every replica and every ``cardengine bots`` worker.

Keys (one hash tag, ``{bots}``, so they sit in one Redis Cluster slot):

- ``<prefix>{bots}:due``: a sorted set of game ids scored by the time (Redis's clock, seconds) they became due, or
  the end of a worker's lease on them;
- ``<prefix>{bots}:games``: a hash, game id -> the last version marked (-1: registered, not yet stored), for every
  live game with bot seats that is not over;
- ``<prefix>{bots}:sweep``: a short-lived lock: one sweep at a time across all workers.

Marks, claims and the sweep's checks are Lua scripts on those keys (service/storage/redis_scripts.py); they use
Redis's own clock (``TIME``), so workers on machines with skewed clocks agree on due times and leases. A game's own
keys live in its own slot, so the mark is written right after the compare-and-set commit (not inside it); a process
that dies between the two leaves the game behind for at most one sweep period: the sweep compares each known game's
stored version with its marked one and re-queues the game when they differ (the worker that claims it then settles
it).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

import redis
import redis.cluster

from service.storage.protocols import GONE_VERSION, BotState, Claim
from service.storage.redis_client import guarded
from service.storage.redis_parts import RunScript, run_on_client
from service.storage.redis_scripts import CLAIM_SCRIPT, MARK_SCRIPT, SETTLE_SCRIPT

log = logging.getLogger("cardengine.bots")

REGISTERED = -1  # known before the game is stored
REGISTERED_AND_MISSING = -2  # a sweep found no game for it; the next sweep forgets it if it is still missing
SWEEP_BATCH = 200
POLL_SECONDS = 0.2
"""The longest a worker sleeps between claims when nothing is due: how late a worker in another process than the
one that made a game due may notice it (a worker in the same process is woken at once)."""


class RedisBotQueue:
    """The due-queue of ``<prefix>`` in Redis; ``game_key`` names a game's hash (for the sweep)."""

    def __init__(
        self,
        client: redis.Redis | redis.cluster.RedisCluster,
        prefix: str,
        game_key: Callable[[str], str],
        run_script: RunScript = run_on_client,
    ) -> None:
        """``run_script``: how the queue's scripts run (the store's: sent at most once, ``redis_once``)."""
        self.client: Any = client
        self._run = run_script
        self.due_key = f"{prefix}{{bots}}:due"
        self.games_key = f"{prefix}{{bots}}:games"
        self.sweep_key = f"{prefix}{{bots}}:sweep"
        self._game_key = game_key
        self._mark = client.register_script(MARK_SCRIPT)
        self._claim = client.register_script(CLAIM_SCRIPT)
        self._settle = client.register_script(SETTLE_SCRIPT)
        self._local = threading.Condition()

    def register(self, game_id: str) -> None:
        guarded(lambda: self.client.hsetnx(self.games_key, game_id, REGISTERED))

    def mark(self, game_id: str, version: int, state: BotState) -> None:
        keys = [self.due_key, self.games_key]
        guarded(lambda: self._run(self._mark, keys, [game_id, version, state]))
        if state == "due":
            with self._local:
                self._local.notify_all()

    def claim(self, lease_seconds: float, delay_seconds: float = 0.0) -> Claim:
        reply: list[bytes] = guarded(lambda: self._run(self._claim, [self.due_key], [lease_seconds, delay_seconds]))
        game_id, wait = reply[0].decode(), reply[1].decode()
        if game_id:
            return Claim(game_id)
        return Claim(None, float(wait) if wait else None)

    def wait(self, timeout: float) -> None:
        with self._local:
            self._local.wait(min(timeout, POLL_SECONDS))

    def wake_all(self) -> None:
        with self._local:
            self._local.notify_all()

    def due_count(self) -> int:
        count: int = guarded(lambda: self.client.zcard(self.due_key))
        return count

    def sweep(self, lock_seconds: float = 10.0) -> int:
        """Once per ``lock_seconds`` across all workers (a lock key): every known game's stored version and
        finished flag against its marked version; gone or finished games are forgotten, games with newer versions
        than marked are re-queued (due: the worker that claims it settles it)."""
        locked = guarded(lambda: self.client.set(self.sweep_key, 1, nx=True, px=max(1, round(lock_seconds * 1000))))
        if not locked:
            return 0
        requeued = 0
        cursor = 0
        while True:
            cursor, batch = self._scan(cursor)
            if batch:
                requeued += self._sweep_batch({key.decode(): int(value) for key, value in batch.items()})
            if cursor == 0:
                return requeued

    def _scan(self, cursor: int) -> tuple[int, dict[bytes, bytes]]:
        found: tuple[int, dict[bytes, bytes]] = guarded(
            lambda: self.client.hscan(self.games_key, cursor, count=SWEEP_BATCH)
        )
        return found

    def _sweep_batch(self, marked: dict[str, int]) -> int:
        ids = list(marked)
        pipeline = self.client.pipeline(transaction=False)
        for game_id in ids:
            pipeline.hmget(self._game_key(game_id), "v", "f")
        stored: list[list[bytes | None]] = guarded(pipeline.execute)
        requeued = 0
        for game_id, (version, finished) in zip(ids, stored, strict=True):
            if version is None:
                self._forget_missing(game_id, marked[game_id])
            elif finished == b"1":
                self.mark(game_id, int(version), "done")
            elif int(version) > marked[game_id]:
                log.warning("bot queue: re-queued a game whose mark was lost", extra={"game_id": game_id})
                self.mark(game_id, int(version), "due")
                requeued += 1
        return requeued

    def _forget_missing(self, game_id: str, marked: int) -> None:
        """A known game with no stored game: gone (expired or deleted), or registered and being created right now
        (then it is forgotten only if still missing at the next sweep, and only if nothing marked it since)."""
        keys = [self.due_key, self.games_key]
        if marked == REGISTERED:
            guarded(lambda: self._run(self._settle, keys, [game_id, REGISTERED, REGISTERED_AND_MISSING]))
        elif marked == REGISTERED_AND_MISSING:
            guarded(lambda: self._run(self._settle, keys, [game_id, REGISTERED_AND_MISSING, ""]))
        else:
            self.mark(game_id, GONE_VERSION, "done")
