"""loadtests/search_variants.py's measuring variants: what each hands the search as its samples."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

import engine
from engine.bots.evaluation import margins
from engine.bots.guided import GuidedISMCTSPolicy, GuidedSearch
from engine.bots.ismcts import ISMCTSPolicy
from engine.bots.levels import LevelSearch, SecondChoicePolicy, level_settings
from engine.bots.policy import SeatInput, seat_input
from engine.moves import Move
from engine.state import GameState
from loadtests.search_variants import (
    AveragedSearch,
    Clairvoyant,
    EquitySearch,
    HalvingTreePolicy,
    Inferring,
    VariantPolicy,
    WorldTrees,
    variant_policy,
)


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


def test_a_level_variant_is_the_level_with_its_fields_replaced() -> None:
    policy = variant_policy("medium~iterations=1-iterations_per_move=3-mistake_rate=0.5", "rummy_battle")
    assert isinstance(policy, SecondChoicePolicy)
    assert policy.mistake_rate == 0.5
    assert policy.tolerance == level_settings("rummy_battle", "medium").mistake_tolerance
    assert isinstance(policy.search, LevelSearch)
    assert (policy.search.base_iterations, policy.search.per_move) == (1, 3)
    searched = variant_policy("hard-exploration=0.15-shared_samples=False-rollout_depth=6", "rummy_battle")
    assert isinstance(searched, GuidedISMCTSPolicy)
    assert (searched.exploration, searched.shared_samples, searched.rollout_depth) == (0.15, False, 6)


def test_equity_values_a_scored_coffin_by_the_chance_its_margin_wins_the_match() -> None:
    """After the first of six coffins (seed 7: 40 to 54), seat 0 behind by 14 with five coffins of spread 20 to come
    wins with probability Phi(-14 / (20 sqrt 5)) = 0.3771; the reward weighs it as a finished match's result is
    (0.9), the margin reward the rest."""
    state, _ = engine.new_game("dracula", 2, seed=7, options={"deals": 6})
    while len(engine.score(state).rounds) < 1:
        before = state
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, engine.legal_moves(state, seat)[0])
    sheet = engine.score(state)
    assert sheet.totals == (40, 54)
    policy = variant_policy("equity20", "dracula")
    assert isinstance(policy, VariantPolicy) and policy.search_type is EquitySearch
    search = policy.new_search(seat_input(state, engine.to_act(state)[0]), state, random.Random(1))
    assert isinstance(search, EquitySearch)
    baseline = [0.0, 0.0]
    plain = GuidedSearch.scored_values(search, state, sheet, baseline)
    chance = 0.5 * (1 + math.erf(-14 / (20 * math.sqrt(2 * 5))))
    assert round(chance, 4) == 0.3771
    expected = [0.9 * chance + 0.1 * plain[0], 0.9 * (1 - chance) + 0.1 * plain[1]]
    assert search.scored_values(state, sheet, baseline) == pytest.approx(expected)
    # The coffin's last placement left to the simulation (the only legal one): the coffin it ends is valued so too,
    # its margin reward measured from that sample's root, the coffin as it stood.
    last = engine.to_act(before)[0]
    assert len(engine.legal_moves(before, last)) == 1
    standing = engine.get_game("dracula").standing(before)
    root = margins([total + now for total, now in zip(engine.score(before).totals, standing, strict=True)])
    earlier = policy.new_search(seat_input(before, last), before, random.Random(1))
    assert isinstance(earlier, EquitySearch)
    plain = GuidedSearch.scored_values(earlier, state, sheet, root)
    expected = [0.9 * chance + 0.1 * plain[0], 0.9 * (1 - chance) + 0.1 * plain[1]]
    assert earlier.evaluate(before, before, False) == pytest.approx(expected)


def test_an_averaged_leaf_is_the_mean_of_its_simulations() -> None:
    state = dracula_in_play()
    seat = engine.to_act(state)[0]
    policy = variant_policy("hardk3", "dracula")
    assert isinstance(policy, VariantPolicy) and policy.search_type is AveragedSearch
    search = policy.new_search(seat_input(state, seat), state, random.Random(1))
    assert isinstance(search, AveragedSearch) and search.rollouts == 3
    search.rng.seed(5)
    averaged = search.evaluate(state, state, False)
    search.rng.seed(5)
    runs = [GuidedSearch.evaluate(search, state, state, False) for _ in range(3)]
    assert len({tuple(values) for values in runs}) > 1, "three different simulations"
    assert averaged == pytest.approx([sum(values) / 3 for values in zip(*runs, strict=True)])


def test_halving_at_the_root_tries_every_move_on_each_early_world_then_keeps_the_better_half() -> None:
    state = dracula_in_play()
    seat = engine.to_act(state)[0]
    policy = variant_policy("hardsh2", "dracula")
    assert isinstance(policy, HalvingTreePolicy) and policy.first_cut == 2
    given = seat_input(state, seat, budget_seconds=0.3)
    move = policy.choose(given, random.Random(1))
    root = policy.last_root
    assert root is not None and move in given.legal_moves
    visits = {child_move: child.visits for (mover, child_move), child in root.children.items() if mover == seat}
    assert set(visits) == set(given.legal_moves)
    assert min(visits.values()) >= 2  # every move on the first two worlds
    assert visits[move] == max(visits.values())
    assert sum(visits.values()) == policy.last_iterations
    # After the first cut only the better half is tried: the moves with more than two visits are at most half.
    assert sum(count > 2 for count in visits.values()) <= (len(visits) + 1) // 2
