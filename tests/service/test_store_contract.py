"""The store contract: one suite of every protocol of service/storage/protocols.py (the games, and the clocks,
limits, keys and bot queue parts), run against the in-memory store, against a real Redis (and, from
tests/cluster/test_cluster_store.py, a real Redis Cluster) and against a backend that writes only the core
(``StoreCore``: tests/service/minimal_store.py) with everything else from ``with_defaults``."""

from __future__ import annotations

import ast
import re
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from service.storage.backend import DefaultedStore, with_defaults
from service.storage.errors import StoreUnavailableError
from service.storage.factory import open_store
from service.storage.protocols import BotQueue, KeyRecord, StoreCore
from service.storage.redis_store import RedisStore
from service.storage.store import Committed, Duplicate, GameStore, MemoryStore, Missing, Stale, StoredGame
from tests.service.conftest import free_port, make_store
from tests.service.minimal_store import MinimalStore

# Checked by mypy: each store is a GameStore, with every part; a backend writing the core alone is a StoreCore.
STORES: tuple[type[GameStore], ...] = (MemoryStore, RedisStore, DefaultedStore)
CORES: tuple[type[StoreCore], ...] = (MinimalStore,)
LOCAL_KINDS = ("memory", "minimal")  # stores whose parts live in one process


@pytest.fixture(params=["memory", "redis", "minimal"])
def store_kind(request: pytest.FixtureRequest) -> str:
    kind: str = request.param
    return kind


@pytest.fixture
def store(store_kind: str, request: pytest.FixtureRequest) -> Iterator[GameStore]:
    made = make_store(store_kind, request)
    yield made
    made.close()


def game(game_id: str = "g1", version: int = 0, *, finished: bool = False) -> StoredGame:
    return StoredGame(game_id, version, f"snapshot-{version}".encode(), version * 2, finished, b'{"meta":1}')


def advance(store: GameStore, game_id: str, version: int, **kwargs: object) -> object:
    return store.commit(game(game_id, version + 1), version, f"entry-{version + 1}".encode(), **kwargs)  # type: ignore[arg-type]


def another_replica(store: GameStore, kind: str, request: pytest.FixtureRequest) -> GameStore:
    """A second store on the same backend, as another replica has: the same one in memory; for the core-only
    backend, a second ``with_defaults`` over the same core (its watchers see the other's commits by polling)."""
    if kind == "memory":
        return store
    if kind == "minimal":
        assert isinstance(store, DefaultedStore)
        return with_defaults(store.core)
    return make_store(kind, request)


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
    writer_store = another_replica(watcher_store, store_kind, request)
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
        ready.wait(5)  # watching() returns once the subscription is confirmed
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
    other = another_replica(mine, store_kind, request)
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


# ----- the clocks ---------------------------------------------------------------------------------------------------


def test_clocks_keep_records_and_due_times(store: GameStore) -> None:
    store.save_clock("a", b"record-a", 1_000)
    store.save_clock("b", b"record-b", 3_000)
    store.save_clock("c", b"record-c", 2_000)
    assert store.load_clock("a") == b"record-a" and store.load_clock("zz") is None
    assert store.due_clocks(2_500, 10) == [("a", 1_000), ("c", 2_000)]
    assert store.due_clocks(2_500, 1) == [("a", 1_000)]
    assert store.due_clocks(999, 10) == []
    store.save_clock("b", b"record-b2", None)  # no deadline runs: the record stays, the due time goes
    assert store.load_clock("b") == b"record-b2" and store.due_clocks(10_000, 10) == [("a", 1_000), ("c", 2_000)]
    store.save_clock("a", None, 500)  # no record: nothing is due either
    assert store.load_clock("a") is None and store.due_clocks(10_000, 10) == [("c", 2_000)]


def test_a_due_time_is_claimed_once(store: GameStore) -> None:
    store.save_clock("g", b"record", 1_000)
    assert store.move_clock("g", 1_000, 9_000)  # a sweeper's lease
    assert not store.move_clock("g", 1_000, 8_000)  # the second sweeper finds the lease, not its due time
    assert not store.move_clock("nope", 1_000, 8_000)
    assert store.due_clocks(8_500, 10) == [] and store.due_clocks(9_000, 10) == [("g", 9_000)]
    assert store.move_clock("g", 9_000, None)
    assert store.due_clocks(100_000, 10) == [] and store.load_clock("g") == b"record"


# ----- the limits ---------------------------------------------------------------------------------------------------


def test_a_bucket_gives_its_burst_then_a_token_per_interval(store: GameStore) -> None:
    limits = store.limits
    assert [limits.take("bucket", 1.0, 3) for _ in range(3)] == [0.0, 0.0, 0.0]
    wait = limits.take("bucket", 1.0, 3)
    assert 0 < wait <= 1.0
    assert limits.take("other", 1.0, 3) == 0.0  # buckets are apart
    time.sleep(1.2)
    assert limits.take("bucket", 1.0, 3) == 0.0  # refilled at 1 a second


def test_a_counter_counts_in_its_window(store: GameStore) -> None:
    limits = store.limits
    counts = [limits.count("counter", 3, 60.0) for _ in range(4)]
    assert [count for count, _ in counts] == [1, 2, 3, 4]
    assert all(0 < resets_in < 60.001 for _, resets_in in counts)  # (a float sum may pass 60 by a hair)
    assert limits.count("short", 10, 1.0)[0] == 1
    assert limits.count("short", 10, 1.0)[0] == 2
    time.sleep(1.2)
    assert limits.count("short", 10, 1.0)[0] == 1  # the window ended: counted afresh


def test_live_games_take_places_until_they_finish_or_go(store: GameStore) -> None:
    limits = store.limits
    ids = [f"live{number}" for number in range(6)]
    for game_id in ids[:4]:
        store.create(game(game_id), b"entry-0")
    store.commit(game("live0", 1, finished=True), 0, b"entry-1")
    assert limits.are_live(ids) == [False, True, True, True, False, False]
    assert limits.admit_live_game("key", "live1", 2) and limits.admit_live_game("key", "live2", 2)
    assert limits.admit_live_game("key", "live1", 2), "a game admitted again takes no second place"
    assert not limits.admit_live_game("key", "live3", 2)
    assert limits.admit_live_game("other key", "live3", 2), "each key its own places"
    store.commit(game("live2", 1, finished=True), 0, b"entry-1")
    assert limits.admit_live_game("key", "live3", 2), "a finished game's place is free again"
    assert not limits.admit_live_game("key", "live4", 2)


# ----- the keys -----------------------------------------------------------------------------------------------------


def test_keys_are_added_found_listed_and_revoked(store: GameStore, store_kind: str) -> None:
    keys = store.keys
    assert keys.is_shared is (store_kind not in LOCAL_KINDS)  # Redis: `cardengine keys` reaches them
    first, second = KeyRecord("k1", "acme", 1000.0), KeyRecord("k2", "", 1001.5)
    keys.add("digest-1", first)
    keys.add("digest-2", second)
    assert keys.find("digest-1") == first and keys.find("digest-2") == second
    assert keys.find("digest-3") is None
    assert keys.records() == [first, second]
    assert keys.revoke("k1", 2000.0)
    assert keys.revoke("k1", 3000.0), "revoked again: still known"
    assert keys.find("digest-1") == KeyRecord("k1", "acme", 1000.0, 2000.0), "the first revocation stands"
    assert not keys.revoke("nope", 2000.0)
    assert [record.revoked_at for record in keys.records()] == [2000.0, None]


# ----- the bot queue ------------------------------------------------------------------------------------------------

LEASE = 0.3
HELD = 30.0  # a lease the test relies on being held: a machine stalled for a second keeps it
EXPIRING = 1.0  # a lease the test reads as held right away, then lets run out


@pytest.fixture
def queue(store: GameStore) -> BotQueue:
    return store.bots


def test_a_due_game_is_claimed_once_until_its_lease_runs_out(queue: BotQueue) -> None:
    queue.mark("g1", 0, "due")
    assert queue.claim(EXPIRING).game_id == "g1"
    again = queue.claim(EXPIRING)
    assert again.game_id is None
    assert again.wait_seconds is not None and 0 < again.wait_seconds <= EXPIRING
    time.sleep(EXPIRING + 0.05)
    assert queue.claim(LEASE).game_id == "g1", "a worker that died mid-move leaves the game to another"
    assert queue.due_count() == 1


def test_games_are_claimed_earliest_due_first(queue: BotQueue) -> None:
    queue.mark("first", 3, "due")
    time.sleep(0.01)
    queue.mark("second", 0, "due")
    assert [queue.claim(HELD).game_id for _ in range(3)] == ["first", "second", None]


def test_idle_and_done_leave_the_queue(queue: BotQueue) -> None:
    queue.mark("g1", 0, "due")
    queue.mark("g1", 1, "idle")
    assert queue.claim(LEASE).game_id is None
    queue.mark("g1", 2, "due")
    queue.mark("g1", 3, "done")
    assert queue.claim(LEASE).game_id is None
    assert queue.due_count() == 0


def test_an_older_mark_changes_nothing(queue: BotQueue) -> None:
    queue.mark("g1", 5, "due")
    queue.mark("g1", 4, "idle")  # a commit's mark that arrives after the next commit's
    queue.mark("g1", 4, "done")
    assert queue.claim(LEASE).game_id == "g1"
    queue.mark("g1", 6, "idle")
    queue.mark("g1", 5, "due")
    assert queue.claim(LEASE).game_id is None


def test_due_again_at_the_same_version_keeps_the_lease_and_a_new_version_ends_it(queue: BotQueue) -> None:
    queue.mark("g1", 2, "due")
    assert queue.claim(10).game_id == "g1"
    queue.mark("g1", 2, "due")  # a sweep, or a late duplicate: the worker keeps its lease
    assert queue.claim(10).game_id is None
    queue.mark("g1", 3, "due")  # the bot moved (or someone did) and a bot is to act again: due at once
    assert queue.claim(10).game_id == "g1"


def test_the_think_delay_holds_a_game_back(queue: BotQueue) -> None:
    queue.mark("g1", 0, "due")
    held = queue.claim(LEASE, delay_seconds=0.25)
    assert held.game_id is None
    assert held.wait_seconds is not None and 0 < held.wait_seconds <= 0.25
    time.sleep(0.3)
    assert queue.claim(LEASE, delay_seconds=0.25).game_id == "g1"


def test_wait_returns_when_a_game_is_marked_due_in_this_process(queue: BotQueue) -> None:
    timer = threading.Timer(0.05, queue.mark, args=("g1", 0, "due"))
    started = time.monotonic()
    timer.start()
    queue.wait(5.0)
    timer.join()
    assert time.monotonic() - started < 1.0


# ----- the metered store --------------------------------------------------------------------------------------------


def test_the_metered_store_measures_every_protocol() -> None:
    """Every call of every protocol through ``metrics.metered`` is timed under its operation, clocks included."""
    from prometheus_client import REGISTRY

    from service.observability import metrics

    store = metrics.metered(MemoryStore())
    assert metrics.metered(store) is store, "metered once"

    def timed(operation: str) -> float:
        labels = {"operation": operation}
        return REGISTRY.get_sample_value("cardengine_store_operation_duration_seconds_count", labels) or 0.0

    calls: dict[str, Callable[[], object]] = {
        "create": lambda: store.create(game(), b"entry-0"),
        "commit": lambda: advance(store, "g1", 0),
        "save_clock": lambda: store.save_clock("g1", b"record", 1_000),
        "load_clock": lambda: store.load_clock("g1"),
        "due_clocks": lambda: store.due_clocks(2_000, 10),
        "move_clock": lambda: store.move_clock("g1", 1_000, None),
        "limits.take": lambda: store.limits.take("bucket", 1.0, 1),
        "limits.count": lambda: store.limits.count("counter", 3, 60.0),
        "limits.admit_live_game": lambda: store.limits.admit_live_game("key", "g1", 1),
        "limits.are_live": lambda: store.limits.are_live(["g1"]),
        "keys.add": lambda: store.keys.add("digest", KeyRecord("k1", "", 1.0)),
        "keys.find": lambda: store.keys.find("digest"),
        "keys.records": store.keys.records,
        "keys.revoke": lambda: store.keys.revoke("k1", 2.0),
        "bots.register": lambda: store.bots.register("g1"),
        "bots.mark": lambda: store.bots.mark("g1", 1, "due"),
        "bots.claim": lambda: store.bots.claim(LEASE),
        "bots.sweep": store.bots.sweep,
    }
    for operation, call in calls.items():
        before = timed(operation)
        call()
        assert timed(operation) == before + 1, operation
    assert store.load_clock("g1") == b"record" and store.keys.find("digest") == KeyRecord("k1", "", 1.0, 2.0)
    assert store.limits.are_live(["g1", "g2"]) == [True, False] and store.bots.due_count() == 1


# ----- the lifecycle part ---------------------------------------------------------------------------------------


def test_delete_removes_a_game_with_its_log_clock_and_members(store: GameStore) -> None:
    store.create(game(), b"entry-0")
    store.save_clock("g1", b"record", 1_000)
    store.lifecycle.add_member("g1", "k2", b"[1]", 60)
    assert store.delete("g1") is True
    assert store.load("g1") is None and store.log("g1", -1) == [] and store.load_clock("g1") is None
    assert store.due_clocks(2_000, 10) == [] and store.lifecycle.members("g1") == {}
    assert advance(store, "g1", 0) == Missing()
    assert store.delete("g1") is False


def test_an_invitation_is_taken_once(store: GameStore) -> None:
    store.create(game(), b"entry-0")
    lifecycle = store.lifecycle
    lifecycle.put_invitation("g1", "h1", b"seat-1", 60)
    assert lifecycle.take_invitation("g2", "h1") is None  # another game's code
    with ThreadPoolExecutor(max_workers=8) as pool:
        taken = list(pool.map(lambda _: lifecycle.take_invitation("g1", "h1"), range(8)))
    assert taken.count(b"seat-1") == 1 and taken.count(None) == 7


def test_members_are_kept_per_game(store: GameStore) -> None:
    store.lifecycle.add_member("g1", "k1", b"[0]", 60)
    store.lifecycle.add_member("g1", "k2", b"[1]", 60)
    assert store.lifecycle.members("g1") == {"k1": b"[0]", "k2": b"[1]"}
    assert store.lifecycle.members("g2") == {}


def test_a_key_lists_its_games_newest_first_in_pages(store: GameStore) -> None:
    lifecycle = store.lifecycle
    for number, at in enumerate([100, 300, 200, 300]):
        lifecycle.index_game("k1", f"g{number}", at, f"r{number}".encode())
    lifecycle.index_game("k2", "other", 400, b"x")
    lifecycle.index_game("k1", "g0", 999, b"r0-again")  # listed again: the time is kept, the record replaced
    first = lifecycle.owner_games("k1", None, 3)
    assert [(g.game_id, g.at_ms, g.record) for g in first] == [
        ("g3", 300, b"r3"),
        ("g1", 300, b"r1"),
        ("g2", 200, b"r2"),
    ]
    rest = lifecycle.owner_games("k1", (first[-1].at_ms, first[-1].game_id), 3)
    assert [(g.game_id, g.at_ms, g.record) for g in rest] == [("g0", 100, b"r0-again")]
    assert [g.game_id for g in lifecycle.owner_games("k1", (300, "g3"), 1)] == ["g1"]  # inside a tie
    lifecycle.unindex_game("k1", "g1")
    assert [g.game_id for g in lifecycle.owner_games("k1", None, 10)] == ["g3", "g2", "g0"]


def test_a_commit_replaces_the_meta_when_it_changes(store: GameStore) -> None:
    """A join of the lobby commits a new meta (service/core/lobby.py); a move's commit keeps the one it read."""
    store.create(game(), b"entry-0")
    loaded = store.load("g1")
    assert loaded is not None
    joined = StoredGame("g1", 1, b"snapshot-0", 1, False, b'{"meta":2}')
    assert store.commit(joined, 0, b"entry-1", None, loaded.commit_id) == Committed()
    again = store.load("g1")
    assert again is not None and again.meta == b'{"meta":2}'
    moved = StoredGame("g1", 2, b"snapshot-2", 3, False, again.meta)
    assert store.commit(moved, 1, b"entry-2", None, again.commit_id) == Committed()
    last = store.load("g1")
    assert last is not None and (last.version, last.meta) == (2, b'{"meta":2}')


def test_the_lobby_lists_games_oldest_first_by_type_in_pages(store: GameStore) -> None:
    lobby = store.lobby
    lobby.list_game("g0", "dracula", 300, b"r0")
    lobby.list_game("g1", "draw_blood", 100, b"r1")
    lobby.list_game("g2", "dracula", 200, b"r2")
    lobby.list_game("g3", "dracula", 200, b"r3")
    lobby.list_game("g0", "dracula", 999, b"r0-again")  # listed again: the time is kept, the record replaced
    first = lobby.listed_games("", None, 3)
    assert [(g.game_id, g.at_ms, g.record) for g in first] == [
        ("g1", 100, b"r1"),
        ("g2", 200, b"r2"),
        ("g3", 200, b"r3"),
    ]
    rest = lobby.listed_games("", (first[-1].at_ms, first[-1].game_id), 3)
    assert [(g.game_id, g.at_ms, g.record) for g in rest] == [("g0", 300, b"r0-again")]
    assert [g.game_id for g in lobby.listed_games("dracula", None, 10)] == ["g2", "g3", "g0"]
    assert [g.game_id for g in lobby.listed_games("dracula", (200, "g2"), 1)] == ["g3"]  # inside a tie
    assert lobby.listed_games("hearts", None, 10) == []
    lobby.unlist_game("g2", "dracula")
    lobby.unlist_game("unknown", "dracula")  # nothing listed: nothing to do
    assert [g.game_id for g in lobby.listed_games("dracula", None, 10)] == ["g3", "g0"]
    assert [g.game_id for g in lobby.listed_games("", None, 10)] == ["g1", "g3", "g0"]


def test_a_key_stream_keeps_order_and_resumes_after_an_id(store: GameStore) -> None:
    lifecycle = store.lifecycle
    ids = [lifecycle.append_key_event("k1", f"e{n}".encode()) for n in range(5)]
    lifecycle.append_key_event("k2", b"other")
    everything = lifecycle.key_events("k1", "0", 100, 0)
    assert everything == [(event_id, f"e{n}".encode()) for n, event_id in enumerate(ids)]
    assert lifecycle.key_events("k1", ids[1], 2, 0) == [(ids[2], b"e2"), (ids[3], b"e3")]
    assert lifecycle.key_events("k1", ids[4], 10, 0) == []


def test_a_key_streams_position_is_its_newest_id(store: GameStore) -> None:
    """Issue 37: a stream opened without a cursor reads after the position taken when it opened."""
    lifecycle = store.lifecycle
    assert lifecycle.key_stream_position("k1") == "0"
    assert lifecycle.key_events("k1", lifecycle.key_stream_position("k1"), 10, 0) == []
    ids = [lifecycle.append_key_event("k1", f"e{n}".encode()) for n in range(3)]
    lifecycle.append_key_event("k2", b"other")
    position = lifecycle.key_stream_position("k1")
    assert position == ids[-1]
    assert lifecycle.key_events("k1", position, 10, 0) == []
    newest = lifecycle.append_key_event("k1", b"after")
    assert lifecycle.key_events("k1", position, 10, 0) == [(newest, b"after")]


def test_a_key_stream_read_waits_for_the_next_event(store: GameStore) -> None:
    lifecycle = store.lifecycle
    last = lifecycle.append_key_event("k1", b"first")
    found: list[list[tuple[str, bytes]]] = []
    reader = threading.Thread(target=lambda: found.append(lifecycle.key_events("k1", last, 10, 5.0)))
    reader.start()
    time.sleep(0.1)  # not a timed assertion: the reader may or may not be waiting yet, either way it gets "second"
    newest = lifecycle.append_key_event("k1", b"second")
    reader.join(10)
    assert found == [[(newest, b"second")]]


def test_a_bucket_tells_the_tokens_left(store: GameStore) -> None:
    limits = store.limits
    taken = [limits.take_left("slow", 0.001, 3) for _ in range(4)]  # a token a thousand seconds: none come back
    assert [wait for wait, _ in taken[:3]] == [0.0, 0.0, 0.0] and taken[3][0] > 900
    assert [round(left, 2) for _, left in taken] == [2.0, 1.0, 0.0, 0.0]


def test_a_commit_is_checked_against_the_state_it_was_computed_from(store: GameStore) -> None:
    """Issue 36: each stored state has its own commit id; a commit computed from a state the store no longer holds
    (the same version, another history) writes nothing, and one from the state it holds goes through."""
    store.create(game(), b"entry-0")
    created = store.load("g1")
    assert created is not None and created.commit_id
    assert advance(store, "g1", 0, expected_commit_id=created.commit_id) == Committed()
    first = store.load("g1")
    assert first is not None and first.version == 1 and first.commit_id not in ("", created.commit_id)
    # A copy of version 1 from another history: its commit id is not the stored one.
    assert advance(store, "g1", 1, expected_commit_id=created.commit_id) == Stale(1)
    assert advance(store, "g1", 1, expected_commit_id="another-history") == Stale(1)
    assert store.log("g1", -1) == [b"entry-0", b"entry-1"] and store.load("g1") == game("g1", 1)
    assert advance(store, "g1", 1, expected_commit_id=first.commit_id) == Committed()
    second = store.load("g1")
    assert second is not None and second.commit_id not in (first.commit_id, created.commit_id)
    assert store.load_for_update("g1", 2) == second


def test_a_withdrawn_create_is_removed_and_never_runs_later(store: GameStore) -> None:
    store.create(game("stored"), b"entry-0")
    store.withdraw(game("stored"))
    assert store.load("stored") is None and store.log("stored", -1) == []
    store.withdraw(game("late"))  # the create has not run yet: it never will
    with pytest.raises(ValueError):
        store.create(game("late"), b"entry-0")
    assert store.load("late") is None
    store.create(game("other"), b"entry-0")
    other_meta = StoredGame("other", 0, b"s", 0, False, b'{"meta":2}')
    store.withdraw(other_meta)  # another create's game (another meta) is left alone
    assert store.load("other") == game("other")


def test_the_factory_builds_the_memory_store_without_a_url() -> None:
    for url in (None, ""):
        store = open_store(url, ttl_seconds=120, finished_ttl_seconds=30)
        assert type(store) is MemoryStore
        assert (store.ttl_seconds, store.finished_ttl_seconds) == (120, 30)


def test_the_factory_builds_the_redis_store_of_a_url(redis_url: str, key_prefix: str) -> None:
    store = open_store(redis_url, key_prefix=key_prefix, ttl_seconds=900, finished_ttl_seconds=60, replica_wait_ms=0)
    assert type(store) is RedisStore
    try:
        assert (store.prefix, store.ttl_seconds, store.finished_ttl_seconds) == (key_prefix, 900, 60)
        store.create(game(), b"entry-0")
        assert store.client.exists(f"{key_prefix}{{g1}}:game") == 1  # under the prefix given
        assert 890 < store.client.ttl(f"{key_prefix}{{g1}}:game") <= 900
        assert store.load("g1") == game()
    finally:
        store.close()


def test_docs_list_every_method_a_backend_must_write() -> None:
    """docs/architecture.md ("A store backend") names each method of each protocol, and their count."""
    root = Path(__file__).resolve().parents[2]
    text = (root / "docs" / "architecture.md").read_text()
    section = text.split("## A store backend", 1)[1].split("\n## ", 1)[0]
    protocols = ast.parse((root / "service" / "storage" / "protocols.py").read_text())
    groups = ("StoreCore", "LoadsForUpdate", "ConfirmsDurable", "Watches", "KeepsTickets", "GameStore", "ClockStore")
    protocol_names = (*groups, "BotQueue", "LimitStore", "KeyStore", "LifecycleStore", "LobbyStore")

    def methods_of(names: tuple[str, ...]) -> set[str]:
        return {
            node.name
            for cls in protocols.body
            if isinstance(cls, ast.ClassDef) and cls.name in names
            for node in cls.body
            if isinstance(node, ast.FunctionDef)
        }

    methods = methods_of(protocol_names)
    named = set(re.findall(r"`([a-z_]+)`", section))
    assert methods - named == set()
    parts = {"bots", "limits", "keys", "lifecycle", "lobby", "webhooks", "leases", "tournaments", "matchmaking"}
    assert f"({len(methods - parts)} methods;" in section
    core = methods_of(("StoreCore",))
    required = section.split("**the core**", 1)[1].split("\n- ", 1)[0]
    assert set(re.findall(r"`([a-z_]+)`", required)) == core and f"{len(core)} methods)" in section


def test_a_backend_keeps_the_optional_groups_it_writes() -> None:
    """``with_defaults`` uses a core's own clocks, tickets and watchers where it has them: here the in-memory
    store's, so what is kept through the wrapper is in the core itself."""
    core = MemoryStore()
    store = with_defaults(core)
    store.create(game(), b"entry-0")
    store.save_clock("g1", b"record", 1_000)
    store.put_ticket("g1", "hash", 1, 60)
    assert core.load_clock("g1") == b"record" and core.ticket_seat("g1", "hash") == 1
    assert store.delete("g1") and core.load_clock("g1") is None and store.ticket_seat("g1", "hash") is None
