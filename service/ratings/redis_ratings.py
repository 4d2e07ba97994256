"""The ratings' store in Redis (a Redis Cluster too), shared by every replica. Keys, per game type, all under one
hash tag ``{ratings:<game type>}`` (one Cluster slot, so each script below touches one slot):

- ``<prefix>{ratings:<type>}:records``: a hash, member -> its record (the core's JSON);
- ``...:outcomes``: a hash, game id -> the outcome applied (its rating changes);
- ``...:history``: a list of the applied results, in the order applied;
- ``...:board:<board>``: a sorted set per leaderboard, member -> ``mu``;
- ``...:pending``: a sorted set of the rated games not yet applied, by when a sweep checks each next (Redis's clock,
  ms).

A game's own keys sit in another slot, so the game's end and its ratings cannot be one transaction: the game is
pending before it exists (``expect``), its end is applied by ``APPLY_SCRIPT``, which writes the ratings, the
outcome and the history and drops the game from ``pending`` at once, and only if the game has no outcome yet and
every record read is still the one the new ratings were computed from (a compare-and-set on each record).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.ratings.store import ApplyOutcome, RatingWrite, after_cursor
from service.storage.redis_client import guarded

# KEYS: pending. ARGV: game id, ms until its first check. A game applied already is never pending again: the caller
# expects a game before it exists.
EXPECT_SCRIPT = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('ZADD', KEYS[1], 'NX', now + tonumber(ARGV[2]), ARGV[1])
return 1
"""

# KEYS: pending. ARGV: limit, ms until the next check. The due games, each pushed to its next check.
CLAIM_SCRIPT = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, tonumber(ARGV[1]))
for _, game_id in ipairs(due) do
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), game_id)
end
return due
"""

# KEYS: records, outcomes, history, pending, then one board per write. ARGV: game id, outcome, history entry ('':
# none), then per write: member, expected record ('': none), record, score.
APPLY_SCRIPT = """
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 then
  redis.call('ZREM', KEYS[4], ARGV[1])
  return 'duplicate'
end
local writes = (#ARGV - 3) / 4
for i = 0, writes - 1 do
  local held = redis.call('HGET', KEYS[1], ARGV[4 + i * 4]) or ''
  if held ~= ARGV[5 + i * 4] then
    return 'stale'
  end
end
for i = 0, writes - 1 do
  redis.call('HSET', KEYS[1], ARGV[4 + i * 4], ARGV[6 + i * 4])
  redis.call('ZADD', KEYS[5 + i], ARGV[7 + i * 4], ARGV[4 + i * 4])
end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
if ARGV[3] ~= '' then
  redis.call('RPUSH', KEYS[3], ARGV[3])
end
redis.call('ZREM', KEYS[4], ARGV[1])
return 'applied'
"""


class RedisRatings:
    def __init__(self, client: Any, prefix: str) -> None:
        self.client = client
        self.prefix = prefix
        self._expect = client.register_script(EXPECT_SCRIPT)
        self._claim = client.register_script(CLAIM_SCRIPT)
        self._apply = client.register_script(APPLY_SCRIPT)

    def _key(self, game_type: str, what: str) -> str:
        return f"{self.prefix}{{ratings:{game_type}}}:{what}"

    def expect(self, game_type: str, game_id: str, check_in_seconds: float) -> None:
        keys, args = [self._key(game_type, "pending")], [game_id, int(check_in_seconds * 1000)]
        guarded(lambda: self._expect(keys=keys, args=args))

    def claim_due(self, game_type: str, limit: int, recheck_seconds: float) -> list[str]:
        keys, args = [self._key(game_type, "pending")], [limit, int(recheck_seconds * 1000)]
        if not guarded(lambda: self.client.zcard(keys[0])):
            return []  # nothing pending: no script run (every sweep of every replica, every game type)
        due: list[bytes] = guarded(lambda: self._claim(keys=keys, args=args))
        return [game_id.decode() for game_id in due]

    def forget(self, game_type: str, game_id: str) -> None:
        guarded(lambda: self.client.zrem(self._key(game_type, "pending"), game_id))

    def records(self, game_type: str, members: Sequence[str]) -> list[bytes]:
        if not members:
            return []
        values = guarded(lambda: self.client.hmget(self._key(game_type, "records"), list(members)))
        return [bytes(value or b"") for value in values]

    def apply(
        self, game_type: str, game_id: str, writes: Sequence[RatingWrite], outcome: bytes, history: bytes
    ) -> ApplyOutcome:
        keys = [self._key(game_type, what) for what in ("records", "outcomes", "history", "pending")]
        keys += [self._key(game_type, f"board:{write.board}") for write in writes]
        args: list[Any] = [game_id, outcome, history]
        for write in writes:
            args += [write.member, write.expected, write.record, repr(write.score)]
        reply = guarded(lambda: self._apply(keys=keys, args=args))
        answer = reply.decode() if isinstance(reply, bytes) else str(reply)
        assert answer in ("applied", "duplicate", "stale"), answer
        return answer  # type: ignore[return-value]

    def outcome(self, game_type: str, game_id: str) -> bytes | None:
        value = guarded(lambda: self.client.hget(self._key(game_type, "outcomes"), game_id))
        return None if value is None else bytes(value)

    def history(self, game_type: str, start: int, limit: int) -> list[bytes]:
        values = guarded(lambda: self.client.lrange(self._key(game_type, "history"), start, start + limit - 1))
        return [bytes(value) for value in values]

    def board(self, game_type: str, board: str, after: tuple[float, str] | None, limit: int) -> list[tuple[str, float]]:
        key = self._key(game_type, f"board:{board}")
        high: float | str = "+inf" if after is None else after[0]
        skipped = 0
        while True:  # ties at one score are read again from their start: a page may begin inside a tie
            count = limit + skipped + 1
            rows = self._highest(key, high, count)
            entries = sorted(((name.decode(), float(score)) for name, score in rows), key=_order, reverse=True)
            entries = [entry for entry in entries if after_cursor(entry, after)]
            if len(entries) >= limit or len(rows) < count:
                return entries[:limit]
            skipped += len(rows)

    def _highest(self, key: str, high: float | str, count: int) -> list[tuple[bytes, float]]:
        rows = guarded(lambda: self.client.zrevrangebyscore(key, high, "-inf", start=0, num=count, withscores=True))
        return list(rows)


def _order(entry: tuple[str, float]) -> tuple[float, str]:
    return entry[1], entry[0]
