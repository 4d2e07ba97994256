"""The ratings' store of a game store (``ratings_store``)."""

from __future__ import annotations

import threading
import weakref
from typing import Any

from service.ratings.memory_ratings import MemoryRatings
from service.ratings.store import RatingStore
from service.storage.protocols import GameStore

_memory: weakref.WeakKeyDictionary[Any, RatingStore] = weakref.WeakKeyDictionary()
_memory_lock = threading.Lock()


def ratings_store(store: GameStore) -> RatingStore:
    """The ratings' store beside ``store``: in the same Redis (or Redis Cluster) for a Redis store, else one in
    memory per game store (a single process's, like that store)."""
    inner: Any = getattr(store, "inner", store)  # a metered store (service/observability) wraps the store
    client, prefix = getattr(inner, "client", None), getattr(inner, "prefix", None)
    if client is not None and isinstance(prefix, str):
        from service.ratings.redis_ratings import RedisRatings  # redis-py only for a Redis store

        return RedisRatings(client, prefix)
    with _memory_lock:
        known = _memory.get(inner)
        if known is None:
            known = _memory[inner] = MemoryRatings()
        return known
