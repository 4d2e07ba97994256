"""SIGTERM of a service replica under load, a second replica taking over: the stopping replica answers every
request it accepted (none is reset, issue 15 defect 5: "8 and 7 connections reset in two runs"), refuses new
connections, exits 0 within its grace; the clients move on to the other replica and play on the same games."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

from tests.faults.harness import Load, RedisProcess, check_calls, check_stored, serve

GRACE_SECONDS = 5


@pytest.fixture
def redis_process() -> Iterator[RedisProcess]:
    process = RedisProcess(aof=False)
    yield process
    process.close()


def test_sigterm_under_load_and_a_second_replica_takes_over(redis_process: RedisProcess) -> None:
    # Two REST threads for twelve clients: at the SIGTERM, requests wait in the queue and in the listen backlog.
    first = serve(redis_process.url, "--http-threads", "2", "--grace-seconds", str(GRACE_SECONDS))
    with first, serve(redis_process.url) as second:
        load = Load([first.http_port, second.http_port], threads=12).start()
        try:
            load.wait_for_moves(40)
            exit_code: list[int | None] = []
            stopping = threading.Thread(target=lambda: exit_code.append(first.stop()))
            started = time.monotonic()
            stopping.start()
            stopping.join(GRACE_SECONDS + 5)
            stop_seconds = time.monotonic() - started
            assert exit_code == [0], first.logs()
            served_by_first = len(load.acknowledged)
            load.wait_for_moves(40)
        finally:
            load.stop()
        assert stop_seconds < GRACE_SECONDS + 2
        refused = sum(1 for call in load.calls if call.error == "refused")
        assert refused > 0, load.summary()  # the clients did meet the stopped port, and moved on
        assert len(load.acknowledged) > served_by_first
        check_calls(load, refused_allowed=True)
        assert check_stored(redis_process.url, load) > 0
