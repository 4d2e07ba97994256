"""The Redis store's leases part (``RedisStore.leases``), on a Redis or a Redis Cluster: the protocol is
``LeaseStore`` in service/storage/protocols.py.

Keys of a lease ``<name>`` (``<prefix>`` is the store's key prefix), both in the hash slot ``{lease:<name>}`` so each
script below touches one slot, on a Redis Cluster too:

- ``<prefix>{lease:<name>}:holder``: a hash ``h`` holder, ``t`` term, expiring with the lease (PEXPIRE);
- ``<prefix>{lease:<name>}:term``: the last term granted, kept when the lease expires (terms only grow).

Reusable: the matchmaker (service/matchmaking/) holds the lease ``matchmaker``; the tournament director and any
other "one worker at a time over the store" loop take a lease of their own name here.
"""

from __future__ import annotations

import math
from typing import Any

from service.storage.redis_client import guarded

ACQUIRE_SCRIPT = """
local held = redis.call('HMGET', KEYS[1], 'h', 't')
if held[1] and held[1] ~= ARGV[1] then return 0 end
local term = tonumber(held[2])
if not held[1] then
  term = redis.call('INCR', KEYS[2])
  redis.call('HSET', KEYS[1], 'h', ARGV[1], 't', term)
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return term
"""

RENEW_SCRIPT = """
local held = redis.call('HMGET', KEYS[1], 'h', 't')
if held[1] ~= ARGV[1] or held[2] ~= ARGV[2] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
"""

RELEASE_SCRIPT = """
local held = redis.call('HMGET', KEYS[1], 'h', 't')
if held[1] == ARGV[1] and held[2] == ARGV[2] then redis.call('DEL', KEYS[1]) end
return 1
"""


def _milliseconds(seconds: float) -> int:
    return max(1, math.ceil(seconds * 1000))


class RedisLeases:
    def __init__(self, client: Any, prefix: str) -> None:
        self.client = client
        self.prefix = prefix
        self._acquire = client.register_script(ACQUIRE_SCRIPT)
        self._renew = client.register_script(RENEW_SCRIPT)
        self._release = client.register_script(RELEASE_SCRIPT)

    def _keys(self, name: str) -> list[str]:
        return [f"{self.prefix}{{lease:{name}}}:holder", f"{self.prefix}{{lease:{name}}}:term"]

    def acquire(self, name: str, holder: str, ttl_seconds: float) -> int:
        keys, args = self._keys(name), [holder, _milliseconds(ttl_seconds)]
        return int(guarded(lambda: self._acquire(keys=keys, args=args)))

    def renew(self, name: str, holder: str, term: int, ttl_seconds: float) -> bool:
        keys, args = self._keys(name)[:1], [holder, str(term), _milliseconds(ttl_seconds)]
        return bool(guarded(lambda: self._renew(keys=keys, args=args)))

    def release(self, name: str, holder: str, term: int) -> None:
        keys, args = self._keys(name)[:1], [holder, str(term)]
        guarded(lambda: self._release(keys=keys, args=args))

    def holder(self, name: str) -> tuple[str, int] | None:
        held = guarded(lambda: self.client.hmget(self._keys(name)[0], ["h", "t"]))
        if held[0] is None or held[1] is None:
            return None
        return bytes(held[0]).decode(), int(held[1])
