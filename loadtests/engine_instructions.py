"""The engine's instructions per move, counted by callgrind: the engine benchmark of two revisions, which a loaded
machine does not move.

    .venv/bin/python -m loadtests.engine_instructions [OLD NEW ...] [--game G ...] [--matches 6]

Each revision (a git revision, checked out in a temporary worktree as ``loadtests/compare_revisions.py`` does, or a
directory holding a tree: ``.`` is the uncommitted work) plays this checkout's ``loadtests/playout_instructions.py``
on its own engine under ``valgrind --tool=callgrind``, twice: ``--matches`` and three times as many seeded random
2-player playouts. The difference of the two counts over the difference of their moves is the engine's instructions
per move, without start-up, imports and what a game builds on first use. It prints them with the ratio to the first
revision. A playout is ``legal_moves`` and ``apply``, as the engine benchmark (``cardengine bench``) times them.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from loadtests.apply_instructions import revisions_of
from loadtests.bench_service import game_types
from loadtests.compare_revisions import Revision

PLAYOUTS = Path(__file__).with_name("playout_instructions.py")
COLLECTED = re.compile(r"Collected : (\d+)")


def counted(revision: Revision, game_type: str, matches: int) -> tuple[int, int]:
    """The instructions and moves of ``matches`` playouts of ``game_type`` on ``revision``'s engine."""
    # Bytecode is neither written nor rewritten between the runs, so both compile (or read) the same modules.
    environment = {**os.environ, **revision.environment(), "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1"}
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-P", str(PLAYOUTS)]
    done = subprocess.run(
        [*command, str(matches), game_type], env=environment, capture_output=True, text=True, check=True
    )
    found = COLLECTED.search(done.stderr)
    if found is None:
        raise RuntimeError(f"callgrind printed no count:\n{done.stderr[-2000:]}")
    return int(found.group(1)), int(done.stdout.split()[-1])


def per_move(revision: Revision, game_type: str, matches: int) -> float:
    fewer, fewer_moves = counted(revision, game_type, matches)
    more, more_moves = counted(revision, game_type, 3 * matches)
    return (more - fewer) / (more_moves - fewer_moves)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m loadtests.engine_instructions", description=__doc__.split("\n")[0])
    parser.add_argument("revisions", nargs="*", default=["f734b2d", "HEAD"], help="revisions or tree directories")
    parser.add_argument("--game", action="append", help="a game to measure (repeatable; default: every game)")
    parser.add_argument("--matches", type=int, default=6, help="playouts of the shorter run (the longer: three times)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    with revisions_of(args.revisions) as revisions:
        print(f"{'game':<14} {'revision':<28} {'instructions/move':>18} {'ratio':>6}", flush=True)
        for game_type in args.game or game_types():
            first = 0.0
            for revision in revisions:
                instructions = per_move(revision, game_type, args.matches)
                first = first or instructions
                print(f"{game_type:<14} {revision.label:<28} {instructions:>18,.0f} {instructions / first:>6.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
