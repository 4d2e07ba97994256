"""House Rummy and Rummy Battle random playouts beside OpenSpiel's gin_rummy (C++), in one run.

Each round times, for ``--seconds`` each, the engine's random playout of every game named (the loop of
``cardengine bench``: ``legal_moves``, a random choice, ``apply``; 2 players, the game's playout options) and
OpenSpiel 2.0.2's ``gin_rummy`` (``legal_actions()``, a random choice, ``apply_action()``, chance nodes included),
and prints moves/s and the ratio to OpenSpiel. Needs ``pip install open-spiel==2.0.2``.

    .venv/bin/python -m loadtests.bench_rummy_vs_openspiel --rounds 3 --seconds 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import engine
from service.cli.bench import bench_game


def openspiel_moves_per_second(seconds: float) -> float:
    import pyspiel  # type: ignore[import-not-found]  # optional: the bench extra

    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(12345)
    clock = time.perf_counter
    moves = 0
    started = clock()
    while clock() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    return moves / (clock() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--games", default="house_rummy,rummy_battle")
    args = parser.parse_args()
    games = [game for game in args.games.split(",") if game]
    ratios: dict[str, list[float]] = {game: [] for game in games}
    for round_number in range(1, args.rounds + 1):
        anchor = openspiel_moves_per_second(args.seconds)
        print(f"round {round_number}: openspiel gin_rummy {anchor:>10.0f} moves/s")
        for game in games:
            engine.get_game(game)
            result = bench_game(game, 2, args.seconds)
            ratio = result.moves_per_second / anchor
            ratios[game].append(ratio)
            print(
                f"  {game:<14}{result.moves_per_second:>10.0f} moves/s  ratio {ratio:5.2f}  "
                f"step p50 {result.step_median_us:6.1f} us  legal p50 {result.legal_moves_median_us:6.1f} us"
            )
    for game in games:
        shown = " ".join(f"{ratio:.2f}" for ratio in ratios[game])
        print(f"{game:<14} ratio to openspiel gin_rummy: {shown} (median {statistics.median(ratios[game]):.2f})")


if __name__ == "__main__":
    main()
