"""How far apart ``mcts``'s root moves are: per position, the gap between the mean rewards of its best two moves and
between its best and worst, and its iterations at the time budget (docs/bots.md "The UCB constant").

    python -m loadtests.search_spread --game dracula --positions 30 --options '{"deals": 2}'

Positions come from seeded random matches (1 to 11 random moves in); a position where the seat to act has fewer
than three legal moves is skipped.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Sequence

import engine
from engine.bots import ISMCTSPolicy, seat_input


def run(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="dracula")
    parser.add_argument("--positions", type=int, default=30, help="seeds tried (0, 1, ...)")
    parser.add_argument("--options", default="{}")
    parser.add_argument("--budget-ms", type=float, default=200.0)
    args = parser.parse_args(argv)
    gaps, spreads, iterations = [], [], []
    for seed in range(args.positions):
        state, _ = engine.new_game(args.game, 2, seed, json.loads(args.options))
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 12)):
            seat = engine.to_act(state)[0]
            moves = engine.legal_moves(state, seat)
            state, _ = engine.apply(state, seat, moves[rng.randrange(len(moves))])
        if engine.is_finished(state):
            continue
        seat = engine.to_act(state)[0]
        if len(engine.legal_moves(state, seat)) < 3:
            continue
        search = ISMCTSPolicy()
        search.choose(seat_input(state, seat, args.budget_ms / 1000), random.Random(seed))
        assert search.last_root is not None
        means = sorted((child.mean() for child in search.last_root.children.values() if child.visits), reverse=True)
        iterations.append(search.last_iterations)
        gaps.append(means[0] - means[1])
        spreads.append(means[0] - means[-1])
    print(f"{args.game}: {len(gaps)} positions, mcts at {args.budget_ms:g} ms")
    print(f"iterations a move: median {statistics.median(iterations):g}")
    print(f"mean reward, best less second best: median {statistics.median(gaps):.3f}")
    print(f"mean reward, best less worst: median {statistics.median(spreads):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(run())
