"""The Redis store's tournaments part (``RedisStore.tournaments``), on a Redis or a Redis Cluster; the protocol is
``TournamentStore`` in service/storage/protocols.py. Keys (``<prefix>`` is the store's key prefix), all in the hash
slot ``{tournaments}`` so that each script below touches one slot, on a Redis Cluster too:

- ``<prefix>{tournaments}:t:<id>``: a hash, ``v`` the record's version and ``r`` the record (the director's state);
- ``<prefix>{tournaments}:running``: a set of the tournaments not finished (the director's work list);
- ``<prefix>{tournaments}:key:<key id>``: a sorted set of a key's tournaments (created or entered) by the time listed.

A save is a compare-and-set on the version (one script), so that a director that lost its lease never overwrites
the work of the next one. Every key expires ``TOURNAMENT_TTL_SECONDS`` after its last write.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.storage.redis_client import guarded

TOURNAMENT_TTL_SECONDS = 30 * 24 * 3600

CREATE_SCRIPT = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'v', 1, 'r', ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('SADD', KEYS[2], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[2])
for index = 3, #KEYS do
  redis.call('ZADD', KEYS[index], ARGV[4], ARGV[3])
  redis.call('EXPIRE', KEYS[index], ARGV[2])
end
return 1
"""

SAVE_SCRIPT = """
local version = redis.call('HGET', KEYS[1], 'v')
if not version then
  redis.call('SREM', KEYS[2], ARGV[5])
  return 0
end
if tonumber(version) ~= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'v', tonumber(version) + 1, 'r', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
if ARGV[4] == '1' then
  redis.call('SADD', KEYS[2], ARGV[5])
  redis.call('EXPIRE', KEYS[2], ARGV[3])
else
  redis.call('SREM', KEYS[2], ARGV[5])
end
return 1
"""


class RedisTournaments:
    def __init__(self, client: Any, prefix: str) -> None:
        self.client = client
        self.prefix = prefix
        self._create = client.register_script(CREATE_SCRIPT)
        self._save = client.register_script(SAVE_SCRIPT)

    def _key(self, what: str) -> str:
        return f"{self.prefix}{{tournaments}}:{what}"

    def create_tournament(self, tournament_id: str, record: bytes, key_ids: Sequence[str], at_ms: int) -> bool:
        keys = [self._key(f"t:{tournament_id}"), self._key("running"), *(self._key(f"key:{k}") for k in key_ids)]
        args = [record, TOURNAMENT_TTL_SECONDS, tournament_id, at_ms]
        return bool(guarded(lambda: self._create(keys=keys, args=args)))

    def load_tournament(self, tournament_id: str) -> tuple[int, bytes] | None:
        found = guarded(lambda: self.client.hmget(self._key(f"t:{tournament_id}"), ["v", "r"]))
        if found[0] is None or found[1] is None:
            return None
        return int(found[0]), bytes(found[1])

    def save_tournament(self, tournament_id: str, record: bytes, expected_version: int, *, running: bool) -> bool:
        keys = [self._key(f"t:{tournament_id}"), self._key("running")]
        args = [expected_version, record, TOURNAMENT_TTL_SECONDS, "1" if running else "0", tournament_id]
        return bool(guarded(lambda: self._save(keys=keys, args=args)))

    def running_tournaments(self) -> list[str]:
        members = guarded(lambda: self.client.smembers(self._key("running")))
        return sorted(member.decode() for member in members)

    def key_tournaments(self, key_id: str, before: tuple[int, str] | None, limit: int) -> list[tuple[int, str]]:
        high: int | str = "+inf" if before is None else before[0]
        rows = guarded(
            lambda: self.client.zrevrangebyscore(
                self._key(f"key:{key_id}"), high, "-inf", start=0, num=limit + 64, withscores=True
            )
        )
        entries = sorted(((int(score), name.decode()) for name, score in rows), reverse=True)
        if before is not None:
            entries = [entry for entry in entries if entry < before]
        return entries[:limit]
