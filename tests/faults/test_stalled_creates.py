"""Issue 36, item 3: an unkeyed create through a stalled Redis (SIGSTOP) is answered 503 and leaves no game behind.

The creates reach the stalled Redis's socket and wait there; the service answers each ``503 store/unavailable``
within the fault bound, and Redis runs them once it wakes. No client holds such a game's tokens, so the service
withdraws each create in doubt: a game stored is removed, a create not yet run never runs.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from service.storage.redis_store import RedisStore
from tests.faults.harness import FAULT_ANSWER_SECONDS, RedisProcess
from tests.faults.test_lost_replies import PREFIX, stored_games
from tests.service.conftest import live_server

CREATES = 5


def test_no_unkeyed_create_is_stored_behind_a_503(redis_process: RedisProcess) -> None:
    store = RedisStore.from_url(redis_process.url, key_prefix=PREFIX, timeout_seconds=1.0)
    with live_server(store, "redis", bot_workers=0) as live:
        body = {"gameType": "dracula", "players": 2}
        status, first = live.rest.post("/v1/games", body)  # the create script known to Redis before the stall
        assert status == 201, first

        def create(_: int) -> tuple[int, Any, float]:
            started = time.monotonic()
            status, answer = live.rest.post("/v1/games", body)
            return status, answer, time.monotonic() - started

        redis_process.pause()
        try:
            with ThreadPoolExecutor(CREATES) as pool:
                answers = list(pool.map(create, range(CREATES)))
        finally:
            redis_process.resume()
        for status, answer, seconds in answers:
            assert (status, answer["error"]["code"]) == (503, "store/unavailable"), answer
            assert seconds <= FAULT_ANSWER_SECONDS
        withdrawals = live.server.service.creation.withdrawals
        deadline = time.monotonic() + 10
        while withdrawals.pending() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert withdrawals.pending() == 0
        assert stored_games(redis_process) == 1  # the first game only
        status, after = live.rest.post("/v1/games", body)  # and creating works as before
        assert status == 201, after
        assert stored_games(redis_process) == 2
