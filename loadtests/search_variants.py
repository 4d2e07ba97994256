"""Duplicate matches of a search variant that is not a bot kind (a UCB constant, heuristic simulations) against any
bot spec: how a level's settings were chosen before they went into ``engine/bots/levels.py`` (docs/bots.md).

    python -m loadtests.search_variants --game dracula --variant tree-c0.15-h0.5 --opponent mcts:200ms \\
        --matches 40 --seed 801 --options '{"deals": 6}'

A variant is ``mcts``'s own search (``ISMCTSPolicy``, random simulations, its reward) with changes named in its
label, dash-separated: ``c<C>`` the UCB constant (0.7 by default), ``h<EPS>`` simulations by the game's heuristic
(``engine.bots.heuristics``) with a random move with probability EPS. ``hard-<field>=<value>-...`` is the guided
search of ``hard`` in that game with those ``SearchSettings`` fields replaced. The variant plays under its label
through ``cardengine arena`` (same deals, rotations, budgets and table), at the arena's ``--budget-ms``.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
from collections.abc import Sequence
from typing import Any

from engine.bots.heuristics import HEURISTICS
from engine.bots.ismcts import EXPLORATION, ISMCTSPolicy, RolloutPolicy
from engine.bots.levels import guided_search, level_settings
from engine.bots.policy import Policy
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
        raise ValueError(f"{label!r}: a variant is tree-c<C>-h<EPS> or hard-<field>=<value>-...")
    exploration, rollout = EXPLORATION, None
    for part in parts[1:]:
        if part.startswith("c"):
            exploration = float(part[1:])
        elif part.startswith("h"):
            rollout = mixed_rollout(HEURISTICS[game_type], float(part[1:]))
        else:
            raise ValueError(f"{label!r}: {part!r} is neither c<C> nor h<EPS>.")
    return ISMCTSPolicy(exploration=exploration, rollout_policy=rollout)


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
