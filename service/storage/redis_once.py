"""The Redis store's own connections, over which every game write is sent at most once.

A command whose reply is lost (a time-out, a reset) may have run. redis-py's clients answer that by sending it
again (a ``Retry`` on the client, ``RedisCluster``'s retries on ``TimeoutError``, the ``NOSCRIPT`` fallback
through a retrying client): a commit re-sent after it ran is refused as stale and a move that was applied is
answered ``version/stale``. Here, a command is sent again only when it surely did not run: it never wholly reached
Redis (``redis_wire.NotSentError``), or Redis refused it before running it (``NOSCRIPT``: the script is loaded and
sent again; ``MOVED`` on a cluster: sent to the slot's new master). Any other failure is ``MaybeRanError``, and the
caller reads back what was committed (``read_back``, on a fresh connection with a short time-out).

One stack of idle connections per Redis node: the one Redis, or each master of a cluster, found by the key's slot
in redis-py's slot map (kept by ``RedisCluster``; refreshed here when a master cannot be reached or answers MOVED).

Replicas (``replica_wait``): a write is acknowledged once a replica has it. ``wait_command`` is the ``WAIT 1 <ms>``
sent in the same write as the commit, on nodes that had a replica when last asked (``ROLE``, at most once a
second per node); a node without replicas is not waited on (no replica could confirm anything).
"""

from __future__ import annotations

import threading
import time
from contextlib import suppress
from typing import Any

import redis
import redis.cluster

from service.storage import redis_wire

READ_BACK_SECONDS = 0.3  # a read-back after a lost reply: short, so a stall is answered within about 1.3 s
ROLE_CHECK_SECONDS = 1.0  # how long a node's replica count is trusted
REFRESH_SECONDS = 0.2  # at most one slot-map refresh per this (many requests fail at once in a failover)
MAX_REDIRECTS = 3

Command = tuple[bytes | str | int, ...]


class MaybeRanError(Exception):
    """The command was sent and its reply lost: it may have run. ``error``: the failure (a time-out, a reset)."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(str(error))
        self.error = error


class PyConnection:
    """A redis-py connection (TLS and others ``redis_wire`` does not take) with ``WireConnection``'s calls."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection

    def call_many(self, commands: list[Command]) -> list[Any]:
        try:
            self.connection.send_packed_command(self.connection.pack_commands(commands))
        except (redis.ConnectionError, redis.TimeoutError, OSError) as error:
            self.connection.disconnect()  # half a command is dropped by Redis with its connection
            raise redis_wire.NotSentError(f"Error writing to Redis: {error}") from error
        replies: list[Any] = []
        for _ in commands:
            try:
                replies.append(self.connection.read_response())
            except redis.ResponseError as refusal:
                replies.append(refusal)
            except BaseException:
                self.connection.disconnect()
                raise
        return replies

    def close(self) -> None:
        self.connection.disconnect()


class Links:
    """The store's own connections (thread-safe: each call takes a connection off its node's stack)."""

    def __init__(self, client: Any, *, cluster: bool, replica_wait_ms: int = 0) -> None:
        """``replica_wait_ms``: 0, no waiting on replicas; else a commit waits up to that long for one replica."""
        self.client = client
        self.cluster = cluster
        self.replica_wait_ms = replica_wait_ms
        self.idle: dict[str, list[Any]] = {}
        self._lock = threading.Lock()
        self._replicas: dict[str, tuple[float, int]] = {}  # node -> (asked at, replicas it had)
        self._refreshed = 0.0

    # ----- which node, which connection ---------------------------------------------------------------------
    def _target(self, key: str) -> tuple[str, Any]:
        if not self.cluster:
            return "", self.client.connection_pool
        try:
            node = self.client.nodes_manager.get_node_from_slot(self.client.keyslot(key))
        except redis.exceptions.SlotNotCoveredError as error:
            self._refresh()
            raise redis_wire.NotSentError(f"no master serves the key's slot: {error}") from error
        return node.name, self.client.get_redis_connection(node).connection_pool

    @staticmethod
    def _new(pool: Any, timeout: float | None = None) -> Any:
        kwargs = dict(pool.connection_kwargs)
        if timeout is not None:
            kwargs.update(socket_timeout=timeout, socket_connect_timeout=timeout)
        connection = pool.connection_class(**kwargs)
        if redis_wire.supports(pool.connection_class):
            return redis_wire.WireConnection(connection, kwargs.get("socket_timeout"))
        return PyConnection(connection)

    def _take(self, name: str, pool: Any) -> Any:
        with self._lock:
            stack = self.idle.get(name)
            if stack:
                return stack.pop()
        return self._new(pool)

    def _give(self, name: str, connection: Any) -> None:
        with self._lock:
            self.idle.setdefault(name, []).append(connection)

    def _claim_refresh(self) -> bool:
        """Whether a slot-map read is due (at most one per ``REFRESH_SECONDS``); the caller then makes it."""
        with self._lock:
            now = time.monotonic()
            if now - self._refreshed < REFRESH_SECONDS:
                return False
            self._refreshed = now
            return True

    def _refresh(self) -> bool:
        """Re-reads the cluster's slot map (at most once per ``REFRESH_SECONDS``); True if it was read now."""
        return self._claim_refresh() and self._read_slot_map()

    def _read_slot_map(self) -> bool:
        try:
            self.client.nodes_manager.initialize()
        except (redis.RedisError, redis.exceptions.RedisClusterException, OSError):
            return False
        return True

    # ----- calls ----------------------------------------------------------------------------------------------
    def call_many(self, key: str, commands: list[Command]) -> list[Any]:
        """``commands`` in one write to the node serving ``key`` (the one Redis, or the slot's master), their
        replies in order (an error reply as redis-py's exception, returned). ``NotSentError``: nothing ran;
        ``MaybeRanError``: the reply was lost."""
        for _ in range(MAX_REDIRECTS):
            name, pool = self._target(key)
            connection = self._take(name, pool)
            try:
                replies: list[Any] = connection.call_many(commands)
            except redis_wire.NotSentError as error:
                if self.cluster and isinstance(error.__cause__, redis.TimeoutError):
                    # The node did not answer in time (stalled, or gone from the network): the slot map is read
                    # again meanwhile, for the next call, and this one answers now rather than after a second wait.
                    if self._claim_refresh():
                        threading.Thread(target=self._read_slot_map, name="slot-map", daemon=True).start()
                elif self.cluster and self._refresh() and self._target(key)[0] != name:
                    continue  # the slot moved to another master (a failover): nothing ran, so to the new one
                raise
            except (redis.ConnectionError, redis.TimeoutError, OSError) as error:
                raise MaybeRanError(error) from error
            self._give(name, connection)
            moved = replies[0]
            if self.cluster and isinstance(moved, redis.exceptions.MovedError | redis.exceptions.AskError):
                if isinstance(moved, redis.exceptions.AskError):  # a slot migrating: not run; answer unavailable
                    raise redis_wire.NotSentError(f"the slot is migrating: {moved}")
                self.client.nodes_manager.move_slot(moved)  # refused, not run: to the slot's master now
                continue
            return replies
        raise redis_wire.NotSentError("the key's slot kept moving")

    def call(self, key: str, *command: bytes | str | int) -> Any:
        """One command (``call_many``), an error reply raised."""
        reply = self.call_many(key, [command])[0]
        if isinstance(reply, Exception):
            raise reply
        return reply

    def script(self, script: Any, keys: list[str], args: list[Any], after: list[Command] | None = None) -> list[Any]:
        """EVALSHA of redis-py's ``script`` object (and ``after`` in the same write); if Redis does not know the
        script (a restart, a failover, a flush) it refused it without running it: loaded, then sent again. The
        replies; the script's error reply raised."""
        evalsha: Command = ("EVALSHA", script.sha, len(keys), *keys, *args)
        commands = [evalsha, *(after or ())]
        replies = self.call_many(keys[0], commands)
        if isinstance(replies[0], redis.exceptions.NoScriptError):
            self.call(keys[0], "SCRIPT", "LOAD", script.script)
            replies = self.call_many(keys[0], commands)
        if isinstance(replies[0], Exception):
            raise replies[0]
        return replies

    def read_back(self, key: str, commands: list[Command]) -> list[Any]:
        """Reads after a lost reply, on a fresh connection with a short time-out (the node may be stalled), once."""
        _, pool = self._target(key)
        connection = self._new(pool, READ_BACK_SECONDS)
        try:
            replies: list[Any] = connection.call_many(commands)
        finally:
            connection.close()
        for reply in replies:
            if isinstance(reply, Exception):
                raise reply
        return replies

    # ----- replicas -------------------------------------------------------------------------------------------
    def wait_command(self, key: str) -> list[Command]:
        """``[WAIT 1 <ms>]`` to send after a write to ``key``'s node if it has a replica to wait for, else []."""
        if not self.replica_wait_ms:
            return []
        name = self._target(key)[0]
        known = self._replicas.get(name)
        now = time.monotonic()
        if known is None or now - known[0] > ROLE_CHECK_SECONDS:
            known = (now, self._replica_count(key))
            self._replicas[name] = known
        return [("WAIT", 1, self.replica_wait_ms)] if known[1] > 0 else []

    def _replica_count(self, key: str) -> int:
        """The replicas connected to ``key``'s node: ``ROLE``, or ``INFO replication`` where ``ROLE`` is refused (a
        managed Redis may rename or forbid commands); 0 when neither is allowed."""
        try:
            role = self.call(key, "ROLE")
            return len(role[2]) if role and role[0] == b"master" else 0
        except MaybeRanError as lost:  # a read: nothing to resolve, and the write was not sent
            raise redis_wire.NotSentError(f"the node did not answer ROLE: {lost}") from lost
        except redis.ResponseError:
            pass
        try:
            info = self.call(key, "INFO", "replication")
        except MaybeRanError as lost:
            raise redis_wire.NotSentError(f"the node did not answer INFO: {lost}") from lost
        except redis.ResponseError:
            return 0
        text = info.decode("utf-8", "replace") if isinstance(info, bytes) else str(info)
        for line in text.splitlines():
            if line.startswith("connected_slaves:"):
                return int(line.partition(":")[2].strip() or 0)
        return 0

    def close(self) -> None:
        with self._lock:
            stacks, self.idle = list(self.idle.values()), {}
        for stack in stacks:
            for connection in stack:
                with suppress(redis.RedisError, OSError):
                    connection.close()
