"""The Python SDK's retries against a real server whose API key is rate limited: without retries the third call is
RESOURCE_EXHAUSTED limit/key_rate with the server's retry delay; with them, every call gets through."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from cardengine_client import NO_RETRY, GameEngineClient, GameEngineError, RetryPolicy

from loadtests.server_process import ServerProcess

KEY = "sdk-retry-key-0123456789"


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
        for _ in range(3):
            client.list_game_types()
    error = failure.value
    assert (error.status, error.code, error.retryable) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "limit/key_rate", True)
    assert error.retry_after == 1.0


def test_with_retries_every_call_gets_through(limited_server: ServerProcess) -> None:
    with GameEngineClient(limited_server.grpc_target, api_key=KEY, retry=RetryPolicy(attempts=6, base=0.05)) as client:
        answers = [len(client.list_game_types()) for _ in range(4)]
    assert answers == [5, 5, 5, 5]


def test_an_unreachable_server_is_unavailable_after_the_attempts() -> None:
    policy = RetryPolicy(attempts=2, base=0.01)
    client = GameEngineClient("127.0.0.1:1", timeout=5, retry=policy)
    with client, pytest.raises(GameEngineError) as failure:
        client.list_game_types()
    assert (failure.value.status, failure.value.code) == (grpc.StatusCode.UNAVAILABLE, "unavailable")
