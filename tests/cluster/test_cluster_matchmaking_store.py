"""The matchmaking part (tests/service/test_matchmaking_store.py) on a real Redis Cluster: every key in one slot."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from service.storage.store import GameStore
from tests.service.conftest import make_store
from tests.service.test_matchmaking_store import (  # noqa: F401  (the suite, collected here once more)
    test_a_claim_takes_waiting_tickets_only_and_completes_once,
    test_tickets_wait_oldest_first_and_settle_once,
)


@pytest.fixture
def store(request: pytest.FixtureRequest) -> Iterator[GameStore]:
    made = make_store("cluster", request)
    yield made
    made.close()
