"""The greedy and IS-MCTS policies (engine/bots): reproducible searches, budgets, only the seat's own input, several
seats to act at once, the fall-back without a determinizer, and greedy's one-ply choice in a scripted coffin."""

from __future__ import annotations

import ast
import dataclasses
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import engine
import engine.bots.greedy
import engine.bots.guided
import engine.bots.ismcts
from engine.bots import GreedyPolicy, ISMCTSPolicy, SeatInput, seat_input
from engine.bots.guided import GuidedISMCTSPolicy
from engine.bots.ismcts import RETURN_MARGIN_SECONDS, Node
from engine.moves import Move
from tests.bots.positions import dracula_last_cell, random_position, several_to_act

BOTS = Path(engine.bots.ismcts.__file__).parent
POSITIONS = [
    ("dracula", 2, {}),
    ("dragon_rummy", 2, {}),
    ("draw_blood", 2, {"max_hands": 2}),
    ("house_rummy", 3, {}),
]


def root_visits(root: Node | None) -> dict[tuple[int, str], int]:
    assert root is not None
    return {(seat, str(move)): child.visits for (seat, move), child in root.children.items()}


@pytest.mark.parametrize(("game_id", "players", "options"), POSITIONS)
def test_ismcts_with_an_iteration_budget_is_reproducible_for_a_seed(
    game_id: str, players: int, options: dict[str, object]
) -> None:
    state = random_position(game_id, players, seed=3, steps=12, options=options)
    (seat,) = engine.to_act(state)
    given = seat_input(state, seat)
    policy = ISMCTSPolicy(iterations=40)
    first = policy.choose(given, random.Random(7))
    first_visits = root_visits(policy.last_root)
    assert policy.last_iterations == 40
    assert sum(first_visits.values()) == 40
    assert {s for s, _ in first_visits} == {seat}, "the root decides for the observer only"
    again = ISMCTSPolicy(iterations=40).choose(given, random.Random(7))
    assert again == first
    policy.choose(given, random.Random(7))
    assert root_visits(policy.last_root) == first_visits, "the same tree, visit for visit"
    assert first in given.legal_moves
    assert first_visits[(seat, str(first))] == max(first_visits.values()), "the most visited root move"


def test_another_seed_searches_other_samples() -> None:
    state = random_position("dracula", 2, seed=5, steps=4, options={})
    (seat,) = engine.to_act(state)
    given = seat_input(state, seat)
    trees = []
    for seed in (1, 2):
        policy = ISMCTSPolicy(iterations=60)
        policy.choose(given, random.Random(seed))
        trees.append(root_visits(policy.last_root))
    assert trees[0] != trees[1]


def test_ismcts_spends_its_time_budget_and_no_more() -> None:
    state = random_position("dracula", 2, seed=5, steps=4, options={})
    (seat,) = engine.to_act(state)
    given = seat_input(state, seat, budget_seconds=0.08)
    policy = ISMCTSPolicy()
    started = time.perf_counter()
    move = policy.choose(given, random.Random(1))
    elapsed = time.perf_counter() - started
    assert move in given.legal_moves
    assert policy.last_iterations >= 1
    # The budget is used up to its margins: the search stops only when its longest iteration would not fit before
    # the deadline (on a loaded machine one preempted iteration is long), and never far past it.
    margin = max(RETURN_MARGIN_SECONDS, 0.05 * 0.08)
    assert 0.08 - margin - policy.last_longest_iteration <= elapsed < 0.08 + 0.25


def test_a_single_legal_move_is_played_without_a_search() -> None:
    state = dracula_last_cell()
    moves = (Move("place", ("7H", "c3")),)
    given = dataclasses.replace(seat_input(state, 0), legal_moves=moves)
    policy = ISMCTSPolicy(iterations=50)
    assert policy.choose(given, random.Random(1)) == moves[0]
    assert policy.last_iterations == 0 and policy.last_root is None
    assert GreedyPolicy().choose(given, random.Random(1)) == moves[0]


# ----- only the seat's own input --------------------------------------------------------------------------------
SEARCHING_MODULES = ["greedy.py", "ismcts.py", "evaluation.py", "random_policy.py"]
STATE_FUNCTIONS = {"apply", "legal_moves", "to_act", "score"}


@pytest.mark.parametrize("module", SEARCHING_MODULES)
def test_policies_import_nothing_that_reaches_a_true_state(module: str) -> None:
    """The policies' modules take engine functions that act on a state they are given (a sample), and nothing
    that makes or reads one otherwise (new_game, decode, determinize, view, replay, a game's modules)."""
    tree = ast.parse((BOTS / module).read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            assert all(alias.name in {"math", "random", "time"} for alias in node.names), ast.dump(node)
        elif isinstance(node, ast.ImportFrom):
            assert node.module is not None
            if node.module == "engine.api":
                assert {alias.name for alias in node.names} <= STATE_FUNCTIONS
            else:
                assert node.module in {
                    "__future__",
                    "collections.abc",
                    "engine.bots.evaluation",
                    "engine.bots.policy",
                    "engine.events",
                    "engine.moves",
                    "engine.scoring",
                    "engine.state",
                }, node.module
        elif isinstance(node, ast.Name):
            assert node.id not in {"determinize", "new_game", "decode", "view", "replay"}, node.id


@pytest.mark.parametrize("policy", [GreedyPolicy(samples=3), ISMCTSPolicy(iterations=30)], ids=["greedy", "mcts"])
@pytest.mark.parametrize(("game_id", "players", "options"), POSITIONS)
def test_policies_touch_only_states_sampled_for_their_seat(
    monkeypatch: pytest.MonkeyPatch, policy: Any, game_id: str, players: int, options: dict[str, object]
) -> None:
    """Every state the policy hands to the engine is a sample from ``seat_input.determinize`` or a state derived
    from one by ``apply``; never the true state."""
    state = random_position(game_id, players, seed=11, steps=20, options=options)
    (seat,) = engine.to_act(state)
    given = seat_input(state, seat)
    assert given.determinize is not None
    sampled: set[int] = set()
    keep: list[engine.GameState] = []  # so that ids stay unique while the policy runs
    samples = 0

    def determinize(seed: int) -> engine.GameState:
        nonlocal samples
        assert given.determinize is not None
        sample = given.determinize(seed)
        samples += 1
        sampled.add(id(sample))
        keep.append(sample)
        return sample

    def checked(function: Callable[..., Any]) -> Callable[..., Any]:
        def call(world: engine.GameState, *args: Any) -> Any:
            assert world is not state and id(world) in sampled, f"{function.__name__} on a state not sampled"
            result = function(world, *args)
            if isinstance(result, tuple) and isinstance(result[0], engine.GameState):
                sampled.add(id(result[0]))
                keep.append(result[0])
            return result

        return call

    module = engine.bots.greedy if isinstance(policy, GreedyPolicy) else engine.bots.ismcts
    for name in STATE_FUNCTIONS:
        if hasattr(module, name):
            monkeypatch.setattr(module, name, checked(getattr(module, name)))
    move = policy.choose(dataclasses.replace(given, determinize=determinize), random.Random(4))
    assert move in given.legal_moves
    assert samples == (3 if isinstance(policy, GreedyPolicy) else 30)


# ----- several seats to act at once -----------------------------------------------------------------------------
def test_ismcts_decides_for_its_seat_when_several_act_at_once() -> None:
    """House Rummy's exchange: two seats give a card at once. The root decides for the observer only (the first
    seat listed or not), from samples of its own information set; below it the simulations play the other seat's
    moves, keyed by that seat."""
    state = several_to_act("house_rummy", 3, seed=0)
    acting = engine.to_act(state)
    assert len(acting) >= 2
    for observer in acting:
        given = seat_input(state, observer)
        policy = ISMCTSPolicy(iterations=60)
        move = policy.choose(given, random.Random(2))
        assert move in engine.legal_moves(state, observer)
        assert policy.last_iterations == 60
        assert policy.last_root is not None
        assert {seat for seat, _ in policy.last_root.children} == {observer}
        below = {seat for child in policy.last_root.children.values() for seat, _ in child.children}
        others = set(acting) - {observer}
        assert below & others, "the other acting seats move in the simulations"


# ----- without a determinizer -----------------------------------------------------------------------------------
def test_without_samples_the_policies_play_at_random() -> None:
    state = random_position("dracula", 2, seed=5, steps=4, options={})
    (seat,) = engine.to_act(state)
    given = dataclasses.replace(seat_input(state, seat), determinize=None)
    for policy in (GreedyPolicy(), ISMCTSPolicy(iterations=20)):
        picks = {policy.choose(given, random.Random(n)) for n in range(60)}
        assert picks == set(given.legal_moves), type(policy).__name__


def test_a_seat_without_moves_is_refused() -> None:
    empty = SeatInput("dracula", 0, 2, {}, ())
    for policy in (GreedyPolicy(), ISMCTSPolicy(iterations=5)):
        with pytest.raises(ValueError, match="no legal move"):
            policy.choose(empty, random.Random(1))


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one iteration"):
        ISMCTSPolicy(iterations=0)
    with pytest.raises(ValueError, match="depth"):
        ISMCTSPolicy(rollout_depth=-1)
    with pytest.raises(ValueError, match="one sample"):
        GreedyPolicy(samples=0)


# ----- greedy: one ply --------------------------------------------------------------------------------------------
def test_greedy_fills_the_last_cell_with_the_card_that_scores_most() -> None:
    """Seat 0 (across, with seat 2) completes the coffin: the Seven of Hearts makes row 3 three hearts, (9 + 8 + 7)
    x 5 = 120 against the down side's 51, the best margin of its twelve cards (the Vampire would drain the row)."""
    state = dracula_last_cell()
    given = seat_input(state, 0)
    assert len(given.legal_moves) == 12
    for seed in range(4):
        assert str(GreedyPolicy().choose(given, random.Random(seed))) == "place 7H c3"
    after, _ = engine.apply(state, 0, "place 7H c3")
    assert engine.score(after).rounds[0].points == (120, 51, 120, 51)
    vampire, _ = engine.apply(state, 0, "place VP c3")
    assert engine.score(vampire).rounds[0].points == (11, 51, 11, 51)


def test_mcts_finds_the_same_card() -> None:
    state = dracula_last_cell()
    assert str(ISMCTSPolicy(iterations=120).choose(seat_input(state, 0), random.Random(1))) == "place 7H c3"


def test_greedy_breaks_ties_at_random() -> None:
    """Early in a two-player coffin no placement scores at once: every legal move ties and each can be chosen."""
    state = random_position("dracula", 2, seed=5, steps=4, options={})
    (seat,) = engine.to_act(state)
    given = seat_input(state, seat)
    assert len(given.legal_moves) > 2
    picks = {GreedyPolicy(samples=2).choose(given, random.Random(n)) for n in range(80)}
    assert picks == set(given.legal_moves)


@pytest.mark.parametrize(
    "policy", [ISMCTSPolicy(iterations=20), GuidedISMCTSPolicy(iterations=20)], ids=["mcts", "guided"]
)
def test_a_sampled_world_without_a_move_for_the_seat_to_act_ends_the_simulation(
    policy: ISMCTSPolicy, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sampled world can leave the seat to act with no legal move (a mcts bot met one in a House Rummy ladder); the
    search then values that world as it stands and still answers one of the real state's moves."""
    state, _ = engine.new_game("house_rummy", 2, seed=3, options={"single_hand": True})
    given = seat_input(state, engine.to_act(state)[0])
    monkeypatch.setattr(engine.bots.ismcts, "legal_moves", lambda state, seat: [])
    monkeypatch.setattr(engine.bots.guided, "legal_moves", lambda state, seat: [])
    assert policy.choose(given, random.Random(5)) in given.legal_moves
