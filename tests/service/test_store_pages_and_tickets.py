"""The store's log ranges and stream tickets, against the in-memory store and a real Redis (the same contract)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
import redis

from service.storage.redis_store import RedisStore
from service.storage.store import GameStore, StoredGame
from tests.service.conftest import make_store


@pytest.fixture
def store(store_kind: str, request: pytest.FixtureRequest) -> Iterator[GameStore]:
    made = make_store(store_kind, request)
    yield made
    made.close()


def with_versions(store: GameStore, game_id: str, last: int) -> None:
    store.create(StoredGame(game_id, 0, b"s0", 0, False, b"{}"), b"entry-0")
    for version in range(1, last + 1):
        store.commit(StoredGame(game_id, version, b"s", 0, False, b"{}"), version - 1, f"entry-{version}".encode())


def test_a_log_range_is_exactly_the_entries_asked_for(store: GameStore) -> None:
    with_versions(store, "g1", 9)
    assert store.log("g1", -1, 3) == [b"entry-0", b"entry-1", b"entry-2"]
    assert store.log("g1", 4, 2) == [b"entry-5", b"entry-6"]
    assert store.log("g1", 7, 5) == [b"entry-8", b"entry-9"]
    assert store.log("g1", 9, 5) == []
    assert store.log("g1", 2, 0) == []
    assert store.log("g1", 6) == [b"entry-7", b"entry-8", b"entry-9"]
    assert store.log("nope", -1, 3) == []


def test_tickets_are_per_game_and_expire(store: GameStore) -> None:
    with_versions(store, "g1", 0)
    with_versions(store, "g2", 0)
    store.put_ticket("g1", "hash-a", 1, 0.4)
    store.put_ticket("g1", "hash-b", 0, 30)
    assert store.ticket_seat("g1", "hash-a") == 1 and store.ticket_seat("g1", "hash-b") == 0
    assert store.ticket_seat("g2", "hash-a") is None  # another game's ticket
    assert store.ticket_seat("g1", "hash-c") is None
    time.sleep(0.6)
    assert store.ticket_seat("g1", "hash-a") is None and store.ticket_seat("g1", "hash-b") == 0


def test_redis_keeps_a_ticket_under_the_games_hash_tag_with_its_ttl(redis_url: str, key_prefix: str) -> None:
    store = RedisStore.from_url(redis_url, key_prefix=key_prefix)
    try:
        with_versions(store, "g1", 0)
        store.put_ticket("g1", "abc", 1, 60)
        client = redis.Redis.from_url(redis_url)
        key = f"{key_prefix}{{g1}}:ticket:abc"
        assert client.get(key) == b"1" and 59_000 <= int(client.pttl(key)) <= 60_000
        client.close()
    finally:
        store.close()
