"""Quotas and rate limits, and the one check both edges make per request (``Gate``).

- **Rate limits**: a token bucket per API key and one per client address (``rate`` tokens a second, at most
  ``burst``); a request takes one token, an empty bucket answers RESOURCE_EXHAUSTED (HTTP 429) with the seconds
  until a token is back (``Retry-After``; gRPC: trailing metadata ``retry-after``). On Redis the buckets are one
  Lua script on Redis's clock, so every replica shares them; in memory for the embedded store.
- **Live games per key**: a key holds at most ``live_games_per_key`` unfinished games (a set of game ids per key;
  when it is full, the finished and expired ones are dropped before a new one is refused).
- **Wrong seat tokens**: every wrong seat token or stream ticket for a game is counted per game and caller (client
  address, and API key when one is sent), shared by every replica; after ``wrong_tokens`` of them within
  ``wrong_token_seconds`` the caller gets 429 on that game, right token or not, until the window ends. A replica
  learns of a block at the first wrong token it sees from that caller (one round trip on failures only), so the
  calls that succeed cost nothing.

The defaults suit the embedded single-user run (no keys: no per-key limit or cap; no per-address limit): the web
table and the bots work as before. Hosting sets them (README, "Limits and keys").
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Protocol

from service.access.keys import KeyRing, RunScript, run_on_client
from service.core import errors
from service.storage.store import GameStore

log = logging.getLogger("cardengine.limits")

KEYED_OPERATIONS = frozenset({"ListGameTypes", "CreateGame"})
LIVE_GAMES_RETRY_SECONDS = 60  # a hint: a slot frees when one of the key's games finishes or expires
MAX_BLOCKS = 100_000
WRONG_CREDENTIAL_CODES = frozenset({"auth/invalid_token", "auth/invalid_ticket"})


@dataclass(frozen=True, slots=True, kw_only=True)
class LimitSettings:
    key_rate: float = 10.0  # requests a second per API key; 0: no limit
    key_burst: int = 50
    address_rate: float = 0.0  # requests a second per client address; 0: no limit
    address_burst: int = 100
    live_games_per_key: int = 100  # unfinished games per API key; 0: no cap
    wrong_tokens: int = 10  # wrong seat tokens or tickets per game and caller; 0: no limit
    wrong_token_seconds: float = 60.0

    def check(self) -> None:
        numbers = (self.key_rate, self.address_rate, self.live_games_per_key, self.wrong_tokens)
        if min(numbers) < 0 or self.wrong_token_seconds <= 0:
            raise ValueError("rates, the live-game cap and the wrong-token limit are 0 (off) or more.")
        if (self.key_rate and self.key_burst < 1) or (self.address_rate and self.address_burst < 1):
            raise ValueError("a burst is at least 1 request.")


class LimitBackend(Protocol):
    def take(self, bucket: str, rate: float, burst: int) -> float:
        """Takes one token of ``bucket``: 0 if there was one, else the seconds until there is one."""
        ...

    def count(self, counter: str, limit: int, window: float) -> tuple[int, float]:
        """Counts one more in ``counter``; (the count, seconds until it resets). The window starts at the first
        count and starts again when the count reaches ``limit``."""
        ...

    def admit(self, owner: str, member: str, cap: int, is_live: Callable[[Sequence[str]], list[bool]]) -> bool:
        """Adds ``member`` to ``owner``'s set if it has fewer than ``cap`` members, after dropping those no longer
        live when it is full; False if it stays full."""
        ...


class MemoryLimits:
    """Buckets, counters and sets of one process (the embedded store)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._buckets: dict[str, tuple[float, float]] = {}  # tokens, at
        self._counters: dict[str, tuple[int, float]] = {}  # count, reset at
        self._sets: dict[str, set[str]] = {}

    def take(self, bucket: str, rate: float, burst: int) -> float:
        with self._lock:
            now = self._clock()
            tokens, at = self._buckets.get(bucket, (float(burst), now))
            tokens = min(float(burst), tokens + (now - at) * rate)
            wait = 0.0 if tokens >= 1 else (1 - tokens) / rate
            self._buckets[bucket] = (tokens - 1 if tokens >= 1 else tokens, now)
            if len(self._buckets) > MAX_BLOCKS:  # full buckets hold nothing worth keeping
                full = [name for name, (held, _) in self._buckets.items() if held >= burst - 1]
                for name in full[: len(full) // 2]:
                    del self._buckets[name]
            return wait

    def count(self, counter: str, limit: int, window: float) -> tuple[int, float]:
        with self._lock:
            now = self._clock()
            if len(self._counters) > MAX_BLOCKS:
                for name in [name for name, (_, reset) in self._counters.items() if reset <= now]:
                    del self._counters[name]
            count, reset = self._counters.get(counter, (0, now))
            if reset <= now:
                count = 0
            count += 1
            if count == 1 or count == limit:
                reset = now + window
            self._counters[counter] = (count, reset)
            return count, reset - now

    def admit(self, owner: str, member: str, cap: int, is_live: Callable[[Sequence[str]], list[bool]]) -> bool:
        with self._lock:
            members = self._sets.setdefault(owner, set())
            if member in members:  # a create retried (same request id, same game) takes no second place
                return True
            if len(members) >= cap:
                listed = sorted(members)
                for name, live in zip(listed, is_live(listed), strict=True):
                    if not live:
                        members.discard(name)
            if len(members) >= cap:
                return False
            members.add(member)
            return True


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


class RedisLimits:
    """Buckets, counters and sets in the service's Redis, shared by every replica: ``<prefix>limit:<bucket>``,
    ``<prefix>limit:<counter>`` and ``<prefix>live:<key id>``, one key each (any Redis Cluster slot)."""

    def __init__(
        self,
        client: Any,
        key_prefix: str,
        guard: Callable[[Callable[[], Any]], Any],
        run_script: RunScript | None = None,
    ) -> None:
        """``run_script``: how a script runs (the store's ``_evalsha``, on its own wire connections: a rate limit is
        taken on every request with an API key); redis-py's script objects without it."""
        self.client = client
        self.prefix = key_prefix
        self._guard = guard
        self._run = run_script or run_on_client
        self._take = client.register_script(TAKE_SCRIPT)
        self._count = client.register_script(COUNT_SCRIPT)
        self._admit = client.register_script(ADMIT_SCRIPT)

    def take(self, bucket: str, rate: float, burst: int) -> float:
        keep_ms = math.ceil(burst / rate * 1000) + 1000
        keys = [f"{self.prefix}limit:{bucket}"]
        reply = self._guard(lambda: self._run(self._take, keys, [rate, burst, keep_ms]))
        return float(reply)

    def count(self, counter: str, limit: int, window: float) -> tuple[int, float]:
        window_ms = max(1, math.ceil(window * 1000))
        keys = [f"{self.prefix}limit:{counter}"]
        reply = self._guard(lambda: self._run(self._count, keys, [limit, window_ms]))
        return int(reply[0]), max(0, int(reply[1])) / 1000

    def admit(self, owner: str, member: str, cap: int, is_live: Callable[[Sequence[str]], list[bool]]) -> bool:
        key = f"{self.prefix}live:{owner}"
        if self._guard(lambda: self._admit(keys=[key], args=[member, cap])):
            return True
        listed = sorted(value.decode() for value in self._guard(lambda: self.client.smembers(key)))
        dead = [name for name, live in zip(listed, is_live(listed), strict=True) if not live]
        if dead:
            self._guard(lambda: self.client.srem(key, *dead))
        return bool(self._guard(lambda: self._admit(keys=[key], args=[member, cap])))


def backend_for(store: GameStore) -> tuple[LimitBackend, Callable[[Sequence[str]], list[bool]]]:
    """The limits' backend beside ``store`` (its Redis, or this process's memory) and how to tell which games are
    live (stored and unfinished)."""
    from service.storage.redis_store import RedisStore

    if isinstance(store, RedisStore):
        redis_store = store

        def live_in_redis(game_ids: Sequence[str]) -> list[bool]:
            def read() -> list[Any]:
                with redis_store.client.pipeline(transaction=False) as pipe:
                    for game_id in game_ids:
                        pipe.hget(redis_store.game_key(game_id), "f")
                    return list(pipe.execute())

            return [flag == b"0" for flag in redis_store._guard(read)]

        return RedisLimits(store.client, store.prefix, store._guard, store._evalsha), live_in_redis

    def live_in_memory(game_ids: Sequence[str]) -> list[bool]:
        found = [store.load(game_id) for game_id in game_ids]
        return [game is not None and not game.finished for game in found]

    return MemoryLimits(), live_in_memory


def retry_seconds(wait: float) -> int:
    """A wait as the whole seconds of ``Retry-After`` (at least 1)."""
    return max(1, math.ceil(wait))


@dataclass(frozen=True, slots=True)
class Caller:
    """Who makes a request: the client address and the id of its API key (None: none sent)."""

    address: str
    key_id: str | None = None


CURRENT_CALLER: ContextVar[Caller | None] = ContextVar("cardengine_caller", default=None)


def caller_key_id() -> str | None:
    """The API key id of the gRPC call being served (set by the edge around the call)."""
    caller = CURRENT_CALLER.get()
    return None if caller is None else caller.key_id


def grpc_address(peer: str) -> str:
    """The client address of a gRPC peer string (``ipv4:1.2.3.4:5678``, ``ipv6:[::1]:5678``), without its port."""
    scheme, _, rest = peer.partition(":")
    if scheme in ("ipv4", "ipv6"):
        host = rest.rsplit(":", 1)[0]
        return host.strip("[]")
    return peer


class Gate:
    """The check of every API request, the same for gRPC and REST: the API key where one is needed (or sent), the
    rate limits, and a block after too many wrong seat tokens; then the live-game cap at CreateGame."""

    def __init__(
        self,
        keys: KeyRing,
        settings: LimitSettings,
        backend: LimitBackend,
        is_live: Callable[[Sequence[str]], list[bool]],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        settings.check()
        self.keys = keys
        self.settings = settings
        self.backend = backend
        self._is_live = is_live
        self._clock = clock
        self._blocks: dict[str, float] = {}  # "game|who" -> until (this process's clock)
        self._lock = threading.Lock()
        self._reads_callers = keys.enabled or bool(settings.address_rate)

    def admits_unread(self) -> bool:
        """True when ``admit`` would admit any call without reading it: no API keys, no rate per address and nobody
        blocked in this process. An edge may then skip reading the call's metadata and peer, and hand
        ``after_failure`` how to read its caller (``Caller(address)``: without keys no caller has a key id)."""
        return not self._reads_callers and not self._blocks

    def admit(
        self, operation: str, *, address: str, api_key: str | None, game_id: str | None, has_credential: bool
    ) -> Caller:
        """The caller of a request of ``operation`` (a gRPC method name); UNAUTHENTICATED or RESOURCE_EXHAUSTED
        when it may not go on."""
        settings = self.settings
        if settings.address_rate:
            wait = self.backend.take(f"address:{address}", settings.address_rate, settings.address_burst)
            if wait:
                raise errors.rate_limited("address", retry_seconds(wait))
        key_id: str | None = None
        if self.keys.enabled:
            if api_key is not None:
                key_id = self.keys.authenticate(api_key)
            elif operation in KEYED_OPERATIONS:
                raise errors.missing_api_key(operation)
        if key_id is not None and settings.key_rate:
            wait = self.backend.take(f"key:{key_id}", settings.key_rate, settings.key_burst)
            if wait:
                raise errors.rate_limited("key", retry_seconds(wait))
        caller = Caller(address, key_id)
        if game_id and has_credential and settings.wrong_tokens:
            self._check_block(game_id, caller)
        return caller

    def _who(self, caller: Caller) -> list[str]:
        return [f"address:{caller.address}"] + ([f"key:{caller.key_id}"] if caller.key_id else [])

    def _check_block(self, game_id: str, caller: Caller) -> None:
        if not self._blocks:  # nobody blocked in this process: the common case costs no lock and no key
            return
        now = self._clock()
        with self._lock:
            until = max((self._blocks.get(f"{game_id}|{who}", 0.0) for who in self._who(caller)), default=0.0)
        if until > now:
            raise errors.too_many_wrong_tokens(game_id, retry_seconds(until - now))

    def wrong_credential(self, game_id: str, caller: Caller) -> errors.ServiceError | None:
        """Counts a wrong seat token or ticket of ``caller`` for the game; the 429 to answer in place of the 401
        when the caller was already over the limit (another replica counted the others)."""
        limit = self.settings.wrong_tokens
        if not limit:
            return None
        worst: tuple[int, float] = (0, 0.0)
        for who in self._who(caller):
            count, resets_in = self.backend.count(f"wrong:{game_id}:{who}", limit, self.settings.wrong_token_seconds)
            if count >= limit:
                self._block(f"{game_id}|{who}", resets_in)
            worst = max(worst, (count, resets_in))
        if worst[0] > limit:
            return errors.too_many_wrong_tokens(game_id, retry_seconds(worst[1]))
        return None

    def after_failure(
        self, failure: errors.ServiceError, game_id: str, caller: Caller | Callable[[], Caller] | None
    ) -> errors.ServiceError:
        """The error to answer for a failed call on ``game_id``: a wrong seat token or ticket is counted, and
        answered 429 once the caller is over the limit; anything else unchanged. A store that cannot count leaves
        the 401 as it is. ``caller`` may be how to read it, for a call admitted unread (``admits_unread``): it is
        read only for a wrong credential."""
        if caller is None or failure.code not in WRONG_CREDENTIAL_CODES:
            return failure
        if not isinstance(caller, Caller):
            caller = caller()
        try:
            return self.wrong_credential(game_id, caller) or failure
        except errors.StoreUnavailableError as error:
            log.warning("wrong token not counted", extra={"game_id": game_id, "error": str(error)})
            return failure

    def _block(self, name: str, seconds: float) -> None:
        now = self._clock()
        with self._lock:
            if len(self._blocks) >= MAX_BLOCKS:
                for known in [known for known, until in self._blocks.items() if until <= now]:
                    del self._blocks[known]
            self._blocks[name] = now + seconds

    def admit_game(self, key_id: str, game_id: str) -> None:
        """Before a game of ``key_id`` is stored: RESOURCE_EXHAUSTED when the key holds its cap of live games."""
        cap = self.settings.live_games_per_key
        if cap and not self.backend.admit(key_id, game_id, cap, self._is_live):
            raise errors.live_games_exhausted(key_id, cap, LIVE_GAMES_RETRY_SECONDS)


def make_gate(store: GameStore, keys: KeyRing, settings: LimitSettings) -> Gate:
    backend, is_live = backend_for(store)
    return Gate(keys, settings, backend, is_live)
