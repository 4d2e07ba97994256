"""The service benchmark: ApplyMove over gRPC and REST on Redis, beside its anchors measured in the same run.

    .venv/bin/python -m loadtests.bench_service --redis-url redis://127.0.0.1:6379/0 [--plot out.png]

Starts its own servers (``cardengine serve`` on free ports, on the given Redis) unless ``--target`` names a running
one. With at least two cores, the servers run on all cores but the last and this process (the load generator) and
``wrk`` on the last (``taskset``), so neither takes the other's CPU. Then, for every game (``--game`` for one):

- gRPC, for each concurrency (1 and 16 callers by default; one channel and one thread each), ``--seconds`` each:
  ``bare`` (the gRPC health service's Check: the cheapest unary call the server answers, no store, no engine),
  ``ApplyMove`` (the full answer, with the caller's view as a Struct), ``ApplyMove view_json`` (the same view as
  JSON text, ``ApplyMoveRequest.view_json``) and ``ApplyMove omit_view`` (the header only). Callers
  replay recorded matches: a warm-up plays matches between random bots through the API and records each seat's
  moves; the timed callers create games with the same seeds (same deals) and apply the recorded moves in order at
  the known versions, so every timed call is an accepted ApplyMove (read the snapshot, run the rules,
  compare-and-set on Redis). The games are created before the timed window (enough for more moves than any row
  makes; a caller that runs out creates more inline, which the row then says), so no CreateGame is in the figures.
  Server CPU per call is read from the server processes' /proc stat (all the workers'), around the window only.
- With Redis, the floor beside them (``loadtests/floor_server.py``, the same stack on the same cores): an
  ApplyMove that is only the bare call + the rules + one compare-and-set, and the same without the compare-and-set;
  the ratios of the floor to the bare call and of ApplyMove to the floor, and each missed target names what the
  floor itself reaches (``--no-floor`` skips it).
- REST under ``wrk`` (a C load generator; Debian package ``wrk``), 16 connections: ``GET /healthz`` (the anchor),
  ``GET /v1/games/{id}`` (a seat's view) and ``POST /v1/games/{id}/moves`` (recorded matches replayed, one
  connection per wrk thread so each plays its own games in order).

Then ``--workers`` 1 against 2 (``serve --workers N``, Dracula, 16 callers, the same pinning): throughput, p99 and
server CPU per move; and the costs that must not grow with a match's length: an idempotent retry and a GetEvents
page early and late in a long match. The rows are measured by ``loadtests/grpc_load.py`` and
``loadtests/rest_load.py``.

It prints every row, the ratios against the anchors and judges the targets only on the runs they are defined for
(gRPC with 16 callers: ApplyMove throughput >= 0.6x bare, p99 <= 2.0x; 1 caller: p50 <= 1.6x; server CPU per
ApplyMove <= 1.6x bare's; REST: ApplyMove >= 0.5x /healthz, GetGame >= 0.7x). ``--plot out.png`` draws the latency
distributions and the throughput of every configuration (matplotlib). Games it creates expire by the server's
time-to-live; it never flushes the Redis database.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import shutil
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import engine
from loadtests.grpc_load import (
    VIEW_FORMS,
    RecordedMatch,
    measure_apply,
    measure_bare,
    measure_growth,
    measure_in_turn,
    record_matches,
)
from loadtests.measurement import Measurement, against_bare, ratio, ratios_text, report, with_server_cpu
from loadtests.rest_load import WRK_CONNECTIONS, WRK_INSTALL, measure_rest, wrk_available
from loadtests.server_process import ServerProcess

# How to choose the servers' engine: they import it from the path, as `cardengine serve` does.
ENGINE_HOW = "PYTHONPATH=$PWD/build/compiled puts the mypyc-compiled copy of scripts/build_compiled_engine first"
ROOT = Path(__file__).resolve().parents[1]
TARGETS = {
    "grpc_throughput_16": 0.6,
    "grpc_p99_16": 2.0,
    "grpc_p50_1": 1.6,
    "grpc_cpu": 1.6,
    "rest_apply": 0.5,
    "rest_get": 0.7,
    "rest_grpc_cpu": 1.1,  # REST ApplyMove's server CPU per move at most this times gRPC's (same connections)
    "rest_grpc_p99": 1.5,  # and its p99 at most this times gRPC's
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m loadtests.bench_service", description=__doc__.split("\n")[0])
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/0", help="Redis of the servers it starts")
    parser.add_argument("--target", help="HOST:PORT of a running server instead (its own store; gRPC rows only)")
    parser.add_argument("--callers", type=int, action="append", help="concurrency levels (default 1 and 16)")
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--game", action="append", help="a game to measure (repeatable; default: every game)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--recorded-matches", type=int, default=24, help="matches recorded for the replay (at most)")
    parser.add_argument(
        "--recorded-moves", type=int, default=1000, help="stop recording matches past this many moves (at least 2)"
    )
    parser.add_argument("--server-arg", action="append", default=[], help="extra argument to `cardengine serve`")
    parser.add_argument("--no-rest", action="store_true", help="skip the REST rows (wrk)")
    parser.add_argument("--no-workers", action="store_true", help="skip --workers 1 against 2")
    parser.add_argument("--no-growth", action="store_true", help="skip the costs that must not grow")
    parser.add_argument(
        "--no-floor", action="store_true", help="skip the floor (loadtests/floor_server.py: bare + rules + CAS)"
    )
    parser.add_argument("--growth-moves", type=int, default=600, help="length of the long match (moves)")
    parser.add_argument("--no-pin", action="store_true", help="do not pin servers and load generator apart")
    parser.add_argument("--plot", type=Path, help="write latency distributions and throughput to this PNG")
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="measure each gRPC configuration this many times, taking turns, and pool the runs (a noisy machine)",
    )
    return parser


# A missed target whose figure is within this of what the floor reaches on the same measure (the floor missing it
# too) is "at the floor": what is left above the floor is at most a tenth (issue 14's "Done when").
AT_FLOOR_MARGIN = 0.10


@dataclass
class Verdicts:
    checks: list[tuple[str, float, float, bool]] = field(default_factory=list)  # (what, value, target, higher is ok)
    floors: dict[str, float] = field(default_factory=dict)  # what the floor server reaches on the same check

    def add(self, what: str, value: float, target: float, *, higher: bool, floor: float | None = None) -> None:
        self.checks.append((what, value, target, higher))
        if floor is not None and not math.isnan(floor):
            self.floors[what] = floor

    def at_floor(self, what: str, value: float, target: float, *, higher: bool) -> bool:
        """Missed, but so does the floor, and the figure is within ``AT_FLOOR_MARGIN`` of the floor's."""
        floor = self.floors.get(what)
        if floor is None or (floor >= target if higher else floor <= target):
            return False
        return value >= floor / (1 + AT_FLOOR_MARGIN) if higher else value <= floor * (1 + AT_FLOOR_MARGIN)

    def _line(self, what: str, value: float, target: float, *, higher: bool) -> str:
        floor = self.floors.get(what)
        return (
            f"{what} {value:.2f} (target {'>=' if higher else '<='} {target:.2f}"
            + (f"; the floor: {floor:.2f}, {value / floor:.2f}x it" if floor else "")
            + ")"
        )

    def failed(self) -> list[str]:
        """The targets missed, each with the floor's figure when there is one (those at the floor included)."""
        return [
            self._line(what, value, target, higher=higher)
            for what, value, target, higher in self.checks
            if not (value >= target if higher else value <= target)
        ]

    def floored(self) -> list[str]:
        """The targets missed at the floor (``at_floor``)."""
        return [
            self._line(what, value, target, higher=higher)
            for what, value, target, higher in self.checks
            if not (value >= target if higher else value <= target)
            and self.at_floor(what, value, target, higher=higher)
        ]


def split_cpus(*, pin: bool) -> tuple[list[int], list[int]]:
    """(server cores, load generator cores): the last core for the load generator when there are two or more."""
    cpus = sorted(os.sched_getaffinity(0))
    if not pin or len(cpus) < 2:
        return cpus, cpus
    return cpus[:-1], cpus[-1:]


@contextmanager
def server(args: argparse.Namespace, cpus: Sequence[int], workers: int) -> Iterator[ServerProcess]:
    extra = ["--workers", str(workers), "--bot-workers", "0", *args.server_arg]
    wrapper = ["taskset", "-c", ",".join(map(str, cpus))] if shutil.which("taskset") else []
    with ServerProcess(redis_url=args.redis_url or None, extra_args=extra, wrapper=wrapper) as running:
        yield running


FLOOR_NAME = "floor: bare+rules+CAS"


RULES_ONLY_NAME = "floor without the CAS"
RULES_ONLY_METADATA = (("x-floor", "rules-only"),)  # floor_server.py skips the compare-and-set for it


@contextmanager
def floor_server(args: argparse.Namespace, cpus: Sequence[int]) -> Iterator[ServerProcess | None]:
    """``loadtests.floor_server`` on the same cores and store (None with ``--no-floor`` or without Redis)."""
    if args.no_floor or not args.redis_url:
        yield None
        return
    wrapper = ["taskset", "-c", ",".join(map(str, cpus))] if shutil.which("taskset") else []
    # -P and the repository after PYTHONPATH: the engine comes from the path as for `cardengine serve` (a compiled
    # copy on PYTHONPATH first), not from the working directory that `-m` would put first.
    command = [*wrapper, sys.executable, "-P", "-m", "loadtests.floor_server", "--redis-url", args.redis_url]
    path = os.pathsep.join(filter(None, (os.environ.get("PYTHONPATH", ""), str(ROOT))))
    with ServerProcess(command=command, environment={"PYTHONPATH": path}) as running:
        yield running


@dataclass(frozen=True, slots=True)
class Servers:
    """What the gRPC and REST rows are measured against: the server (its gRPC target, HTTP URL when it serves REST
    and processes), the cores of the load generator and the floor server beside it when there is one."""

    target: str
    http_url: str | None = None
    pids: Sequence[int] = ()
    generator_cpus: Sequence[int] = ()
    floor: ServerProcess | None = None


def game_types() -> list[str]:
    """The games measured when ``--game`` names none: every game the registry holds, by id."""
    return [game.id for game in engine.all_games()]


def run_games(args: argparse.Namespace, servers: Servers, verdicts: Verdicts, rows: list[Measurement]) -> None:
    """Every game's gRPC rows at each concurrency, then its REST rows (with ``wrk``)."""
    for game_type in args.game or game_types():
        print(
            f"\n== {game_type}: recording up to {args.recorded_matches} matches of {args.players} players "
            f"({args.recorded_moves} moves) ...",
            flush=True,
        )
        first_seed = random.randrange(1, 2**31)
        matches = record_matches(
            servers.target, game_type, args.players, args.recorded_matches, first_seed, args.recorded_moves
        )
        moves = sum(len(match.moves) for match in matches)
        print(f"recorded {moves} moves ({moves / len(matches):.0f} per match)", flush=True)
        best_rate = 0.0
        for callers in args.callers or [1, 16]:
            rate = measure_grpc(args, servers, game_type, matches, callers, verdicts, rows)
            best_rate = max(best_rate, rate)
        # gRPC's ApplyMove with as many callers as wrk has connections: what REST's is held to
        grpc_apply = next((row for row in rows if row.label == f"{game_type} gRPC ApplyMove x{WRK_CONNECTIONS}"), None)
        if servers.http_url is None or args.no_rest:
            continue
        if not wrk_available():
            print(f"REST rows skipped: wrk is not installed ({WRK_INSTALL})", flush=True)
            continue
        measure_rest_rows(args, servers, game_type, matches, best_rate, verdicts, rows)
        if grpc_apply is not None:
            judge_rest_against_grpc(game_type, rows[-1], grpc_apply, verdicts)


def grpc_measures(
    args: argparse.Namespace, servers: Servers, game_type: str, matches: Sequence[RecordedMatch], callers: int
) -> dict[str, Callable[[], Measurement]]:
    """The gRPC configurations of one game at one concurrency: bare, ApplyMove's answers and the floor's rows."""
    apply = partial(
        measure_apply, callers=callers, seconds=args.seconds, matches=matches, game_type=game_type, players=args.players
    )
    measures: dict[str, Callable[[], Measurement]] = {
        "bare": partial(with_server_cpu, servers.pids, partial(measure_bare, servers.target, callers, args.seconds))
    }
    for (omit, as_json), name in VIEW_FORMS.items():
        measures[name] = partial(apply, servers.target, omit_view=omit, view_json=as_json, pids=servers.pids)
    floor = servers.floor
    if floor is not None:
        for floor_name, metadata in ((FLOOR_NAME, ()), (RULES_ONLY_NAME, RULES_ONLY_METADATA)):
            measures[floor_name] = partial(
                apply, floor.grpc_target, name=floor_name, extra_metadata=metadata, pids=floor.pids
            )
    return measures


def measure_grpc(
    args: argparse.Namespace,
    servers: Servers,
    game_type: str,
    matches: Sequence[RecordedMatch],
    callers: int,
    verdicts: Verdicts,
    rows: list[Measurement],
) -> float:
    """Measures and prints one game's gRPC rows at one concurrency, judges its targets; the best ApplyMove rate."""
    measured = measure_in_turn(grpc_measures(args, servers, game_type, matches, callers), args.repeat)
    bare = measured["bare"]
    print(report(bare, "calls"), flush=True)
    applied = {name: measured[name] for name in VIEW_FORMS.values()}
    for row in applied.values():
        print(report(row, "moves"), flush=True)
    floor_row = None
    if servers.floor is not None:
        floor_row, rules_row = measured[FLOOR_NAME], measured[RULES_ONLY_NAME]
        print_floor(floor_row, rules_row, bare, callers)
        rules_row.label = f"{game_type} gRPC {rules_row.name} x{callers}"
        rows.append(rules_row)
    for row in (bare, *applied.values(), *([floor_row] if floor_row else [])):
        row.label = f"{game_type} gRPC {row.name} x{callers}"
        rows.append(row)
    judge_grpc(game_type, callers, bare, applied, floor_row, verdicts)
    return max(row.rate for row in applied.values())


def print_floor(floor_row: Measurement, rules_row: Measurement, bare: Measurement, callers: int) -> None:
    """The floor's rows, its ratios to the bare call without the compare-and-set, and what that costs a call."""
    print(report(floor_row, "moves"), flush=True)
    print(report(rules_row, "moves"), flush=True)
    print(f"  floor without the CAS/bare with {callers} callers: " + ratios_text(against_bare(rules_row, bare)))
    cas = ratio(floor_row.server_cpu_per_unit_us, 1.0) - ratio(rules_row.server_cpu_per_unit_us, 1.0)
    print(f"  one compare-and-set on Redis costs a call {cas:.0f} us of server CPU", flush=True)


def judge_grpc(
    game_type: str,
    callers: int,
    bare: Measurement,
    applied: dict[str, Measurement],
    floor_row: Measurement | None,
    verdicts: Verdicts,
) -> None:
    """Prints the ratios of ApplyMove's rows to the bare call (and the floor) and judges the targets set for 1 and
    16 callers."""
    floor_ratios = against_bare(floor_row, bare) if floor_row else None
    if floor_ratios is not None:
        print(f"  floor/bare with {callers} callers: " + ratios_text(floor_ratios), flush=True)
    at_floor = floor_ratios or (math.nan,) * 4
    for name, row in applied.items():
        throughput, median, tail, cpu = ratios = against_bare(row, bare)
        print(f"  {name}/bare with {callers} callers: " + ratios_text(ratios), flush=True)
        if floor_row is not None:
            print(f"  {name}/floor with {callers} callers: " + ratios_text(against_bare(row, floor_row)))
        if callers >= 16:
            verdicts.add(
                f"{game_type} {name} x16 throughput",
                throughput,
                TARGETS["grpc_throughput_16"],
                higher=True,
                floor=at_floor[0],
            )
            verdicts.add(f"{game_type} {name} x16 p99", tail, TARGETS["grpc_p99_16"], higher=False, floor=at_floor[2])
            if not math.isnan(cpu):
                verdicts.add(
                    f"{game_type} {name} server CPU", cpu, TARGETS["grpc_cpu"], higher=False, floor=at_floor[3]
                )
        if callers == 1:
            verdicts.add(f"{game_type} {name} x1 p50", median, TARGETS["grpc_p50_1"], higher=False, floor=at_floor[1])
            if not math.isnan(cpu):
                verdicts.add(
                    f"{game_type} {name} x1 server CPU", cpu, TARGETS["grpc_cpu"], higher=False, floor=at_floor[3]
                )


def measure_rest_rows(
    args: argparse.Namespace,
    servers: Servers,
    game_type: str,
    matches: Sequence[RecordedMatch],
    best_rate: float,
    verdicts: Verdicts,
    rows: list[Measurement],
) -> None:
    """One game's REST rows under wrk, their ratios to /healthz and the REST targets."""
    assert servers.http_url is not None
    health, get, apply = measure_rest(
        servers.target,
        servers.http_url,
        game_type,
        args.players,
        matches,
        args.seconds,
        servers.pids,
        servers.generator_cpus,
        best_rate,
    )
    for row in (health, get, apply):
        print(report(row, "calls"), flush=True)
        row.label = f"{game_type} REST {row.name.split(' (')[0][5:]} x{WRK_CONNECTIONS}"
        rows.append(row)
    rest_apply, rest_get = apply.rate / health.rate, get.rate / health.rate
    print(
        f"  REST/healthz under wrk with {WRK_CONNECTIONS} connections: ApplyMove throughput {rest_apply:.2f}, "
        f"GetGame {rest_get:.2f}",
        flush=True,
    )
    if "errors" in apply.name or "errors" in get.name:
        verdicts.add(f"{game_type} REST answers without errors", 0.0, 1.0, higher=True)
    verdicts.add(f"{game_type} REST ApplyMove/healthz", rest_apply, TARGETS["rest_apply"], higher=True)
    verdicts.add(f"{game_type} REST GetGame/healthz", rest_get, TARGETS["rest_get"], higher=True)


def judge_rest_against_grpc(
    game_type: str, rest_apply: Measurement, grpc_apply: Measurement, verdicts: Verdicts
) -> None:
    """REST ApplyMove beside gRPC's in the same run (issue 29): server CPU per move and p99, same connections."""
    cpu = ratio(rest_apply.server_cpu_per_unit_us, grpc_apply.server_cpu_per_unit_us)
    p99 = ratio(rest_apply.percentile(0.99), grpc_apply.percentile(0.99))
    print(
        f"  REST/gRPC ApplyMove with {WRK_CONNECTIONS} connections: server CPU per move {cpu:.2f}, p99 {p99:.2f} "
        f"({rest_apply.percentile(0.99):.1f} ms against {grpc_apply.percentile(0.99):.1f} ms)",
        flush=True,
    )
    verdicts.add(f"{game_type} REST/gRPC ApplyMove server CPU per move", cpu, TARGETS["rest_grpc_cpu"], higher=False)
    verdicts.add(f"{game_type} REST/gRPC ApplyMove p99", p99, TARGETS["rest_grpc_p99"], higher=False)


def compare_workers(args: argparse.Namespace, server_cpus: Sequence[int], rows: list[Measurement]) -> None:
    game_type = (args.game or game_types())[0]
    print(f"\n== serve --workers 1 against 2 ({game_type}, 16 callers; servers on cores {list(server_cpus)}) ==")
    results = {}
    for workers in (1, 2):
        with server(args, server_cpus, workers) as running:
            seed = random.randrange(1, 2**31)
            matches = record_matches(running.grpc_target, game_type, args.players, 8, seed, args.recorded_moves)
            bare = with_server_cpu(running.pids, partial(measure_bare, running.grpc_target, 16, args.seconds))
            row = measure_apply(
                running.grpc_target, 16, args.seconds, matches, game_type, args.players, pids=running.pids
            )
            for measured in (bare, row):
                measured.name += f" --workers {workers}"
                measured.label = f"{game_type} gRPC {measured.name} x16"
                print(report(measured, "calls" if measured is bare else "moves"), flush=True)
                rows.append(measured)
            results[workers] = (bare, row)
    (bare1, one), (bare2, two) = results[1], results[2]
    print(
        f"  --workers 2 / --workers 1: ApplyMove throughput {two.rate / one.rate:.2f}, p99 "
        f"{two.percentile(0.99) / one.percentile(0.99):.2f}, server CPU per move "
        f"{ratio(two.server_cpu_per_unit_us, one.server_cpu_per_unit_us):.2f}; bare throughput "
        f"{bare2.rate / bare1.rate:.2f}",
        flush=True,
    )


def plot(rows: Sequence[Measurement], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (left, right) = plt.subplots(1, 2, figsize=(16, max(6, len(rows) * 0.22)))
    for row in rows:
        if row.latencies:
            ordered = sorted(row.latencies)
            left.plot([t * 1000 for t in ordered], [i / len(ordered) for i in range(len(ordered))], label=row.label)
    left.set_xscale("log")
    left.set_xlabel("latency (ms, log)")
    left.set_ylabel("fraction of calls")
    left.set_title("gRPC latency distributions")
    left.legend(fontsize=5, loc="lower right")
    labels = [row.label or row.name for row in rows]
    right.barh(range(len(rows)), [row.rate for row in rows])
    right.set_yticks(range(len(rows)), labels, fontsize=6)
    right.invert_yaxis()
    right.set_xlabel("calls (moves) per second")
    right.set_title("throughput per configuration")
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    print(f"plot written to {path}", flush=True)


def run(args: argparse.Namespace, target: str, pids: Sequence[int] = (), http_url: str | None = None) -> bool:
    verdicts = Verdicts()
    rows: list[Measurement] = []
    run_games(args, Servers(target, http_url, pids), verdicts, rows)
    return finish(args, verdicts, rows)


def finish(args: argparse.Namespace, verdicts: Verdicts, rows: list[Measurement]) -> bool:
    if args.plot:
        plot(rows, args.plot)
    failed = verdicts.failed()
    judged = len(verdicts.checks)
    if not judged:
        print("targets not judged (they are defined for 1 and 16 callers)", flush=True)
        return False
    floored = verdicts.floored()
    print(
        f"\n{judged} targets judged: "
        + (
            "targets met"
            if not failed
            else f"{len(failed)} missed, {len(floored)} of them at the floor (within "
            f"{AT_FLOOR_MARGIN:.0%} of what the floor reaches, which misses them too)"
        ),
        flush=True,
    )
    for line in failed:
        print(f"  {'at the floor' if line in floored else 'missed'}: {line}", flush=True)
    print("targets met" if not failed else "targets missed", flush=True)
    return not failed


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.target:
        run(args, args.target)
        return 0
    server_cpus, generator_cpus = split_cpus(pin=not args.no_pin)
    if generator_cpus != server_cpus:
        os.sched_setaffinity(0, generator_cpus)
    print(f"servers on cores {server_cpus}, load generator on cores {generator_cpus}; {args.seconds:.0f} s per row")
    verdicts = Verdicts()
    rows: list[Measurement] = []
    with (
        server(args, server_cpus, 1) as running,
        floor_server(args, server_cpus) as floor,
    ):
        print(
            f"server: pid {running.pid}, gRPC {running.grpc_target}, HTTP {running.http_url}, {args.redis_url}, "
            f"engine {running.engine} ({ENGINE_HOW})"
        )
        if floor is not None:
            print(
                f"floor server (loadtests/floor_server.py): pid {floor.pid}, gRPC {floor.grpc_target}, "
                f"engine {floor.engine}"
            )
        servers = Servers(running.grpc_target, running.http_url, running.pids, generator_cpus, floor)
        run_games(args, servers, verdicts, rows)
        if not args.no_growth:
            for line in measure_growth(running.grpc_target, "house_rummy", args.players, args.growth_moves):
                print(line, flush=True)
    if args.redis_url and not args.no_workers:
        compare_workers(args, server_cpus, rows)
    finish(args, verdicts, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
