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
trip; where the master has a replica, ``WAIT 1`` goes in the same write and the commit is acknowledged once a
replica has it. Commits, creates and the game's reads go over the store's own connections
(service/storage/redis_once.py): never sent twice, a lost reply read back. The store's parts keep their own keys:
``bots`` (service/storage/redis_bot_queue.py), ``limits`` and ``keys`` (service/storage/redis_parts.py). The client
and what its failures mean, plain or Cluster, are service/storage/redis_client.py.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from contextlib import AbstractContextManager
from typing import Any, cast

import redis
import redis.cluster

from service.storage.commit_ids import new_commit_id
from service.storage.errors import DurabilityUnknownError, StoreUnavailableError
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
from service.storage.redis_leases import RedisLeases
from service.storage.redis_lifecycle import RedisLifecycle
from service.storage.redis_lobby import RedisLobby
from service.storage.redis_matchmaking import RedisMatchmaking
from service.storage.redis_once import Command, Links, MaybeRanError
from service.storage.redis_parts import RedisKeyStore, RedisLimits
from service.storage.redis_scripts import COMMIT_SCRIPT, CREATE_SCRIPT, MOVE_CLOCK_SCRIPT, WITHDRAW_SCRIPT
from service.storage.redis_tournaments import RedisTournaments
from service.storage.redis_watch import RedisWatch
from service.storage.redis_webhooks import RedisWebhooks
from service.storage.store import DEFAULT_FINISHED_TTL_SECONDS, DEFAULT_TTL_SECONDS

__all__ = ["COMMIT_SCRIPT", "RedisStore", "cluster_url", "is_cluster_url", "plain_url"]

DEFAULT_REPLICA_WAIT_MS = 500  # a commit waits this long at most for a replica (within the 1 s store timeout)
WITHDRAWN_SECONDS = 24 * 3600  # a withdrawn create's mark: as long as the game would have lived


# The local copies of the last versions written or read (``load_for_update``) take at most this much memory.
CACHE_BYTES = 16 * 2**20


def cached_bytes(game: StoredGame) -> int:
    """A kept copy's memory, about: its snapshot and meta bytes and the objects holding them."""
    return len(game.snapshot) + len(game.meta) + 256


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
        replica_wait_ms: int = DEFAULT_REPLICA_WAIT_MS,
    ) -> None:
        """``sharded_pubsub``: on a cluster, SPUBLISH/SSUBSCRIBE (Redis 7) so that a commit's notification goes to
        its slot's node only; None: when the cluster's nodes are Redis 7 or later (classic pub/sub otherwise).
        ``replica_wait_ms``: a commit on a node with replicas waits up to that long for one of them to have it
        (``WAIT 1``), else answers ``DurabilityUnknownError``; 0: no waiting (``--redis-replica-wait-ms 0``)."""
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
        self._withdraw = client.register_script(WITHDRAW_SCRIPT)
        self._watch = RedisWatch(self.client, key_prefix, cluster=self.cluster, sharded=self.sharded_pubsub)
        self.cache_size = cache_size
        self._cache: OrderedDict[str, StoredGame] = OrderedDict()
        self._cache_bytes = 0  # the snapshots and metas kept, bounded by CACHE_BYTES as well as by cache_size
        self._cache_lock = threading.Lock()
        self.links = Links(client, cluster=self.cluster, replica_wait_ms=replica_wait_ms)
        self.bots = RedisBotQueue(self.client, key_prefix, self.game_key, self._evalsha)
        self._move_clock = client.register_script(MOVE_CLOCK_SCRIPT)  # (registering asks nothing of Redis)
        self.limits = RedisLimits(self.client, key_prefix, self.game_key, self._evalsha)
        self.keys = RedisKeyStore(self.client, key_prefix, self._evalsha)
        self.lifecycle = RedisLifecycle(self.client, key_prefix)
        self.lobby = RedisLobby(self.client, key_prefix)
        self.tournaments = RedisTournaments(self.client, key_prefix)
        self.leases = RedisLeases(self.client, key_prefix)
        self.webhooks = RedisWebhooks(self.client, key_prefix)
        self.matchmaking = RedisMatchmaking(self.client, key_prefix)

    @classmethod
    def from_url(
        cls, url: str, *, timeout_seconds: float = DEFAULT_TIMEOUT_SECONDS, cluster: bool = False, **kwargs: Any
    ) -> RedisStore:
        """A store on a connection pool whose every command (and connect) gives up after ``timeout_seconds``
        (``redis_client.connect``). The watch listener is not bounded by it (it polls with its own short timeout).
        A ``redis+cluster://`` URL, or ``cluster``, makes it a Redis Cluster client. The replica wait is at most half
        the timeout, so that ``WAIT``'s answer comes within it."""
        wait_ms = kwargs.get("replica_wait_ms", DEFAULT_REPLICA_WAIT_MS)
        kwargs["replica_wait_ms"] = min(wait_ms, int(timeout_seconds * 500))
        return cls(connect(url, timeout_seconds=timeout_seconds, cluster=cluster), **kwargs)

    # ----- keys -------------------------------------------------------------------------------------------------
    def game_key(self, game_id: str) -> str:
        return f"{self.prefix}{{{game_id}}}:game"

    def log_key(self, game_id: str) -> str:
        return f"{self.prefix}{{{game_id}}}:log"

    def results_key(self, game_id: str) -> str:
        return f"{self.prefix}{{{game_id}}}:results"

    def withdrawn_key(self, game_id: str) -> str:
        return f"{self.prefix}{{{game_id}}}:withdrawn"

    def sync_key(self, game_id: str) -> str:
        return f"{self.prefix}{{{game_id}}}:sync"

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
        game_id = game.game_id
        keys = [self.game_key(game_id), self.log_key(game_id), self.results_key(game_id), self.withdrawn_key(game_id)]
        game = StoredGame(
            game_id, game.version, game.snapshot, game.event_count, game.finished, game.meta, new_commit_id()
        )
        args: list[bytes | str | int] = [
            game.version,
            game.snapshot,
            game.event_count,
            int(game.finished),
            game.meta,
            first_entry,
            self._ttl(finished=game.finished),
            game.commit_id,
        ]
        after = guarded(lambda: self.links.wait_command(keys[0]))
        try:
            replies = guarded(lambda: self.links.script(self._create, keys, args, after))
        except MaybeRanError as lost:
            replies = [self._read_back_create(game, lost), 0 if after else None]
        created = replies[0]
        if created == 2:  # an earlier attempt's game: answered as created once it is as durable as a new one
            self.confirm_durable(game.game_id)
        if created != 1:
            raise GameExistsError(game.game_id, same=created == 2)
        if after and not replies[1]:
            raise DurabilityUnknownError(f"no replica confirmed the new game within {self.links.replica_wait_ms} ms")
        self._remember(game)

    def withdraw(self, game: StoredGame) -> None:
        game_id = game.game_id
        keys = [self.game_key(game_id), self.log_key(game_id), self.results_key(game_id), self.withdrawn_key(game_id)]
        self._forget(game_id)
        guarded(lambda: self._evalsha(self._withdraw, keys, [game.meta, WITHDRAWN_SECONDS]))

    def load_for_update(self, game_id: str, expected_version: int) -> StoredGame | None:
        """From the local copy of the last version this process wrote or read, if that is ``expected_version``
        (saves a round trip per move), else from Redis. The copy may be of a history the store no longer holds (it
        went back): ``commit`` compares its commit id with the stored one in the same round trip."""
        with self._cache_lock:
            cached = self._cache.get(game_id)
            if cached is not None and cached.version == expected_version:
                self._cache.move_to_end(game_id)
                return cached
        return self._load(game_id, confirmed=False)

    def _remember(self, game: StoredGame) -> None:
        # A finished game takes no more moves, so it is not kept: a long-lived server's memory stays level (issue 29).
        with self._cache_lock:
            old = self._cache.pop(game.game_id, None)
            if old is not None:
                self._cache_bytes -= cached_bytes(old)
            if game.finished:
                return
            self._cache[game.game_id] = game
            self._cache_bytes += cached_bytes(game)
            while len(self._cache) > self.cache_size or self._cache_bytes > CACHE_BYTES:
                _, dropped = self._cache.popitem(last=False)
                self._cache_bytes -= cached_bytes(dropped)

    def _forget(self, game_id: str) -> None:
        with self._cache_lock:
            old = self._cache.pop(game_id, None)
            if old is not None:
                self._cache_bytes -= cached_bytes(old)

    def load(self, game_id: str) -> StoredGame | None:
        """The game as Redis holds it; where commits wait on a replica, only once a replica holds it too (a version
        a failover could take back is never shown: DurabilityUnknownError when none confirms it in time)."""
        return self._load(game_id, confirmed=True)

    def _load(self, game_id: str, *, confirmed: bool) -> StoredGame | None:
        key = self.game_key(game_id)
        raw = guarded(lambda: self._hgetall(key, self._confirmation(game_id) if confirmed else []))
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
            commit_id=raw.get(b"c", b"").decode("ascii"),
        )
        self._remember(game)
        return game

    def _confirmation(self, game_id: str) -> list[Command]:
        """The commands that, sent right after a read of the game, confirm that a replica holds what was read: a
        small write in its slot and ``WAIT 1`` (a replica that has the write has everything before it); [] where
        commits wait on no replica."""
        if not self.links.replica_wait_ms:
            return []
        sync_key = self.sync_key(game_id)
        after = self.links.wait_command(sync_key)
        return [("SET", sync_key, 1, "PX", 1000), *after] if after else []

    def commit(
        self,
        game: StoredGame,
        expected_version: int,
        entry: bytes,
        idempotency: tuple[str, bytes] | None = None,
        expected_commit_id: str | None = None,
    ) -> CommitOutcome:
        key, result = idempotency if idempotency is not None else ("", b"")
        game_id = game.game_id
        game = StoredGame(
            game_id, game.version, game.snapshot, game.event_count, game.finished, game.meta, new_commit_id()
        )
        keys = [self.game_key(game_id), self.log_key(game_id), self.results_key(game_id)]
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
            "*" if expected_commit_id is None else expected_commit_id,
            game.commit_id,
            b"" if self._same_meta(game_id, game.meta, expected_commit_id) else game.meta,
        ]
        # Without a replica wait there is nothing to ask for (wait_command's []): three calls less per move.
        after = guarded(lambda: self.links.wait_command(keys[0])) if self.links.replica_wait_ms else []
        try:
            replies = guarded(lambda: self.links.script(self._commit, keys, args, after))
        except MaybeRanError as lost:
            self._forget(game.game_id)
            return self._read_back_commit(keys, expected_version, game, entry, key, lost, waited=bool(after))
        except StoreUnavailableError:
            self._forget(game.game_id)
            raise
        reply: list[bytes] = replies[0]
        status = reply[0]
        if status == b"ok":
            if after and not replies[1]:  # WAIT: no replica confirmed the commit in time
                self._forget(game.game_id)
                raise DurabilityUnknownError(
                    f"no replica confirmed version {game.version} within {self.links.replica_wait_ms} ms"
                )
            self._remember(game)
            return Committed()
        self._forget(game.game_id)
        if status == b"stale":
            return Stale(int(reply[1]))
        if status == b"duplicate":
            return Duplicate(reply[1])
        return Missing()

    def _same_meta(self, game_id: str, meta: bytes, expected_commit_id: str | None) -> bool:
        """Whether the game's stored meta is ``meta`` as far as this process knows (its local copy of the state the
        commit was computed from holds it): a move's commit then sends no meta. A join of the lobby commits a new
        meta (service/core/lobby.py); without a local copy the meta is sent, written again unchanged at worst."""
        with self._cache_lock:
            cached = self._cache.get(game_id)
        if cached is None or expected_commit_id is None or cached.commit_id != expected_commit_id:
            return False
        return cached.meta is meta or cached.meta == meta

    def _read_back_commit(
        self,
        keys: list[str],
        expected: int,
        game: StoredGame,
        entry: bytes,
        key: str,
        lost: MaybeRanError,
        *,
        waited: bool,
    ) -> CommitOutcome:
        """The outcome of a commit whose reply was lost (``lost``), read back from what Redis holds, never by
        sending it again: the stored commit id is this commit's (``game``'s), or the log entry at the new version is
        this commit's (the same bytes: this move, by this seat, from this version; a later commit ran since), or
        they are another's. StoreUnavailableError when that cannot be read, or when the commit
        has not run (yet: a stalled Redis may still run it; the identical retry is then answered as replayed);
        DurabilityUnknownError when it ran where a replica should have confirmed it (``waited``)."""
        reads: list[Command] = [
            ("HGET", keys[0], "v"),
            ("LINDEX", keys[1], expected + 1),
            ("HGET", keys[2], key),
            ("HGET", keys[0], "c"),
        ]
        try:
            version, at, prior, commit_id = guarded(lambda: self.links.read_back(keys[0], reads))
        except (StoreUnavailableError, MaybeRanError) as error:
            raise StoreUnavailableError(
                f"Redis: the commit's answer was lost ({lost}) and what was committed could not be read ({error})"
            ) from error
        if commit_id == game.commit_id.encode("ascii") or at == entry:
            if waited:
                raise DurabilityUnknownError(f"the commit's answer was lost ({lost}); it ran, not known replicated")
            return Committed()
        if version is None:
            return Missing()
        if key and prior is not None:
            return Duplicate(prior)
        if int(version) != expected:
            return Stale(int(version))
        raise StoreUnavailableError(f"Redis: the commit's answer was lost ({lost}) and it has not run")

    def _read_back_create(self, game: StoredGame, lost: MaybeRanError) -> int:
        """A create whose reply was lost, as ``CREATE_SCRIPT`` would have answered: 1 if the game stored is this
        one (its meta: fresh token hashes), 0 if another; StoreUnavailableError if none is (or cannot be read)."""
        game_key = self.game_key(game.game_id)
        try:
            (meta,) = guarded(lambda: self.links.read_back(game_key, [("HGET", game_key, "m")]))
        except (StoreUnavailableError, MaybeRanError) as error:
            raise StoreUnavailableError(f"Redis: the create's answer was lost ({lost}); reading back failed") from error
        if meta is None:
            raise StoreUnavailableError(f"Redis: the create's answer was lost ({lost}) and it has not run")
        return 1 if meta == game.meta else 0

    def confirm_durable(self, game_id: str) -> None:
        """Before answering a replayed write: a replica has it (or there is no replica to wait for). A small write
        in the game's slot, then ``WAIT 1``: a replica that has it has every earlier write of that master too.
        DurabilityUnknownError if none confirms in time."""
        sync_key = self.sync_key(game_id)
        after = guarded(lambda: self.links.wait_command(sync_key))
        if not after:
            return
        try:
            replies = guarded(lambda: self.links.call_many(sync_key, [("SET", sync_key, 1, "PX", 1000), *after]))
        except MaybeRanError as lost:
            raise DurabilityUnknownError(f"no answer from the master of game '{game_id}' ({lost})") from lost
        if not replies[1]:
            raise DurabilityUnknownError(
                f"no replica confirmed game '{game_id}' within {self.links.replica_wait_ms} ms"
            )

    @property
    def _own_idle(self) -> list[Any]:
        """The idle connections of the move path on a single Redis."""
        return self.links.idle.get("", [])

    def _evalsha(self, script: Any, keys: list[str], args: list[Any]) -> Any:
        """A script on the store's own connections (``redis_once.Links``): never sent twice once it may have run;
        a lost reply is StoreUnavailableError (the limits' and keys' scripts: nothing to read back)."""
        try:
            return self.links.script(script, keys, args)[0]
        except MaybeRanError as lost:
            raise StoreUnavailableError(f"Redis: {lost}") from lost

    def _hgetall(self, key: str, confirmation: list[Command]) -> dict[bytes, bytes]:
        """HGETALL of a game's hash on the store's own connections, as the commit: every read of a game (GetGame, a
        move that misses the local copy) pays half the client CPU of redis-py's client. ``confirmation``
        (``_confirmation``) goes in the same write."""
        reply = self._read(key, ("HGETALL", key), confirmation)
        if isinstance(reply, dict):  # RESP3 (protocol=3 in the URL): a map
            return reply
        return dict(zip(reply[::2], reply[1::2], strict=True))

    def _read(self, key: str, command: Command, confirmation: list[Command]) -> Any:
        """One read on the store's own connections, confirmed as held by a replica when ``confirmation`` is given."""
        try:
            replies = self.links.call_many(key, [command, *confirmation])
        except MaybeRanError as lost:
            raise StoreUnavailableError(f"Redis: {lost}") from lost
        for reply in replies:
            if isinstance(reply, Exception):
                raise reply
        if confirmation and not replies[-1]:  # the confirmation's WAIT counted no replica
            raise DurabilityUnknownError(
                f"no replica confirmed the game's latest writes within {self.links.replica_wait_ms} ms; they are not"
                " shown until one does"
            )
        return replies[0]

    def log(self, game_id: str, after_version: int, limit: int | None = None) -> list[bytes]:
        """The entries as Redis holds them; where commits wait on a replica, confirmed as ``load``."""
        start = after_version + 1
        end = -1 if limit is None else start + limit - 1
        if limit is not None and limit <= 0:
            return []
        key = self.log_key(game_id)
        reads = guarded(lambda: self._read(key, ("LRANGE", key, start, end), self._confirmation(game_id)))
        return cast(list[bytes], reads)

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

    def delete(self, game_id: str) -> bool:
        """The game's keys (one slot) in one transaction; its tickets expire on their own within a minute, and the
        bot queue's sweep forgets the game."""
        keys = [self.game_key(game_id), self.log_key(game_id), self.results_key(game_id), self.clock_key(game_id)]

        def remove() -> int:
            with self.client.pipeline(transaction=True) as pipe:
                pipe.delete(*keys, self.lifecycle.members_key(game_id))
                return int(pipe.execute()[0])

        removed = guarded(remove)
        guarded(lambda: self.client.zrem(self.clocks_due_key(), game_id))
        self._forget(game_id)
        return removed > 0

    def ping(self) -> None:
        """A small write (a key that expires on its own): StoreFullError when Redis refuses writes (maxmemory),
        StoreUnavailableError when it does not answer within the timeout."""
        guarded(lambda: self.client.set(self.health_key(), b"1", px=10_000))

    def close(self) -> None:
        self._watch.close()
        self.links.close()
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
