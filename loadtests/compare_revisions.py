"""Two revisions of cardengine side by side in one run: ApplyMove's server CPU per move and the engine's moves/s.

    .venv/bin/python -m loadtests.compare_revisions [OLD NEW] [--game G ...] [--rounds 3] [--seconds 5]
        [--engine-seconds 3] [--redis-url redis://127.0.0.1:6379/0]

OLD and NEW are git revisions (default f734b2d and HEAD: the commit before issue 26 and now). Each is checked out
in a detached ``git worktree`` in a temporary directory (removed at the end; uncommitted changes are not in it).
Each revision's server is ``python -P -m service.cli serve`` run from its worktree (``PYTHONPATH`` the worktree and
its generated protobuf code; this interpreter), both on the given Redis (``--redis-url ""``: each in memory), on
all cores but the last, the load generator of this tree on the last (``taskset``), as ``loadtests/bench_service.py``
pins them. Then, in ``--rounds`` rounds that take the revisions in turn (old then new, new then old, ...):

- the service benchmark's ApplyMove rows (``loadtests/grpc_load.py``) for every game named: 16 callers and 1, the
  full answer and ``omit_view``, recorded matches replayed as accepted moves; server CPU per move (/proc) and
  moves/s, each revision's rounds pooled;
- the engine benchmark, ``python -P -m service.cli bench --game G --seconds S`` from each worktree: moves/s per
  game and player count, the mean of the rounds.

``--patch FILE`` applies a patch to NEW's worktree: ``HEAD HEAD --patch loadtests/devices/no_state_cache.patch``
measures what a speed device saves by taking it out (issue 26 keeps a device only if it saves 10% or more).

It prints every figure with the ratio new/old and whether ApplyMove's server CPU per move is within +5% of the old
revision's and the engine's moves/s within -5% (issue 26). Timings mean something only on an idle machine.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from statistics import mean

from loadtests.bench_service import game_types, split_cpus
from loadtests.grpc_load import RecordedMatch, measure_apply, record_matches
from loadtests.measurement import Measurement, merged, ratio
from loadtests.server_process import ServerProcess

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_REVISIONS = ("f734b2d", "HEAD")
CPU_LIMIT = 1.05  # ApplyMove's server CPU per move, new/old
ENGINE_LIMIT = 0.95  # the engine's moves/s, new/old
ROWS = ((16, False), (16, True), (1, False), (1, True))  # (callers, omit_view)
ENGINE_ROW = re.compile(r"^(\w+)\s+(\d+)p\s+[\d.]+\s+(\d+)\s")


@dataclass
class Revision:
    name: str  # as given
    commit: str
    worktree: Path
    server: ServerProcess | None = None
    matches: dict[str, list[RecordedMatch]] = field(default_factory=dict)  # recorded on its own server, per game
    rows: dict[tuple[str, int, bool], Measurement] = field(default_factory=dict)  # (game, callers, omit_view)
    engine: dict[tuple[str, int], list[float]] = field(default_factory=dict)  # (game, players) -> moves/s per round

    @property
    def label(self) -> str:
        return f"{self.name} ({self.commit[:9]})"

    def environment(self) -> dict[str, str]:
        return {"PYTHONPATH": os.pathsep.join((str(self.worktree), str(self.worktree / "service" / "generated")))}


def git(*arguments: str) -> str:
    return subprocess.run(["git", *arguments], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()


@contextmanager
def worktrees(names: Sequence[str], *, patch: Path | None = None) -> Iterator[list[Revision]]:
    """A detached worktree of each revision in a temporary directory, removed on the way out; ``patch`` applied to
    the last one (a speed device taken out, to measure what it saves)."""
    commits = [git("rev-parse", "--verify", f"{name}^{{commit}}") for name in names]
    with tempfile.TemporaryDirectory(prefix="cardengine-compare-") as directory:
        revisions = [
            Revision(name, commit, Path(directory) / f"{index}-{commit[:9]}")
            for index, (name, commit) in enumerate(zip(names, commits, strict=True))
        ]
        try:
            for revision in revisions:
                git("worktree", "add", "--detach", "--quiet", str(revision.worktree), revision.commit)
            if patch is not None:
                git("-C", str(revisions[-1].worktree), "apply", str(patch.resolve()))
                revisions[-1].name += f" + {patch.name}"
            yield revisions
        finally:
            for revision in revisions:
                if revision.worktree.exists():
                    subprocess.run(
                        ["git", "worktree", "remove", "--force", str(revision.worktree)], cwd=ROOT, check=False
                    )
            git("worktree", "prune")


def pinned(cpus: Sequence[int]) -> list[str]:
    return ["taskset", "-c", ",".join(map(str, cpus))] if shutil.which("taskset") else []


def start_server(revision: Revision, redis_url: str, cpus: Sequence[int]) -> ServerProcess:
    command = [*pinned(cpus), sys.executable, "-P", "-m", "service.cli", "serve", "--host", "127.0.0.1"]
    command += ["--grpc-port", "0", "--http-port", "0", "--workers", "1", "--bot-workers", "0"]
    command += ["--redis-url", redis_url] if redis_url else []
    return ServerProcess(command=command, environment=revision.environment())


def measure_service(revision: Revision, game_type: str, seconds: float, players: int) -> None:
    """One round of the ApplyMove rows of one game on one revision's server, pooled into its earlier rounds."""
    server = revision.server
    assert server is not None
    for callers, omit_view in ROWS:
        row = measure_apply(
            server.grpc_target,
            callers,
            seconds,
            revision.matches[game_type],
            game_type,
            players,
            omit_view=omit_view,
            pids=server.pids,
        )
        key = (game_type, callers, omit_view)
        revision.rows[key] = merged(revision.rows[key], row) if key in revision.rows else row


def measure_engine(revision: Revision, game_type: str, seconds: float, cpus: Sequence[int]) -> None:
    """One round of ``cardengine bench`` for one game, run from the revision's worktree."""
    command = [*pinned(cpus[:1]), sys.executable, "-P", "-m", "service.cli", "bench", "--game", game_type]
    command += ["--seconds", str(seconds)]
    environment = {**os.environ, **revision.environment()}
    output = subprocess.run(command, capture_output=True, text=True, check=True, env=environment).stdout
    for line in output.splitlines():
        found = ENGINE_ROW.match(line)
        if found and found.group(1) == game_type:
            revision.engine.setdefault((game_type, int(found.group(2))), []).append(float(found.group(3)))


def run_rounds(args: argparse.Namespace, revisions: list[Revision], cpus: Sequence[int]) -> None:
    for round_number in range(args.rounds):
        order = revisions if round_number % 2 == 0 else revisions[::-1]
        print(f"round {round_number + 1} of {args.rounds}: {', '.join(r.name for r in order)}", flush=True)
        for game_type in args.game or game_types():
            for revision in order:
                measure_service(revision, game_type, args.seconds, args.players)
            for revision in order:
                measure_engine(revision, game_type, args.engine_seconds, cpus)


def service_table(old: Revision, new: Revision) -> list[tuple[str, float]]:
    """Prints the ApplyMove rows; the CPU ratio new/old of each."""
    print("\nApplyMove over gRPC: server CPU per move (us) and moves/s, new/old")
    print(f"{'game':<14} {'row':<22} {'old us':>8} {'new us':>8} {'ratio':>6} {'old /s':>8} {'new /s':>8} {'ratio':>6}")
    ratios = []
    for key, old_row in old.rows.items():
        new_row = new.rows[key]
        game_type, callers, omit_view = key
        name = f"ApplyMove{' omit_view' if omit_view else ''} x{callers}"
        cpu = ratio(new_row.server_cpu_per_unit_us, old_row.server_cpu_per_unit_us)
        old_cpu, new_cpu = (
            old_row.server_cpu_per_unit_us or float("nan"),
            new_row.server_cpu_per_unit_us or float("nan"),
        )
        print(
            f"{game_type:<14} {name:<22} {old_cpu:>8.0f} {new_cpu:>8.0f} {cpu:>6.2f} "
            f"{old_row.rate:>8.0f} {new_row.rate:>8.0f} {ratio(new_row.rate, old_row.rate):>6.2f}"
        )
        ratios.append((f"{game_type} {name}", cpu))
    return ratios


def engine_table(old: Revision, new: Revision) -> list[tuple[str, float]]:
    """Prints the engine's rows; the moves/s ratio new/old of each."""
    print("\nengine (cardengine bench): moves/s, mean of the rounds, new/old")
    print(f"{'game':<14} {'players':>7} {'old':>10} {'new':>10} {'ratio':>6}")
    ratios = []
    for key, old_rates in old.engine.items():
        game_type, players = key
        old_rate, new_rate = mean(old_rates), mean(new.engine.get(key, [float("nan")]))
        print(f"{game_type:<14} {players:>7} {old_rate:>10.0f} {new_rate:>10.0f} {ratio(new_rate, old_rate):>6.2f}")
        ratios.append((f"{game_type} {players}p", ratio(new_rate, old_rate)))
    return ratios


def verdict(what: str, ratios: list[tuple[str, float]], limit: float, *, higher_is_better: bool) -> bool:
    """Prints whether every ratio is within ``limit`` (a NaN, a figure that could not be read, is not)."""

    def badness(item: tuple[str, float]) -> float:
        return math.inf if math.isnan(item[1]) else (-item[1] if higher_is_better else item[1])

    if not ratios:
        print(f"{what}: nothing measured")
        return False
    worst = max(ratios, key=badness)
    within = all((value >= limit if higher_is_better else value <= limit) for _, value in ratios)
    bound = f"{'>=' if higher_is_better else '<='} {limit:.2f}"
    print(f"{what} {bound}: {'yes' if within else 'no'} (worst {worst[1]:.2f}, {worst[0]})")
    return within


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m loadtests.compare_revisions", description=__doc__.split("\n")[0])
    parser.add_argument("revisions", nargs="*", default=list(DEFAULT_REVISIONS), help="OLD NEW (default: %(default)s)")
    parser.add_argument("--patch", type=Path, help="a patch applied to NEW (e.g. loadtests/devices/*.patch)")
    parser.add_argument("--game", action="append", help="a game to measure (repeatable; default: every game)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, each taking the revisions in turn")
    parser.add_argument("--seconds", type=float, default=5.0, help="time per ApplyMove row and round")
    parser.add_argument("--engine-seconds", type=float, default=3.0, help="cardengine bench --seconds")
    parser.add_argument("--players", type=int, default=2, help="players of the ApplyMove games")
    parser.add_argument("--recorded-matches", type=int, default=24, help="matches recorded for the replay (at most)")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/0", help='the servers\' Redis ("": memory)')
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if len(args.revisions) != 2:
        print("error: give two revisions, OLD and NEW", file=sys.stderr)
        return 2
    server_cpus, generator_cpus = split_cpus(pin=True)
    if generator_cpus != server_cpus:
        os.sched_setaffinity(0, generator_cpus)
    with worktrees(args.revisions, patch=args.patch) as revisions, ExitStack() as stack:
        old, new = revisions
        print(f"old {old.label}, new {new.label}; servers on cores {server_cpus}, load generator on {generator_cpus}")
        print(
            f"{args.rounds} rounds, {args.seconds:g} s per ApplyMove row, "
            f"cardengine bench --seconds {args.engine_seconds:g}"
        )
        for revision in revisions:
            revision.server = stack.enter_context(start_server(revision, args.redis_url, server_cpus))
            for game_type in args.game or game_types():
                revision.matches[game_type] = record_matches(
                    revision.server.grpc_target, game_type, args.players, args.recorded_matches, 1, 1000
                )
        run_rounds(args, revisions, server_cpus)
        stack.close()
        cpu_within = verdict(
            "ApplyMove server CPU per move new/old", service_table(old, new), CPU_LIMIT, higher_is_better=False
        )
        engine_within = verdict("engine moves/s new/old", engine_table(old, new), ENGINE_LIMIT, higher_is_better=True)
    print("within the limits" if cpu_within and engine_within else "outside the limits")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
