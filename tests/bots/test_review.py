"""Review after the match (engine/bots/review.py): a decision's review depends on the seat's input only, in every
game; its preferred move is the hint's first with the same generator; the cost is the preferred move's estimate
less the made move's, 0 for the preferred move; a forced move is no decision and an illegal one is refused."""

from __future__ import annotations

import random

import pytest

import engine
from engine.bots import seat_input
from engine.bots.hints import rank_moves, suggest_moves
from engine.bots.review import review_decision
from engine.registry import built_in_games
from tests.bots.positions import random_position

GAMES = sorted(game.id for game in built_in_games())
ITERATIONS = 24


@pytest.mark.parametrize("game_id", GAMES)
def test_a_review_depends_on_the_seats_input_only_and_prefers_the_hint(game_id: str) -> None:
    """Two states that differ only in what the seat cannot see give the same review of the same move with the same
    seed, and its preferred move and estimate are the hint's first of that generator."""
    game = engine.get_game(game_id)
    reviewed = 0
    for steps in (0, 9, 17, 30, 45):
        state = random_position(game_id, game.default_players, 3, steps, {})
        seat = engine.to_act(state)[0]
        given = seat_input(state, seat)
        if len(given.legal_moves) < 2:
            continue
        other = engine.determinize(state, seat, 2_000 + steps)
        assert engine.view(other, seat) == engine.view(state, seat)
        if other.table == state.table:
            continue  # nothing hidden from the seat here (the last deal's last cards)
        made = given.legal_moves[-1]
        first = review_decision(given, made, random.Random(f"review:{steps}"), ITERATIONS)
        second = review_decision(seat_input(other, seat), made, random.Random(f"review:{steps}"), ITERATIONS)
        assert first is not None and first == second
        hint = suggest_moves(given, random.Random(f"review:{steps}"), 1, ITERATIONS)[0]
        assert (first.best, first.best_reward) == (hint.move, hint.expected_reward)
        assert first.made == made and first.legal_moves == len(given.legal_moves)
        assert 1 <= first.rank <= first.legal_moves
        reviewed += 1
    assert reviewed >= 3


def test_the_cost_is_the_estimates_difference_and_zero_for_the_preferred_move() -> None:
    state = random_position("dracula", 2, 3, 5, {})
    seat = engine.to_act(state)[0]
    given = seat_input(state, seat)
    ranking = rank_moves(given, random.Random("cost"), ITERATIONS)
    assert sorted(suggestion.move for suggestion in ranking) == sorted(given.legal_moves)
    best = ranking[0]
    preferred = review_decision(given, best.move, random.Random("cost"), ITERATIONS)
    assert preferred is not None and (preferred.rank, preferred.cost, preferred.best) == (1, 0.0, best.move)
    tried = [suggestion for suggestion in ranking[1:] if suggestion.expected_reward is not None]
    assert tried, "the search tried more than one move"
    for place, suggestion in enumerate(ranking, 1):
        decision = review_decision(given, suggestion.move, random.Random("cost"), ITERATIONS)
        assert decision is not None and decision.rank == place
        if place > 1 and suggestion.expected_reward is not None:
            assert best.expected_reward is not None
            assert decision.cost == pytest.approx(max(0.0, best.expected_reward - suggestion.expected_reward))
        if suggestion.expected_reward is None:
            assert decision.cost is None and decision.made_reward is None


def test_a_forced_move_is_no_decision_and_an_illegal_move_is_refused() -> None:
    state = random_position("dracula", 2, 3, 5, {})
    seat = engine.to_act(state)[0]
    given = seat_input(state, seat)
    forced = given.__class__(given.game_type, seat, given.players, given.view, given.legal_moves[:1])
    assert review_decision(forced, given.legal_moves[0], random.Random(0), ITERATIONS) is None
    with pytest.raises(ValueError, match="not a legal move"):
        review_decision(given, engine.Move("nonsense"), random.Random(0), ITERATIONS)
