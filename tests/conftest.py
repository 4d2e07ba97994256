"""Suite-wide pytest hooks."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

# The property tests check values, not speed: on a busy CI machine drawing inputs or running an example can take
# seconds, which Hypothesis's deadline and too_slow health check would report as failures.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked ``long`` (minutes alone, as the compiled-engine build) are run first: pytest-xdist's work-stealing
    scheduler hands each worker a contiguous share of the collected tests, so one at the front starts at once and
    overlaps the rest of the suite instead of running alone at its end. The order is otherwise the collection's."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)
