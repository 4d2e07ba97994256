"""The leases part of the store (``LeaseStore``, service/storage/protocols.py): one holder at a time, renewed by its
holder, moving on once it expires, with a term that grows at each new holder. On the in-memory store, on a real
Redis and on a backend writing the core alone (tests/cluster/test_cluster_leases.py: on a real Redis Cluster)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from service.storage.store import GameStore
from tests.service.conftest import make_store

EXPIRING = 0.3  # seconds: the time-to-live of a lease a test lets expire
HELD = 30.0  # seconds: the time-to-live of a lease a test relies on being held (a stalled machine keeps it)


@pytest.fixture(params=["memory", "redis", "minimal"])
def store(request: pytest.FixtureRequest) -> Iterator[GameStore]:
    made = make_store(request.param, request)
    yield made
    made.close()


def test_one_holder_at_a_time_and_renewal(store: GameStore) -> None:
    leases = store.leases
    assert leases.holder("director") is None
    term = leases.acquire("director", "replica-a", HELD)
    assert term == 1
    assert leases.acquire("director", "replica-b", HELD) == 0  # held: the other waits
    assert leases.acquire("director", "replica-a", HELD) == 1  # the holder asking again renews, same term
    assert leases.renew("director", "replica-a", 1, HELD)
    assert not leases.renew("director", "replica-b", 1, HELD)
    assert not leases.renew("director", "replica-a", 2, HELD)  # a term it never held
    assert leases.holder("director") == ("replica-a", 1)
    assert leases.acquire("matchmaker", "replica-b", HELD) == 1  # another name, another lease


def test_a_lease_moves_on_when_its_holder_stops_renewing(store: GameStore) -> None:
    leases = store.leases
    assert leases.acquire("director", "replica-a", EXPIRING) == 1
    time.sleep(EXPIRING + 0.1)
    assert leases.holder("director") is None
    assert leases.acquire("director", "replica-b", HELD) == 2  # a new holder, a new term
    assert not leases.renew("director", "replica-a", 1, HELD)  # the old holder learns it lost the lease
    assert leases.holder("director") == ("replica-b", 2)


def test_release_frees_the_lease_for_its_holder_only(store: GameStore) -> None:
    leases = store.leases
    assert leases.acquire("director", "replica-a", 30) == 1
    leases.release("director", "replica-b", 1)  # not its lease: nothing happens
    leases.release("director", "replica-a", 2)  # not its term: nothing happens
    assert leases.holder("director") == ("replica-a", 1)
    leases.release("director", "replica-a", 1)
    assert leases.holder("director") is None
    assert leases.acquire("director", "replica-b", 30) == 2
