"""The fault suite's shared fixture: a private redis-server without an append-only file (a test that needs one, to
lose nothing on a SIGKILL, defines its own ``redis_process``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.faults.harness import RedisProcess


@pytest.fixture
def redis_process() -> Iterator[RedisProcess]:
    process = RedisProcess(aof=False)
    yield process
    process.close()
