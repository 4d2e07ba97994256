"""The leases part (tests/service/test_leases.py) on a real Redis Cluster: each lease's keys in one slot."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from service.storage.store import GameStore
from tests.service.conftest import make_store
from tests.service.test_leases import (  # noqa: F401  (the suite, collected here once more)
    test_a_lease_moves_on_when_its_holder_stops_renewing,
    test_one_holder_at_a_time_and_renewal,
    test_release_frees_the_lease_for_its_holder_only,
)


@pytest.fixture
def store(request: pytest.FixtureRequest) -> Iterator[GameStore]:
    made = make_store("cluster", request)
    yield made
    made.close()
