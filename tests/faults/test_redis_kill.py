"""Redis killed (SIGKILL) under load, then restarted with its append-only file (nothing acknowledged is lost) or
without it (everything is lost, and the service says so cleanly: NOT_FOUND for lost games, new games work)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from tests.faults.harness import Load, RedisProcess, check_calls, check_stored, serve


@pytest.fixture
def redis_process() -> Iterator[RedisProcess]:
    process = RedisProcess(aof=True)
    yield process
    process.close()


@pytest.mark.parametrize("aof", [True, False], ids=["with-aof", "without-aof"])
def test_redis_killed_under_load_then_restarted(redis_process: RedisProcess, aof: bool) -> None:
    with serve(redis_process.url) as server:
        load = Load([server.http_port]).start()
        try:
            load.wait_for_moves(30)
            redis_process.kill()
            down = time.monotonic()
            while time.monotonic() - down < 1.0:
                time.sleep(0.05)
            unavailable = load.count(503)
            redis_process.start(aof=aof)
            load.wait_for_moves(30)
        finally:
            load.stop()
        assert unavailable > 0, load.summary()
        check_calls(load)
        replayed = check_stored(redis_process.url, load, lost_allowed=not aof)
        assert replayed > 0
        if not aof:
            assert load.count(404) > 0, load.summary()  # the lost games were answered NOT_FOUND
