"""The move path's own Redis connections (``service/storage/redis_wire.py``) keep redis-py's meaning on a real, private
redis-server: replies and error replies as redis-py gives them, a script Redis forgot (a restart, SCRIPT FLUSH)
loaded again, a connection Redis closed while it sat idle replaced before writing, a stalled Redis a time-out
within the store's time-out (never a hang), a Redis gone a ``store/unavailable``, and a reply lost after the
command reached Redis never sent twice."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
import redis

from service.core.errors import StoreUnavailableError
from service.storage import redis_wire
from service.storage.redis_store import RedisStore
from service.storage.store import Committed, Stale, StoredGame
from tests.faults.harness import RedisProcess


@pytest.fixture
def redis_process() -> Iterator[RedisProcess]:
    process = RedisProcess(aof=False)
    yield process
    process.close()


def wire_connection(process: RedisProcess, timeout: float = 1.0) -> redis_wire.WireConnection:
    pool = redis.Redis.from_url(process.url, socket_timeout=timeout).connection_pool
    return redis_wire.WireConnection(pool.connection_class(**pool.connection_kwargs), timeout)


def game(version: int) -> StoredGame:
    return StoredGame("g1", version, b"snapshot-%d" % version, version, False, b'{"t":"x"}')


def test_replies_and_error_replies_are_redis_pys(redis_process: RedisProcess) -> None:
    connection = wire_connection(redis_process)
    assert connection.call("SET", "k", b"\x00\xff") == b"OK"
    assert connection.call("GET", "k") == b"\x00\xff"
    assert connection.call("RPUSH", "l", "a", "é", 3) == 3
    assert connection.call("LRANGE", "l", 0, -1) == [b"a", "é".encode(), b"3"]
    assert connection.call("GET", "missing") is None
    with pytest.raises(redis.exceptions.NoScriptError):
        connection.call("EVALSHA", "0" * 40, 0)
    with pytest.raises(redis.ResponseError, match="WRONGTYPE"):
        connection.call("LPUSH", "k", "x")
    assert connection.call("PING") == b"PONG"  # an error reply leaves the connection usable
    connection.close()


def test_commits_go_on_after_the_script_is_flushed_and_redis_restarts(redis_process: RedisProcess) -> None:
    store = RedisStore.from_url(redis_process.url)
    store.create(game(0), b"entry-0")
    assert isinstance(store.commit(game(1), 0, b"entry-1"), Committed)
    assert all(isinstance(connection, redis_wire.WireConnection) for connection in store._own_idle)
    redis_process.client().script_flush()  # NOSCRIPT: loaded again, the commit applied once
    assert isinstance(store.commit(game(2), 1, b"entry-2"), Committed)
    assert isinstance(store.commit(game(3), 1, b"entry-3"), Stale)
    redis_process.kill()  # the idle connection's Redis is gone (nothing kept: no AOF)
    redis_process.start(aof=False)
    time.sleep(redis_wire.IDLE_CHECK_SECONDS + 0.2)  # idle long enough to be looked at before the next write
    store.create(game(0), b"entry-0")  # through redis-py's pool
    assert isinstance(store.commit(game(1), 0, b"entry-1"), Committed)  # the move path: a new connection
    assert redis_process.client().hget(store.game_key("g1"), "v") == b"1"
    assert redis_process.client().llen(store.log_key("g1")) == 2
    store.close()


def test_a_stalled_redis_times_out_and_a_lost_reply_is_not_sent_twice(redis_process: RedisProcess) -> None:
    store = RedisStore.from_url(redis_process.url, timeout_seconds=0.5)
    store.create(game(0), b"entry-0")
    assert isinstance(store.commit(game(1), 0, b"entry-1"), Committed)
    redis_process.pause()
    try:
        started = time.monotonic()
        with pytest.raises(StoreUnavailableError):
            store.commit(game(2), 1, b"entry-2")
        assert time.monotonic() - started < 2.0
    finally:
        redis_process.resume()
    # The command reached Redis before it stalled: it ran once when Redis resumed, and the client never resent it.
    deadline = time.monotonic() + 5
    while redis_process.client().hget(store.game_key("g1"), "v") != b"2" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert redis_process.client().hget(store.game_key("g1"), "v") == b"2"
    assert redis_process.client().llen(store.log_key("g1")) == 3
    assert isinstance(store.commit(game(2), 1, b"entry-2"), Stale)  # a new connection, the truth in Redis
    store.close()


def test_a_redis_gone_is_store_unavailable_and_concurrent_commits_use_their_own_connections(
    redis_process: RedisProcess,
) -> None:
    store = RedisStore.from_url(redis_process.url)
    games = [StoredGame(f"g{index}", 0, b"s", 0, False, b"{}") for index in range(8)]
    for stored in games:
        store.create(stored, b"entry-0")
    results: list[object] = []

    def play(stored: StoredGame) -> None:
        for version in range(50):
            results.append(store.commit(StoredGame(stored.game_id, version + 1, b"s", 0, False, b"{}"), version, b"e"))

    threads = [threading.Thread(target=play, args=(stored,)) for stored in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 400 and all(isinstance(result, Committed) for result in results)
    assert all(redis_process.client().llen(store.log_key(stored.game_id)) == 51 for stored in games)
    redis_process.kill()
    with pytest.raises(StoreUnavailableError):
        store.commit(StoredGame("g0", 51, b"s", 0, False, b"{}"), 50, b"e")
    store.close()
