"""The Redis store's webhooks part (``RedisStore.webhooks``), on a Redis or a Redis Cluster; the protocol is
``WebhookStore`` in service/storage/protocols.py:

- ``<prefix>{webhooks}:endpoints``: a hash, endpoint id -> the core's record of it (service/webhooks/);
- ``<prefix>{webhooks}:key:<key id>``: a set of the key's endpoint ids (its cap is checked in the adding script);
- ``<prefix>{webhooks}:states``: a hash, endpoint id -> its delivery state (the cursor in the key's event stream,
  the attempts at the event it delivers), replaced by compare-and-set only.

Every key shares the ``{webhooks}`` slot, so each script below names one slot, on a Redis Cluster too. No key
expires: an endpoint lasts until its key deletes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.storage.redis_client import guarded

ADD_SCRIPT = """
if redis.call('SCARD', KEYS[2]) >= tonumber(ARGV[4]) then return 0 end
redis.call('SADD', KEYS[2], ARGV[1])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[3], ARGV[1], ARGV[3])
return 1
"""

REMOVE_SCRIPT = """
if redis.call('SREM', KEYS[2], ARGV[1]) == 0 then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[3], ARGV[1])
return 1
"""

SAVE_STATE_SCRIPT = """
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
return 1
"""


class RedisWebhooks:
    def __init__(self, client: Any, prefix: str) -> None:
        self.client = client
        self.prefix = prefix
        self._add = client.register_script(ADD_SCRIPT)
        self._remove = client.register_script(REMOVE_SCRIPT)
        self._save_state = client.register_script(SAVE_STATE_SCRIPT)

    def _key(self, what: str) -> str:
        return f"{self.prefix}{{webhooks}}:{what}"

    def add_endpoint(self, key_id: str, endpoint_id: str, record: bytes, state: bytes, cap: int) -> bool:
        keys = [self._key("endpoints"), self._key(f"key:{key_id}"), self._key("states")]
        return bool(guarded(lambda: self._add(keys=keys, args=[endpoint_id, record, state, cap])))

    def remove_endpoint(self, key_id: str, endpoint_id: str) -> bool:
        keys = [self._key("endpoints"), self._key(f"key:{key_id}"), self._key("states")]
        return bool(guarded(lambda: self._remove(keys=keys, args=[endpoint_id])))

    def key_endpoints(self, key_id: str) -> dict[str, bytes]:
        members = guarded(lambda: self.client.smembers(self._key(f"key:{key_id}")))
        endpoint_ids = sorted(name.decode() for name in members)
        if not endpoint_ids:
            return {}
        records = guarded(lambda: self.client.hmget(self._key("endpoints"), endpoint_ids))
        return {endpoint: bytes(record) for endpoint, record in zip(endpoint_ids, records, strict=True) if record}

    def all_endpoints(self) -> dict[str, bytes]:
        raw = guarded(lambda: self.client.hgetall(self._key("endpoints")))
        return {name.decode(): bytes(record) for name, record in raw.items()}

    def delivery_states(self, endpoint_ids: Sequence[str]) -> list[bytes | None]:
        if not endpoint_ids:
            return []
        found = guarded(lambda: self.client.hmget(self._key("states"), list(endpoint_ids)))
        return [None if state is None else bytes(state) for state in found]

    def save_delivery_state(self, endpoint_id: str, expected: bytes, state: bytes) -> bool:
        keys = [self._key("states")]
        return bool(guarded(lambda: self._save_state(keys=keys, args=[endpoint_id, expected, state])))
