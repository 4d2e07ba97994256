"""The store contract: one suite, run against the in-memory store and against a real Redis."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from service.core.errors import StoreUnavailableError
from service.storage.redis_store import RedisStore
from service.storage.store import Committed, Duplicate, GameStore, Missing, Stale, StoredGame
from tests.service.conftest import free_port, make_store


@pytest.fixture
def store(store_kind: str, request: pytest.FixtureRequest) -> Iterator[GameStore]:
    made = make_store(store_kind, request)
    yield made
    made.close()


def game(game_id: str = "g1", version: int = 0, *, finished: bool = False) -> StoredGame:
    return StoredGame(game_id, version, f"snapshot-{version}".encode(), version * 2, finished, b'{"meta":1}')


def advance(store: GameStore, game_id: str, version: int, **kwargs: object) -> object:
    return store.commit(game(game_id, version + 1), version, f"entry-{version + 1}".encode(), **kwargs)  # type: ignore[arg-type]


def test_create_and_load(store: GameStore) -> None:
    assert store.load("g1") is None
    store.create(game(), b"entry-0")
    assert store.load("g1") == game()
    assert store.log("g1", -1) == [b"entry-0"]
    with pytest.raises(ValueError):
        store.create(game(), b"entry-0")


def test_commit_compares_and_sets_the_version(store: GameStore) -> None:
    store.create(game(), b"entry-0")
    assert advance(store, "g1", 0) == Committed()
    assert store.load("g1") == game("g1", 1)
    assert advance(store, "g1", 0) == Stale(1)  # a second commit at version 0 writes nothing
    assert store.load("g1") == game("g1", 1)
    assert advance(store, "g1", 1) == Committed()
    assert store.log("g1", -1) == [b"entry-0", b"entry-1", b"entry-2"]
    assert store.log("g1", 0) == [b"entry-1", b"entry-2"]
    assert store.log("g1", 2) == []
    assert advance(store, "nope", 0) == Missing()
    assert store.log("nope", -1) == []


def test_idempotency_results(store: GameStore) -> None:
    store.create(game(), b"entry-0")
    assert advance(store, "g1", 0, idempotency=("0:k", b"first")) == Committed()
    assert store.idempotent_result("g1", "0:k") == b"first"
    assert store.idempotent_result("g1", "1:k") is None
    # A known key wins over the version check and writes nothing.
    assert advance(store, "g1", 0, idempotency=("0:k", b"second")) == Duplicate(b"first")
    assert advance(store, "g1", 1, idempotency=("0:k", b"second")) == Duplicate(b"first")
    assert store.load("g1") == game("g1", 1) and store.idempotent_result("g1", "0:k") == b"first"


def test_racing_commits_one_wins(store: GameStore) -> None:
    store.create(game(), b"entry-0")
    for version in range(5):
        with ThreadPoolExecutor(max_workers=8) as pool:
            outcomes = list(pool.map(lambda v: advance(store, "g1", v), [version] * 8))
        assert outcomes.count(Committed()) == 1
        assert all(outcome == Stale(version + 1) for outcome in outcomes if outcome != Committed())
    assert len(store.log("g1", -1)) == 6


def test_games_expire(store_kind: str, request: pytest.FixtureRequest) -> None:
    store = make_store(store_kind, request, ttl_seconds=2, finished_ttl_seconds=2)
    try:
        store.create(game("old"), b"entry-0")
        store.create(game("busy"), b"entry-0")
        time.sleep(1.2)
        assert advance(store, "busy", 0) == Committed()  # a write refreshes the time-to-live
        time.sleep(1.2)
        assert store.load("old") is None and store.log("old", -1) == []
        assert store.load("busy") is not None
        time.sleep(1.2)
        assert store.load("busy") is None
    finally:
        store.close()


def test_finished_games_take_the_finished_ttl(request: pytest.FixtureRequest) -> None:
    store = make_store("redis", request, ttl_seconds=1000, finished_ttl_seconds=10)
    assert isinstance(store, RedisStore)
    try:
        store.create(game(), b"entry-0")
        store.commit(game("g1", 1), 0, b"entry-1", ("0:k", b"r"))
        assert 990 < store.client.ttl(store.game_key("g1")) <= 1000
        store.commit(game("g1", 2, finished=True), 1, b"entry-2")
        for key in (store.game_key("g1"), store.log_key("g1"), store.results_key("g1")):
            assert 0 < store.client.ttl(key) <= 10
            assert "{g1}" in key  # one hash tag: one Redis Cluster slot
    finally:
        store.close()


def test_a_commit_wakes_watchers(store_kind: str, request: pytest.FixtureRequest) -> None:
    """Watchers wake on commits; with Redis, on commits made through another store (another replica)."""
    watcher_store = make_store(store_kind, request)
    writer_store = watcher_store if store_kind == "memory" else make_store(store_kind, request)
    try:
        watcher_store.create(game(), b"entry-0")
        woken: list[tuple[bool, float]] = []
        ready = threading.Event()

        def wait() -> None:
            with watcher_store.watching("g1"):
                ready.set()
                started = time.monotonic()
                woken.append((watcher_store.wait_for_version("g1", 0, timeout=5), time.monotonic() - started))

        thread = threading.Thread(target=wait)
        thread.start()
        ready.wait(5)
        time.sleep(0.3)  # the subscription is established
        assert advance(writer_store, "g1", 0) == Committed()
        thread.join(10)
        assert woken and woken[0][0] and woken[0][1] < 4
        with watcher_store.watching("g1"):
            assert not watcher_store.wait_for_version("g1", 1, timeout=0.2)  # nothing new: times out
    finally:
        watcher_store.close()
        if writer_store is not watcher_store:
            writer_store.close()


def test_ping(store: GameStore) -> None:
    store.ping()


def test_redis_down_is_store_unavailable() -> None:
    store = RedisStore.from_url(f"redis://127.0.0.1:{free_port()}/0")
    calls: list[Callable[[], object]] = [
        store.ping,
        lambda: store.load("g1"),
        lambda: store.create(game(), b"entry-0"),
        lambda: advance(store, "g1", 0),
        lambda: store.log("g1", -1),
        lambda: store.idempotent_result("g1", "0:k"),
    ]
    for call in calls:
        with pytest.raises(StoreUnavailableError):
            call()
    store.close()


def test_load_for_update_may_answer_from_a_local_copy_but_commit_still_checks(
    store_kind: str, request: pytest.FixtureRequest
) -> None:
    """Two stores on one backend (two replicas): a replica's copy of version 0 may be stale, never wrong."""
    mine = make_store(store_kind, request)
    other = mine if store_kind == "memory" else make_store(store_kind, request)
    try:
        mine.create(game(), b"entry-0")
        assert mine.load_for_update("g1", 0) == game()
        assert advance(other, "g1", 0) == Committed()
        copy = mine.load_for_update("g1", 0)
        assert copy is not None and copy.version in (0, 1)  # a local copy of version 0 is allowed
        assert advance(mine, "g1", 0) == Stale(1)  # but the compare-and-set sees the real version
        assert mine.load_for_update("g1", 0) == game("g1", 1)  # and the copy is dropped
        assert mine.load_for_update("g1", 1) == game("g1", 1)
        assert mine.load_for_update("missing", 0) is None
    finally:
        mine.close()
        if other is not mine:
            other.close()
