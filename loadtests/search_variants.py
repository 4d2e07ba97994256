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
sampled world, K worlds a move, their visits summed. ``hard-<field>=<value>-...`` is the guided
search of ``hard`` in that game with those ``SearchSettings`` fields replaced. The variant plays under its label
through ``cardengine arena`` (same deals, rotations, budgets and table), at the arena's ``--budget-ms``.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import math
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from engine.bots.heuristics import HEURISTICS
from engine.bots.ismcts import EXPLORATION, ISMCTSPolicy, RolloutPolicy
from engine.bots.levels import guided_search, level_settings
from engine.bots.policy import Policy, SeatInput
from engine.games.dracula.coffin import ACROSS, CELL_INDEX, NEIGHBOURS
from engine.games.dracula.heuristic import COLUMN_OF, ROW_OF, line_worth
from engine.moves import Move
from engine.state import GameState
from service.cli.commands import main
from service.core import bot_kinds


def mixed_rollout(heuristic: RolloutPolicy, epsilon: float) -> RolloutPolicy:
    def rollout(state: GameState, seat: int, moves: Sequence[Move], rng: random.Random) -> Move:
        if rng.random() < epsilon:
            return moves[rng.randrange(len(moves))]
        return heuristic(state, seat, moves, rng)

    return rollout


@dataclasses.dataclass(frozen=True)
class Clairvoyant:
    """A search policy handed the true state as each of its samples (a measuring instrument, never a bot kind)."""

    policy: Policy
    hands_only: bool = False

    def choose(self, seat_input: SeatInput, rng: random.Random) -> Move:
        sample = seat_input.determinize
        assert sample is not None and sample.__closure__ is not None
        cells = dict(zip(sample.__code__.co_freevars, sample.__closure__, strict=True))
        state: GameState = cells["state"].cell_contents  # policy.seat_input's closure holds the true state
        if not self.hands_only:
            return self.policy.choose(dataclasses.replace(seat_input, determinize=lambda seed: state), rng)

        def known_hands(seed: int) -> GameState:
            world = sample(seed)
            hands, true_hands, stock = world.table["hands"], state.table["hands"], list(world.table["stock"])
            for other in range(world.players):
                if other != seat_input.seat:
                    stock.extend(hands[other])
                    hands[other] = list(true_hands[other])
            for other in range(world.players):
                if other != seat_input.seat:
                    for card in true_hands[other]:
                        stock.remove(card)
            random.Random(seed).shuffle(stock)
            world.table["stock"] = stock
            return world

        return self.policy.choose(dataclasses.replace(seat_input, determinize=known_hands), rng)


@dataclasses.dataclass
class Inferring:
    """Dracula, two players: a search policy whose samples are weighted by how likely the other seat's placements
    in this coffin were with the hand each sample gives it, under a softmax of the heuristic's gains at
    ``temperature`` (mixed with ``floor`` of a uniform choice). The placements and their order are remembered
    from this policy's own earlier decisions (an experiment: the engine's state does not keep them)."""

    policy: Policy
    temperature: float
    pool: int = 128
    floor: float = 0.1
    seen: dict[tuple[int, int, int], list[tuple[list[str | None], str, int]]] = dataclasses.field(
        default_factory=dict
    )  # (match seed, deal, seat) -> per opponent placement: the coffin before it, the card and the cell

    def choose(self, seat_input: SeatInput, rng: random.Random) -> Move:
        started = time.perf_counter()
        sample = seat_input.determinize
        assert sample is not None and sample.__closure__ is not None
        cells = dict(zip(sample.__code__.co_freevars, sample.__closure__, strict=True))
        state: GameState = cells["state"].cell_contents
        table, seat = state.table, seat_input.seat
        if table["phase"] != "play" or state.players != 2:
            return self.policy.choose(seat_input, rng)
        key = (state.seed, table["deal"], seat)
        history = self.seen.setdefault(key, [])
        coffin = list(table["coffin"])
        expected = getattr(self, "_after", {}).get(key)  # the coffin right after this seat's last placement
        nail_only = [card if index == 4 else None for index, card in enumerate(coffin)]
        before = expected if expected is not None else nail_only
        new = [index for index in range(9) if coffin[index] is not None and before[index] is None]
        if len(new) == 1:
            history.append((before, str(coffin[new[0]]), new[0]))
        weights_pool = self._weighted(sample, history, seat, state, rng) if history else None
        if weights_pool is not None:
            worlds, weights = weights_pool

            def weighted(seed: int) -> GameState:
                return random.Random(seed).choices(worlds, weights)[0].copy()

            left = seat_input.budget_seconds - (time.perf_counter() - started)  # the weighing is in the budget
            seat_input = dataclasses.replace(seat_input, determinize=weighted, budget_seconds=left)
        move = self.policy.choose(seat_input, rng)
        after = list(coffin)
        if move.kind == "place":
            after[CELL_INDEX[move.args[1]]] = move.args[0]
        if not hasattr(self, "_after"):
            self._after: dict[tuple[int, int, int], list[str | None]] = {}
        self._after[key] = after
        return move

    def _weighted(
        self,
        sample: Any,
        history: list[tuple[list[str | None], str, int]],
        seat: int,
        state: GameState,
        rng: random.Random,
    ) -> tuple[list[GameState], list[float]]:
        other = 1 - seat
        own, theirs = state.table["directions"][other], state.table["directions"][seat]
        worlds, weights = [], []
        for _ in range(self.pool):
            world = sample(rng.getrandbits(63))
            hand = list(world.table["hands"][other])
            likelihood = 1.0
            for index in range(len(history) - 1, -1, -1):  # the hand grows back as placements are undone
                coffin, card, cell = history[index]
                hand.append(card)
                options = [
                    (held, empty)
                    for empty in range(9)
                    if coffin[empty] is None and any(coffin[near] is not None for near in NEIGHBOURS[empty])
                    for held in set(hand)
                ]
                gains = [placement_gain(coffin, held, empty, own, theirs) for held, empty in options]
                top = max(gains)
                exps = [math.exp((gain - top) / self.temperature) for gain in gains]
                chosen = exps[options.index((card, cell))] / sum(exps)
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


def same_world(world: GameState, seed: int) -> GameState:
    return world


def placement_gain(coffin: list[str | None], card: str, cell: int, own: str, other: str) -> float:
    """What placing ``card`` on ``cell`` adds to the mover's line through it less what it adds to the other's."""
    own_line, other_line = (ROW_OF[cell], COLUMN_OF[cell]) if own == ACROSS else (COLUMN_OF[cell], ROW_OF[cell])
    own_cards = tuple(held for held in (coffin[index] for index in own_line) if held is not None)
    other_cards = tuple(held for held in (coffin[index] for index in other_line) if held is not None)
    before = line_worth(own_cards, own) - line_worth(other_cards, other)
    return line_worth((*own_cards, card), own) - line_worth((*other_cards, card), other) - before


def variant_policy(label: str, game_type: str) -> Policy:
    """The policy a variant's label names (ValueError for a label it cannot read)."""
    if label.startswith("hard-"):
        settings = level_settings(game_type, "hard").search_settings()
        changes: dict[str, Any] = {}
        for item in label.removeprefix("hard-").split("-"):
            name, _, value = item.partition("=")
            kind = type(getattr(settings, name))
            changes[name] = value == "True" if kind is bool else kind(value)
        return guided_search(dataclasses.replace(settings, **changes), game_type, None)
    parts = label.split("-")
    if parts[0] != "tree":
        raise ValueError(f"{label!r}: a variant is tree-c<C>-h<EPS>[-x] or hard-<field>=<value>-...")
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
            raise ValueError(f"{label!r}: {part!r} is neither c<C>, h<EPS> nor x.")
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
