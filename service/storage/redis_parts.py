"""The Redis store's limits and keys (``RedisStore.limits``, ``.keys``), shared by every replica.

Keys (``<prefix>`` is the store's key prefix):

- limits: ``<prefix>limit:<bucket>`` and ``<prefix>limit:<counter>`` (a hash and a counter, expiring when idle) and
  ``<prefix>live:<owner>`` the set of an API key's live games: one key each, so any Redis Cluster slot;
- keys: ``<prefix>{keys}:digests`` (HMAC of a key -> its id) and ``<prefix>{keys}:records`` (id -> JSON record):
  one hash tag, so each lookup is one script in one slot.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import orjson

from service.storage.protocols import KeyRecord
from service.storage.redis_client import guarded
from service.storage.redis_scripts import (
    ADMIT_SCRIPT,
    COUNT_SCRIPT,
    FIND_SCRIPT,
    REVOKE_SCRIPT,
    TAKE_SCRIPT,
)

RunScript = Callable[[Any, list[str], list[Any]], Any]
"""How a script runs: (redis-py's script object, keys, args) -> the reply."""


def run_on_client(script: Any, keys: list[str], args: list[Any]) -> Any:
    """A script through redis-py's client (its script object: EVALSHA, loading the script if Redis lost it)."""
    return script(keys=keys, args=args)


class RedisLimits:
    """Buckets, counters and live-game sets in Redis; ``game_key`` names a game's hash (to read its flag)."""

    def __init__(
        self, client: Any, prefix: str, game_key: Callable[[str], str], run_script: RunScript = run_on_client
    ) -> None:
        """``run_script``: how the bucket and counter scripts run (on every request with an API key)."""
        self.client = client
        self.prefix = prefix
        self._game_key = game_key
        self._run = run_script
        self._take = client.register_script(TAKE_SCRIPT)
        # The bucket script answering the tokens left too (RateLimit headers): TAKE_SCRIPT's last line changed.
        self._take_left = client.register_script(
            TAKE_SCRIPT.replace("return tostring(wait)", "return {tostring(wait), tostring(tokens)}")
        )
        self._count = client.register_script(COUNT_SCRIPT)
        self._admit = client.register_script(ADMIT_SCRIPT)

    def take(self, bucket: str, rate: float, burst: int) -> float:
        keep_ms = math.ceil(burst / rate * 1000) + 1000
        keys = [f"{self.prefix}limit:{bucket}"]
        reply = guarded(lambda: self._run(self._take, keys, [rate, burst, keep_ms]))
        return float(reply)

    def take_left(self, bucket: str, rate: float, burst: int) -> tuple[float, float]:
        keep_ms = math.ceil(burst / rate * 1000) + 1000
        keys = [f"{self.prefix}limit:{bucket}"]
        reply = guarded(lambda: self._run(self._take_left, keys, [rate, burst, keep_ms]))
        return float(reply[0]), float(reply[1])

    def count(self, counter: str, limit: int, window: float) -> tuple[int, float]:
        window_ms = max(1, math.ceil(window * 1000))
        keys = [f"{self.prefix}limit:{counter}"]
        reply = guarded(lambda: self._run(self._count, keys, [limit, window_ms]))
        return int(reply[0]), max(0, int(reply[1])) / 1000

    def admit_live_game(self, owner: str, game_id: str, cap: int) -> bool:
        key = f"{self.prefix}live:{owner}"
        if guarded(lambda: self._admit(keys=[key], args=[game_id, cap])):
            return True
        listed = sorted(value.decode() for value in guarded(lambda: self.client.smembers(key)))
        dead = [name for name, live in zip(listed, self.are_live(listed), strict=True) if not live]
        if dead:
            guarded(lambda: self.client.srem(key, *dead))
        return bool(guarded(lambda: self._admit(keys=[key], args=[game_id, cap])))

    def are_live(self, game_ids: Sequence[str]) -> list[bool]:
        """One pipeline of the games' finished flags (on a cluster, over every master holding one)."""

        def read() -> list[Any]:
            with self.client.pipeline(transaction=False) as pipe:
                for game_id in game_ids:
                    pipe.hget(self._game_key(game_id), "f")
                return list(pipe.execute())

        return [flag == b"0" for flag in guarded(read)]


class RedisKeyStore:
    """API key records in Redis, seen by every replica and by ``cardengine keys``."""

    is_shared = True

    def __init__(self, client: Any, prefix: str, run_script: RunScript = run_on_client) -> None:
        """``run_script``: how the lookup script runs (on every request that sends a key)."""
        self.client = client
        self.digests_key = f"{prefix}{{keys}}:digests"
        self.records_key = f"{prefix}{{keys}}:records"
        self._run = run_script
        self._find = client.register_script(FIND_SCRIPT)
        self._revoke = client.register_script(REVOKE_SCRIPT)

    def add(self, digest: str, record: KeyRecord) -> None:
        def write() -> None:
            with self.client.pipeline(transaction=True) as pipe:
                pipe.hset(self.records_key, record.key_id, orjson.dumps(record.to_json()))
                pipe.hset(self.digests_key, digest, record.key_id)
                pipe.execute()

        guarded(write)

    def find(self, digest: str) -> KeyRecord | None:
        raw = guarded(lambda: self._run(self._find, [self.digests_key, self.records_key], [digest]))
        return KeyRecord.from_json(orjson.loads(raw)) if isinstance(raw, bytes) else None

    def records(self) -> list[KeyRecord]:
        raw: dict[bytes, bytes] = guarded(lambda: self.client.hgetall(self.records_key))
        found = [KeyRecord.from_json(orjson.loads(value)) for value in raw.values()]
        return sorted(found, key=lambda record: (record.created_at, record.key_id))

    def revoke(self, key_id: str, when: float) -> bool:
        return bool(guarded(lambda: self._revoke(keys=[self.records_key], args=[key_id, when])))
