"""The Redis store's matchmaking part (``RedisStore.matchmaking``), on a Redis or a Redis Cluster: the protocol is
``MatchmakingStore`` in service/storage/protocols.py, the use cases service/matchmaking/.

Keys (``<prefix>`` is the store's key prefix), all in the one hash slot ``{matchmaking}`` so that a claim of several
tickets is one script, on a Redis Cluster too:

- ``<prefix>{matchmaking}:ticket:<id>``: a hash: ``o`` owner (API key id), ``c`` created (epoch ms), ``r`` the core's
  record, ``s`` state, ``p`` its place in a match once claimed; it expires (the ticket's time-to-live);
- ``<prefix>{matchmaking}:waiting``: a sorted set of the waiting tickets' ids by creation time (an id whose ticket is
  gone or no longer waiting is dropped by the reader);
- ``<prefix>{matchmaking}:pending``: a hash, match id -> plan, of the matches claimed and not yet completed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from service.storage.protocols import TICKET_WAITING, StoredTicket
from service.storage.redis_client import guarded

SETTLE_SCRIPT = """
local state = redis.call('HGET', KEYS[1], 's')
if state == 'waiting' then
  redis.call('HSET', KEYS[1], 's', ARGV[2])
  redis.call('ZREM', KEYS[2], ARGV[1])
end
return redis.call('HMGET', KEYS[1], 'o', 'c', 'r', 's', 'p')
"""

CLAIM_SCRIPT = """
local count = tonumber(ARGV[4])
for i = 1, count do
  if redis.call('HGET', KEYS[i + 2], 's') ~= 'waiting' then return 0 end
end
for i = 1, count do
  redis.call('HSET', KEYS[i + 2], 's', 'matching', 'p', ARGV[4 + count + i])
  redis.call('PEXPIRE', KEYS[i + 2], ARGV[3])
  redis.call('ZREM', KEYS[2], ARGV[4 + i])
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[5 + 2 * count])
return 1
"""

COMPLETE_SCRIPT = """
for i = 2, #KEYS do
  if redis.call('HGET', KEYS[i], 's') == 'matching' then redis.call('HSET', KEYS[i], 's', 'matched') end
end
redis.call('HDEL', KEYS[1], ARGV[1])
return 1
"""

KEEP_SECONDS = 30 * 24 * 3600  # the waiting set and the pending plans expire a month after their last write


class RedisMatchmaking:
    def __init__(self, client: Any, prefix: str) -> None:
        self.client = client
        self.prefix = prefix
        self._settle = client.register_script(SETTLE_SCRIPT)
        self._claim = client.register_script(CLAIM_SCRIPT)
        self._complete = client.register_script(COMPLETE_SCRIPT)

    def _key(self, what: str) -> str:
        return f"{self.prefix}{{matchmaking}}:{what}"

    def _ticket_key(self, ticket_id: str) -> str:
        return self._key(f"ticket:{ticket_id}")

    def put_ticket(self, ticket: StoredTicket, ttl_seconds: float) -> None:
        key, waiting = self._ticket_key(ticket.ticket_id), self._key("waiting")
        fields = {"o": ticket.owner, "c": ticket.created_ms, "r": ticket.record, "s": ticket.state, "p": ticket.place}

        def write() -> None:
            with self.client.pipeline(transaction=True) as pipe:
                pipe.hset(key, mapping=fields)
                pipe.pexpire(key, max(1, math.ceil(ttl_seconds * 1000)))
                if ticket.state == TICKET_WAITING:
                    pipe.zadd(waiting, {ticket.ticket_id: ticket.created_ms})
                    pipe.expire(waiting, KEEP_SECONDS)
                pipe.execute()

        guarded(write)

    @staticmethod
    def _ticket_of(ticket_id: str, values: Sequence[Any]) -> StoredTicket | None:
        owner, created, record, state, place = values
        if state is None:
            return None
        return StoredTicket(
            ticket_id, bytes(owner or b"").decode(), int(created or 0), bytes(record or b""), bytes(state).decode(),
            bytes(place or b""),
        )  # fmt: skip

    def ticket(self, ticket_id: str) -> StoredTicket | None:
        values = guarded(lambda: self.client.hmget(self._ticket_key(ticket_id), ["o", "c", "r", "s", "p"]))
        return self._ticket_of(ticket_id, values)

    def waiting_tickets(self, limit: int) -> list[StoredTicket]:
        waiting = self._key("waiting")
        ids = [name.decode() for name in guarded(lambda: self.client.zrange(waiting, 0, limit - 1))]
        if not ids:
            return []

        def read() -> list[Any]:
            with self.client.pipeline(transaction=False) as pipe:
                for ticket_id in ids:
                    pipe.hmget(self._ticket_key(ticket_id), ["o", "c", "r", "s", "p"])
                return list(pipe.execute())

        found = [self._ticket_of(ticket_id, values) for ticket_id, values in zip(ids, guarded(read), strict=True)]
        gone = [ticket_id for ticket_id, ticket in zip(ids, found, strict=True) if ticket is None]
        if gone:
            guarded(lambda: self.client.zrem(waiting, *gone))
        return [ticket for ticket in found if ticket is not None and ticket.state == TICKET_WAITING]

    def settle_ticket(self, ticket_id: str, state: str) -> StoredTicket | None:
        keys, args = [self._ticket_key(ticket_id), self._key("waiting")], [ticket_id, state]
        return self._ticket_of(ticket_id, guarded(lambda: self._settle(keys=keys, args=args)))

    def claim_tickets(self, match_id: str, plan: bytes, places: Mapping[str, bytes], ttl_seconds: float) -> bool:
        ids = list(places)
        keys = [self._key("pending"), self._key("waiting"), *(self._ticket_key(ticket_id) for ticket_id in ids)]
        args: list[Any] = [match_id, plan, max(1, math.ceil(ttl_seconds * 1000)), len(ids), *ids]
        args += [places[ticket_id] for ticket_id in ids] + [KEEP_SECONDS]
        return bool(guarded(lambda: self._claim(keys=keys, args=args)))

    def pending_matches(self) -> list[tuple[str, bytes]]:
        found = guarded(lambda: self.client.hgetall(self._key("pending")))
        return sorted((bytes(match_id).decode(), bytes(plan)) for match_id, plan in found.items())

    def complete_match(self, match_id: str, ticket_ids: Sequence[str]) -> None:
        keys = [self._key("pending"), *(self._ticket_key(ticket_id) for ticket_id in ticket_ids)]
        guarded(lambda: self._complete(keys=keys, args=[match_id]))
