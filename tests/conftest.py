"""Suite-wide pytest hooks."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked ``long`` (minutes alone, as the compiled-engine build) are run first: pytest-xdist's work-stealing
    scheduler hands each worker a contiguous share of the collected tests, so one at the front starts at once and
    overlaps the rest of the suite instead of running alone at its end. The order is otherwise the collection's."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)
