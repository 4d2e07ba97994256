"""The ratings' store of a game store (``ratings_store``): one per game store, kept while the game store lives."""

from __future__ import annotations

import sys
import threading
import weakref
from typing import Any

from service.ratings.memory_ratings import MemoryRatings
from service.ratings.store import RatingStore
from service.storage.protocols import GameStore

_stores: weakref.WeakKeyDictionary[Any, RatingStore] = weakref.WeakKeyDictionary()
_stores_lock = threading.Lock()


def ratings_store(store: GameStore) -> RatingStore:
    """The ratings' store beside ``store``: in the same Redis (or Redis Cluster) for a Redis store, else one in
    memory per game store (a single process's, like that store)."""
    inner: Any = getattr(store, "inner", store)  # a metered store (service/observability) wraps the store
    with _stores_lock:
        known = _stores.get(inner)
        if known is None:
            known = _stores[inner] = _made_for(inner)
        return known


def _made_for(inner: Any) -> RatingStore:
    redis_store = sys.modules.get("service.storage.redis_store")  # imported already if ``inner`` is one
    if redis_store is not None and isinstance(inner, redis_store.RedisStore):
        from service.ratings.redis_ratings import RedisRatings  # redis-py only for a Redis store

        return RedisRatings(inner.client, inner.prefix)
    return MemoryRatings()
