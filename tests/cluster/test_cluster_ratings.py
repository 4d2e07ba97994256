"""Ratings on a real Redis Cluster: the ratings' store contract (tests/service/test_ratings_store.py), every script
on one slot (``{ratings:<game type>}``), and a rated game whose own keys sit in another slot applied once at its end
and again by nobody: a sweep over it afterwards changes nothing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from service.core.game_service import GameService
from service.core.records import SeatSpec
from service.ratings import scale
from service.ratings.ratings import ratings_for
from service.ratings.reads import rating_of
from service.storage.store import GameStore
from tests.service.conftest import make_store
from tests.service.test_ratings_store import (  # noqa: F401  (the suite, collected here once more)
    test_apply_writes_once_and_only_over_the_records_read,
    test_pending_games_are_claimed_when_due_and_left_by_apply,
)


@pytest.fixture
def store(request: pytest.FixtureRequest) -> Iterator[GameStore]:
    made = make_store("cluster", request)
    yield made
    made.close()


def test_a_rated_game_is_applied_once_across_slots(store: GameStore) -> None:
    service = GameService(store)
    ratings = ratings_for(service, recheck_seconds=0)
    seats = (SeatSpec(player="ann"), SeatSpec(bot="random"))
    created = service.creation.create_game("dracula", 2, 11, seats=seats, creator="k1", rated=True)
    game_id, token = created.game_id, created.seats[0].token
    legal = service.reads.legal_moves(game_id, token)
    service.moves.apply_move(game_id, token, legal.moves[0].notation, legal.version)
    service.lifecycle.resign(game_id, token)
    bot = scale.bot_rating("dracula", "random")
    assert bot is not None
    model = scale.model()
    teams = [[model.rating(scale.DEFAULT_MU, scale.DEFAULT_SIGMA)], [model.rating(bot.mu, bot.sigma)]]
    ann = model.rate(teams, ranks=[2.0, 1.0])[0][0]
    assert rating_of(store, "k1", "ann", "dracula") == scale.Rating.of(ann.mu, ann.sigma, 1)
    assert ratings.sweep() == 0  # nothing left pending
    assert ratings.settle(game_id) == {
        "rated": True,
        "seats": {"0": [1200.0, scale.DEFAULT_SIGMA, ann.mu, ann.sigma], "1": [bot.mu, bot.sigma, bot.mu, bot.sigma]},
    }
    assert rating_of(store, "k1", "ann", "dracula").games == 1
    assert len(ratings.store.history("dracula", 0, 10)) == 1
