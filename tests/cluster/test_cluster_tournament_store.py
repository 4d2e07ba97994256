"""The tournaments part (tests/service/test_tournament_store.py) on a real Redis Cluster: every key in one slot."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from service.storage.store import GameStore
from tests.service.conftest import make_store
from tests.service.test_tournament_store import (  # noqa: F401  (the suite, collected here once more)
    test_a_key_lists_its_tournaments_newest_first_in_pages,
    test_a_record_is_created_once_and_saved_by_compare_and_set,
)


@pytest.fixture
def store(request: pytest.FixtureRequest) -> Iterator[GameStore]:
    made = make_store("cluster", request)
    yield made
    made.close()
