"""The Python SDK's retries against real servers. An API key rate limited: without retries a call beyond the burst is
RESOURCE_EXHAUSTED limit/key_rate with the server's retry delay; with them, every call gets through (a refusal that
passes with time). A key at its cap of live games: create_game raises at once, not retried (a lasting refusal; the
default policy used to wait the server's 60 s four times). Every code of the server's error table is classified."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from cardengine_client import NO_RETRY, GameEngineClient, GameEngineError, RetryPolicy
from cardengine_client.errors import is_passing

from loadtests.server_process import ServerProcess
from service.core.errors import CODES

KEY = "sdk-retry-key-0123456789"
CAPPED_KEY = "sdk-capped-key-0123456789"


@pytest.fixture(scope="module")
def limited_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    keys: Path = tmp_path_factory.mktemp("keys") / "keys.txt"
    keys.write_text(f"{KEY} limited\n")
    limits = ["--api-keys-file", str(keys), "--key-rate", "1", "--key-burst", "2"]
    with ServerProcess(extra_args=limits) as server:
        yield server


def test_without_retries_the_limit_is_a_typed_error_with_its_delay(limited_server: ServerProcess) -> None:
    client = GameEngineClient(limited_server.grpc_target, api_key=KEY, retry=NO_RETRY)
    with client, pytest.raises(GameEngineError) as failure:
        for _ in range(20):  # the third call already, unless the machine is so slow that the bucket refills
            client.list_game_types()
    error = failure.value
    assert (error.status, error.code, error.retryable) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "limit/key_rate", True)
    assert error.retry_after == 1.0


def test_with_retries_every_call_gets_through(limited_server: ServerProcess) -> None:
    with GameEngineClient(limited_server.grpc_target, api_key=KEY, retry=RetryPolicy(attempts=6, base=0.05)) as client:
        answers = [len(client.list_game_types()) for _ in range(4)]
    assert answers[0] >= 5 and answers == [answers[0]] * 4  # the five built-in games, and any plugin game


def test_an_unreachable_server_is_unavailable_after_the_attempts() -> None:
    policy = RetryPolicy(attempts=2, base=0.01)
    client = GameEngineClient("127.0.0.1:1", timeout=5, retry=policy)
    with client, pytest.raises(GameEngineError) as failure:
        client.list_game_types()
    assert (failure.value.status, failure.value.code) == (grpc.StatusCode.UNAVAILABLE, "unavailable")


@pytest.fixture(scope="module")
def capped_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    keys: Path = tmp_path_factory.mktemp("keys") / "keys.txt"
    keys.write_text(f"{CAPPED_KEY} capped\n")
    with ServerProcess(extra_args=["--api-keys-file", str(keys), "--live-games-per-key", "1"]) as server:
        yield server


def test_at_the_cap_of_live_games_create_game_raises_at_once(capped_server: ServerProcess) -> None:
    with GameEngineClient(capped_server.grpc_target, api_key=CAPPED_KEY) as client:
        assert client.retry == RetryPolicy(), "the default policy: 5 attempts"
        first = client.create_game("dracula", players=2)
        started = time.monotonic()
        with pytest.raises(GameEngineError) as failure:
            client.create_game("dracula", players=2)
        waited = time.monotonic() - started
    error = failure.value
    assert (error.status, error.code, error.retryable) == (
        grpc.StatusCode.RESOURCE_EXHAUSTED,
        "limit/live_games",
        False,
    )
    assert (error.retry_after, error.details) == (
        60.0,
        {"keyId": "file:capped", "liveGames": "1", "retryAfterSeconds": "60"},
    )
    assert waited < 5, f"raised at once, not after the server's 60 s (took {waited:.1f} s)"
    assert first.game_id


def test_every_code_of_the_error_table_is_classified_passing_or_lasting() -> None:
    passing = {code for code, status in CODES.items() if is_passing(code, grpc.StatusCode[status.grpc_name])}
    assert passing == {
        "limit/key_rate",
        "limit/address_rate",
        "limit/stream_tickets",
        "limit/connections",
        "limit/hint_rate",
        "stream/too_many",
        "store/unavailable",
        "store/full",
        "store/durability_unknown",
        "store/behind",
        "server/stopping",
    }
    assert is_passing("unavailable", grpc.StatusCode.UNAVAILABLE), "a lost connection, no code from the server"
    assert not is_passing("resource_exhausted", grpc.StatusCode.RESOURCE_EXHAUSTED), "gRPC's own size limit"
    assert not is_passing("deadline_exceeded", grpc.StatusCode.DEADLINE_EXCEEDED)
