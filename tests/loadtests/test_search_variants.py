"""loadtests/search_variants.py's measuring variants: what each hands the search as its samples."""

from __future__ import annotations

import random
from collections import Counter

import engine
from engine.bots.ismcts import ISMCTSPolicy
from engine.bots.policy import SeatInput, seat_input
from engine.moves import Move
from engine.state import GameState
from loadtests.search_variants import Clairvoyant, Inferring, WorldTrees, variant_policy


class Recording:
    """A policy that keeps three of the samples it is handed and plays the first legal move."""

    def __init__(self) -> None:
        self.samples: list[GameState] = []
        self.budget = 0.0

    def choose(self, given: SeatInput, rng: random.Random) -> Move:
        assert given.determinize is not None
        self.samples = [given.determinize(seed) for seed in (1, 2, 3)]
        self.budget = given.budget_seconds
        return given.legal_moves[0]


def dracula_in_play() -> GameState:
    """A two-player Dracula match after the declaration and the first placement beside the nail."""
    state, _ = engine.new_game("dracula", 2, seed=7)
    while state.table["phase"] != "play" or sum(card is not None for card in state.table["coffin"]) < 2:
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, engine.legal_moves(state, seat)[0])
    return state


def hidden(state: GameState, seat: int) -> Counter[str]:
    return Counter([*state.table["hands"][1 - seat], *state.table["stock"]])


def test_the_clairvoyant_is_handed_the_true_state_and_xh_the_true_other_hand_only() -> None:
    state = dracula_in_play()
    seat = engine.to_act(state)[0]
    inner = Recording()
    Clairvoyant(inner).choose(seat_input(state, seat), random.Random(1))
    assert all(sample == state for sample in inner.samples)
    Clairvoyant(inner, hands_only=True).choose(seat_input(state, seat), random.Random(1))
    for sample in inner.samples:
        assert sample.table["hands"] == state.table["hands"]
        assert hidden(sample, seat) == hidden(state, seat)  # the same cards, the stock in another order
    assert len({tuple(sample.table["stock"]) for sample in inner.samples}) == 3


def test_the_labels_name_their_variants_and_the_weighing_is_charged_to_the_budget() -> None:
    assert isinstance(variant_policy("tree-c0.7-x", "dracula"), Clairvoyant)
    assert isinstance(variant_policy("tree-c0.7-w8", "dracula"), WorldTrees)
    inferring = variant_policy("tree-c0.7-inf8", "dracula")
    assert isinstance(inferring, Inferring)
    state = dracula_in_play()
    seat = engine.to_act(state)[0]
    inner = Recording()
    inferring.policy = inner
    inferring.pool = 16
    # The other side placed one card beside the nail before this seat's first decision: its samples are weighted.
    inferring.choose(seat_input(state, seat, budget_seconds=0.2), random.Random(1))
    assert 0 < inner.budget < 0.2
    assert all(sample.table["coffin"] == state.table["coffin"] for sample in inner.samples)


def test_world_trees_play_a_legal_move_within_the_budget() -> None:
    state = dracula_in_play()
    seat = engine.to_act(state)[0]
    policy = WorldTrees(ISMCTSPolicy(iterations=4), worlds=3)
    given = seat_input(state, seat, budget_seconds=0.2)
    assert policy.choose(given, random.Random(1)) in given.legal_moves
