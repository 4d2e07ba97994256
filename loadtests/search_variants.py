"""Duplicate matches of a search variant that is not a bot kind (a UCB constant, heuristic simulations) against any
bot spec: how a level's settings were chosen before they went into ``engine/bots/levels.py`` (docs/bots.md).

    python -m loadtests.search_variants --game dracula --variant tree-c0.15-h0.5 --opponent mcts:200ms \\
        --matches 40 --seed 801 --options '{"deals": 6}'

A variant is ``mcts``'s own search (``ISMCTSPolicy``, random simulations, its reward) with changes named in its
label, dash-separated: ``c<C>`` the UCB constant (0.7 by default), ``h<EPS>`` simulations by the game's heuristic
(``engine.bots.heuristics``) with a random move with probability EPS, ``x`` the search given the true state in
every sample (a clairvoyant: every hand and the stock's order; no bot may see them, so it only measures how much a
search could gain from knowing the unseen), ``xh`` (Dracula) the samples with the other hand as it truly is and
only the stock dealt again (what perfect inference of the hand would know), ``inf<T>`` (Dracula) samples weighted by
the other side's placements in this coffin under a softmax of the heuristic at temperature T, ``w<K>`` a tree per
sampled world, K worlds a move, their visits summed. ``hard-<field>=<value>-...`` is the guided search of
``hard`` in that game with those ``SearchSettings`` fields replaced; ``<level>~<field>=<value>-...`` a level with
those ``LevelSettings`` fields replaced (``medium~iterations_per_move=2-mistake_rate=0.5``); ``hardinf<T>``
(Dracula) ``hard``'s search on samples weighted as ``inf<T>``'s; ``equity<S>`` (Dracula) ``hard`` valuing a coffin
scored before the match ends by the chance that the margin it leaves wins the match, each coffin to come adding a
margin of spread S; ``hardk<K>`` ``hard`` valuing each new leaf by the mean of K simulations; ``hardsh<N>`` ``hard``'s
tree below a root of shared samples with sequential halving (``engine.bots.shared_samples``), the first cut after N
sweeps. The variant plays under its label through ``cardengine arena`` (same deals, rotations, budgets
and table), at the arena's ``--budget-ms``.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import math
import random
import sys
import time
from collections.abc import Mapping, Sequence
from typing import Any

import engine
from engine.bots.evaluation import scores_a_round
from engine.bots.guided import GuidedISMCTSPolicy, GuidedSearch
from engine.bots.heuristics import HEURISTICS
from engine.bots.ismcts import EXPLORATION, ISMCTSPolicy, RolloutPolicy, Search
from engine.bots.levels import LEVELS, guided_options, guided_search, level_search, level_settings, settled_policy
from engine.bots.policy import Determinizer, Policy, SeatInput
from engine.games.dracula.coffin import CELL_INDEX, CELL_NAMES
from engine.games.dracula.heuristic import placement_gains
from engine.moves import Move
from engine.scoring import ScoreSheet
from engine.state import GameState
from service.cli.commands import main
from service.core import bot_kinds


def mixed_rollout(heuristic: RolloutPolicy, epsilon: float) -> RolloutPolicy:
    def rollout(state: GameState, seat: int, moves: Sequence[Move], rng: random.Random) -> Move:
        if rng.random() < epsilon:
            return moves[rng.randrange(len(moves))]
        return heuristic(state, seat, moves, rng)

    return rollout


def true_state(seat_input: SeatInput) -> GameState:
    """The state ``engine.bots.policy.seat_input`` was made from (its sampler's closure holds it): what no bot may
    read, here only to measure what knowing it would be worth."""
    sample = seat_input.determinize
    assert sample is not None and sample.__closure__ is not None
    cells = dict(zip(sample.__code__.co_freevars, sample.__closure__, strict=True))
    state: GameState = cells["state"].cell_contents
    return state


@dataclasses.dataclass(frozen=True)
class Clairvoyant:
    """A search policy handed the true state as each of its samples, or (``hands_only``) samples whose other hands
    are the true ones, the stock still dealt again (a measuring instrument, never a bot kind)."""

    policy: Policy
    hands_only: bool = False

    def choose(self, seat_input: SeatInput, rng: random.Random) -> Move:
        state, sample = true_state(seat_input), seat_input.determinize
        assert sample is not None
        if not self.hands_only:
            return self.policy.choose(
                dataclasses.replace(seat_input, determinize=functools.partial(same_world, state)), rng
            )
        others = [other for other in range(state.players) if other != seat_input.seat]

        def known_hands(seed: int) -> GameState:
            world = sample(seed)
            hands = world.table["hands"]
            stock = [*world.table["stock"], *(card for other in others for card in hands[other])]
            for other in others:
                hands[other] = list(state.table["hands"][other])
                for card in hands[other]:
                    stock.remove(card)
            random.Random(seed).shuffle(stock)
            world.table["stock"] = stock
            return world

        return self.policy.choose(dataclasses.replace(seat_input, determinize=known_hands), rng)


Placement = tuple[list[str | None], Move]  # the coffin before one of the other side's placements, and that move


@dataclasses.dataclass
class Inferring:
    """Dracula, two players: a search policy whose samples are weighted by how likely the other seat's placements
    in this coffin were with the hand each sample gives it, under a softmax of the heuristic's gains
    (``placement_gains``) at ``temperature``, mixed with ``floor`` of a uniform choice. The placements and their
    order are remembered from this policy's own earlier decisions (an experiment: the engine's state does not keep
    them), by (match seed, deal, seat)."""

    policy: Policy
    temperature: float
    pool: int = 128
    floor: float = 0.1
    placements: dict[tuple[int, int, int], list[Placement]] = dataclasses.field(default_factory=dict)
    left_by_me: dict[tuple[int, int, int], list[str | None]] = dataclasses.field(default_factory=dict)

    def choose(self, seat_input: SeatInput, rng: random.Random) -> Move:
        started = time.perf_counter()
        state, seat, sample = true_state(seat_input), seat_input.seat, seat_input.determinize
        assert sample is not None
        table = state.table
        if table["phase"] != "play" or state.players != 2:
            return self.policy.choose(seat_input, rng)
        key = (state.seed, table["deal"], seat)
        coffin = list(table["coffin"])
        # The coffin as this seat left it (at its first decision: the nail alone); one card more is the other's.
        before = self.left_by_me.get(key) or [card if index == 4 else None for index, card in enumerate(coffin)]
        new = [index for index in range(9) if coffin[index] is not None and before[index] is None]
        history = self.placements.setdefault(key, [])
        if len(new) == 1:
            history.append((before, Move("place", (str(coffin[new[0]]), CELL_NAMES[new[0]]))))
        if history:
            worlds, weights = self._weighted(sample, history, 1 - seat, rng)

            def weighted(seed: int) -> GameState:
                return random.Random(seed).choices(worlds, weights)[0].copy()

            left = seat_input.budget_seconds - (time.perf_counter() - started)  # the weighing is in the budget
            seat_input = dataclasses.replace(seat_input, determinize=weighted, budget_seconds=left)
        move = self.policy.choose(seat_input, rng)
        if move.kind == "place":
            coffin[CELL_INDEX[move.args[1]]] = move.args[0]
        self.left_by_me[key] = coffin
        return move

    def _weighted(
        self, sample: Determinizer, history: list[Placement], other: int, rng: random.Random
    ) -> tuple[list[GameState], list[float]]:
        """``pool`` samples, each weighted by the likelihood of ``other``'s placements with the hand it gives."""
        worlds, weights = [], []
        for _ in range(self.pool):
            world = sample(rng.getrandbits(63))
            hand = list(world.table["hands"][other])
            likelihood = 1.0
            for coffin, placed in reversed(history):  # the hand grows back as placements are undone
                hand.append(placed.args[0])
                past = world.shallow_copy()  # the table of that moment: its coffin, the hand, the other to place
                past.table.update(coffin=coffin, hands=[*world.table["hands"]], turn=other)
                past.table["hands"][other] = hand
                options = engine.legal_moves(past, other)
                gains = placement_gains(past, other, options)
                top = max(gains)
                exps = [math.exp((gain - top) / self.temperature) for gain in gains]
                chosen = exps[options.index(placed)] / sum(exps)
                likelihood *= self.floor / len(options) + (1 - self.floor) * chosen
            worlds.append(world)
            weights.append(likelihood)
        return worlds, weights


@dataclasses.dataclass(frozen=True)
class WorldTrees:
    """Perfect-information Monte Carlo with a tree per world: ``worlds`` samples of the seat's information set, each
    searched by ``policy`` alone (its own tree, the sample as every iteration's world) for an equal share of the
    budget; the move with the most visits summed over the worlds is played."""

    policy: ISMCTSPolicy
    worlds: int

    def choose(self, seat_input: SeatInput, rng: random.Random) -> Move:
        started = time.perf_counter()
        sample = seat_input.determinize
        if sample is None or len(seat_input.legal_moves) == 1:
            return self.policy.choose(seat_input, rng)
        visits = dict.fromkeys(seat_input.legal_moves, 0)
        for index in range(self.worlds):
            world = sample(rng.getrandbits(63))
            left = (seat_input.budget_seconds - (time.perf_counter() - started)) / (self.worlds - index)
            share = dataclasses.replace(
                seat_input, determinize=functools.partial(same_world, world), budget_seconds=left
            )
            self.policy.choose(share, rng)
            root = self.policy.last_root
            assert root is not None
            for (mover, move), child in root.children.items():
                if mover == seat_input.seat and move in visits:
                    visits[move] += child.visits
        return max(seat_input.legal_moves, key=lambda move: visits[move])


class EquitySearch(GuidedSearch):
    """Dracula, two players: a coffin scored before the match ends is valued by the chance that the margin it leaves
    wins the match, the coffins still to play each adding a margin of spread ``spread`` (a normal approximation),
    weighted as a finished match's result is (``win_weight``), the rest the margin reward."""

    spread = 20.0

    def scored_values(self, state: GameState, sheet: ScoreSheet, baseline: Sequence[float]) -> list[float]:
        values = super().scored_values(state, sheet, baseline)
        if sheet.finished:
            return values
        left = int(state.options["deals"]) - len(sheet.rounds)
        weight = self.guide.win_weight
        margin = sheet.totals[0] - sheet.totals[1]
        first = 0.5 * (1.0 + math.erf(margin / (self.spread * math.sqrt(2.0 * max(left, 1)))))
        chances = (first, 1.0 - first)
        return [weight * chance + (1.0 - weight) * value for chance, value in zip(chances, values, strict=True)]


class AveragedSearch(GuidedSearch):
    """``hard``'s search valuing each new leaf by the mean of ``rollouts`` simulations from it rather than one: less
    noise per iteration, fewer iterations."""

    rollouts = 4

    def evaluate(self, world: GameState, state: GameState, round_scored: bool) -> list[float]:
        if round_scored:
            return super().evaluate(world, state, round_scored)
        runs = [super(AveragedSearch, self).evaluate(world, state, False) for _ in range(self.rollouts)]
        return [sum(values) / len(runs) for values in zip(*runs, strict=True)]


class HalvingTreeSearch(GuidedSearch):
    """``hard``'s search with the root of shared samples (``engine.bots.shared_samples``: every move still in the
    running tried on the same world, sequential halving) and ``hard``'s tree below each move: the opponent's replies
    searched, two moves compared on the same deals."""

    def iterate_from(self, world: GameState, index: int, seed: int) -> None:
        """One iteration through the root move ``index`` on ``world``, its randomness drawn from ``seed``."""
        seat, move = self.observer, self.moves[index]
        node = self.root.children[(seat, move)]
        node.available += 1
        self.rng.seed(seed)
        state, events = engine.apply(world, seat, move)
        path, played = [self.root, node], [(seat, move)]
        round_scored = scores_a_round(events, world.players)
        if not round_scored:
            state, path, played, round_scored = self.descend_from(node, state, path, played)
        values = self.evaluate(world, state, round_scored)
        self.backpropagate(path, played, values)
        self.iterations += 1


class VariantPolicy(GuidedISMCTSPolicy):
    """``hard``'s search whose decisions are ``search_type``'s, each with ``fields`` set (``EquitySearch``'s
    ``spread``, ``AveragedSearch``'s ``rollouts``)."""

    def __init__(self, search_type: type[GuidedSearch], fields: Mapping[str, Any], **options: Any) -> None:
        super().__init__(**options)
        self.search_type = search_type
        self.fields = dict(fields)

    def new_search(self, seat_input: SeatInput, first: GameState, rng: random.Random) -> Search:
        search = super().new_search(seat_input, first, rng)
        for name, value in self.fields.items():
            setattr(search, name, value)
        return search


def halving_sweep(search: Search, world: GameState, alive: list[int], seed: int) -> None:
    """Every move of ``alive`` tried on ``world`` through the tree below it, each with the randomness of ``seed``."""
    assert isinstance(search, HalvingTreeSearch)
    for index in alive:
        search.iterate_from(world, index, seed)


class HalvingTreePolicy(VariantPolicy):
    """``hard``'s search whose decisions are ``HalvingTreeSearch``es on shared samples, the first cut after
    ``first_cut`` sweeps."""

    def __init__(self, first_cut: int, **options: Any) -> None:
        super().__init__(HalvingTreeSearch, {}, **{**options, "shared_samples": True})
        self.sweep_with = halving_sweep
        self.first_cut = first_cut


def same_world(world: GameState, seed: int) -> GameState:
    return world


def fields(text: str) -> dict[str, Any]:
    """``<field>=<value>-...`` as values: ``True``/``False``, ``None``, else a number."""
    constants: dict[str, Any] = {"True": True, "False": False, "None": None}
    changes: dict[str, Any] = {}
    for item in text.split("-"):
        name, _, value = item.partition("=")
        changes[name] = constants[value] if value in constants else int(value) if value.isdigit() else float(value)
    return changes


def variant_policy(label: str, game_type: str) -> Policy:
    """The policy a variant's label names (ValueError for a label it cannot read)."""
    if label.startswith("hardinf"):  # hardinf<T>: hard's search on samples weighted by the other's placements
        return Inferring(level_search(level_settings(game_type, "hard"), game_type), float(label[7:]))
    if label.startswith("hardsh"):  # hardsh<N>: shared samples and halving at the root, the tree below
        settings = level_settings(game_type, "hard").search_settings()
        first_cut = int(label.removeprefix("hardsh"))
        return HalvingTreePolicy(first_cut, iterations=None, **guided_options(settings, game_type))
    if label.startswith("hardk"):  # hardk<K>: hard's search, each leaf valued by K simulations
        settings = level_settings(game_type, "hard").search_settings()
        averaged = {"rollouts": int(label.removeprefix("hardk"))}
        return VariantPolicy(AveragedSearch, averaged, iterations=None, **guided_options(settings, game_type))
    if label.startswith("equity"):  # equity<SPREAD>: hard's search valuing a coffin by the match it leaves
        settings = level_settings(game_type, "hard").search_settings()
        spread = float(label.removeprefix("equity"))
        return VariantPolicy(EquitySearch, {"spread": spread}, iterations=None, **guided_options(settings, game_type))
    level, _, rest = label.partition("~")
    if level in LEVELS and rest:  # <level>~<field>=<value>-...: a level with LevelSettings fields replaced
        return settled_policy(dataclasses.replace(level_settings(game_type, level), **fields(rest)), game_type)
    if label.startswith("hard-"):
        settings = level_settings(game_type, "hard").search_settings()
        return guided_search(dataclasses.replace(settings, **fields(label.removeprefix("hard-"))), game_type, None)
    parts = label.split("-")
    if parts[0] != "tree":
        raise ValueError(f"{label!r}: a variant is tree-c<C>-h<EPS>-x|xh|inf<T>|w<K> or hard-<field>=<value>-...")
    exploration, rollout, clairvoyant, hands_only, temperature, worlds = EXPLORATION, None, False, False, 0.0, 0
    for part in parts[1:]:
        if part.startswith("w"):
            worlds = int(part[1:])
        elif part.startswith("inf"):
            temperature = float(part[3:])
        elif part in ("x", "xh"):
            clairvoyant, hands_only = True, part == "xh"
        elif part.startswith("c"):
            exploration = float(part[1:])
        elif part.startswith("h"):
            rollout = mixed_rollout(HEURISTICS[game_type], float(part[1:]))
        else:
            raise ValueError(f"{label!r}: {part!r} is none of c<C>, h<EPS>, x, xh, inf<T>, w<K>.")
    policy = ISMCTSPolicy(exploration=exploration, rollout_policy=rollout)
    if temperature:
        return Inferring(policy, temperature)
    if worlds:
        return WorldTrees(policy, worlds)
    return Clairvoyant(policy, hands_only) if clairvoyant else policy


def run(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="dracula")
    parser.add_argument("--variant", required=True)
    parser.add_argument("--opponent", default="mcts:200ms")
    parser.add_argument("--matches", default="40", help="deals, each played in both seats")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--options", default="{}")
    parser.add_argument("--jobs", default="2")
    args = parser.parse_args(argv)
    policies = bot_kinds.BOT_POLICIES
    assert isinstance(policies, dict)
    policies[args.variant] = variant_policy(args.variant, args.game)  # a kind for this process (and its workers)
    return main(
        [
            "arena", "--game", args.game, "--players", "2", "--bots", f"{args.variant},{args.opponent}",
            "--matches", args.matches, "--seed", args.seed, "--jobs", args.jobs, "--options", args.options,
        ]
    )  # fmt: skip


if __name__ == "__main__":
    sys.exit(run())
