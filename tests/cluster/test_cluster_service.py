"""``cardengine serve --redis-cluster`` on a real Redis Cluster: whole matches over gRPC and REST, watchers woken
for games on every master, and one master killed under load (its replica takes over): calls fail cleanly, a
typed 503 store/unavailable and never a 500, during the failover and succeed after it, no acknowledged move lost."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
from cardengine_client import NO_RETRY, GameEngineClient

import engine
from loadtests.server_process import ServerProcess
from service.core.errors import StoreUnavailableError
from service.storage.redis_store import RedisStore
from service.storage.store import Committed
from tests.cluster.conftest import RedisCluster, make_cluster_store
from tests.faults import harness
from tests.faults.harness import Load, check_calls, check_stored
from tests.service.conftest import Rest
from tests.service.drivers import Driver, GrpcDriver, RestDriver
from tests.service.test_end_to_end import play_match, small_options
from tests.service.test_store_contract import advance, game


def plain(url: str) -> str:
    return url.replace("redis+cluster://", "redis://")


@pytest.fixture
def cluster_server(redis_cluster_url: str, cluster_key_prefix: str) -> Iterator[ServerProcess]:
    """``cardengine serve`` with ``--redis-cluster`` and a plain ``redis://`` URL naming one node."""
    arguments = ["--redis-cluster", "--workers", "1", "--key-prefix", cluster_key_prefix, "--bot-workers", "0"]
    with ServerProcess(redis_url=plain(redis_cluster_url), extra_args=[*arguments, "--log-level", "WARNING"]) as server:
        yield server


@pytest.mark.parametrize("transport", ["grpc", "rest"])
def test_whole_matches_through_serve_redis_cluster(cluster_server: ServerProcess, transport: str) -> None:
    client = GameEngineClient(f"127.0.0.1:{cluster_server.grpc_port}", timeout=30, retry=NO_RETRY, move_keys=False)
    try:
        api: Driver = GrpcDriver(client) if transport == "grpc" else RestDriver(Rest(cluster_server.http_port))
        for game_type in ("dracula", "house_rummy"):
            options = small_options(engine.get_game(game_type), 2)
            created = api.create(game_type, 2, 55, options)
            final = play_match(
                api, created.game_id, seed=55, players=2, options=options, tokens=created.tokens, bot_seed=5
            )
            assert engine.is_finished(final)
    finally:
        client.close()


@pytest.mark.parametrize("sharded", [True, False], ids=["sharded-pubsub", "classic-pubsub"])
def test_watchers_wake_for_games_on_every_master(
    request: pytest.FixtureRequest, redis_cluster: RedisCluster, sharded: bool
) -> None:
    """A watcher's store (one replica) wakes on commits made by another store (another replica) to games whose
    slots are on each of the three masters: with sharded pub/sub (the default on Redis 7: SPUBLISH to the slot's
    node, SSUBSCRIBE there), and with classic pub/sub (broadcast to every node, one pattern subscription)."""
    watcher = make_cluster_store(request, sharded_pubsub=None if sharded else False)
    writer = make_cluster_store(request, sharded_pubsub=None if sharded else False)
    assert isinstance(watcher, RedisStore) and isinstance(writer, RedisStore)
    assert watcher.sharded_pubsub is sharded and writer.sharded_pubsub is sharded  # the cluster runs Redis 7
    try:
        ids = [f"w{number}" for number in range(12)]
        owners = {redis_cluster.node_of_key(writer.game_key(game_id)).port for game_id in ids}
        assert len(owners) == 3
        for game_id in ids:
            writer.create(game(game_id), b"entry-0")
        woken: dict[str, float] = {}
        ready = threading.Barrier(len(ids) + 1)

        def watch(game_id: str) -> None:
            with watcher.watching(game_id):
                ready.wait(5)
                started = time.monotonic()
                if watcher.wait_for_version(game_id, 0, timeout=5):
                    woken[game_id] = time.monotonic() - started

        threads = [threading.Thread(target=watch, args=(game_id,)) for game_id in ids]
        for thread in threads:
            thread.start()
        ready.wait(5)  # every watcher's subscription is confirmed
        for game_id in ids:
            assert advance(writer, game_id, 0) == Committed()
        for thread in threads:
            thread.join(10)
        assert sorted(woken) == sorted(ids)
        assert max(woken.values()) < 4
    finally:
        watcher.close()
        writer.close()


def test_a_master_killed_under_load_fails_over_cleanly(
    redis_cluster: RedisCluster, redis_cluster_url: str, cluster_key_prefix: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(harness, "KEY_PREFIX", cluster_key_prefix)  # check_stored reads this test's games only
    arguments = ["--redis-cluster", "--key-prefix", cluster_key_prefix]
    with harness.serve(plain(redis_cluster_url), *arguments) as server:
        load = Load([server.http_port]).start()
        victim = None
        try:
            load.wait_for_moves(30, timeout=20)
            # The master of a slot in use right now: the load's games are spread over all three.
            with load._lock:
                busy_game = load.acknowledged[-1][0]
            victim = redis_cluster.node_of_key(f"{cluster_key_prefix}{{{busy_game}}}:game")
            replicas = redis_cluster.replicas_of(victim)
            assert replicas
            victim.kill()
            killed = time.monotonic()
            redis_cluster.wait_promoted(replicas)  # a replica took the slots over
            failover_seconds = time.monotonic() - killed
            load.wait_for_moves(40, timeout=20)  # and the load goes on, on every game
        finally:
            load.stop()
            if victim is not None:
                redis_cluster.restart(victim)  # it rejoins as a replica: the session's cluster stays whole
                redis_cluster.wait_ok(timeout=20)
        assert failover_seconds > 0
        assert load.count(503) > 0, load.summary()  # the failover was seen, and answered as a typed 503
        check_calls(load)
        replayed = check_stored(redis_cluster_url, load)
        assert replayed > 0


def test_serve_refuses_a_cluster_flag_without_a_redis_url() -> None:
    process = ServerProcess(extra_args=["--redis-cluster", "--redis-url", "http://nowhere"])
    import subprocess

    done = subprocess.run(process.arguments, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--redis-cluster" in done.stderr


@pytest.mark.parametrize("sharded", [True, False], ids=["sharded-pubsub", "classic-pubsub"])
def test_a_watcher_follows_its_game_to_the_new_master(
    request: pytest.FixtureRequest, redis_cluster: RedisCluster, sharded: bool
) -> None:
    """A watcher of a game whose master is killed (sharded pub/sub: subscribed on that node; classic: a pattern
    subscription on the node of the pattern's slot, killed here too): once a replica took the slot over, a commit
    there wakes the watcher again (its subscription moved to a live node)."""
    watcher = make_cluster_store(request, sharded_pubsub=None if sharded else False)
    writer = make_cluster_store(request, sharded_pubsub=None if sharded else False)
    assert isinstance(watcher, RedisStore) and isinstance(writer, RedisStore) and watcher.sharded_pubsub is sharded
    game_id = "moving"
    if not sharded:  # a game on the node the pattern subscription follows, so that the kill takes both
        pattern_node = redis_cluster.node_of_key(f"{writer.prefix}{{*}}:watch")
        game_id = next(
            f"m{n}" for n in range(1000) if redis_cluster.node_of_key(writer.game_key(f"m{n}")) is pattern_node
        )
    victim = redis_cluster.node_of_key(writer.game_key(game_id))
    try:
        writer.create(game(game_id), b"entry-0")
        with watcher.watching(game_id):
            assert advance(writer, game_id, 0) == Committed()
            assert watcher.wait_for_version(game_id, 0, timeout=5)
            replicas = redis_cluster.replicas_of(victim)
            victim.kill()
            redis_cluster.wait_promoted(replicas)
            deadline = time.monotonic() + 10
            while True:  # the writer's first calls after the failover may still find the old slot map
                try:
                    outcome = advance(writer, game_id, 1)
                    break
                except StoreUnavailableError:
                    assert time.monotonic() < deadline
                    time.sleep(0.1)
            assert outcome == Committed()  # the replica had the game: nothing acknowledged was lost
            woken_at_two = watcher.wait_for_version(game_id, 1, timeout=5)
            if not woken_at_two:  # the listener may still have been resubscribing: one more commit must wake it
                assert advance(writer, game_id, 2) == Committed()
                assert watcher.wait_for_version(game_id, 2, timeout=5)
    finally:
        redis_cluster.restart(victim)
        watcher.close()
        writer.close()
