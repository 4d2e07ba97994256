"""The Redis store: games shared by every replica.

Keys of one game share the hash tag ``{<game_id>}`` so that they live in one Redis Cluster slot:

- ``<prefix>{<id>}:game``: a hash: ``v`` version, ``s`` engine snapshot, ``n`` event count, ``f`` finished (0/1),
  ``m`` immutable meta (game type, players, token hashes, seed, options: the creation record a replay starts from);
- ``<prefix>{<id>}:log``: a list, element N is the log entry of version N (0: the deal; then the seat and canonical
  notation of the move, and its events);
- ``<prefix>{<id>}:results``: a hash of idempotency results by ``<seat>:<key>``;
- ``<prefix>{<id>}:ticket:<sha256 of the ticket>``: a stream ticket's seat, with the ticket's time-to-live (so
  every replica knows every ticket);
- channel ``<prefix>{<id>}:watch``: the new version, published at each commit;
- ``<prefix>{bots}:due`` and ``<prefix>{bots}:games``: the due-queue of games waiting on a bot seat
  (``service.storage.redis_bot_queue``).

``commit`` is one Lua script: compare-and-set on ``v``, append the log entry, record the idempotency result,
refresh the time-to-live of the three keys and publish, atomically and in one round trip. One background thread
per process follows the watch channels (a pattern subscription) and wakes this process's watchers.

Redis Cluster (``redis+cluster://host:port/`` or ``cluster=True``, i.e. ``cardengine serve --redis-cluster``): the
store uses redis-py's ``RedisCluster``. Every script's keys share one hash tag (a game's ``{<id>}``, or one of the
global tags ``{bots}``, ``{clocks}``, ``{keys}``; a rate-limit key is one key), so each script runs on the one node
owning that slot (redis-py routes EVALSHA by its first key). On Redis 7 and later the commit publishes with
SPUBLISH (sharded pub/sub: only the slot's node carries it) and the listener SSUBSCRIBEs to the channels of the games
this process watches, on their nodes; on older clusters (or ``sharded_pubsub=False``) the commit's classic PUBLISH
reaches every node (broadcast), so a pattern subscription on any one node sees every game. Either way, when a node
fails the listener subscribes again, and the watchers poll meanwhile (``watch_poll_seconds``).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from typing import Any, TypeVar, cast

import redis
import redis.cluster
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

from service.core.errors import StoreFullError, StoreUnavailableError
from service.storage import redis_wire
from service.storage.redis_bot_queue import RedisBotQueue
from service.storage.store import (
    DEFAULT_FINISHED_TTL_SECONDS,
    DEFAULT_TTL_SECONDS,
    CommitOutcome,
    Committed,
    Duplicate,
    GameExistsError,
    Missing,
    Stale,
    StoredGame,
    VersionWaiters,
)

log = logging.getLogger("cardengine.redis")
T = TypeVar("T")

CLUSTER_SCHEME = "redis+cluster://"
CLUSTER_TLS_SCHEME = "rediss+cluster://"


def is_cluster_url(url: str) -> bool:
    """Whether ``url`` names a Redis Cluster (``redis+cluster://`` or ``rediss+cluster://``)."""
    return url.startswith((CLUSTER_SCHEME, CLUSTER_TLS_SCHEME))


def cluster_url(url: str) -> str:
    """``url`` as a Redis Cluster URL (``--redis-cluster``): ``redis://h:p`` becomes ``redis+cluster://h:p``."""
    if is_cluster_url(url):
        return url
    for plain, clustered in (("redis://", CLUSTER_SCHEME), ("rediss://", CLUSTER_TLS_SCHEME)):
        if url.startswith(plain):
            return clustered + url[len(plain) :]
    raise ValueError(f"a Redis Cluster URL starts with redis:// or redis+cluster://; got {url!r}")


def plain_url(url: str) -> str:
    """A cluster URL as redis-py's ``RedisCluster.from_url`` takes it (``redis://`` or ``rediss://``)."""
    if url.startswith(CLUSTER_TLS_SCHEME):
        return "rediss://" + url[len(CLUSTER_TLS_SCHEME) :]
    if url.startswith(CLUSTER_SCHEME):
        return "redis://" + url[len(CLUSTER_SCHEME) :]
    return url


# KEYS: game, log, results. ARGV: expected version, new version, snapshot, event count, finished (0/1), log entry,
# result key ('' for none), result, ttl seconds (0: none), channel, 'PUBLISH' or 'SPUBLISH' (sharded: cluster).
COMMIT_SCRIPT = """
local current = redis.call('HGET', KEYS[1], 'v')
if not current then
  return {'missing'}
end
if ARGV[7] ~= '' then
  local prior = redis.call('HGET', KEYS[3], ARGV[7])
  if prior then
    return {'duplicate', prior}
  end
end
if current ~= ARGV[1] then
  return {'stale', current}
end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 's', ARGV[3], 'n', ARGV[4], 'f', ARGV[5])
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

# KEYS: game, log, results. ARGV: version, snapshot, event count, finished, meta, first log entry, ttl (0: none).
# Returns 1: created; 2: the game exists with this very meta (an earlier attempt of this create); 0: another game.
# The first write is the HSET, a command Redis refuses at maxmemory (noeviction) as long as the script has written
# nothing: a store that is out of memory refuses the whole create, and no create is ever half-written.
CREATE_SCRIPT = """
if redis.call('EXISTS', KEYS[1]) == 1 then
  if redis.call('HGET', KEYS[1], 'm') == ARGV[5] then
    return 2
  end
  return 0
end
redis.call('HSET', KEYS[1], 'v', ARGV[1], 's', ARGV[2], 'n', ARGV[3], 'f', ARGV[4], 'm', ARGV[5])
redis.call('DEL', KEYS[2], KEYS[3])
redis.call('RPUSH', KEYS[2], ARGV[6])
local ttl = tonumber(ARGV[7])
if ttl > 0 then
  redis.call('EXPIRE', KEYS[1], ttl)
  redis.call('EXPIRE', KEYS[2], ttl)
end
return 1
"""

DEFAULT_TIMEOUT_SECONDS = 1.0

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


def _cluster_has_sharded_pubsub(client: Any) -> bool:
    """Whether a node of the cluster is Redis 7 or later (SPUBLISH); False if that cannot be read."""
    try:
        info = client.info("server", target_nodes=client.get_default_node())
        return int(str(info.get("redis_version", "0")).split(".")[0]) >= 7
    except (redis.RedisError, redis.exceptions.RedisClusterException, OSError, ValueError):
        return False


class RedisStore:
    """Games in Redis; thread-safe (a connection pool); every Redis failure raises StoreUnavailableError."""

    def __init__(
        self,
        client: redis.Redis | redis.cluster.RedisCluster,
        *,
        ttl_seconds: int = DEFAULT_TTL_SECONDS,
        finished_ttl_seconds: int = DEFAULT_FINISHED_TTL_SECONDS,
        key_prefix: str = "ce:",
        cache_size: int = 10_000,
        sharded_pubsub: bool | None = None,
    ) -> None:
        self.client: Any = client
        self.cluster = isinstance(client, redis.cluster.RedisCluster)
        # Sharded pub/sub (SPUBLISH/SSUBSCRIBE, Redis 7) on a cluster: a commit's notification goes to its slot's
        # node only, and each process subscribes to the games its watchers follow. None: on a cluster whose nodes
        # are Redis 7 or later (classic pub/sub, broadcast to every node, otherwise).
        self.sharded_pubsub = self.cluster and (
            sharded_pubsub if sharded_pubsub is not None else _cluster_has_sharded_pubsub(client)
        )
        self._watched: dict[str, int] = {}  # channel -> watchers in this process (sharded pub/sub)
        self._watched_changed = threading.Event()
        self.ttl_seconds = ttl_seconds
        self.finished_ttl_seconds = finished_ttl_seconds
        self.prefix = key_prefix
        self._commit = client.register_script(COMMIT_SCRIPT)
        self._create = client.register_script(CREATE_SCRIPT)
        self._move_clock = client.register_script(MOVE_CLOCK_SCRIPT)  # (registering asks nothing of Redis)
        self._waiters = VersionWaiters()
        self._listener: threading.Thread | None = None
        self._listener_lock = threading.Lock()
        self._closed = threading.Event()
        self.cache_size = cache_size
        self._cache: OrderedDict[str, StoredGame] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._own_idle: list[Any] = []  # idle connections of the move path (``_own_command``)
        self._own_lock = threading.Lock()
        self.bots = RedisBotQueue(self.client, key_prefix, self.game_key, self._guard)

    @classmethod
    def from_url(
        cls, url: str, *, timeout_seconds: float = DEFAULT_TIMEOUT_SECONDS, cluster: bool = False, **kwargs: Any
    ) -> RedisStore:
        """A store on a connection pool whose every command (and connect) gives up after ``timeout_seconds``: a
        stalled Redis answers UNAVAILABLE in about that time instead of hanging the request. The watch listener
        is not bounded by it (it polls with its own short timeout). A ``redis+cluster://`` URL, or ``cluster``,
        makes it a Redis Cluster client (any node of the cluster as the URL's host: it finds the others)."""
        if not timeout_seconds > 0:
            raise ValueError(f"the Redis timeout must be positive; got {timeout_seconds}")
        if cluster or is_cluster_url(url):
            cluster_client = redis.cluster.RedisCluster.from_url(
                plain_url(url),
                socket_timeout=timeout_seconds,
                socket_connect_timeout=timeout_seconds,
                max_connections=256,
                # A failover moves slots: a few quick retries (each re-reads the slot map) ride out a moved slot;
                # while no node serves the slot the call answers UNAVAILABLE, never hangs.
                retry=Retry(ExponentialBackoff(cap=0.2, base=0.02), 3),
            )
            return cls(cluster_client, **kwargs)
        client = redis.Redis.from_url(
            url,
            socket_timeout=timeout_seconds,
            socket_connect_timeout=timeout_seconds,
            health_check_interval=30,
            max_connections=256,
            # Two quick retries ride out a failover blip (a refused or reset connection); a Redis that is down
            # answers UNAVAILABLE at once. A time-out is never retried: the command may have run (a create or a
            # commit is safe to re-send, see CREATE_SCRIPT and the idempotency keys, but the caller waited enough).
            retry=Retry(ExponentialBackoff(cap=0.1, base=0.01), 2, supported_errors=(redis.ConnectionError,)),
        )
        return cls(client, **kwargs)

    # ----- keys -------------------------------------------------------------------------------------------------
    def game_key(self, game_id: str) -> str:
        return f"{self.prefix}{{{game_id}}}:game"

    def log_key(self, game_id: str) -> str:
        return f"{self.prefix}{{{game_id}}}:log"

    def results_key(self, game_id: str) -> str:
        return f"{self.prefix}{{{game_id}}}:results"

    def ticket_key(self, game_id: str, ticket_hash: str) -> str:
        return f"{self.prefix}{{{game_id}}}:ticket:{ticket_hash}"

    def channel(self, game_id: str) -> str:
        return f"{self.prefix}{{{game_id}}}:watch"

    def _ttl(self, finished: bool) -> int:
        return self.finished_ttl_seconds if finished else self.ttl_seconds

    @staticmethod
    def _guard(action: Callable[[], T]) -> T:
        try:
            return action()
        except (redis.ConnectionError, redis.TimeoutError, OSError) as error:
            raise StoreUnavailableError(f"Redis: {error}") from error
        except redis.RedisError as error:
            text = str(error)
            if isinstance(error, redis.exceptions.OutOfMemoryError) or "OOM command not allowed" in text:
                # maxmemory reached (noeviction): Redis refused the first write, so nothing was written.
                raise StoreFullError(f"Redis: {text[:200]}") from error
            if isinstance(
                error, redis.exceptions.ClusterError | redis.exceptions.TryAgainError | redis.exceptions.AskError
            ):
                raise StoreUnavailableError(f"Redis Cluster: {error}") from error
            if "LOADING" in text or "READONLY" in text or "CLUSTERDOWN" in text or "MISCONF" in text:
                raise StoreUnavailableError(f"Redis: {error}") from error
            raise
        except redis.exceptions.RedisClusterException as error:
            # No node answers for a slot (a failover under way), or the slot map cannot be read.
            raise StoreUnavailableError(f"Redis Cluster: {error}") from error

    # ----- the store --------------------------------------------------------------------------------------------
    def create(self, game: StoredGame, first_entry: bytes) -> None:
        keys = [self.game_key(game.game_id), self.log_key(game.game_id), self.results_key(game.game_id)]
        args: list[bytes | str | int] = [
            game.version,
            game.snapshot,
            game.event_count,
            int(game.finished),
            game.meta,
            first_entry,
            self._ttl(game.finished),
        ]
        created = self._guard(lambda: self._create(keys=keys, args=args))
        if created != 1:
            raise GameExistsError(game.game_id, same=created == 2)
        self._remember(game)

    def load_for_update(self, game_id: str, expected_version: int) -> StoredGame | None:
        """From the local copy of the last version this process wrote or read, if that is ``expected_version``
        (saves a round trip per move; ``commit`` still compares the version in Redis), else from Redis."""
        with self._cache_lock:
            cached = self._cache.get(game_id)
            if cached is not None and cached.version == expected_version:
                self._cache.move_to_end(game_id)
                return cached
        return self.load(game_id)

    def _remember(self, game: StoredGame) -> None:
        with self._cache_lock:
            self._cache[game.game_id] = game
            self._cache.move_to_end(game.game_id)
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)

    def _forget(self, game_id: str) -> None:
        with self._cache_lock:
            self._cache.pop(game_id, None)

    def load(self, game_id: str) -> StoredGame | None:
        raw = self._guard(lambda: self._hgetall(self.game_key(game_id)))
        if not raw or b"m" not in raw:
            self._forget(game_id)
            return None
        game = StoredGame(
            game_id=game_id,
            version=int(raw[b"v"]),
            snapshot=raw[b"s"],
            event_count=int(raw[b"n"]),
            finished=raw[b"f"] == b"1",
            meta=raw[b"m"],
        )
        self._remember(game)
        return game

    def commit(
        self,
        game: StoredGame,
        expected_version: int,
        entry: bytes,
        idempotency: tuple[str, bytes] | None = None,
    ) -> CommitOutcome:
        key, result = idempotency if idempotency is not None else ("", b"")
        keys = [self.game_key(game.game_id), self.log_key(game.game_id), self.results_key(game.game_id)]
        args: list[bytes | str | int] = [
            expected_version,
            game.version,
            game.snapshot,
            game.event_count,
            int(game.finished),
            entry,
            key,
            result,
            self._ttl(game.finished),
            self.channel(game.game_id),
            "SPUBLISH" if self.sharded_pubsub else "PUBLISH",
        ]
        reply: list[bytes] = self._guard(lambda: self._evalsha(self._commit, keys, args))
        status = reply[0]
        if status == b"ok":
            self._remember(game)
            return Committed()
        self._forget(game.game_id)
        if status == b"stale":
            return Stale(int(reply[1]))
        if status == b"duplicate":
            return Duplicate(reply[1])
        return Missing()

    def _evalsha(self, script: Any, keys: list[str], args: list[bytes | str | int]) -> Any:
        """EVALSHA on this thread's own connection (``_own_command``); loads the script once if Redis does not
        know it (a restart, a failover). On a cluster, the script object (redis-py routes it by its first key)."""
        if self.cluster:
            return script(keys=keys, args=args)
        try:
            return self._own_command("EVALSHA", script.sha, len(keys), *keys, *args)
        except redis.exceptions.NoScriptError:
            return script(keys=keys, args=args)

    def _hgetall(self, key: str) -> dict[bytes, bytes]:
        """HGETALL of a game's hash on the store's own connections (``_own_command``), as the commit: every read of
        a game (GetGame, a move that misses the local copy) pays half the client CPU of redis-py's client. On a
        cluster, redis-py's client (it routes the key)."""
        if self.cluster:
            found: dict[bytes, bytes] = self.client.hgetall(key)
            return found
        reply = self._own_command("HGETALL", key)
        if isinstance(reply, dict):  # RESP3 (protocol=3 in the URL): a map
            return reply
        return dict(zip(reply[::2], reply[1::2], strict=True))

    def _own_command(self, *command: bytes | str | int) -> Any:
        """One command on a connection of the store's own small stack (made with the pool's settings, time-outs
        included): the pool's checkout, release and instrumentation per call cost more CPU than the call itself
        on the move path (78 against 35 us measured). On plain TCP and Unix sockets the connection is a
        ``redis_wire.WireConnection`` (the command packed and its reply parsed by hiredis straight on a blocking
        socket: half the client CPU again); others (TLS) go through redis-py's own connection. A connection found
        dead when writing (Redis restarted while it was idle) is replaced once: nothing was sent. A failure while
        reading is raised as it is, never re-sent (the script may have run), and drops the connection. The stack
        holds as many connections as commits ran at once."""
        with self._own_lock:
            connection = self._own_idle.pop() if self._own_idle else None
        if connection is None:
            pool = self.client.connection_pool
            connection = pool.connection_class(**pool.connection_kwargs)
            if redis_wire.supports(pool.connection_class):
                connection = redis_wire.WireConnection(connection, pool.connection_kwargs.get("socket_timeout"))
        try:
            if isinstance(connection, redis_wire.WireConnection):
                return connection.call(*command)
            try:
                connection.send_command(*command)
            except redis.ConnectionError:
                connection.disconnect()
                connection.send_command(*command)
            try:
                return connection.read_response()
            except redis.ResponseError:
                raise  # an error reply: the connection is fine
            except BaseException:
                connection.disconnect()
                raise
        finally:
            with self._own_lock:
                self._own_idle.append(connection)

    def log(self, game_id: str, after_version: int, limit: int | None = None) -> list[bytes]:
        start = after_version + 1
        end = -1 if limit is None else start + limit - 1
        if limit is not None and limit <= 0:
            return []
        key = self.log_key(game_id)
        if self.cluster:
            entries: list[bytes] = self._guard(lambda: self.client.lrange(key, start, end))
            return entries
        return cast(list[bytes], self._guard(lambda: self._own_command("LRANGE", key, start, end)))

    def put_ticket(self, game_id: str, ticket_hash: str, seat: int, ttl_seconds: float) -> None:
        milliseconds = max(1, round(ttl_seconds * 1000))
        self._guard(lambda: self.client.set(self.ticket_key(game_id, ticket_hash), seat, px=milliseconds))

    def ticket_seat(self, game_id: str, ticket_hash: str) -> int | None:
        value = self._guard(lambda: self.client.get(self.ticket_key(game_id, ticket_hash)))
        return int(value) if isinstance(value, bytes) else None

    def idempotent_result(self, game_id: str, key: str) -> bytes | None:
        result = self._guard(lambda: self.client.hget(self.results_key(game_id), key))
        return result if isinstance(result, bytes) else None

    def health_key(self) -> str:
        return f"{self.prefix}health"

    def ping(self) -> None:
        """A small write (a key that expires on its own): StoreFullError when Redis refuses writes (maxmemory),
        StoreUnavailableError when it does not answer within the timeout."""
        self._guard(lambda: self.client.set(self.health_key(), b"1", px=10_000))

    def close(self) -> None:
        self._closed.set()
        self._waiters.wake_all()
        if self._listener is not None:
            self._listener.join(timeout=5)
        with self._own_lock:
            for connection in self._own_idle:
                with suppress(redis.RedisError, OSError):
                    if isinstance(connection, redis_wire.WireConnection):
                        connection.close()
                    else:
                        connection.disconnect()
        self.client.close()

    # ----- watching ---------------------------------------------------------------------------------------------
    def watching(self, game_id: str) -> AbstractContextManager[None]:
        self._ensure_listener()
        if self.sharded_pubsub:
            return self._sharded_watching(game_id)
        return self._waiters.watching(game_id)

    @contextmanager
    def _sharded_watching(self, game_id: str) -> Iterator[None]:
        """Counts this process's watchers of the game's channel: the listener subscribes to watched channels."""
        channel = self.channel(game_id)
        with self._listener_lock:
            self._watched[channel] = self._watched.get(channel, 0) + 1
        self._watched_changed.set()
        try:
            with self._waiters.watching(game_id):
                yield
        finally:
            with self._listener_lock:
                self._watched[channel] -= 1
                if not self._watched[channel]:
                    del self._watched[channel]
            self._watched_changed.set()

    def wait_for_version(self, game_id: str, version: int, timeout: float) -> bool:
        return self._waiters.wait(game_id, version, timeout)

    def _ensure_listener(self) -> None:
        with self._listener_lock:
            if self._listener is None or not self._listener.is_alive():
                target = self._listen_sharded if self.sharded_pubsub else self._listen
                self._listener = threading.Thread(target=target, name="redis-watch", daemon=True)
                self._listener.start()

    def _listen(self) -> None:
        """Follows every game's watch channel (one pattern subscription per process) until closed; reconnects."""
        pattern = f"{self.prefix}{{*}}:watch"
        start, end = len(self.prefix) + 1, -len("}:watch")
        while not self._closed.is_set():
            pubsub = self.client.pubsub(ignore_subscribe_messages=True)
            try:
                pubsub.psubscribe(pattern)
                while not self._closed.is_set():
                    message = pubsub.get_message(timeout=0.5)
                    if message is None or message.get("type") != "pmessage":
                        continue
                    channel: bytes = message["channel"]
                    self._waiters.notify(channel.decode()[start:end], int(message["data"]))
            except (redis.RedisError, redis.exceptions.RedisClusterException, OSError, ValueError) as error:
                if not self._closed.is_set():
                    log.warning("watch subscription lost; reconnecting", extra={"error": str(error)})
                    time.sleep(0.5)
                    if self.cluster:  # the slot map again: the pattern's node may have failed over
                        with suppress(redis.RedisError, redis.exceptions.RedisClusterException, OSError):
                            self.client.nodes_manager.initialize()
            finally:
                with suppress(redis.RedisError, OSError):
                    pubsub.close()

    def _listen_sharded(self) -> None:
        """Follows the channels of the games watched in this process (SSUBSCRIBE on each channel's node) until
        closed; when a node fails, subscribes again (the slot's new master) on a new pub/sub."""
        start, end = len(self.prefix) + 1, -len("}:watch")
        while not self._closed.is_set():
            pubsub = self.client.pubsub(ignore_subscribe_messages=True)
            subscribed: set[str] = set()
            self._watched_changed.set()
            try:
                while not self._closed.is_set():
                    if self._watched_changed.is_set():
                        self._watched_changed.clear()
                        with self._listener_lock:
                            wanted = set(self._watched)
                        for channel in sorted(wanted - subscribed):
                            pubsub.ssubscribe(channel)
                        for channel in sorted(subscribed - wanted):
                            pubsub.sunsubscribe(channel)
                        subscribed = wanted
                    if not subscribed:
                        self._watched_changed.wait(0.5)
                        continue
                    message = pubsub.get_sharded_message(timeout=0.1)
                    if message is None or message.get("type") != "smessage":
                        continue
                    channel_name: bytes = message["channel"]
                    self._waiters.notify(channel_name.decode()[start:end], int(message["data"]))
            except (redis.RedisError, redis.exceptions.RedisClusterException, OSError, ValueError) as error:
                if not self._closed.is_set():
                    log.warning("sharded watch subscription lost; resubscribing", extra={"error": str(error)})
                    time.sleep(0.5)
                    # The slot map again (a failover moved the slots): else SSUBSCRIBE goes to the dead node again.
                    with suppress(redis.RedisError, redis.exceptions.RedisClusterException, OSError):
                        self.client.nodes_manager.initialize()
            finally:
                with suppress(redis.RedisError, redis.exceptions.RedisClusterException, OSError):
                    pubsub.close()

    # ----- turn clocks (service/core/clocks.py) -----------------------------------------------------------------------
    def clock_key(self, game_id: str) -> str:
        return f"{self.prefix}{{{game_id}}}:clock"

    def clocks_due_key(self) -> str:
        return f"{self.prefix}{{clocks}}:due"

    def save_clock(self, game_id: str, record: bytes | None, due_ms: int | None) -> None:
        """The game's deadlines record (expiring with the game) and its earliest deadline in the sorted set
        ``<prefix>{clocks}:due`` (score: epoch ms). A record None removes both; a due time None, the due time."""

        def save() -> None:
            pipe = self.client.pipeline(transaction=False)
            if record is None:
                pipe.delete(self.clock_key(game_id))
            else:
                ttl = self._ttl(False)  # 0: games never expire, nor do their clocks
                pipe.set(self.clock_key(game_id), record, ex=ttl if ttl > 0 else None)
            if record is None or due_ms is None:
                pipe.zrem(self.clocks_due_key(), game_id)
            else:
                pipe.zadd(self.clocks_due_key(), {game_id: due_ms})
            pipe.execute()

        self._guard(save)

    def load_clock(self, game_id: str) -> bytes | None:
        value = self._guard(lambda: self.client.get(self.clock_key(game_id)))
        return value if isinstance(value, bytes) else None

    def due_clocks(self, now_ms: int, limit: int) -> list[tuple[str, int]]:
        rows = self._guard(
            lambda: self.client.zrangebyscore(
                self.clocks_due_key(), "-inf", now_ms, start=0, num=limit, withscores=True
            )
        )
        found = cast(list[tuple[bytes, float]], rows)
        return [(member.decode(), int(score)) for member, score in found]

    def move_clock(self, game_id: str, expected_ms: int, new_ms: int | None) -> bool:
        """Compare-and-set of a game's due time in one script, so two sweepers never both claim one deadline."""
        args: list[bytes | str | int] = [game_id, expected_ms, "" if new_ms is None else new_ms]
        return bool(self._guard(lambda: self._move_clock(keys=[self.clocks_due_key()], args=args)))
