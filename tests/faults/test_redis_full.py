"""Redis at maxmemory (noeviction) under load: ApplyMove and CreateGame answer 503 ``store/full`` with a Retry-After,
nothing is half-written (no game without its log, no log without its game, no move stored unacknowledged), /readyz
and gRPC health say not ready while Redis refuses writes, and all is well again once it accepts them."""

from __future__ import annotations

import time

from service.core.errors import STORE_FULL_RETRY_SECONDS
from tests.faults.harness import (
    KEY_PREFIX,
    Load,
    RedisProcess,
    check_calls,
    check_stored,
    readyz,
    serve,
    wait_for_health,
)


def game_keys(process: RedisProcess) -> tuple[set[str], set[str]]:
    """The ids of the games with a ``:game`` hash and of those with a ``:log`` list."""
    client = process.client()
    try:
        start = len(KEY_PREFIX) + 1
        games = {key.decode()[start : -len("}:game")] for key in client.scan_iter(f"{KEY_PREFIX}{{*}}:game")}
        logs = {key.decode()[start : -len("}:log")] for key in client.scan_iter(f"{KEY_PREFIX}{{*}}:log")}
        return games, logs
    finally:
        client.close()


def test_redis_full_under_load(redis_process: RedisProcess) -> None:
    client = redis_process.client()
    with serve(redis_process.url) as server:
        load = Load([server.http_port]).start()
        try:
            load.wait_for_moves(30)
            client.config_set("maxmemory", 1)  # noeviction (the default policy): every write is refused
            full = time.monotonic()
            wait_for_health(server.grpc_port, "NOT_SERVING", 3)
            assert readyz(server.http_port)[::2] == (503, "store/full")
            games_during, _ = game_keys(redis_process)
            moves_during = len(load.acknowledged)
            while time.monotonic() - full < 1.5:
                time.sleep(0.05)
            assert len(load.acknowledged) == moves_during, "a move was acknowledged while Redis refused writes"
            assert game_keys(redis_process)[0] == games_during, "a game was created while Redis refused writes"
            refused = [call for call in load.calls if call.code == "store/full"]
            client.config_set("maxmemory", 0)
            wait_for_health(server.grpc_port, "SERVING", 3)
            assert readyz(server.http_port)[0] == 200
            load.wait_for_moves(30)
        finally:
            load.stop()
            client.close()
        assert {call.what for call in refused} >= {"apply"}, load.summary()
        assert all(call.status == 503 and call.retry_after == str(STORE_FULL_RETRY_SECONDS) for call in refused)
        check_calls(load)
        assert check_stored(redis_process.url, load) > 0
        games, logs = game_keys(redis_process)
        assert games == logs, "a game without its log, or a log without its game"


def test_create_refused_when_full(redis_process: RedisProcess) -> None:
    client = redis_process.client()
    with serve(redis_process.url) as server:
        load = Load([server.http_port], threads=0)
        client.config_set("maxmemory", 1)
        try:
            status, answer = load._request(0, "create", "POST", "/v1/games", {"gameType": "dracula", "requestId": "r1"})
            assert status == 503 and answer["error"]["code"] == "store/full"
            assert answer["error"]["details"] == {"retryAfterSeconds": STORE_FULL_RETRY_SECONDS}
            assert load.calls[-1].retry_after == str(STORE_FULL_RETRY_SECONDS)
            assert game_keys(redis_process) == (set(), set())
        finally:
            client.config_set("maxmemory", 0)
            client.close()
        status, answer = load._request(0, "create", "POST", "/v1/games", {"gameType": "dracula", "requestId": "r1"})
        assert status == 201
        assert game_keys(redis_process) == ({answer["gameId"]}, {answer["gameId"]})
