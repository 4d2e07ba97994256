"""One place that builds a store: ``open_store(url, **settings)``. No URL: the in-memory store (one process, for
development and tests); a Redis URL (``redis://``, ``rediss://``, ``unix://``, ``redis+cluster://``,
``rediss+cluster://``): the Redis store on it. The server, the bot-worker process and the commands that read the
service's Redis (``cardengine replay``, ``verify``, ``keys``) all build their store here.

A new backend is one more branch here on its URL scheme, and one more entry in the store contract suite's
``STORES`` (``tests/service/test_store_contract.py``); what it must implement is listed in docs/architecture.md
("A store backend").
"""

from __future__ import annotations

from typing import Any

from service.storage.protocols import GameStore
from service.storage.store import DEFAULT_FINISHED_TTL_SECONDS, DEFAULT_TTL_SECONDS, MemoryStore

DEFAULT_KEY_PREFIX = "ce:"


def open_store(
    url: str | None = None,
    *,
    ttl_seconds: int = DEFAULT_TTL_SECONDS,
    finished_ttl_seconds: int = DEFAULT_FINISHED_TTL_SECONDS,
    key_prefix: str = DEFAULT_KEY_PREFIX,
    timeout_seconds: float | None = None,
    replica_wait_ms: int | None = None,
    sharded_pubsub: bool | None = None,
) -> GameStore:
    """The store that ``url`` names (None or empty: in memory). ``ttl_seconds`` and ``finished_ttl_seconds``: how
    long a game under way and a finished one are kept after their last write. For Redis only: ``key_prefix`` (the
    service's keys in a shared Redis), ``timeout_seconds`` (each command and connect; None: the store's default)
    and ``replica_wait_ms`` (how long a commit waits for a replica; None: the store's default); for a Redis Cluster,
    ``sharded_pubsub`` (None: sharded when every node is Redis 7 or later)."""
    if not url:
        return MemoryStore(ttl_seconds=ttl_seconds, finished_ttl_seconds=finished_ttl_seconds)
    from service.storage.redis_store import RedisStore  # redis-py is imported only when a Redis store is asked for

    options: dict[str, Any] = {"ttl_seconds": ttl_seconds, "finished_ttl_seconds": finished_ttl_seconds}
    options["key_prefix"] = key_prefix
    if timeout_seconds is not None:
        options["timeout_seconds"] = timeout_seconds
    if replica_wait_ms is not None:
        options["replica_wait_ms"] = replica_wait_ms
    if sharded_pubsub is not None:
        options["sharded_pubsub"] = sharded_pubsub
    return RedisStore.from_url(url, **options)
