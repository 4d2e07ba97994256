"""The ratings' store contract (service/ratings/store.py) on the in-memory store and on Redis: expected games are
claimed when due, an apply writes the records, the outcome, the history and the boards at once, never twice, and
not over a record that changed."""

from __future__ import annotations

import pytest

from service.ratings.backends import ratings_store
from service.ratings.store import RatingWrite, board_of_key, member_of
from service.storage.protocols import GameStore
from tests.service.conftest import make_store


@pytest.fixture
def store(store_kind: str, request: pytest.FixtureRequest) -> GameStore:
    return make_store(store_kind, request)


def test_pending_games_are_claimed_when_due_and_left_by_apply(store: GameStore) -> None:
    ratings = ratings_store(store)
    assert ratings_store(store) is ratings  # one per game store
    ratings.expect("dracula", "g1", 0)
    ratings.expect("dracula", "g2", 60)
    ratings.expect("dracula", "g1", 60)  # known: keeps its time
    assert ratings.claim_due("dracula", 10, 60) == ["g1"]
    assert ratings.claim_due("dracula", 10, 60) == []  # pushed a minute later
    assert ratings.claim_due("house_rummy", 10, 60) == []
    assert ratings.apply("dracula", "g2", (), b'{"rated":false}', b"") == "applied"
    ratings.forget("dracula", "g1")
    ratings.expect("dracula", "g3", 0)
    assert ratings.claim_due("dracula", 10, 0) == ["g3"]
    assert ratings.outcome("dracula", "g2") == b'{"rated":false}'
    assert ratings.history("dracula", 0, 10) == []


def test_apply_writes_once_and_only_over_the_records_read(store: GameStore) -> None:
    ratings = ratings_store(store)
    alice, bob, carol = (member_of("k1", name) for name in ("alice", "bob", "carol"))
    writes = (
        RatingWrite(alice, b"", b"A1", board_of_key("k1"), 1250.5),
        RatingWrite(bob, b"", b"B1", board_of_key("k1"), 1149.5),
    )
    ratings.expect("dracula", "g1", 0)
    assert ratings.apply("dracula", "g1", writes, b"out1", b"hist1") == "applied"
    assert ratings.apply("dracula", "g1", writes, b"out1", b"hist1") == "duplicate"
    assert ratings.claim_due("dracula", 10, 0) == []  # applied: no longer pending
    assert ratings.records("dracula", [alice, bob, carol]) == [b"A1", b"B1", b""]
    stale = (RatingWrite(alice, b"", b"A2", board_of_key("k1"), 1300.0),)
    assert ratings.apply("dracula", "g2", stale, b"out2", b"hist2") == "stale"
    assert ratings.outcome("dracula", "g2") is None
    second = (
        RatingWrite(alice, b"A1", b"A2", board_of_key("k1"), 1149.5),
        RatingWrite(carol, b"", b"C1", "public", 1400.0),
    )
    assert ratings.apply("dracula", "g2", second, b"out2", b"hist2") == "applied"
    assert ratings.history("dracula", 0, 10) == [b"hist1", b"hist2"]
    assert ratings.history("dracula", 1, 10) == [b"hist2"]
    assert ratings.records("dracula", [alice]) == [b"A2"]
    # highest first; a tie ordered by member, highest first; a cursor (score, member) continues after it
    assert ratings.board("dracula", board_of_key("k1"), None, 10) == [(bob, 1149.5), (alice, 1149.5)]
    assert ratings.board("dracula", board_of_key("k1"), (1149.5, bob), 10) == [(alice, 1149.5)]
    assert ratings.board("dracula", board_of_key("k1"), None, 1) == [(bob, 1149.5)]
    assert ratings.board("dracula", "public", None, 10) == [(carol, 1400.0)]
    assert ratings.board("dracula", board_of_key("k2"), None, 10) == []
