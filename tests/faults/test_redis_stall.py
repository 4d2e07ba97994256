"""Redis stalled (SIGSTOP) under load: every call answers within about the Redis timeout (1 s) with a typed 503
``store/unavailable``, ``/readyz`` answers quickly (not ready), gRPC health turns NOT_SERVING while stalled and
SERVING again after (SIGCONT), and the load goes on with nothing lost or doubled."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from tests.faults.harness import (
    FAULT_ANSWER_SECONDS,
    Load,
    RedisProcess,
    check_calls,
    check_stored,
    readyz,
    serve,
    wait_for_health,
)

STALL_SECONDS = 3.0


@pytest.fixture
def redis_process() -> Iterator[RedisProcess]:
    process = RedisProcess(aof=True)
    yield process
    process.close()


def test_redis_stalled_under_load(redis_process: RedisProcess) -> None:
    with serve(redis_process.url) as server:
        assert wait_for_health(server.grpc_port, "SERVING", 5) >= 0
        load = Load([server.http_port]).start()
        try:
            load.wait_for_moves(30)
            redis_process.pause()
            stalled = time.monotonic()
            try:
                status, seconds, code = readyz(server.http_port)
                assert (status, code) == (503, "store/unavailable") and seconds <= FAULT_ANSWER_SECONDS
                wait_for_health(server.grpc_port, "NOT_SERVING", STALL_SECONDS)
                while time.monotonic() - stalled < STALL_SECONDS:
                    time.sleep(0.05)
                unavailable = load.count(503)
            finally:
                redis_process.resume()
            wait_for_health(server.grpc_port, "SERVING", 5)
            assert readyz(server.http_port)[0] == 200
            load.wait_for_moves(30)
        finally:
            load.stop()
        assert unavailable > 0, load.summary()
        check_calls(load)
        assert check_stored(redis_process.url, load) > 0
