"""The webhooks part (tests/service/test_webhook_store.py) on a real Redis Cluster: every key in the ``{webhooks}``
slot, so each script names one slot."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from service.storage.store import GameStore
from tests.service.conftest import make_store
from tests.service.test_webhook_store import (  # noqa: F401  (the suite, collected here once more)
    test_a_delivery_state_moves_by_compare_and_set,
    test_endpoints_are_kept_per_key_under_a_cap,
)


@pytest.fixture
def store(request: pytest.FixtureRequest) -> Iterator[GameStore]:
    made = make_store("cluster", request)
    yield made
    made.close()
