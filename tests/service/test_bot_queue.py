"""The bot due-queue with the core, on the in-memory store and on Redis: games of bot seats enter and leave it, and
(Redis) the sweep that finds games whose mark was lost. The queue's own contract (marks by version, claims with a
lease and a think delay) is in tests/service/test_store_contract.py."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator

import pytest
import redis

from loadtests.server_process import cardengine_command
from service.bots.worker import BotWorkers
from service.core.game_service import GameService
from service.core.records import SeatSpec
from service.storage.redis_store import RedisStore
from service.storage.store import GameStore
from tests.service.conftest import make_store
from tests.service.test_rules_version import rewrite_rules_version

LEASE = 0.3


@pytest.fixture
def store(store_kind: str, request: pytest.FixtureRequest) -> Iterator[GameStore]:
    made = make_store(store_kind, request)
    yield made
    made.close()


def test_games_with_bot_seats_enter_the_queue_at_creation_and_leave_it_at_the_end(store: GameStore) -> None:
    service = GameService(store)
    people = service.creation.create_game("dracula", 2, 1)
    assert store.bots.due_count() == 0, "a game without bot seats never enters the queue"
    bots = service.creation.create_game("dracula", 2, 1, seats=[SeatSpec(bot="random"), SeatSpec(bot="random")])
    assert store.bots.claim(LEASE).game_id == bots.game_id
    assert people.game_id != bots.game_id


# ----- Redis only: the sweep ---------------------------------------------------------------------------------------


@pytest.fixture
def redis_store(request: pytest.FixtureRequest) -> Iterator[RedisStore]:
    made = make_store("redis", request)
    assert isinstance(made, RedisStore)
    yield made
    made.close()


def test_the_sweep_requeues_a_game_whose_mark_was_lost(redis_store: RedisStore) -> None:
    service = GameService(redis_store)
    created = service.creation.create_game("dracula", 2, 3, seats=[SeatSpec(bot="random"), SeatSpec(bot="random")])
    queue = redis_store.bots
    client: redis.Redis = redis_store.client
    # As if the creating process died between storing the game and marking it: registered only, not due.
    client.zrem(queue.due_key, created.game_id)
    client.hset(queue.games_key, created.game_id, -1)
    assert queue.claim(LEASE).game_id is None
    assert queue.sweep(lock_seconds=0.01) == 1
    assert queue.claim(LEASE).game_id == created.game_id


def test_the_sweep_forgets_games_that_are_gone_and_keeps_games_being_created(redis_store: RedisStore) -> None:
    queue = redis_store.bots
    client: redis.Redis = redis_store.client
    client.hset(queue.games_key, mapping={"expired": 7, "newborn": -1})
    client.zadd(queue.due_key, {"expired": 1.0})
    assert queue.sweep(lock_seconds=0.01) == 0
    assert client.hgetall(queue.games_key) == {b"newborn": b"-2"}, "a game being created gets one sweep of grace"
    assert queue.due_count() == 0
    time.sleep(0.02)
    queue.sweep(lock_seconds=0.01)
    assert client.hgetall(queue.games_key) == {}, "registered and still missing a sweep later: forgotten"


def test_one_sweep_at_a_time(redis_store: RedisStore) -> None:
    queue = redis_store.bots
    redis_store.client.hset(queue.games_key, "expired", 7)
    redis_store.client.set(queue.sweep_key, 1, px=5000)  # another worker sweeps now
    assert queue.sweep() == 0
    assert redis_store.client.hget(queue.games_key, "expired") == b"7"


def test_a_game_saved_under_other_rules_leaves_the_queue_unplayed(
    redis_store: RedisStore, redis_url: str, key_prefix: str
) -> None:
    service = GameService(redis_store)
    created = service.creation.create_game("dracula", 2, 3, seats=[SeatSpec(bot="random"), SeatSpec(bot="random")])
    snapshot = rewrite_rules_version(redis_url, key_prefix, created.game_id, 99)
    claimed = redis_store.bots.claim(LEASE)
    assert claimed.game_id == created.game_id
    assert BotWorkers(service).play(created.game_id) is False
    assert redis_store.bots.due_count() == 0
    stored = redis_store.load(created.game_id)
    assert stored is not None and (stored.version, stored.snapshot) == (0, snapshot), "nothing is played or changed"


def test_cardengine_bots_needs_the_services_redis() -> None:
    result = subprocess.run(
        [*cardengine_command(), "bots"],
        env={**os.environ, "REDIS_URL": ""},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert "error: bot workers share the service's Redis: give --redis-url or set REDIS_URL" in result.stderr
