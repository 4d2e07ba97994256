"""How the Redis store reaches Redis: the client of a URL (a Redis or a Redis Cluster) and what its failures mean.

Redis Cluster (``redis+cluster://host:port/`` or ``cluster=True``, i.e. ``cardengine serve --redis-cluster``): the
store uses redis-py's ``RedisCluster``. Every script's keys share one hash tag (a game's ``{<id>}``, or one of the
global tags ``{bots}``, ``{clocks}``, ``{keys}``; a rate-limit key is one key), so each script runs on the one node
owning that slot (redis-py routes EVALSHA by its first key).

Every call of the store goes through ``guarded``: a Redis that does not answer, refuses or has no node for a slot
is ``StoreUnavailableError``; one out of memory ``StoreFullError``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import redis
import redis.cluster
from redis.backoff import ExponentialBackoff, NoBackoff
from redis.retry import Retry

from service.storage.errors import StoreFullError, StoreUnavailableError

T = TypeVar("T")

CLUSTER_SCHEME = "redis+cluster://"
CLUSTER_TLS_SCHEME = "rediss+cluster://"
DEFAULT_TIMEOUT_SECONDS = 1.0
MAX_CONNECTIONS = 256


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


class TimeoutFinalCluster(redis.cluster.RedisCluster):
    """redis-py's cluster client, retrying a refused or reset connection and a cluster going down, never a
    time-out: a stalled master answers UNAVAILABLE after one store timeout, not four. The game writes (commits,
    creates) do not go through it at all (``redis_once``); the rest that does is reads and writes that may run
    twice harmlessly (a ticket's SET, a clock's SET and ZADD, a bot-queue mark compared by version)."""

    ERRORS_ALLOW_RETRY = (  # type: ignore[assignment]
        redis.ConnectionError,
        redis.exceptions.ClusterDownError,
        redis.exceptions.SlotNotCoveredError,
    )

    def pipeline(self, transaction: Any = None, shard_hint: Any = None) -> Any:
        """A pipeline that is never re-sent (redis-py's would retry a time-out too)."""
        pipe = super().pipeline(transaction, shard_hint)  # type: ignore[no-untyped-call]
        pipe.retry = Retry(NoBackoff(), 0)
        return pipe


def connect(url: str, *, timeout_seconds: float, cluster: bool) -> redis.Redis | redis.cluster.RedisCluster:
    """A client whose every command (and connect) gives up after ``timeout_seconds``: a stalled Redis answers
    UNAVAILABLE in about that time instead of hanging the request. A ``redis+cluster://`` URL, or ``cluster``, makes
    it a Redis Cluster client (any node of the cluster as the URL's host: it finds the others)."""
    if not timeout_seconds > 0:
        raise ValueError(f"the Redis timeout must be positive; got {timeout_seconds}")
    if cluster or is_cluster_url(url):
        return TimeoutFinalCluster.from_url(
            plain_url(url),
            socket_timeout=timeout_seconds,
            socket_connect_timeout=timeout_seconds,
            max_connections=MAX_CONNECTIONS,
            # A failover moves slots: a few quick retries (each re-reads the slot map) ride out a refused
            # connection; while no node serves the slot the call answers UNAVAILABLE, never hangs. A time-out is
            # never retried (``TimeoutFinalCluster``).
            retry=Retry(ExponentialBackoff(cap=0.2, base=0.02), 3),
        )
    return redis.Redis.from_url(
        url,
        socket_timeout=timeout_seconds,
        socket_connect_timeout=timeout_seconds,
        health_check_interval=30,
        max_connections=MAX_CONNECTIONS,
        # Two quick retries ride out a failover blip (a refused or reset connection); a Redis that is down
        # answers UNAVAILABLE at once. A time-out is never retried. Commits and creates never go through this
        # client (``redis_once``: sent at most once); what does may run twice harmlessly (see above).
        retry=Retry(ExponentialBackoff(cap=0.1, base=0.01), 2, supported_errors=(redis.ConnectionError,)),
    )


def has_sharded_pubsub(client: Any) -> bool:
    """Whether a node of the cluster is Redis 7 or later (SPUBLISH); False if that cannot be read."""
    try:
        info = client.info("server", target_nodes=client.get_default_node())
        return int(str(info.get("redis_version", "0")).split(".")[0]) >= 7
    except (redis.RedisError, redis.exceptions.RedisClusterException, OSError, ValueError):
        return False


def guarded(action: Callable[[], T]) -> T:
    """``action()``, its Redis failures as the store's: StoreUnavailableError, or StoreFullError at maxmemory."""
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
