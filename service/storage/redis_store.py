"""The Redis store: games shared by every replica, on a Redis or a Redis Cluster.

Keys of one game share the hash tag ``{<game_id>}`` so that they live in one Redis Cluster slot:

- ``<prefix>{<id>}:game``: a hash: ``v`` version, ``s`` engine snapshot, ``n`` event count, ``f`` finished (0/1),
  ``m`` immutable meta (game type, players, token hashes, seed, options: the creation record a replay starts from);
- ``<prefix>{<id>}:log``: a list, element N is the log entry of version N (0: the deal; then the seat and canonical
  notation of the move, and its events);
- ``<prefix>{<id>}:results``: a hash of idempotency results by ``<seat>:<key>``;
- ``<prefix>{<id>}:ticket:<sha256 of the ticket>``: a stream ticket's seat, with the ticket's time-to-live (so
  every replica knows every ticket);
- ``<prefix>{<id>}:clock``: the game's turn-clock record, expiring with the game; beside the games, the sorted set
  ``<prefix>{clocks}:due`` of clocked games scored by their earliest deadline (epoch ms);
- channel ``<prefix>{<id>}:watch``: the new version, published at each commit (service/storage/redis_watch.py).

``commit`` is one Lua script (service/storage/redis_scripts.py): compare-and-set on ``v``, append the log entry,
record the idempotency result, refresh the time-to-live of the three keys and publish, atomically and in one round
trip. The store's parts keep their own keys: ``bots`` (service/storage/redis_bot_queue.py), ``limits`` and ``keys``
(service/storage/redis_parts.py). The client and what its failures mean, plain or Cluster, are
service/storage/redis_client.py.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from contextlib import AbstractContextManager, suppress
from typing import Any, cast

import redis
import redis.cluster

from service.storage import redis_wire
from service.storage.protocols import (
    CommitOutcome,
    Committed,
    Duplicate,
    GameExistsError,
    Missing,
    Stale,
    StoredGame,
)
from service.storage.redis_bot_queue import RedisBotQueue
from service.storage.redis_client import (
    DEFAULT_TIMEOUT_SECONDS,
    cluster_url,
    connect,
    guarded,
    has_sharded_pubsub,
    is_cluster_url,
    plain_url,
)
from service.storage.redis_parts import RedisKeyStore, RedisLimits
from service.storage.redis_scripts import COMMIT_SCRIPT, CREATE_SCRIPT, MOVE_CLOCK_SCRIPT
from service.storage.redis_watch import RedisWatch
from service.storage.store import DEFAULT_FINISHED_TTL_SECONDS, DEFAULT_TTL_SECONDS

__all__ = ["COMMIT_SCRIPT", "RedisStore", "cluster_url", "is_cluster_url", "plain_url"]


class RedisStore:
    """Games in Redis; thread-safe (a connection pool); every Redis failure raises StoreUnavailableError (or
    StoreFullError when Redis is out of memory)."""

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
        """``sharded_pubsub``: on a cluster, SPUBLISH/SSUBSCRIBE (Redis 7) so that a commit's notification goes to
        its slot's node only; None: when the cluster's nodes are Redis 7 or later (classic pub/sub otherwise)."""
        self.client: Any = client
        self.cluster = isinstance(client, redis.cluster.RedisCluster)
        self.sharded_pubsub = self.cluster and (
            sharded_pubsub if sharded_pubsub is not None else has_sharded_pubsub(client)
        )
        self.ttl_seconds = ttl_seconds
        self.finished_ttl_seconds = finished_ttl_seconds
        self.prefix = key_prefix
        self._commit = client.register_script(COMMIT_SCRIPT)
        self._create = client.register_script(CREATE_SCRIPT)
        self._watch = RedisWatch(self.client, key_prefix, cluster=self.cluster, sharded=self.sharded_pubsub)
        self.cache_size = cache_size
        self._cache: OrderedDict[str, StoredGame] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._own_idle: list[Any] = []  # idle connections of the move path (``_own_command``)
        self._own_lock = threading.Lock()
        self.bots = RedisBotQueue(self.client, key_prefix, self.game_key)
        self._move_clock = client.register_script(MOVE_CLOCK_SCRIPT)  # (registering asks nothing of Redis)
        self.limits = RedisLimits(self.client, key_prefix, self.game_key, self._evalsha)
        self.keys = RedisKeyStore(self.client, key_prefix, self._evalsha)

    @classmethod
    def from_url(
        cls, url: str, *, timeout_seconds: float = DEFAULT_TIMEOUT_SECONDS, cluster: bool = False, **kwargs: Any
    ) -> RedisStore:
        """A store on a connection pool whose every command (and connect) gives up after ``timeout_seconds``
        (``redis_client.connect``). The watch listener is not bounded by it (it polls with its own short timeout).
        A ``redis+cluster://`` URL, or ``cluster``, makes it a Redis Cluster client."""
        return cls(connect(url, timeout_seconds=timeout_seconds, cluster=cluster), **kwargs)

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
        return self._watch.channel(game_id)

    def health_key(self) -> str:
        return f"{self.prefix}health"

    def _ttl(self, *, finished: bool) -> int:
        return self.finished_ttl_seconds if finished else self.ttl_seconds

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
            self._ttl(finished=game.finished),
        ]
        created = guarded(lambda: self._create(keys=keys, args=args))
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
        raw = guarded(lambda: self._hgetall(self.game_key(game_id)))
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
            self._ttl(finished=game.finished),
            self.channel(game.game_id),
            "SPUBLISH" if self.sharded_pubsub else "PUBLISH",
        ]
        reply: list[bytes] = guarded(lambda: self._evalsha(self._commit, keys, args))
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

    def _evalsha(self, script: Any, keys: list[str], args: list[Any]) -> Any:
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
            entries: list[bytes] = guarded(lambda: self.client.lrange(key, start, end))
            return entries
        return cast(list[bytes], guarded(lambda: self._own_command("LRANGE", key, start, end)))

    def put_ticket(self, game_id: str, ticket_hash: str, seat: int, ttl_seconds: float) -> None:
        milliseconds = max(1, round(ttl_seconds * 1000))
        guarded(lambda: self.client.set(self.ticket_key(game_id, ticket_hash), seat, px=milliseconds))

    def ticket_seat(self, game_id: str, ticket_hash: str) -> int | None:
        value = guarded(lambda: self.client.get(self.ticket_key(game_id, ticket_hash)))
        return int(value) if isinstance(value, bytes) else None

    def idempotent_result(self, game_id: str, key: str) -> bytes | None:
        result = guarded(lambda: self.client.hget(self.results_key(game_id), key))
        return result if isinstance(result, bytes) else None

    def watching(self, game_id: str) -> AbstractContextManager[None]:
        return self._watch.watching(game_id)

    def wait_for_version(self, game_id: str, version: int, timeout: float) -> bool:
        return self._watch.wait_for_version(game_id, version, timeout)

    def ping(self) -> None:
        """A small write (a key that expires on its own): StoreFullError when Redis refuses writes (maxmemory),
        StoreUnavailableError when it does not answer within the timeout."""
        guarded(lambda: self.client.set(self.health_key(), b"1", px=10_000))

    def close(self) -> None:
        self._watch.close()
        with self._own_lock:
            for connection in self._own_idle:
                with suppress(redis.RedisError, OSError):
                    if isinstance(connection, redis_wire.WireConnection):
                        connection.close()
                    else:
                        connection.disconnect()
        self.client.close()

    # ----- turn clocks ------------------------------------------------------------------------------------------
    def clock_key(self, game_id: str) -> str:
        return f"{self.prefix}{{{game_id}}}:clock"

    def clocks_due_key(self) -> str:
        return f"{self.prefix}{{clocks}}:due"

    def save_clock(self, game_id: str, record: bytes | None, due_ms: int | None) -> None:
        def save() -> None:
            pipe = self.client.pipeline(transaction=False)
            if record is None:
                pipe.delete(self.clock_key(game_id))
            else:
                ttl = self._ttl(finished=False)  # 0: games never expire, nor do their clocks
                pipe.set(self.clock_key(game_id), record, ex=ttl if ttl > 0 else None)
            if record is None or due_ms is None:
                pipe.zrem(self.clocks_due_key(), game_id)
            else:
                pipe.zadd(self.clocks_due_key(), {game_id: due_ms})
            pipe.execute()

        guarded(save)

    def load_clock(self, game_id: str) -> bytes | None:
        value = guarded(lambda: self.client.get(self.clock_key(game_id)))
        return value if isinstance(value, bytes) else None

    def due_clocks(self, now_ms: int, limit: int) -> list[tuple[str, int]]:
        due_key = self.clocks_due_key()
        rows = guarded(lambda: self.client.zrangebyscore(due_key, "-inf", now_ms, start=0, num=limit, withscores=True))
        found = cast(list[tuple[bytes, float]], rows)
        return [(member.decode(), int(score)) for member, score in found]

    def move_clock(self, game_id: str, expected_ms: int, new_ms: int | None) -> bool:
        """Compare-and-set of a game's due time in one script, so two sweepers never both claim one deadline."""
        args: list[bytes | str | int] = [game_id, expected_ms, "" if new_ms is None else new_ms]
        return bool(guarded(lambda: self._move_clock(keys=[self.clocks_due_key()], args=args)))
