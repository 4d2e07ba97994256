"""The store contract suite of tests/service (every protocol: games, clocks, limits, keys, bot queue), run on a real
Redis Cluster (store kind "cluster"), and what a cluster adds: a game's keys in one slot, games spread over the
masters, every global script in one slot."""

from __future__ import annotations

import pytest

from service.storage.redis_store import RedisStore, cluster_url, is_cluster_url, plain_url
from service.storage.store import Committed
from tests.cluster.conftest import RedisCluster, make_cluster_store
from tests.service.test_store_contract import (  # noqa: F401  (the suite, collected here once more)
    advance,
    game,
    queue,
    store,
    test_a_bucket_gives_its_burst_then_a_token_per_interval,
    test_a_bucket_tells_the_tokens_left,
    test_a_commit_replaces_the_meta_when_it_changes,
    test_a_commit_wakes_watchers,
    test_a_counter_counts_in_its_window,
    test_a_due_game_is_claimed_once_until_its_lease_runs_out,
    test_a_due_time_is_claimed_once,
    test_a_key_lists_its_games_newest_first_in_pages,
    test_a_key_stream_keeps_order_and_resumes_after_an_id,
    test_a_key_stream_read_waits_for_the_next_event,
    test_an_invitation_is_taken_once,
    test_an_older_mark_changes_nothing,
    test_clocks_keep_records_and_due_times,
    test_commit_compares_and_sets_the_version,
    test_create_and_load,
    test_delete_removes_a_game_with_its_log_clock_and_members,
    test_due_again_at_the_same_version_keeps_the_lease_and_a_new_version_ends_it,
    test_games_are_claimed_earliest_due_first,
    test_games_expire,
    test_idempotency_results,
    test_idle_and_done_leave_the_queue,
    test_keys_are_added_found_listed_and_revoked,
    test_live_games_take_places_until_they_finish_or_go,
    test_load_for_update_may_answer_from_a_local_copy_but_commit_still_checks,
    test_members_are_kept_per_game,
    test_ping,
    test_racing_commits_one_wins,
    test_the_lobby_lists_games_oldest_first_by_type_in_pages,
    test_the_think_delay_holds_a_game_back,
    test_wait_returns_when_a_game_is_marked_due_in_this_process,
)


def test_cluster_urls() -> None:
    assert cluster_url("redis://h:7000/0") == "redis+cluster://h:7000/0"
    assert cluster_url("rediss://h:7000") == "rediss+cluster://h:7000"
    assert cluster_url("redis+cluster://h:7000") == "redis+cluster://h:7000"
    assert is_cluster_url("redis+cluster://h:7000") and not is_cluster_url("redis://h:7000")
    assert plain_url("redis+cluster://h:7000/0") == "redis://h:7000/0"
    assert plain_url("rediss+cluster://h:7000") == "rediss://h:7000"
    with pytest.raises(ValueError):
        cluster_url("http://h:7000")


def test_a_games_keys_share_one_slot_and_games_spread_over_the_masters(
    request: pytest.FixtureRequest, redis_cluster: RedisCluster
) -> None:
    cluster_store = make_cluster_store(request, ttl_seconds=1000, finished_ttl_seconds=10)
    assert isinstance(cluster_store, RedisStore) and cluster_store.cluster
    try:
        owners = set()
        for number in range(12):
            game_id = f"game-{number}"
            cluster_store.create(game(game_id), b"entry-0")
            assert advance(cluster_store, game_id, 0, idempotency=("0:k", b"r")) == Committed()
            cluster_store.put_ticket(game_id, "ab" * 32, 1, 30)
            keys = [
                cluster_store.game_key(game_id),
                cluster_store.log_key(game_id),
                cluster_store.results_key(game_id),
                cluster_store.ticket_key(game_id, "ab" * 32),
                cluster_store.clock_key(game_id),
                cluster_store.channel(game_id),
            ]
            assert len({cluster_store.client.keyslot(key) for key in keys}) == 1
            owners.add(redis_cluster.node_of_key(keys[0]).port)
        assert len(owners) == 3  # 12 games over 16384 slots: every master holds some (else the test is moot)
        committed = cluster_store.commit(game("game-0", 2, finished=True), 1, b"entry-2")
        assert committed == Committed()
        for key in (
            cluster_store.game_key("game-0"),
            cluster_store.log_key("game-0"),
            cluster_store.results_key("game-0"),
        ):
            assert 0 < cluster_store.client.ttl(key) <= 10
    finally:
        cluster_store.close()


def test_global_keys_each_sit_in_one_slot(request: pytest.FixtureRequest) -> None:
    cluster_store = make_cluster_store(request)
    assert isinstance(cluster_store, RedisStore)
    try:
        bots = cluster_store.bots
        assert cluster_store.client.keyslot(bots.due_key) == cluster_store.client.keyslot(bots.games_key)
        assert cluster_store.client.keyslot(bots.due_key) == cluster_store.client.keyslot(bots.sweep_key)
        # The bot queue's scripts run on the cluster (two keys, one slot): register, mark due, claim, settle.
        cluster_store.create(game("g1"), b"entry-0")
        bots.register("g1")
        bots.mark("g1", 0, "due")
        assert bots.due_count() == 1
        assert bots.claim(lease_seconds=30).game_id == "g1"
        assert bots.claim(lease_seconds=30).game_id is None  # leased
        bots.mark("g1", 0, "done")
        assert bots.due_count() == 0
        assert bots.sweep() == 0  # the sweep's pipeline reads game hashes on every master
        # The clocks: the due set and its compare-and-set script; a game's record beside its game.
        cluster_store.save_clock("g1", b"record", 1000)
        assert cluster_store.due_clocks(2000, 10) == [("g1", 1000)]
        assert cluster_store.move_clock("g1", 1000, 3000) and not cluster_store.move_clock("g1", 1000, 4000)
        assert cluster_store.due_clocks(5000, 10) == [("g1", 3000)] and cluster_store.load_clock("g1") == b"record"
        cluster_store.save_clock("g1", None, None)
        assert cluster_store.due_clocks(5000, 10) == [] and cluster_store.load_clock("g1") is None
        # The API keys' two hashes share the {keys} slot.
        keys = cluster_store.keys
        assert cluster_store.client.keyslot(keys.digests_key) == cluster_store.client.keyslot(keys.records_key)
    finally:
        cluster_store.close()


def test_api_keys_and_limits_on_the_cluster(request: pytest.FixtureRequest) -> None:
    """The key store (a transaction and scripts on the ``{keys}`` slot) and the limits (one-key scripts; the live
    games read by a pipeline over every master) work on the cluster."""
    from service.access.keys import create_key, hmac_hex

    cluster_store = make_cluster_store(request)
    try:
        keys = cluster_store.keys
        key_id, key = create_key(keys, "s3cret", "acme", now=lambda: 1000.0)
        found = keys.find(hmac_hex("s3cret", key))
        assert found is not None and found.key_id == key_id and found.name == "acme"
        assert keys.revoke(key_id, 2000.0) and [record.revoked_at for record in keys.records()] == [2000.0]
        limits = cluster_store.limits
        assert [limits.count("c", 2, 60)[0] for _ in range(3)] == [1, 2, 3]
        ids = [f"live{n}" for n in range(6)]
        for game_id in ids[:4]:
            cluster_store.create(game(game_id), b"entry-0")
        cluster_store.commit(game("live0", 1, finished=True), 0, b"entry-1")
        assert limits.are_live(ids) == [False, True, True, True, False, False]
        assert limits.admit_live_game("k", "live1", 1) and not limits.admit_live_game("k", "live2", 1)
    finally:
        cluster_store.close()
