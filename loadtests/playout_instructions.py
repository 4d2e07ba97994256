"""Seeded random playouts of the engine, the same every run: the workload for counting instructions.

    PYTHONPATH=. valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python -P -m loadtests.playout_instructions 6 house_rummy           # the pure-Python engine
    PYTHONPATH=build/compiled:. valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python -P -m loadtests.playout_instructions 6 house_rummy           # the compiled engine

On a shared machine timings move by 20-30% from run to run, while the instructions a fixed workload executes do
not: callgrind's "Collected" count, less the count of the same command with 0 matches (start-up and imports),
compares two versions of the engine to a fraction of a percent. Plays MATCHES matches of 2 players of each game
named (default: every game), match ``m`` dealt with seed ``m`` and its moves chosen by ``random.Random(m)``, and
prints which engine ran (its ``engine.api`` file) and the number of moves. A measuring instrument, not part of the
product.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence

import engine


def play(game_id: str, matches: int) -> int:
    """Moves played in ``matches`` seeded 2-player random playouts of ``game_id``."""
    moves = 0
    for match in range(matches):
        chooser = random.Random(match)
        state, _ = engine.new_game(game_id, 2, seed=match)
        while acting := engine.to_act(state):
            seat = acting[0]
            state, _ = engine.apply(state, seat, chooser.choice(engine.legal_moves(state, seat)))
            moves += 1
    return moves


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    if not arguments or not arguments[0].isdigit():
        print("usage: python -m loadtests.playout_instructions MATCHES [GAME ...]", file=sys.stderr)
        return 2
    matches, games = int(arguments[0]), arguments[1:] or [game.id for game in engine.all_games()]
    moves = sum(play(game_id, matches) for game_id in games)
    print(engine.api.__file__, moves)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
