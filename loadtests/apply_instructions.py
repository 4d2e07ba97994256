"""ApplyMove's server instructions per move, counted by callgrind: a comparison of revisions that a loaded machine
does not move.

    .venv/bin/python -m loadtests.apply_instructions [OLD NEW ...] [--game G ...] [--matches 3] [--omit-view]
        [--patch FILE] [--redis-url redis://127.0.0.1:6379/0] [--keep DIR] [--valgrind OPTION ...]

Each revision (a git revision, checked out in a temporary worktree as ``loadtests/compare_revisions.py`` does, or
the path of a directory holding a tree: ``.`` measures uncommitted work) serves from its own tree; ``--patch FILE``
applies a patch to the last git revision named (``HEAD HEAD --patch loadtests/devices/no_state_cache.patch``: what
a speed device saves). Per game, its
seeded matches are first recorded between random bots on a plain server of that revision; then ``cardengine serve``
runs under ``valgrind --tool=callgrind`` (``PYTHONHASHSEED=0``, one worker, no bot workers) on the given Redis
(``""``: in memory). One caller creates a game per match and plays the first match through (warm-up); then the
counters are zeroed (``callgrind_control -z``), the other matches are replayed as accepted ApplyMoves one at a time,
and the counters are dumped (``callgrind_control -d``), less what the idle server counts in as long again (its
background loops run by the clock, and under callgrind a move takes some 50 times longer). It prints the server's
instructions per move of each revision and the ratio to the first one. On an otherwise idle machine a revision's
count repeats within 0.1%; beside other work it moved by up to 10% (the idle count subtracted runs by the clock), and
a timing by 20-30%: count with the machine to yourself.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path

import grpc
from cardengine.v1 import game_engine_pb2_grpc as pb_grpc

from loadtests.bench_service import game_types
from loadtests.compare_revisions import Revision, worktrees
from loadtests.grpc_load import AnswerForm, RecordedMatch, create_request, record_matches, replay_match
from loadtests.server_process import START_TIMEOUT_SECONDS, ServerProcess

VALGRIND_START_SECONDS = 600.0  # start-up under callgrind runs some 50 times slower
TOTALS = re.compile(rb"^(?:totals|summary):\s+(\d+)", re.MULTILINE)


def serve_command(redis_url: str) -> list[str]:
    command = [sys.executable, "-P", "-m", "service.cli", "serve", "--host", "127.0.0.1", "--grpc-port", "0"]
    command += ["--http-port", "0", "--workers", "1", "--bot-workers", "0"]
    return command + (["--redis-url", redis_url] if redis_url else [])


def server(
    revision: Revision, redis_url: str, *, counted: Path | None = None, valgrind_args: Sequence[str] = ()
) -> ServerProcess:
    """The revision's server; under callgrind, its counts written to ``counted`` (a directory), if given."""
    command = serve_command(redis_url)
    if counted is not None:
        output = f"--callgrind-out-file={counted}/callgrind.%p"
        command = ["valgrind", "--tool=callgrind", output, *valgrind_args, *command]
    environment = {**revision.environment(), "PYTHONHASHSEED": "0"}
    start_timeout = VALGRIND_START_SECONDS if counted is not None else START_TIMEOUT_SECONDS
    return ServerProcess(command=command, environment=environment, start_timeout=start_timeout)


def callgrind_control(option: str, pid: int) -> None:
    subprocess.run(["callgrind_control", option, str(pid)], check=True, capture_output=True)


def dumped_total(directory: Path, pid: int) -> int:
    """The instruction count of the last dump of ``pid``: callgrind numbers its dumps ``callgrind.PID.N``, one file
    per thread ``callgrind.PID.N-T`` with ``--separate-threads=yes``, summed."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        dumps: dict[int, list[Path]] = {}
        for path in directory.glob(f"callgrind.{pid}.*"):
            dumps.setdefault(int(path.suffix[1:].split("-")[0]), []).append(path)
        if dumps:
            totals = [TOTALS.search(path.read_bytes()) for path in dumps[max(dumps)]]
            if all(totals):
                return sum(int(found.group(1)) for found in totals if found)
        time.sleep(0.5)
    raise RuntimeError(f"callgrind wrote no dump of process {pid} in {directory}")


def count_moves(
    revision: Revision, game_type: str, matches: Sequence[RecordedMatch], args: argparse.Namespace
) -> tuple[int, int]:
    """(instructions, moves) of the server of ``revision`` replaying every match but the first (the warm-up)."""
    form = AnswerForm(omit_view=args.omit_view)
    with tempfile.TemporaryDirectory(prefix="cardengine-callgrind-") as directory, ExitStack() as stack:
        counted = Path(directory)
        running = stack.enter_context(server(revision, args.redis_url, counted=counted, valgrind_args=args.valgrind))
        channel = stack.enter_context(grpc.insecure_channel(running.grpc_target))
        stub = pb_grpc.GameEngineStub(channel)
        created = [stub.CreateGame(create_request(game_type, 2, match.seed), timeout=600) for match in matches]
        latencies: list[float] = []
        replay_match(stub, created[0], matches[0], form, lambda: True, latencies)
        callgrind_control("-z", running.pid)
        started = time.monotonic()
        for game, match in zip(created[1:], matches[1:], strict=True):
            replay_match(stub, game, match, form, lambda: True, latencies)
        callgrind_control("-d", running.pid)
        total = dumped_total(counted, running.pid)
        # The background loops (clock sweeper, gRPC's pollers) run by the clock, and under callgrind a move takes
        # some 50 times longer: what the idle server counts in the same time is taken off.
        callgrind_control("-z", running.pid)
        time.sleep(time.monotonic() - started)
        callgrind_control("-d", running.pid)
        total -= dumped_total(counted, running.pid)
        moves = sum(len(match.moves) for match in matches[1:])
        if args.keep:
            kept = args.keep / f"{game_type}-{revision.name.strip('/.').replace('/', '_') or 'tree'}"
            shutil.copytree(counted, kept, dirs_exist_ok=True)
        return total, moves


@contextmanager
def revisions_of(names: Sequence[str], patch: Path | None = None) -> Iterator[list[Revision]]:
    """A revision per name: a directory holding a tree as it is, else a git revision in a temporary worktree (the
    last of those with ``patch`` applied)."""
    trees = [name for name in names if not Path(name).is_dir()]
    with worktrees(trees, patch=patch) if trees else _nothing() as checked_out:
        given = iter(checked_out)
        yield [Revision(name, "tree", Path(name).resolve()) if Path(name).is_dir() else next(given) for name in names]


@contextmanager
def _nothing() -> Iterator[list[Revision]]:
    yield []


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m loadtests.apply_instructions", description=__doc__.split("\n")[0])
    parser.add_argument("revisions", nargs="*", default=["f734b2d", "HEAD"], help="revisions or tree directories")
    parser.add_argument("--game", action="append", help="a game to measure (repeatable; default: every game)")
    parser.add_argument("--matches", type=int, default=3, help="matches per game, the first one the warm-up")
    parser.add_argument("--omit-view", action="store_true", help="ask for the answer without the view")
    parser.add_argument("--patch", type=Path, help="a patch applied to the last git revision named")
    parser.add_argument("--keep", type=Path, help="a directory to keep the callgrind dumps in (for callgrind_annotate)")
    parser.add_argument("--valgrind", action="append", default=[], help="an option for valgrind (repeatable)")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/0", help='the servers\' Redis ("": memory)')
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.matches < 2:
        print("error: --matches must be at least 2 (the first is the warm-up)", file=sys.stderr)
        return 2
    os.environ.setdefault("PYTHONHASHSEED", "0")
    with revisions_of(args.revisions, args.patch) as revisions:
        print(f"{'game':<14} {'revision':<28} {'moves':>6} {'instructions/move':>18} {'ratio':>6}", flush=True)
        for game_type in args.game or game_types():
            first = 0.0
            for revision in revisions:
                with server(revision, "") as plain:
                    matches = record_matches(plain.grpc_target, game_type, 2, args.matches, 1)
                instructions, moves = count_moves(revision, game_type, matches, args)
                per_move = instructions / moves
                first = first or per_move
                print(f"{game_type:<14} {revision.label:<28} {moves:>6} {per_move:>18,.0f} {per_move / first:>6.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
