"""engine.bots: the seat-scoped input a policy gets, the random policy, the seeded generator of bot seats."""

from __future__ import annotations

import random

import pytest

import engine
from engine.bots import RandomPolicy, SeatInput, bot_random, seat_input


def dracula_deal() -> engine.GameState:
    """A two-player Dracula deal after its declaration: both seats hold hidden cards."""
    state, _ = engine.new_game("dracula", 2, 7, {"deals": 1})
    while not all(engine.view(state, seat)["hand"] for seat in (0, 1)):
        (seat,) = engine.to_act(state)
        state, _ = engine.apply(state, seat, engine.legal_moves(state, seat)[0])
    return state


def test_the_input_is_the_seats_view_and_legal_moves() -> None:
    state = dracula_deal()
    (seat,) = engine.to_act(state)
    given = seat_input(state, seat, budget_seconds=0.05)
    assert given.game_type == "dracula" and given.seat == seat and given.players == 2
    assert given.view == engine.view(state, seat)
    assert list(given.legal_moves) == engine.legal_moves(state, seat)
    assert given.budget_seconds == 0.05
    other_hand = engine.view(state, 1 - seat)["hand"]
    assert other_hand and not set(other_hand) & set(given.view["hand"])


def test_determinize_samples_a_world_the_seat_cannot_tell_from_the_true_one() -> None:
    state = dracula_deal()
    (seat,) = engine.to_act(state)
    given = seat_input(state, seat)
    assert given.determinize is not None
    samples = [given.determinize(seed) for seed in range(8)]
    assert all(engine.view(sample, seat) == given.view for sample in samples)
    other_hands = {tuple(engine.view(sample, 1 - seat)["hand"]) for sample in samples}
    assert len(other_hands) > 1, "the other seat's hidden hand is dealt again"


def test_the_random_policy_picks_the_generators_choice_among_the_legal_moves() -> None:
    state = dracula_deal()
    (seat,) = engine.to_act(state)
    given = seat_input(state, seat)
    chosen = RandomPolicy().choose(given, random.Random(3))
    assert chosen == given.legal_moves[random.Random(3).randrange(len(given.legal_moves))]
    picks = {RandomPolicy().choose(given, random.Random(n)) for n in range(40)}
    assert picks == set(given.legal_moves), "every legal move can be chosen"


def test_the_random_policy_refuses_a_seat_without_moves() -> None:
    empty = SeatInput("dracula", 0, 2, {}, ())
    with pytest.raises(ValueError, match="no legal move"):
        RandomPolicy().choose(empty, random.Random(1))


def test_bot_generators_are_seeded_by_game_seed_version_and_seat() -> None:
    draws = [bot_random(5, 3, 1).random() for _ in range(2)]
    assert draws[0] == draws[1]
    assert bot_random(5, 3, 1).random() != bot_random(5, 4, 1).random()
    assert bot_random(5, 3, 1).random() != bot_random(5, 3, 0).random()
    assert bot_random(5, 3, 1).random() != bot_random(6, 3, 1).random()
