"""The webhooks part of the store (``WebhookStore``, service/storage/protocols.py): each key's endpoints under a cap,
and each endpoint's delivery state replaced by compare-and-set only. On the in-memory store, on a real Redis and on
a backend writing the core alone (tests/cluster/test_cluster_webhook_store.py: on a real Redis Cluster)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from service.storage.store import GameStore
from tests.service.conftest import make_store


@pytest.fixture(params=["memory", "redis", "minimal"])
def store(request: pytest.FixtureRequest) -> Iterator[GameStore]:
    made = make_store(request.param, request)
    yield made
    made.close()


def test_endpoints_are_kept_per_key_under_a_cap(store: GameStore) -> None:
    webhooks = store.webhooks
    assert webhooks.add_endpoint("alice", "wh_a", b"record-a", b"state-a", 2)
    assert webhooks.add_endpoint("alice", "wh_b", b"record-b", b"state-b", 2)
    assert not webhooks.add_endpoint("alice", "wh_c", b"record-c", b"state-c", 2)  # at the cap: nothing added
    assert webhooks.add_endpoint("bob", "wh_d", b"record-d", b"state-d", 2)
    assert webhooks.key_endpoints("alice") == {"wh_a": b"record-a", "wh_b": b"record-b"}
    assert webhooks.key_endpoints("carol") == {}
    assert webhooks.all_endpoints() == {"wh_a": b"record-a", "wh_b": b"record-b", "wh_d": b"record-d"}
    assert webhooks.delivery_states(["wh_b", "wh_c", "wh_d"]) == [b"state-b", None, b"state-d"]
    assert not webhooks.remove_endpoint("bob", "wh_a")  # another key's endpoint stays
    assert webhooks.remove_endpoint("alice", "wh_a")
    assert not webhooks.remove_endpoint("alice", "wh_a")
    assert webhooks.key_endpoints("alice") == {"wh_b": b"record-b"}
    assert webhooks.delivery_states(["wh_a"]) == [None]
    assert webhooks.add_endpoint("alice", "wh_c", b"record-c", b"state-c", 2)  # a place was freed


def test_a_delivery_state_moves_by_compare_and_set(store: GameStore) -> None:
    webhooks = store.webhooks
    assert webhooks.add_endpoint("alice", "wh_a", b"record-a", b"cursor-0", 10)
    assert webhooks.save_delivery_state("wh_a", b"cursor-0", b"cursor-1")
    assert not webhooks.save_delivery_state("wh_a", b"cursor-0", b"cursor-2")  # another deliverer moved it first
    assert webhooks.delivery_states(["wh_a"]) == [b"cursor-1"]
    assert webhooks.remove_endpoint("alice", "wh_a")
    assert not webhooks.save_delivery_state("wh_a", b"cursor-1", b"cursor-3")  # gone: never written again
    assert webhooks.delivery_states(["wh_a"]) == [None] and webhooks.all_endpoints() == {}
