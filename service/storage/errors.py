"""The errors a store raises. They are the store's own: the core maps each to its ``ServiceError`` once
(``service/core/errors.py``, ``to_service_error``), and imports them from here.

- ``StoreUnavailableError``: the store cannot be reached or answers too slowly (``store/unavailable``);
- ``StoreFullError``: it refuses writes, out of memory; reads still work (``store/full``, with a Retry-After);
- ``DurabilityUnknownError``: a write ran but no replica confirmed it (``store/durability_unknown``).

A new backend raises these (or their subclasses) and nothing else for a failure of its own.
"""

from __future__ import annotations


class StoreUnavailableError(Exception):
    """The game store cannot be reached (raised by the stores, mapped to UNAVAILABLE)."""


class StoreFullError(StoreUnavailableError):
    """The game store refuses writes because it is out of memory (Redis at ``maxmemory`` with ``noeviction``);
    reads still work. Mapped to UNAVAILABLE ``store/full`` with a Retry-After."""


class DurabilityUnknownError(StoreUnavailableError):
    """A write ran on the Redis master but no replica confirmed it within the wait: a failover now could lose it.
    Mapped to UNAVAILABLE ``store/durability_unknown``; the identical retry is answered as replayed once a replica
    has it (or applies the move if the failover lost it)."""
