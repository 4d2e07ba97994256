"""Where ApplyMove's server CPU goes, layer by layer, on each door (docs/performance.md, "Where ApplyMove's CPU
goes"): the benchmark's load sampled by py-spy, every sample given to one layer.

    .venv/bin/python -m loadtests.profile_layers --seconds 20 --svg-dir docs/performance

Starts a private redis-server on a free port and ``cardengine serve --workers 1 --bot-workers 0`` on it (both on
every core but the last; the load generator and py-spy on the last, as ``loadtests/bench_service.py`` pins them),
records Dracula matches between random bots, then for each door (``--door``; both by default) drives accepted
ApplyMoves: gRPC with 16 callers replaying the recorded matches (``loadtests/grpc_load.py``), REST with ``wrk`` and
16 connections (``loadtests/rest_load.py``). A first window without the profiler gives the server's CPU per move
(/proc); in the second, ``py-spy record --gil --nonblocking --rate 500 --format raw`` samples the thread holding the
GIL, the one surely running Python (``--idle`` off; ``--native`` on request, see the docs for what it costs).

Each sample goes to the layer of its innermost frame that a rule of ``LAYER_RULES`` names (the engine's frames pass
it to the core part that called them); the layers' shares split the Python threads' user CPU of the window. What
the GIL's holder does not show is read from /proc: the Python threads' kernel time (sockets, futexes) and the CPU
of the threads running no Python (grpc's C core). All rows are scaled to the unprofiled window's CPU per move.
``--svg-dir`` writes each door's flame graph, coloured by layer.
"""

from __future__ import annotations

import argparse
import html
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import grpc
from cardengine.v1 import game_engine_pb2_grpc as pb_grpc

from loadtests.bench_service import split_cpus
from loadtests.grpc_load import (
    AnswerForm,
    RecordedMatch,
    precreate_count,
    precreate_games,
    record_matches,
    replay_match,
    run_callers,
)
from loadtests.measurement import process_usage
from loadtests.rest_load import WRK_APPLY, WRK_CONNECTIONS, rest_apply_plan
from loadtests.server_process import ServerProcess
from loadtests.soak import private_redis

GAME = "dracula"
PLAYERS = 2
CALLERS = 16
WARM_SECONDS = 3.0  # an unprofiled window first: the CPU per move the shares are applied to
PY_SPY_START_SECONDS = 1.5  # py-spy attaches and starts sampling within this


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m loadtests.profile_layers", description=__doc__.split("\n")[0])
    parser.add_argument("--door", action="append", choices=("grpc", "rest"), help="default: both")
    parser.add_argument("--seconds", type=float, default=20.0, help="profiled window per door")
    parser.add_argument("--rate", type=int, default=500, help="py-spy samples per second")
    parser.add_argument(
        "--native",
        action="store_true",
        help="py-spy --native (it pauses the server for every sample: see docs/performance.md) instead of --gil",
    )
    parser.add_argument("--svg-dir", type=Path, help="write each door's flame graph here (profile-<door>.svg)")
    parser.add_argument("--raw-dir", type=Path, help="keep py-spy's collapsed stacks here (profile-<door>.txt)")
    parser.add_argument("--min-width", type=float, default=0.2, help="flame graph: drop frames under this %%")
    parser.add_argument("--recorded-matches", type=int, default=12)
    return parser


@dataclass
class Window:
    """One door's profiled run: accepted moves, the server's CPU per thread (/proc), the collapsed stacks."""

    door: str
    moves: int
    seconds: float
    cpu: Cpu  # the server's CPU in the window
    stacks: dict[str, int]  # py-spy's collapsed stacks ("frame;frame;..." -> samples)
    plain_cpu_per_move_us: float  # the unprofiled window's server CPU per move


def native_threads_cpu(pid: int) -> dict[int, tuple[float, float]]:
    """User and system CPU seconds so far of the threads of ``pid`` that run no Python: those the C code named
    (grpc's event_engine, timer and lifeguard threads); a Python thread keeps the process's name."""
    tick = os.sysconf("SC_CLK_TCK")
    process_name = Path(f"/proc/{pid}/comm").read_text().strip()
    threads = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
            name = (task / "comm").read_text().strip()
        except OSError:  # a thread that ended meanwhile
            continue
        if name != process_name:
            threads[int(task.name)] = (int(fields[11]) / tick, int(fields[12]) / tick)
    return threads


@dataclass(frozen=True, slots=True)
class Cpu:
    """The server's CPU seconds over a window: the process's user and system time (/proc/PID/stat, threads that
    ended meanwhile included, as HTTP connections' do), and the native threads' user + system time within them."""

    user: float
    system: float
    native_user: float = 0.0
    native_system: float = 0.0

    @property
    def total(self) -> float:
        return self.user + self.system


def cpu_reading(pid: int) -> Cpu:
    usage = process_usage(pid)
    if usage is None:
        raise RuntimeError(f"cannot read /proc/{pid}/stat")
    native = native_threads_cpu(pid).values()
    system = usage.system_seconds
    return Cpu(usage.cpu_seconds - system, system, sum(n[0] for n in native), sum(n[1] for n in native))


def cpu_between(before: Cpu, after: Cpu) -> Cpu:
    """What was spent from ``before`` to ``after`` (native threads are long-lived: grpc starts them once)."""
    return Cpu(
        after.user - before.user,
        after.system - before.system,
        after.native_user - before.native_user,
        after.native_system - before.native_system,
    )


@contextmanager
def py_spy(pid: int, path: Path, rate: int, *, native: bool, cpus: Sequence[int]) -> Iterator[None]:
    """``py-spy record`` of ``pid`` (collapsed stacks with thread ids into ``path``) from before the block's start
    to its end (SIGINT: py-spy writes what it sampled and exits)."""
    binary = shutil.which("py-spy", path=str(Path(sys.executable).parent)) or shutil.which("py-spy")
    if binary is None:
        raise SystemExit("py-spy is not installed: .venv/bin/pip install py-spy (a dev dependency)")
    command = [binary, "record", "--pid", str(pid), "--rate", str(rate), "--format", "raw", "--threads"]
    command += ["--output", str(path), *(["--native"] if native else ["--gil", "--nonblocking"])]
    # real-time priority: on a busy machine a sampler waiting for its core would skip samples (and with --native
    # keep the server paused meanwhile)
    command = ["chrt", "--rr", "10", *command] if shutil.which("chrt") else command
    command = ["taskset", "-c", ",".join(map(str, cpus)), *command] if shutil.which("taskset") else command
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    time.sleep(PY_SPY_START_SECONDS)
    if process.poll() is not None:
        raise RuntimeError(f"py-spy failed: {process.stderr.read() if process.stderr else ''}")
    try:
        yield
    finally:
        process.send_signal(signal.SIGINT)
        _, errors = process.communicate(timeout=120)
        if process.returncode not in (0, -signal.SIGINT) or not path.exists():
            raise RuntimeError(f"py-spy exited {process.returncode}: {errors[-2000:]}")


def read_stacks(path: Path) -> dict[str, int]:
    stacks: Counter[str] = Counter()
    for line in path.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if stack:
            stacks[stack] += int(count)
    return dict(stacks)


# ----- layers -------------------------------------------------------------------------------------------------------

PASS = ""  # a frame that gives no layer: the frame that called it decides
# (path prefix, function prefix, layer): the first rule matching a frame gives its layer. A sample's layer is that of
# its innermost frame with one; the engine's own frames and the standard library's pass it to their caller, so
# the engine's work lands on the core part that called it (engine/api.py's apply, view, event_for, ...).
LAYER_RULES: tuple[tuple[str, str, str], ...] = (
    ("service/edges/grpc_server.py", "ErrorMapping._admit", "gate"),
    ("service/edges/rest.py", "admit", "gate"),
    ("service/edges/rest.py", "rate_limit_headers", "gate"),
    ("service/access/", "", "gate"),
    ("service/edges/http_server.py", "", "transport"),  # our HTTP server: sockets, HTTP/1.1 framing (llhttp)
    ("service/edges/telemetry.py", "", "hooks: metrics"),
    ("service/edges/", "", "edge"),  # gRPC servicer and convert_* (the Struct), REST routes, bodies, JSON
    ("service/core/games.py", "StateCache.remember", "commit"),
    ("service/core/games.py", "StoredGames.load", "core: load"),
    ("service/core/games.py", "StateCache.state_of", "core: load"),
    ("service/core/games.py", "StoredGames.state_of", "core: load"),
    ("service/core/games.py", "seat_of_token", "core: token"),
    ("service/core/games.py", "token_hash", "core: token"),
    ("service/core/games.py", "required_seat", "core: token"),
    ("service/core/games.py", "game_view", "core: view"),
    ("service/core/seating.py", "required_seat", "core: token"),
    ("service/core/seating.py", "", "core: view"),
    ("service/core/stored.py", "GameMeta.decode", "core: load"),
    ("service/core/stored.py", "LogEntry.encode", "core: encode"),
    ("service/core/stored.py", "encode_idempotent_result", "core: encode"),
    ("service/core/stored.py", "LogEntry.", "core: events and texts"),
    ("service/core/hooks.py", "count_commit", "hooks: metrics"),
    ("service/core/hooks.py", "MoveLog", "hooks: logs"),
    ("service/core/hooks.py", "", "hooks: other"),
    ("service/core/telemetry.py", "", "hooks: metrics"),
    ("service/core/bot_turns.py", "", "hooks: bot queue"),
    ("service/storage/redis_bot_queue.py", "", "hooks: bot queue"),
    ("service/core/clocks.py", "", "hooks: clocks"),
    ("service/core/key_events.py", "", "hooks: key events"),
    ("service/core/lobby.py", "", "hooks: other"),
    ("service/ratings/", "", "hooks: other"),
    ("service/observability/logs.py", "", "hooks: logs"),
    ("service/observability/", "", "hooks: metrics"),  # metrics, the store's meter, tracing
    ("service/core/moves.py", "answer", "core: view"),
    ("service/core/", "", "core: other"),  # moves.py's flow and checks
    ("service/storage/redis_store.py", "RedisStore.commit", "commit"),
    ("service/storage/commit_ids.py", "", "commit"),
    ("service/storage/redis_store.py", "", "core: load"),  # the snapshot and meta read, the meta's cache
    ("service/storage/", "", "store client"),  # redis_wire, redis_once, redis_client: the wire
    ("engine/api.py", "view", "core: view"),
    ("engine/api.py", "event_for", "core: events and texts"),
    ("engine/api.py", "describe_move", "core: events and texts"),
    ("engine/api.py", "decode", "core: load"),
    ("engine/api.py", "", "core: engine apply"),  # apply, parse_move, check_move
    ("engine/state.py", "encode", "core: encode"),
    ("engine/state.py", "decode", "core: load"),
    ("engine/game.py", "Game.parse_move", "core: engine apply"),
    ("engine/", "", PASS),
    ("redis/", "", "store client"),
    ("hiredis", "", "store client"),
    ("prometheus_client/", "", "hooks: metrics"),
    ("logging/", "", "hooks: logs"),
    ("grpc/", "", "transport"),  # grpcio's Python server: completion queue, the pool's hand-offs, status
    ("protobuf/", "", "edge"),  # py-spy names site-packages' files from their package's folder
    ("google/protobuf/", "", "edge"),
)
REQUEST_THREADS = ("grpc_", "Thread-", "http")  # the gRPC pool and poller, the HTTP server's; others: background
UNCLASSIFIED = "transport"  # a request thread's stack with no frame of a rule: threading and the pool's plumbing
# A stack py-spy read without its root (a generator's frame seen alone, which it does now and then): not placed.
TRUNCATED = "unplaced: stacks read without their root"
ROOT_FRAME = "Thread._bootstrap"


def frame_layer(frame: str) -> str | None:
    """The layer a frame (py-spy's "function (path:line)") gives, PASS, or None when no rule matches."""
    function, _, where = frame.rpartition(" (")
    path = where.rsplit(":", 1)[0]
    for prefix, function_prefix, layer in LAYER_RULES:
        if path.startswith(prefix) and function.startswith(function_prefix):
            return layer
    return None


def sample_layer(thread: str, frames: Sequence[str]) -> str:
    """The layer of one sample: a background thread's, else its innermost frame's with a layer."""
    if "(_monitor)" in thread:
        return "hooks: logs"  # the log queue's writer thread
    if not thread.split(": ", 1)[-1].startswith(REQUEST_THREADS):
        return "background threads"
    for frame in reversed(frames):
        layer = frame_layer(frame)
        if layer:
            return layer
    return UNCLASSIFIED if frames and frames[0].startswith(ROOT_FRAME) else TRUNCATED


def layer_samples(stacks: dict[str, int]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for stack, samples in stacks.items():
        thread, *frames = stack.split(";")
        counts[sample_layer(thread, frames)] += samples
    return counts


Load = Callable[[float], int]  # drives accepted ApplyMoves for so many seconds; the moves accepted


@contextmanager
def grpc_load(target: str, matches: Sequence[RecordedMatch], seconds: float) -> Iterator[Load]:
    """16 callers (a channel each) replaying recorded matches on games created beforehand, enough for
    ``seconds`` of load in all (grpc_load.measure_apply's replay)."""
    channels = [grpc.insecure_channel(target) for _ in range(CALLERS)]
    try:
        stubs = [pb_grpc.GameEngineStub(channel) for channel in channels]
        ready = precreate_games(stubs, matches, precreate_count(CALLERS, seconds, matches), GAME, PLAYERS)
        form = AnswerForm()

        def body(index: int, running: Callable[[], bool]) -> tuple[list[float], int]:
            latencies: list[float] = []
            while running() and ready[index]:
                match, created = ready[index].pop()
                replay_match(stubs[index], created, match, form, running, latencies)
            return latencies, len(latencies)

        yield lambda window: run_callers(CALLERS, window, body)[2]
    finally:
        for channel in channels:
            channel.close()


@contextmanager
def rest_load(
    target: str, http_url: str, matches: Sequence[RecordedMatch], cpus: Sequence[int], windows: Sequence[float]
) -> Iterator[Load]:
    """wrk with 16 connections replaying recorded matches (rest_load.WRK_APPLY): a plan of fresh games for each of
    ``windows`` written before any window starts, so creating them is in no window."""
    folder = Path(tempfile.mkdtemp(prefix="profile-rest-"))
    plans = []
    for index, window in enumerate(windows):
        per_connection = max(200, int(REST_MOVES_PER_SECOND * window / WRK_CONNECTIONS))
        plans.append(folder / f"plan{index}.lua")
        plans[-1].write_text(rest_apply_plan(target, GAME, PLAYERS, matches, per_connection))

    def run(window: float) -> int:
        return run_wrk_moves(http_url, window, plans.pop(0), cpus, folder)

    try:
        yield run
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# WRK_APPLY's replay, and a report of the moves accepted (each connection's position in its plan): wrk's request
# count would also hold the /healthz it sends once a plan is played out, and its first request sent twice.
WRK_ACCEPTED = """
local threads = {}
setup = function(thread)
  counter = counter + 1
  thread:set("index", counter)
  table.insert(threads, thread)
end
done = function(summary, latency, requests)
  local accepted = 0
  for _, thread in ipairs(threads) do
    accepted = accepted + thread:get("position") - 1
  end
  io.write(string.format("ACCEPTED %d %d\\n", accepted, summary.errors.status))
end
"""


def run_wrk_moves(http_url: str, seconds: float, plan: Path, cpus: Sequence[int], folder: Path) -> int:
    """wrk replaying ``plan`` on WRK_CONNECTIONS connections for ``seconds``; the moves accepted."""
    script = folder / "apply.lua"
    script.write_text(WRK_APPLY + WRK_ACCEPTED)
    command = ["wrk", "-t", str(WRK_CONNECTIONS), "-c", str(WRK_CONNECTIONS), "-d", f"{max(1, round(seconds))}s"]
    command = ["taskset", "-c", ",".join(map(str, cpus)), *command, "-s", str(script), http_url, "--", str(plan)]
    output = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 60, check=True).stdout
    found = re.search(r"^ACCEPTED (\d+) (\d+)", output, re.MULTILINE)
    if not found:
        raise RuntimeError(f"wrk printed no count:\n{output}")
    if int(found.group(2)):
        print(f"  (wrk: {found.group(2)} answers not 2xx)", flush=True)
    return int(found.group(1))


REST_MOVES_PER_SECOND = 3_000  # more than REST reaches on one core: no connection runs out of moves


def profile_door(door: str, load: Load, pids: Sequence[int], args: argparse.Namespace, cpus: Sequence[int]) -> Window:
    """An unprofiled window (the CPU per move), then the profiled one: py-spy on the server meanwhile."""
    pid = pids[0]
    before = cpu_reading(pid)
    plain_moves = load(WARM_SECONDS)
    plain_cpu = cpu_between(before, cpu_reading(pid)).total
    raw = Path(tempfile.mkstemp(prefix=f"profile-{door}-", suffix=".txt")[1])
    with py_spy(pid, raw, args.rate, native=args.native, cpus=cpus):
        start, reading = time.perf_counter(), cpu_reading(pid)
        moves = load(args.seconds)
        elapsed, cpu = time.perf_counter() - start, cpu_between(reading, cpu_reading(pid))
    stacks = read_stacks(raw)
    if args.raw_dir:
        args.raw_dir.mkdir(parents=True, exist_ok=True)
        shutil.copy(raw, args.raw_dir / f"profile-{door}.txt")
    raw.unlink()
    return Window(door, moves, elapsed, cpu, stacks, plain_cpu / max(plain_moves, 1) * 1e6)


# ----- the table ----------------------------------------------------------------------------------------------------

KERNEL_ROW = "kernel: Python threads' syscalls"  # sockets, futexes (the GIL's and the pool's hand-offs), /proc
NATIVE_ROW = "transport: gRPC C-core threads"  # event_engine, timer, lifeguard: threads running no Python


@dataclass(frozen=True, slots=True)
class Row:
    layer: str
    share: float | None  # of the sampled (GIL-holding) samples; None for a row read from /proc
    us_per_move: float


def cpu_split(window: Window) -> tuple[float, float, float]:
    """The window's CPU seconds: the Python threads' user time, their kernel time, the native threads' time."""
    cpu = window.cpu
    native = cpu.native_user + cpu.native_system
    return cpu.user - cpu.native_user, cpu.system - cpu.native_system, native


def layer_rows(window: Window) -> list[Row]:
    """Each layer's share of the samples and µs per move: the share of the Python threads' user CPU, then the
    kernel and native threads' rows from /proc, all scaled to the unprofiled window's CPU per move."""
    counts = layer_samples(window.stacks)
    sampled = sum(counts.values()) or 1
    user, kernel, native = cpu_split(window)
    profiled_us = (user + kernel + native) / window.moves * 1e6
    scale = window.plain_cpu_per_move_us / profiled_us
    rows = [Row(layer, n / sampled, n / sampled * user / window.moves * 1e6 * scale) for layer, n in counts.items()]
    rows.sort(key=lambda row: -row.us_per_move)
    rows.append(Row(KERNEL_ROW, None, kernel / window.moves * 1e6 * scale))
    if native:
        rows.append(Row(NATIVE_ROW, None, native / window.moves * 1e6 * scale))
    return rows


def top_level(rows: Sequence[Row]) -> dict[str, float]:
    """µs per move of the brief's layers: each row's part before the colon (core: view -> core)."""
    totals: dict[str, float] = {}
    for row in rows:
        layer = row.layer.split(":")[0]
        totals[layer] = totals.get(layer, 0.0) + row.us_per_move
    return dict(sorted(totals.items(), key=lambda item: -item[1]))


def print_table(window: Window) -> None:
    user, kernel, native = cpu_split(window)
    profiled_us = (user + kernel + native) / window.moves * 1e6
    samples = sum(window.stacks.values())
    print(
        f"\n{window.door}: {window.moves} accepted moves in {window.seconds:.1f} s under py-spy "
        f"({window.moves / window.seconds:.0f}/s), {samples} samples ({samples / window.seconds:.0f}/s); server "
        f"CPU per move {window.plain_cpu_per_move_us:.0f} us unprofiled, {profiled_us:.0f} us profiled "
        f"(shares applied to the unprofiled figure)"
    )
    print("| layer | share of samples | us per move |\n|---|---:|---:|")
    rows = layer_rows(window)
    for row in rows:
        share = f"{row.share:.1%}" if row.share is not None else "(/proc)"
        print(f"| {row.layer} | {share} | {row.us_per_move:.0f} |")
    print(f"| **total** | | **{sum(row.us_per_move for row in rows):.0f}** |")
    print("by layer: " + ", ".join(f"{layer} {us:.0f}" for layer, us in top_level(rows).items()), flush=True)


# ----- the flame graph ----------------------------------------------------------------------------------------------

FRAME_HEIGHT, SVG_WIDTH, CHAR_WIDTH = 16, 1400, 6.5
LAYER_COLOURS = {
    "transport": "#e8a33d",
    "edge": "#d9695f",
    "gate": "#b57edc",
    "core": "#5b9bd5",
    "commit": "#2e75b6",
    "store client": "#70ad47",
    "hooks": "#c9b53d",
    "background threads": "#a5a5a5",
}


LINE_NUMBER = re.compile(r":\d+\)$")


@dataclass
class Node:
    samples: int = 0
    children: dict[str, Node] = field(default_factory=dict)


def frame_colour(frame: str) -> str:
    layer = frame_layer(frame)
    return LAYER_COLOURS.get(layer.split(":")[0], "#cfcfcf") if layer else "#dcdcdc"


def flame_svg(stacks: dict[str, int], title: str, min_width: float) -> str:
    """An icicle graph of the stacks (threads merged; the root on top), each frame coloured by the layer its rule
    gives (grey: the standard library and frames passing the layer on); frames under ``min_width`` % dropped."""
    root = Node()
    for stack, samples in stacks.items():
        node = root
        node.samples += samples
        for frame in stack.split(";")[1:]:  # one box per function, whatever line it was at
            node = node.children.setdefault(LINE_NUMBER.sub(")", frame), Node())
            node.samples += samples
    scale = SVG_WIDTH / max(root.samples, 1)
    boxes: list[str] = []
    depth = [0]

    def draw(name: str, node: Node, x: float, level: int) -> None:
        width = node.samples * scale
        if width < SVG_WIDTH * min_width / 100:
            return
        depth[0] = max(depth[0], level)
        y = 24 + level * FRAME_HEIGHT
        label = html.escape(name[: int(width / CHAR_WIDTH)] if width > 3 * CHAR_WIDTH else "")
        tip = html.escape(f"{name}: {node.samples} samples ({node.samples / root.samples:.1%})")
        boxes.append(
            f'<g><title>{tip}</title><rect x="{x:.1f}" y="{y}" width="{width:.1f}" height="{FRAME_HEIGHT - 1}" '
            f'fill="{frame_colour(name)}"/><text x="{x + 2:.1f}" y="{y + 11}">{label}</text></g>'
        )
        for child_name, child in sorted(node.children.items()):
            draw(child_name, child, x, level + 1)
            x += child.samples * scale

    draw(f"all ({root.samples} samples)", root, 0.0, 0)
    height = 24 + (depth[0] + 2) * FRAME_HEIGHT
    legend = " ".join(f"{name}" for name in LAYER_COLOURS)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SVG_WIDTH}" height="{height}" font-family="monospace" '
        f'font-size="10"><text x="4" y="14" font-size="12">{html.escape(title)} (colours: {legend})</text>'
        + "".join(boxes)
        + "</svg>\n"
    )


def run_doors(args: argparse.Namespace) -> list[Window]:
    """The private Redis and the server on the server cores, the recorded matches, then each door's windows."""
    server_cpus, generator_cpus = split_cpus(pin=True)
    os.sched_setaffinity(0, server_cpus)  # redis-server inherits the server's cores, as the peer benchmark pins it
    windows = []
    with private_redis() as redis_url:
        os.sched_setaffinity(0, generator_cpus)
        wrapper = ["taskset", "-c", ",".join(map(str, server_cpus))] if shutil.which("taskset") else []
        extra = ["--workers", "1", "--bot-workers", "0"]
        with ServerProcess(redis_url=redis_url, extra_args=extra, wrapper=wrapper) as server:
            print(
                f"server pid {server.pid} on cores {server_cpus} (engine {server.engine}), {redis_url}; load "
                f"generator and py-spy on {generator_cpus}",
                flush=True,
            )
            seed = random.randrange(1, 2**31)
            matches = record_matches(server.grpc_target, GAME, PLAYERS, args.recorded_matches, seed, 600)
            for door in args.door or ("grpc", "rest"):
                print(f"== {door}: {WARM_SECONDS:.0f} s unprofiled, then {args.seconds:.0f} s under py-spy", flush=True)
                if door == "grpc":
                    loading = grpc_load(server.grpc_target, matches, WARM_SECONDS + args.seconds)
                else:
                    loading = rest_load(
                        server.grpc_target, server.http_url, matches, generator_cpus, (WARM_SECONDS, args.seconds)
                    )
                with loading as load:
                    windows.append(profile_door(door, load, server.pids, args, generator_cpus))
    return windows


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    print(f"load average {' '.join(f'{load:.2f}' for load in os.getloadavg())}", flush=True)
    for window in run_doors(args):
        print_table(window)
        if args.svg_dir:
            args.svg_dir.mkdir(parents=True, exist_ok=True)
            path = args.svg_dir / f"applymove-{window.door}.svg"
            title = f"ApplyMove over {window.door}, Dracula, samples of the thread holding the GIL"
            path.write_text(flame_svg(window.stacks, title, args.min_width))
            print(f"flame graph: {path} ({path.stat().st_size // 1024} KiB)", flush=True)
    print(f"load average {' '.join(f'{load:.2f}' for load in os.getloadavg())}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
