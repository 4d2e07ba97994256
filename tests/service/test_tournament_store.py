"""The tournaments part of the store (``TournamentStore``, service/storage/protocols.py): a record created once,
saved by compare-and-set on its version, the running set, each key's list newest first. On the in-memory store, on a
real Redis and on a backend writing the core alone (tests/cluster/test_cluster_tournament_store.py: on a real Redis
Cluster). And the pairings of round robin and Swiss (service/tournaments/formats.py), pure."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

import pytest

from service.storage.store import GameStore
from service.tournaments import formats
from tests.service.conftest import make_store


@pytest.fixture(params=["memory", "redis", "minimal"])
def store(request: pytest.FixtureRequest) -> Iterator[GameStore]:
    made = make_store(request.param, request)
    yield made
    made.close()


def test_a_record_is_created_once_and_saved_by_compare_and_set(store: GameStore) -> None:
    part = store.tournaments
    assert part.load_tournament("t1") is None
    assert part.create_tournament("t1", b"first", ["file:a", "file:b"], 1000)
    assert not part.create_tournament("t1", b"again", ["file:c"], 2000)  # taken: nothing changes
    assert part.load_tournament("t1") == (1, b"first")
    assert part.running_tournaments() == ["t1"]
    assert part.save_tournament("t1", b"second", 1, running=True)
    assert not part.save_tournament("t1", b"stale", 1, running=False)  # another save came first
    assert not part.save_tournament("t9", b"unknown", 1, running=True)  # no record: nothing stored, not running
    assert part.load_tournament("t1") == (2, b"second")
    assert part.save_tournament("t1", b"over", 2, running=False)
    assert (part.load_tournament("t1"), part.running_tournaments()) == ((3, b"over"), [])
    assert part.key_tournaments("file:c", None, 10) == []


def test_a_key_lists_its_tournaments_newest_first_in_pages(store: GameStore) -> None:
    part = store.tournaments
    for index, at in enumerate((1000, 3000, 2000)):
        assert part.create_tournament(f"t{index}", b"r", ["file:a"], at)
    assert part.create_tournament("other", b"r", ["file:b"], 4000)
    assert part.key_tournaments("file:a", None, 2) == [(3000, "t1"), (2000, "t2")]
    assert part.key_tournaments("file:a", (2000, "t2"), 2) == [(1000, "t0")]
    assert sorted(part.running_tournaments()) == ["other", "t0", "t1", "t2"]


@pytest.mark.parametrize("entrants", [4, 5, 6, 7])
def test_a_two_player_round_robin_meets_every_pair_once_and_nobody_twice_a_round(entrants: int) -> None:
    rounds = formats.round_robin(entrants, 2)
    assert len(rounds) == (entrants - 1 if entrants % 2 == 0 else entrants)
    games = [group for round_ in rounds for group in round_]
    assert sorted(games) == list(itertools.combinations(range(entrants), 2))
    for round_ in rounds:
        seated = [entrant for group in round_ for entrant in group]
        assert len(seated) == len(set(seated)) == entrants - entrants % 2


def test_a_three_player_round_robin_puts_every_group_in_a_round_once() -> None:
    rounds = formats.round_robin(4, 3)
    assert rounds == [[(0, 1, 2)], [(0, 1, 3)], [(0, 2, 3)], [(1, 2, 3)]]


def test_swiss_avoids_a_rematch_and_gives_the_bye_to_the_lowest_without_one() -> None:
    met = formats.meetings([(0, 1), (2, 3)])
    groups, resting = formats.swiss_round([0, 2, 1, 3, 4], 2, met, Counter({4: 1}))
    assert (groups, resting) == ([(0, 2), (1, 4)], [3])  # 4 had a bye: the next lowest, 3, rests
    assert formats.seated((5, 6, 7), 1) == (6, 7, 5)
    assert formats.rotations(3, duplicate=True) == [0, 1, 2]
    assert formats.rotations(3, duplicate=False) == [0]
