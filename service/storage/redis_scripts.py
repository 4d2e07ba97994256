"""The Lua scripts of the Redis store: each runs atomically on the one node owning its keys' slot.

The games' (commit, create), the turn clocks' (their due set), the limits' (buckets, counters, live games), the API
keys' (lookup, revocation) and the bot queue's (mark, claim, settle). Scripts that read the time use Redis's clock
(``TIME``), so replicas on machines with skewed clocks agree.
"""

from __future__ import annotations

# ----- games ------------------------------------------------------------------------------------------------------

# KEYS: game, log, results. ARGV: expected version, new version, snapshot, event count, finished (0/1), log entry,
# result key ('' for none), result, ttl seconds (0: none), channel, 'PUBLISH' or 'SPUBLISH' (sharded: cluster),
# expected commit id ('*': any; '' for a game stored before commit ids), new commit id, meta ('': unchanged; a
# join of the lobby changes it: service/core/lobby.py). A state is replaced only by one computed from it: the same
# version is not enough after a store went back (service/storage/commit_ids.py).
COMMIT_SCRIPT = """
local held = redis.call('HMGET', KEYS[1], 'v', 'c')
local current = held[1]
if not current then
  return {'missing'}
end
if ARGV[7] ~= '' then
  local prior = redis.call('HGET', KEYS[3], ARGV[7])
  if prior then
    return {'duplicate', prior}
  end
end
if current ~= ARGV[1] or (ARGV[12] ~= '*' and (held[2] or '') ~= ARGV[12]) then
  return {'stale', current}
end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 's', ARGV[3], 'n', ARGV[4], 'f', ARGV[5], 'c', ARGV[13])
if ARGV[14] and ARGV[14] ~= '' then
  redis.call('HSET', KEYS[1], 'm', ARGV[14])
end
redis.call('RPUSH', KEYS[2], ARGV[6])
if ARGV[7] ~= '' then
  redis.call('HSET', KEYS[3], ARGV[7], ARGV[8])
end
local ttl = tonumber(ARGV[9])
if ttl > 0 then
  redis.call('EXPIRE', KEYS[1], ttl)
  redis.call('EXPIRE', KEYS[2], ttl)
  redis.call('EXPIRE', KEYS[3], ttl)
else
  redis.call('PERSIST', KEYS[1])
  redis.call('PERSIST', KEYS[2])
  redis.call('PERSIST', KEYS[3])
end
redis.call(ARGV[11], ARGV[10], ARGV[2])
return {'ok'}
"""

# KEYS: game, log, results, withdrawn. ARGV: version, snapshot, event count, finished, meta, first log entry, ttl
# (0: none), commit id. Returns 1: created; 2: the game exists with this very meta (an earlier attempt of this
# create); 0: another game, or the create was withdrawn (WITHDRAW_SCRIPT ran first: a stalled create runs late).
# The first write is the HSET, a command Redis refuses at maxmemory (noeviction) as long as the script has written
# nothing: a store that is out of memory refuses the whole create, and no create is ever half-written.
CREATE_SCRIPT = """
if redis.call('EXISTS', KEYS[1]) == 1 then
  if redis.call('HGET', KEYS[1], 'm') == ARGV[5] then
    return 2
  end
  return 0
end
if redis.call('EXISTS', KEYS[4]) == 1 then
  return 0
end
redis.call('HSET', KEYS[1], 'v', ARGV[1], 's', ARGV[2], 'n', ARGV[3], 'f', ARGV[4], 'm', ARGV[5], 'c', ARGV[8])
redis.call('DEL', KEYS[2], KEYS[3])
redis.call('RPUSH', KEYS[2], ARGV[6])
local ttl = tonumber(ARGV[7])
if ttl > 0 then
  redis.call('EXPIRE', KEYS[1], ttl)
  redis.call('EXPIRE', KEYS[2], ttl)
end
return 1
"""

# KEYS: game, log, results, withdrawn. ARGV: meta, seconds to keep the mark. A create in doubt undone: the game
# removed if it is the one with this meta, and marked withdrawn first so that the create, if it has not run yet,
# never does. Returns 1 if a game was removed.
WITHDRAW_SCRIPT = """
redis.call('SET', KEYS[4], 1, 'EX', ARGV[2])
if redis.call('HGET', KEYS[1], 'm') == ARGV[1] then
  redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
  return 1
end
return 0
"""


# ----- turn clocks ------------------------------------------------------------------------------------------------

# Turn clocks: if the game's due time is ARGV[2], set it to ARGV[3] (empty: remove it). One key (one slot).
MOVE_CLOCK_SCRIPT = """
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score or tonumber(score) ~= tonumber(ARGV[2]) then
  return 0
end
if ARGV[3] == '' then
  redis.call('ZREM', KEYS[1], ARGV[1])
else
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
end
return 1
"""


# ----- limits -----------------------------------------------------------------------------------------------------

# KEYS: the bucket. ARGV: rate, burst, milliseconds to keep an idle bucket. Returns '0', or the seconds to wait.
TAKE_SCRIPT = """
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local held = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(held[1]) or burst
local at = tonumber(held[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
local wait = 0
if tokens >= 1 then
  tokens = tokens - 1
else
  wait = (1 - tokens) / rate
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return tostring(wait)
"""

# KEYS: the counter. ARGV: limit, window (ms). Returns {count, milliseconds until it resets}.
COUNT_SCRIPT = """
local count = redis.call('INCR', KEYS[1])
if count == 1 or count == tonumber(ARGV[1]) then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return {count, redis.call('PTTL', KEYS[1])}
"""

# KEYS: the set. ARGV: member, cap. 1 if added (or there already), 0 if the set is full.
ADMIT_SCRIPT = """
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then
  return 1
end
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return 0
end
redis.call('SADD', KEYS[1], ARGV[1])
return 1
"""


# ----- API keys ---------------------------------------------------------------------------------------------------

# KEYS: digests hash, records hash. ARGV: digest. The record of the key with that digest, or nil.
FIND_SCRIPT = """
local key_id = redis.call('HGET', KEYS[1], ARGV[1])
if not key_id then
  return false
end
return redis.call('HGET', KEYS[2], key_id)
"""

# KEYS: records hash. ARGV: key id, revocation time. 1 if revoked (or already), 0 if no such key.
REVOKE_SCRIPT = """
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then
  return 0
end
local record = cjson.decode(raw)
if record['revokedAt'] == nil then
  record['revokedAt'] = tonumber(ARGV[2])
  redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(record))
end
return 1
"""


# ----- the bot queue ----------------------------------------------------------------------------------------------

# KEYS: due, games. ARGV: game id, version, state ('due' | 'idle' | 'done').
MARK_SCRIPT = """
local known = redis.call('HGET', KEYS[2], ARGV[1])
local version = tonumber(ARGV[2])
if known and tonumber(known) > version then
  return 0
end
if ARGV[3] == 'done' then
  redis.call('HDEL', KEYS[2], ARGV[1])
  redis.call('ZREM', KEYS[1], ARGV[1])
  return 1
end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
if ARGV[3] == 'due' then
  if known ~= ARGV[2] or not redis.call('ZSCORE', KEYS[1], ARGV[1]) then
    local now = redis.call('TIME')
    redis.call('ZADD', KEYS[1], tonumber(now[1]) + tonumber(now[2]) / 1000000, ARGV[1])
  end
else
  redis.call('ZREM', KEYS[1], ARGV[1])
end
return 1
"""

# KEYS: due. ARGV: lease seconds, delay seconds. Returns {game id, ''} or {'', seconds until the next is due | ''}.
CLAIM_SCRIPT = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local delay = tonumber(ARGV[2])
local found = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now - delay, 'LIMIT', 0, 1)
if #found == 0 then
  local nearest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  if #nearest == 0 then
    return {'', ''}
  end
  return {'', tostring(tonumber(nearest[2]) + delay - now)}
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), found[1])
return {found[1], ''}
"""

# KEYS: due, games. ARGV: game id, expected marked version, new one ('': forget the game). Compare-and-set.
SETTLE_SCRIPT = """
if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then
  return 0
end
if ARGV[3] == '' then
  redis.call('HDEL', KEYS[2], ARGV[1])
  redis.call('ZREM', KEYS[1], ARGV[1])
else
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
end
return 1
"""
