"""The lifecycle and the per-key stream (tests/service/test_lifecycle.py, test_key_events.py) on a real Redis
Cluster: a game's invitations and members in its slot, a key's list of games and its stream in the key's own slot."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from service.access.limits import LimitSettings
from tests.cluster.conftest import make_cluster_store
from tests.service.access import Grpc, keys_file
from tests.service.conftest import LiveServer, live_server
from tests.service.test_key_events import (  # noqa: F401  (collected here once more, on a cluster)
    test_one_consumer_serves_ten_games_from_the_key_stream,
    test_the_rest_stream_pages_and_resumes_after_last_event_id,
)
from tests.service.test_lifecycle import (  # noqa: F401  (collected here once more, on a cluster)
    test_a_key_lists_its_own_games_by_state_in_pages,
    test_a_rematch_keeps_the_seats_and_is_one_game_for_every_caller,
    test_an_invitation_is_redeemed_once_for_its_seat,
    test_the_creating_key_deletes_a_game,
    test_the_creating_key_ends_a_game_and_no_other,
)


@pytest.fixture
def keyed(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LiveServer]:
    limits = LimitSettings(key_rate=0)
    store = make_cluster_store(request)
    with live_server(store, "cluster", api_keys_file=keys_file(tmp_path), limits=limits) as running:
        yield running


@pytest.fixture
def grpc_calls(keyed: LiveServer) -> Iterator[Grpc]:
    calls = Grpc(keyed)
    yield calls
    calls.close()
