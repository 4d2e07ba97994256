"""Dracula's heuristic and the search on shared samples (``engine/bots/shared_samples.py``): every move tried on the
same sampled worlds, then the better half of them."""

from __future__ import annotations

import random
from dataclasses import replace

import engine
from engine.bots import seat_input
from engine.bots.levels import SearchSettings, guided_search, level_settings
from engine.games.dracula.heuristic import best_placement, placement_gains
from engine.moves import Move
from engine.state import GameState
from tests.bots.positions import dracula_last_cell, random_position


def test_a_placement_is_worth_its_own_line_less_the_other_sides() -> None:
    """Seat 0 scores across: row 3 holds 9H 8H (34, two hearts doubled), column c holds 4C JC (8, two clubs doubled).
    The Seven of Hearts makes 120 across (+86) and 22 down (+14); the Ace of Hearts 90 (+56) and 10 (+2); the
    Vampire drains both lines (-34, -8); the Two of Clubs makes 38 across (+4) and three clubs down, 30 (+22)."""
    state = dracula_last_cell()
    moves = [Move("place", (card, "c3")) for card in ("7H", "AH", "VP", "2C")]
    assert placement_gains(state, 0, moves) == [86 - 14, 56 - 2, -34 + 8, 4 - 22]
    legal = engine.legal_moves(state, 0)
    assert best_placement(state, 0, legal, random.Random(1)) == Move("place", ("7H", "c3"))


def test_every_move_is_tried_on_the_same_samples_then_the_better_half() -> None:
    state = random_position("dracula", 2, 5, 3, {})
    given = seat_input(state, engine.to_act(state)[0])
    samples: list[int] = []

    def sample(seed: int) -> GameState:
        samples.append(seed)
        assert given.determinize is not None
        return given.determinize(seed)

    moves = len(given.legal_moves)
    half = (moves + 1) // 2
    settings = SearchSettings(epsilon=0.1, heuristic=True, shared_samples=True)
    search = guided_search(settings, "dracula", iterations=2 * moves + half)
    search.choose(replace(given, determinize=sample), random.Random(3))
    assert search.last_root is not None
    visits = sorted(child.visits for child in search.last_root.children.values())
    assert visits == [2] * (moves - half) + [3] * half  # two sweeps of every move, a third of the better half
    assert search.last_iterations == 2 * moves + half and search.last_root.visits == 2 * moves + half
    assert len(samples) == 3  # one sampled world per sweep, shared by its moves


def test_the_hard_search_finds_the_winning_card() -> None:
    state = dracula_last_cell()
    search = guided_search(level_settings("dracula", "hard").search_settings(), "dracula", iterations=24)
    assert search.choose(seat_input(state, 0), random.Random(1)) == Move("place", ("7H", "c3"))
