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
  floor itself reaches (``--no-floor`` skips it). With ``--ladder``, the rungs between the floor and ``cardengine
  serve`` too (``floor_server.py --layer``: the real ApplyMove on the bare store, then the metered store, then the
  gate with the error mapping), each on ApplyMove omit_view, and the server CPU per move that each rung adds.
- REST under ``wrk`` (a C load generator; Debian package ``wrk``), 16 connections: ``GET /healthz`` (the anchor),
  ``GET /v1/games/{id}`` (a seat's view) and ``POST /v1/games/{id}/moves`` (recorded matches replayed, one
  connection per wrk thread so each plays its own games in order).

Then ``--workers`` 1 against 2 (``serve --workers N``, Dracula, 16 callers, the same pinning): throughput, p99 and
server CPU per move; and the costs that must not grow with a match's length: an idempotent retry and a GetEvents
page early and late in a long match.

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
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import grpc
import orjson
from cardengine.v1 import game_engine_pb2 as pb
from cardengine.v1 import game_engine_pb2_grpc as pb_grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

import engine
from clients.bots import RandomBot
from clients.grpc_client import GameEngineClient
from loadtests.server_process import ServerProcess

# How to choose the servers' engine: they import it from the path, as `cardengine serve` does.
ENGINE_HOW = "PYTHONPATH=$PWD/build/compiled puts the mypyc-compiled copy of scripts/build_compiled_engine first"
ROOT = Path(__file__).resolve().parents[1]
GAMES = ("dracula", "house_rummy", "draw_blood", "rummy_battle", "dragon_rummy")
WRK_CONNECTIONS = 16
WRK_INSTALL = "apt-get install -y wrk"
TARGETS = {
    "grpc_throughput_16": 0.6,
    "grpc_p99_16": 2.0,
    "grpc_p50_1": 1.6,
    "grpc_cpu": 1.6,
    "rest_apply": 0.5,
    "rest_get": 0.7,
}


@dataclass(frozen=True, slots=True)
class RecordedMatch:
    seed: int
    moves: tuple[tuple[int, str], ...]  # (seat, notation) in order: move i takes the game to version i + 1


@dataclass
class Measurement:
    name: str
    callers: int
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)  # seconds, of the timed calls
    units: int = 0  # calls, or moves
    server_cpu_seconds: float | None = None  # CPU time the server processes used meanwhile, when it is known
    percentiles_ms: dict[float, float] | None = None  # given instead of latencies (wrk)
    label: str = ""  # the configuration, for the plot
    server_system_seconds: float | None = None  # the part of that CPU time spent in the kernel
    server_switches: int | None = None  # context switches of the server's threads meanwhile

    @property
    def server_cpu_per_unit_us(self) -> float | None:
        if self.server_cpu_seconds is None or not self.units:
            return None
        return self.server_cpu_seconds / self.units * 1e6

    def take_usage(self, before: Usage | None, after: Usage | None) -> None:
        """The server's use of the machine between two readings (``server_usage``), when both could be read."""
        if before is not None and after is not None:
            self.server_cpu_seconds = after.cpu_seconds - before.cpu_seconds
            self.server_system_seconds = after.system_seconds - before.system_seconds
            self.server_switches = after.switches - before.switches

    @property
    def rate(self) -> float:
        return self.units / self.seconds if self.seconds else 0.0

    def percentile(self, fraction: float) -> float:
        """Nearest-rank percentile of the latencies, in milliseconds."""
        if self.percentiles_ms is not None:
            return self.percentiles_ms.get(fraction, float("nan"))
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        rank = max(1, min(len(ordered), math.ceil(fraction * len(ordered))))
        return ordered[rank - 1] * 1000.0


@dataclass(frozen=True, slots=True)
class Usage:
    """What local processes have used so far (Linux /proc): CPU time, its kernel part, context switches."""

    cpu_seconds: float
    system_seconds: float
    switches: int


def process_usage(pid: int) -> Usage | None:
    """User + system CPU time of a local process (``/proc/PID/stat``), and the context switches of its threads
    (voluntary and not, summed over ``/proc/PID/task/*/status``: a server's threads wait on locks, sockets and each
    other, and each wait is a switch); None when it cannot be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        switches = 0
        for task in Path(f"/proc/{pid}/task").iterdir():
            try:
                status = (task / "status").read_text()
            except OSError:  # a thread that ended meanwhile
                continue
            switches += sum(int(line.split()[1]) for line in status.splitlines() if "ctxt_switches:" in line)
    except OSError:
        return None
    tick = os.sysconf("SC_CLK_TCK")
    return Usage((int(fields[11]) + int(fields[12])) / tick, int(fields[12]) / tick, switches)


def server_usage(pids: Sequence[int]) -> Usage | None:
    """``process_usage`` summed over ``pids``; None when there are none or one cannot be read."""
    readings = [process_usage(pid) for pid in pids]
    if not readings or any(reading is None for reading in readings):
        return None
    known = [reading for reading in readings if reading is not None]
    return Usage(
        sum(reading.cpu_seconds for reading in known),
        sum(reading.system_seconds for reading in known),
        sum(reading.switches for reading in known),
    )


def with_server_cpu(pids: Sequence[int], measure: Callable[[], Measurement]) -> Measurement:
    before = server_usage(pids)
    measurement = measure()
    measurement.take_usage(before, server_usage(pids))
    return measurement


def record_matches(
    target: str, game_type: str, players: int, count: int, first_seed: int, max_moves: int | None = None
) -> list[RecordedMatch]:
    """Plays ``count`` matches between random bots through the API and records every move (fewer matches, at least
    two, once ``max_moves`` moves are recorded: a game with long matches needs fewer)."""
    recorded: list[RecordedMatch] = []
    with GameEngineClient(target) as client:
        for seed in range(first_seed, first_seed + count):
            if max_moves is not None and len(recorded) >= 2 and sum(len(m.moves) for m in recorded) >= max_moves:
                break
            created = client.create_game(game_type, players, seed, engine.get_game(game_type).playout_options)
            bots = {token.seat: RandomBot(seed * 1000 + token.seat) for token in created.seats}
            game, moves = created.game, []
            while not game.finished:
                seat = game.to_act[0]
                legal = client.legal_moves(created.game_id, created.token(seat))
                notation = bots[seat].choose(legal.notations, {})
                game = client.apply_move(created.game_id, created.token(seat), notation, legal.version).game
                moves.append((seat, notation))
            recorded.append(RecordedMatch(seed, tuple(moves)))
    return recorded


CallerBody = Callable[[int, Callable[[], bool]], tuple[list[float], int]]


def run_callers(callers: int, seconds: float, body: CallerBody) -> tuple[float, list[float], int]:
    """Runs ``body(index, running)`` in ``callers`` threads started together, for ``seconds`` of wall clock."""
    barrier = threading.Barrier(callers + 1)
    deadline = [0.0]
    results: list[tuple[list[float], int]] = [([], 0)] * callers
    errors: list[BaseException] = []

    def running() -> bool:
        return time.perf_counter() < deadline[0]

    def thread_main(index: int) -> None:
        barrier.wait()
        try:
            results[index] = body(index, running)
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=thread_main, args=(index,), daemon=True) for index in range(callers)]
    for thread in threads:
        thread.start()
    deadline[0] = time.perf_counter() + seconds
    start = time.perf_counter()
    barrier.wait()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    if errors:
        raise errors[0]
    latencies = [latency for thread_latencies, _ in results for latency in thread_latencies]
    return elapsed, latencies, sum(units for _, units in results)


def measure_bare(target: str, callers: int, seconds: float) -> Measurement:
    channels = [grpc.insecure_channel(target) for _ in range(callers)]
    stubs = [health_pb2_grpc.HealthStub(channel) for channel in channels]
    request = health_pb2.HealthCheckRequest(service="")
    for stub in stubs:
        stub.Check(request, timeout=10.0)

    def body(index: int, running: Callable[[], bool]) -> tuple[list[float], int]:
        check, latencies = stubs[index].Check, []
        while running():
            start = time.perf_counter()
            check(request, timeout=10.0)
            latencies.append(time.perf_counter() - start)
        return latencies, len(latencies)

    try:
        elapsed, latencies, units = run_callers(callers, seconds, body)
    finally:
        for channel in channels:
            channel.close()
    return Measurement("bare Health/Check", callers, elapsed, latencies, units)


def create_request(game_type: str, players: int, seed: int) -> pb.CreateGameRequest:
    request = pb.CreateGameRequest(game_type=game_type, players=players, seed=seed)
    options = engine.get_game(game_type).playout_options
    if options:
        request.options.update(dict(options))  # type: ignore[arg-type]
    return request


# Moves per second no ApplyMove row reaches on one core (the floor does ~2,500 with 16 callers): the games each
# caller needs for its share of the timed window are created before it, so CreateGame is not in the figures.
PRECREATE_MOVES_PER_SECOND = {1: 2_000, 16: 4_000}


def precreate_count(callers: int, seconds: float, matches: Sequence[RecordedMatch]) -> int:
    """Games per caller to create before the window: enough for ``PRECREATE_MOVES_PER_SECOND`` (the larger level's
    for other caller counts) of the recorded matches' mean length."""
    rate = PRECREATE_MOVES_PER_SECOND.get(callers, PRECREATE_MOVES_PER_SECOND[16])
    mean_moves = sum(len(match.moves) for match in matches) / len(matches)
    return math.ceil(rate * seconds / callers / mean_moves) + 1


def measure_apply(
    target: str,
    callers: int,
    seconds: float,
    matches: Sequence[RecordedMatch],
    game_type: str,
    players: int,
    *,
    omit_view: bool = False,
    view_json: bool = False,
    name: str | None = None,
    extra_metadata: tuple[tuple[str, str], ...] = (),
    pids: Sequence[int] = (),
) -> Measurement:
    """Every caller replays recorded matches on games created before the timed window (so the server's CPU,
    read from ``pids`` around the window only, is ApplyMove's); a caller that runs out creates more inline,
    counted and printed."""
    channels = [grpc.insecure_channel(target) for _ in range(callers)]
    stubs = [pb_grpc.GameEngineStub(channel) for channel in channels]
    for stub in stubs:
        stub.ListGameTypes(pb.ListGameTypesRequest(), timeout=10.0)
    count = precreate_count(callers, seconds, matches)
    ready: list[list[tuple[RecordedMatch, pb.CreateGameResponse]]] = []
    for index, stub in enumerate(stubs):
        rotation = random.Random(index)
        chosen = [matches[rotation.randrange(len(matches))] for _ in range(count)]
        ready.append([(match, stub.CreateGame(create_request(game_type, players, match.seed))) for match in chosen])
    inline_creates = [0] * callers

    def body(index: int, running: Callable[[], bool]) -> tuple[list[float], int]:
        stub, latencies, queue = stubs[index], [], ready[index]
        rotation = random.Random(-index)
        while running():
            if queue:
                match, created = queue.pop()
            else:
                match = matches[rotation.randrange(len(matches))]
                created = stub.CreateGame(create_request(game_type, players, match.seed), timeout=10.0)
                inline_creates[index] += 1
            metadata = {
                seat.seat: (("authorization", f"Bearer {seat.token}"), *extra_metadata) for seat in created.seats
            }
            for version, (seat, notation) in enumerate(match.moves):
                if not running():
                    break
                request = pb.ApplyMoveRequest(
                    game_id=created.game_id,
                    move=notation,
                    expected_version=version,
                    omit_view=omit_view,
                    view_json=view_json,
                )
                start = time.perf_counter()
                stub.ApplyMove(request, timeout=10.0, metadata=metadata[seat])
                latencies.append(time.perf_counter() - start)
        return latencies, len(latencies)

    before = server_usage(pids)
    try:
        elapsed, latencies, units = run_callers(callers, seconds, body)
    finally:
        for channel in channels:
            channel.close()
    after = server_usage(pids)
    name = name or VIEW_FORMS[(omit_view, view_json)]
    if sum(inline_creates):
        print(f"  ({name}: {sum(inline_creates)} games created inside the window: their CPU is in the row)")
    measurement = Measurement(name, callers, elapsed, latencies, units)
    measurement.take_usage(before, after)
    return measurement


# ----- REST under wrk ---------------------------------------------------------------------------------------------

WRK_REPORT = """
done = function(summary, latency, requests)
  io.write(string.format("BENCH %d %d %d %d %d %d\\n", summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(99),
    summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write
      + summary.errors.timeout, 0))
end
"""

WRK_APPLY = """
local counter = 0
setup = function(thread)
  counter = counter + 1
  thread:set("index", counter)
end
init = function(args)
  plan = dofile(args[1])[index]
  position = 1
  warm = false
end
-- One connection per thread: the next move goes out only once the previous one was accepted (200, not a replay),
-- so a request lost with its connection is sent again, never skipped; wrk sends a connection's first request
-- twice, whose second copy is answered as a replay thanks to its idempotency key.
request = function()
  local step = plan[position]
  if not warm or step == nil then
    warm = true
    return wrk.format("GET", "/healthz")
  end
  return wrk.format("POST", step[1], {["Authorization"] = step[2], ["Content-Type"] = "application/json"}, step[3])
end
response = function(status, headers, body)
  if status == 200 and body:sub(1, 11) == '{"version":' and not body:find('"replayed":true', 1, true) then
    position = position + 1
  end
end
"""


def lua_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def wrk_available() -> bool:
    return shutil.which("wrk") is not None


def run_wrk(
    url: str, seconds: float, connections: int, script: str, arguments: Sequence[str] = (), pin: Sequence[int] = ()
) -> tuple[int, float, float, float, int]:
    """Runs wrk (one thread per connection) with ``script`` (plus the report); returns requests, seconds, p50 and
    p99 in ms, errors (non-2xx answers included)."""
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as handle:
        handle.write(script + WRK_REPORT)
        path = handle.name
    command = [
        "wrk",
        "-t",
        str(connections),
        "-c",
        str(connections),
        "-d",
        f"{max(1, round(seconds))}s",
        "-s",
        path,
        url,
    ]
    if arguments:
        command += ["--", *arguments]
    if pin:
        command = ["taskset", "-c", ",".join(map(str, pin)), *command]
    try:
        output = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 60, check=True).stdout
    finally:
        os.unlink(path)
    found = re.search(r"^BENCH (\d+) (\d+) (\d+) (\d+) (\d+)", output, re.MULTILINE)
    if not found:
        raise RuntimeError(f"wrk printed no summary:\n{output}")
    requests, micros, p50, p99, errors = (int(value) for value in found.groups())
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    errors += int(non_2xx.group(1)) if non_2xx else 0
    return requests, micros / 1e6, p50 / 1000, p99 / 1000, errors


def wrk_measurement(name: str, result: tuple[int, float, float, float, int]) -> Measurement:
    requests, elapsed, p50, p99, errors = result
    row = Measurement(name, WRK_CONNECTIONS, elapsed, [], requests, percentiles_ms={0.5: p50, 0.99: p99})
    if errors:
        row.name += f" ({errors} errors)"
    return row


def rest_apply_plan(
    target: str, game_type: str, players: int, matches: Sequence[RecordedMatch], moves_per_connection: int
) -> str:
    """A Lua file: for each wrk thread (one connection), its own games created now with recorded seeds and their
    moves in order (path, authorization, body), each with an idempotency key."""
    plans = []
    with GameEngineClient(target) as client:
        for index in range(WRK_CONNECTIONS):
            steps: list[str] = []
            rotation = random.Random(index)
            while len(steps) < moves_per_connection:
                match = matches[rotation.randrange(len(matches))]
                created = client.create_game(game_type, players, match.seed, engine.get_game(game_type).playout_options)
                tokens = {seat.seat: seat.token for seat in created.seats}
                path = f"/v1/games/{created.game_id}/moves"
                for version, (seat, notation) in enumerate(match.moves):
                    move = {"move": notation, "expectedVersion": version, "idempotencyKey": f"w{version}"}
                    body = orjson.dumps(move).decode()
                    steps.append(f"{{{lua_string(path)},{lua_string('Bearer ' + tokens[seat])},{lua_string(body)}}}")
            plans.append("{" + ",\n".join(steps) + "}")
    return "return {" + ",\n".join(plans) + "}\n"


def measure_rest(
    target: str,
    http_url: str,
    game_type: str,
    players: int,
    matches: Sequence[RecordedMatch],
    seconds: float,
    pids: Sequence[int],
    pin: Sequence[int],
    expected_rate: float,
) -> list[Measurement]:
    """/healthz, GetGame and ApplyMove under wrk with WRK_CONNECTIONS connections."""

    def under_wrk(name: str, script: str, arguments: Sequence[str] = ()) -> Measurement:
        return wrk_measurement(name, run_wrk(http_url, seconds, WRK_CONNECTIONS, script, arguments, pin))

    rows = [with_server_cpu(pids, partial(under_wrk, "REST /healthz", ""))]
    with GameEngineClient(target) as client:
        created = client.create_game(game_type, players, matches[0].seed, engine.get_game(game_type).playout_options)
    get_script = (
        f'wrk.method = "GET"\nwrk.path = {lua_string("/v1/games/" + created.game_id)}\n'
        f'wrk.headers["Authorization"] = {lua_string("Bearer " + created.seats[0].token)}\n'
    )
    rows.append(with_server_cpu(pids, partial(under_wrk, "REST GetGame", get_script)))
    per_connection = max(200, int(expected_rate * seconds * 2 / WRK_CONNECTIONS))
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as plan:
        plan.write(rest_apply_plan(target, game_type, players, matches, per_connection))
    try:
        rows.append(with_server_cpu(pids, partial(under_wrk, "REST ApplyMove", WRK_APPLY, (plan.name,))))
    finally:
        os.unlink(plan.name)
    return rows


# ----- costs that must not grow ------------------------------------------------------------------------------------


def measure_growth(target: str, game_type: str, players: int, moves: int, repeats: int = 50) -> list[str]:
    """One long match (``moves`` accepted moves, each with an idempotency key), then p50 of an idempotent retry and
    of a GetEvents page (100 events) early (version 10) and late (the last version)."""
    lines = []
    with GameEngineClient(target) as client:
        seed = 1
        while True:  # a match long enough: random play, a fresh deal until it lasts
            created = client.create_game(game_type, players, seed)
            bots = {token.seat: RandomBot(seed * 7 + token.seat) for token in created.seats}
            game = created.game
            applied: list[tuple[int, str, int, str]] = []
            while not game.finished and len(applied) < moves:
                seat = game.to_act[0]
                legal = client.legal_moves(created.game_id, created.token(seat))
                notation = bots[seat].choose(legal.notations, {})
                key = f"g{legal.version}"
                game = client.apply_move(created.game_id, created.token(seat), notation, legal.version, key).game
                applied.append((seat, notation, legal.version, key))
            if len(applied) >= min(moves, 40):
                break
            seed += 1

        def p50(call: Callable[[], object]) -> float:
            times = []
            for _ in range(repeats):
                start = time.perf_counter()
                call()
                times.append(time.perf_counter() - start)
            return sorted(times)[len(times) // 2] * 1000

        early, late = applied[min(10, len(applied) - 1)], applied[-1]
        retry = [
            p50(partial(client.apply_move, created.game_id, created.token(m[0]), m[1], m[2], m[3]))
            for m in (early, late)
        ]
        pages = [
            p50(
                partial(
                    client._stub.GetEvents,
                    pb.GetEventsRequest(game_id=created.game_id, after_version=after, page_size=100),
                    timeout=10,
                )
            )
            for after in (0, max(0, late[2] - 100))
        ]
    lines.append(
        f"costs that grow ({game_type}, a match of {len(applied)} moves): idempotent retry p50 {retry[0]:.2f} ms at "
        f"version {early[2] + 1}, {retry[1]:.2f} ms at version {late[2] + 1} (ratio {retry[1] / retry[0]:.2f}); "
        f"GetEvents page p50 {pages[0]:.2f} ms from the start, {pages[1]:.2f} ms near the end (ratio "
        f"{pages[1] / pages[0]:.2f})"
    )
    return lines


# ----- report -----------------------------------------------------------------------------------------------------


def report(row: Measurement, unit: str) -> str:
    cpu = row.server_cpu_per_unit_us
    one = unit[:-1] if unit.endswith("s") else unit
    usage = ""
    if cpu is not None and row.server_cpu_seconds and row.server_system_seconds is not None:
        usage = f" (kernel {row.server_system_seconds / row.server_cpu_seconds:3.0%}"
        usage += f", {row.server_switches / row.units:4.1f} switches/{one})" if row.server_switches is not None else ")"
    return (
        f"{row.name:<26} {row.callers:>3} callers  p50 {row.percentile(0.50):7.2f} ms  "
        f"p99 {row.percentile(0.99):7.2f} ms  {row.rate:8.0f} {unit}/s  ({row.units} in {row.seconds:.1f} s)"
        + (f"  server CPU {cpu:6.0f} us/{one}{usage}" if cpu is not None else "")
    )


def ratio(a: float | None, b: float | None) -> float:
    return a / b if a is not None and b else float("nan")


def against_bare(row: Measurement, anchor: Measurement) -> tuple[float, float, float, float]:
    """(throughput, p50, p99, server CPU per call) of ``row`` as ratios to ``anchor``'s."""
    return (
        ratio(row.rate, anchor.rate),
        ratio(row.percentile(0.5), anchor.percentile(0.5)),
        ratio(row.percentile(0.99), anchor.percentile(0.99)),
        ratio(row.server_cpu_per_unit_us, anchor.server_cpu_per_unit_us),
    )


def ratios_text(ratios: tuple[float, float, float, float]) -> str:
    throughput, median, tail, cpu = ratios
    return f"throughput {throughput:.2f}, p50 {median:.2f}, p99 {tail:.2f}, server CPU per call {cpu:.2f}"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m loadtests.bench_service", description=__doc__.split("\n")[0])
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/0", help="Redis of the servers it starts")
    parser.add_argument("--target", help="HOST:PORT of a running server instead (its own store; gRPC rows only)")
    parser.add_argument("--callers", type=int, action="append", help="concurrency levels (default 1 and 16)")
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--game", action="append", help="a game to measure (repeatable; default: all five)")
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
    parser.add_argument(
        "--ladder",
        action="store_true",
        help="also ApplyMove omit_view on the floor server's layers (floor_server.py --layer): what each costs",
    )
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

    def add(self, what: str, value: float, target: float, higher: bool, floor: float | None = None) -> None:
        self.checks.append((what, value, target, higher))
        if floor is not None and not math.isnan(floor):
            self.floors[what] = floor

    def at_floor(self, what: str, value: float, target: float, higher: bool) -> bool:
        """Missed, but so does the floor, and the figure is within ``AT_FLOOR_MARGIN`` of the floor's."""
        floor = self.floors.get(what)
        if floor is None or (floor >= target if higher else floor <= target):
            return False
        return value >= floor / (1 + AT_FLOOR_MARGIN) if higher else value <= floor * (1 + AT_FLOOR_MARGIN)

    def _line(self, what: str, value: float, target: float, higher: bool) -> str:
        floor = self.floors.get(what)
        return (
            f"{what} {value:.2f} (target {'>=' if higher else '<='} {target:.2f}"
            + (f"; the floor: {floor:.2f}, {value / floor:.2f}x it" if floor else "")
            + ")"
        )

    def failed(self) -> list[str]:
        """The targets missed, each with the floor's figure when there is one (those at the floor included)."""
        return [
            self._line(what, value, target, higher)
            for what, value, target, higher in self.checks
            if not (value >= target if higher else value <= target)
        ]

    def floored(self) -> list[str]:
        """The targets missed at the floor (``at_floor``)."""
        return [
            self._line(what, value, target, higher)
            for what, value, target, higher in self.checks
            if not (value >= target if higher else value <= target) and self.at_floor(what, value, target, higher)
        ]


def split_cpus(pin: bool) -> tuple[list[int], list[int]]:
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


# The three answers of ApplyMove measured: with the view as a Struct (the default), as JSON text, without it.
VIEW_FORMS = {(False, False): "ApplyMove", (False, True): "ApplyMove view_json", (True, False): "ApplyMove omit_view"}
FLOOR_NAME = "floor: bare+rules+CAS"
RULES_ONLY_NAME = "floor without the CAS"


@contextmanager
def floor_server(args: argparse.Namespace, cpus: Sequence[int], layer: str = "floor") -> Iterator[ServerProcess | None]:
    """``loadtests.floor_server`` on the same cores and store (None with ``--no-floor`` or without Redis); ``layer``:
    its ``--layer``."""
    if args.no_floor or not args.redis_url:
        yield None
        return
    wrapper = ["taskset", "-c", ",".join(map(str, cpus))] if shutil.which("taskset") else []
    # -P and the repository after PYTHONPATH: the engine comes from the path as for `cardengine serve` (a compiled
    # copy on PYTHONPATH first), not from the working directory that `-m` would put first.
    command = [*wrapper, sys.executable, "-P", "-m", "loadtests.floor_server", "--redis-url", args.redis_url]
    command += ["--layer", layer]
    path = os.pathsep.join(filter(None, (os.environ.get("PYTHONPATH", ""), str(ROOT))))
    with ServerProcess(command=command, environment={"PYTHONPATH": path}) as running:
        yield running


# The rungs between the floor and ``cardengine serve`` (``floor_server.py --layer``), each measured on ApplyMove
# omit_view, the answer nearest the floor: what the service's work, the metered store and the gate each add.
LADDER = {"service": "service on the bare store", "metered": "+ metered store", "gated": "+ gate and error mapping"}


@contextmanager
def ladder_servers(args: argparse.Namespace, cpus: Sequence[int]) -> Iterator[dict[str, ServerProcess]]:
    """The floor server's layers (``LADDER``) with ``--ladder``, else none."""
    with ExitStack() as stack:
        running: dict[str, ServerProcess] = {}
        if args.ladder:
            for layer in LADDER:
                started = stack.enter_context(floor_server(args, cpus, layer))
                if started is not None:
                    running[layer] = started
        yield running


def merged(first: Measurement, second: Measurement) -> Measurement:
    """Two runs of one configuration as one: their calls, time and server CPU pooled."""

    def pooled(a: float | None, b: float | None) -> float | None:
        return a + b if a is not None and b is not None else None

    switches = pooled(first.server_switches, second.server_switches)
    return Measurement(
        first.name,
        first.callers,
        first.seconds + second.seconds,
        first.latencies + second.latencies,
        first.units + second.units,
        pooled(first.server_cpu_seconds, second.server_cpu_seconds),
        server_system_seconds=pooled(first.server_system_seconds, second.server_system_seconds),
        server_switches=None if switches is None else int(switches),
    )


def measure_in_turn(measures: dict[str, Callable[[], Measurement]], repeat: int) -> dict[str, Measurement]:
    """Each configuration ``repeat`` times, taking turns (bare, the ApplyMoves, the floor, then again), each one's
    runs pooled: a machine whose speed drifts (other work, a neighbour on the host) slows every configuration
    alike instead of one row."""
    results: dict[str, Measurement] = {}
    for repetition in range(repeat):
        for key, measure in measures.items():
            row = measure()
            if repeat > 1:
                print(f"  (run {repetition + 1} of {repeat}) " + report(row, "calls" if key == "bare" else "moves"))
            results[key] = merged(results[key], row) if key in results else row
    return results


def run_games(
    args: argparse.Namespace,
    target: str,
    http_url: str | None,
    pids: Sequence[int],
    gen_cpus: Sequence[int],
    verdicts: Verdicts,
    rows: list[Measurement],
    floor: ServerProcess | None = None,
    ladder: Mapping[str, ServerProcess] | None = None,
) -> None:
    """``floor``: a running ``loadtests.floor_server`` on the same store, measured beside ApplyMove; ``ladder``: its
    layers (``LADDER``), each measured on ApplyMove omit_view."""
    for game_type in args.game or GAMES:
        print(
            f"\n== {game_type}: recording up to {args.recorded_matches} matches of {args.players} players "
            f"({args.recorded_moves} moves) ...",
            flush=True,
        )
        first_seed = random.randrange(1, 2**31)
        matches = record_matches(
            target, game_type, args.players, args.recorded_matches, first_seed, args.recorded_moves
        )
        moves = sum(len(match.moves) for match in matches)
        print(f"recorded {moves} moves ({moves / len(matches):.0f} per match)", flush=True)
        best_rate = 0.0
        for callers in args.callers or [1, 16]:
            measures: dict[str, Callable[[], Measurement]] = {
                "bare": partial(with_server_cpu, pids, partial(measure_bare, target, callers, args.seconds))
            }
            for (omit, as_json), name in VIEW_FORMS.items():
                measures[name] = partial(
                    measure_apply,
                    target,
                    callers,
                    args.seconds,
                    matches,
                    game_type,
                    args.players,
                    omit_view=omit,
                    view_json=as_json,
                    pids=pids,
                )
            if floor is not None:
                for floor_name, metadata in ((FLOOR_NAME, ()), (RULES_ONLY_NAME, (("x-floor", "rules-only"),))):
                    measures[floor_name] = partial(
                        measure_apply,
                        floor.grpc_target,
                        callers,
                        args.seconds,
                        matches,
                        game_type,
                        args.players,
                        name=floor_name,
                        extra_metadata=metadata,
                        pids=floor.pids,
                    )
            for layer, layer_server in (ladder or {}).items():
                measures[f"ladder: {LADDER[layer]}"] = partial(
                    measure_apply,
                    layer_server.grpc_target,
                    callers,
                    args.seconds,
                    matches,
                    game_type,
                    args.players,
                    omit_view=True,
                    name=f"ladder: {LADDER[layer]}",
                    pids=layer_server.pids,
                )
            measured = measure_in_turn(measures, args.repeat)
            bare = measured["bare"]
            print(report(bare, "calls"), flush=True)
            applied = {}
            for name in VIEW_FORMS.values():
                row = measured[name]
                print(report(row, "moves"), flush=True)
                applied[name] = row
                best_rate = max(best_rate, row.rate)
            floor_row = None
            if floor is not None:
                floor_row, rules_row = measured[FLOOR_NAME], measured[RULES_ONLY_NAME]
                print(report(floor_row, "moves"), flush=True)
                print(report(rules_row, "moves"), flush=True)
                rows.append(rules_row)
                rules_row.label = f"{game_type} gRPC {rules_row.name} x{callers}"
                print(
                    f"  floor without the CAS/bare with {callers} callers: "
                    + ratios_text(against_bare(rules_row, bare))
                )
                cas = ratio(floor_row.server_cpu_per_unit_us, 1.0) - ratio(rules_row.server_cpu_per_unit_us, 1.0)
                print(f"  one compare-and-set on Redis costs a call {cas:.0f} us of server CPU", flush=True)
            for row in (bare, *applied.values(), *([floor_row] if floor_row else [])):
                row.label = f"{game_type} gRPC {row.name} x{callers}"
                rows.append(row)
            if ladder and floor_row is not None:
                print_ladder(measured, floor_row, applied[VIEW_FORMS[(True, False)]], list(ladder), callers)
            floor_ratios = against_bare(floor_row, bare) if floor_row else None
            if floor_ratios is not None:
                print(f"  floor/bare with {callers} callers: " + ratios_text(floor_ratios), flush=True)
            for name, row in applied.items():
                ratios = against_bare(row, bare)
                throughput, median, tail, cpu = ratios
                print(f"  {name}/bare with {callers} callers: " + ratios_text(ratios), flush=True)
                if floor_row is not None:
                    print(f"  {name}/floor with {callers} callers: " + ratios_text(against_bare(row, floor_row)))
                at_floor = floor_ratios or (math.nan,) * 4
                if callers >= 16:
                    verdicts.add(
                        f"{game_type} {name} x16 throughput",
                        throughput,
                        TARGETS["grpc_throughput_16"],
                        True,
                        at_floor[0],
                    )
                    verdicts.add(f"{game_type} {name} x16 p99", tail, TARGETS["grpc_p99_16"], False, at_floor[2])
                    if not math.isnan(cpu):
                        verdicts.add(f"{game_type} {name} server CPU", cpu, TARGETS["grpc_cpu"], False, at_floor[3])
                if callers == 1:
                    verdicts.add(f"{game_type} {name} x1 p50", median, TARGETS["grpc_p50_1"], False, at_floor[1])
                    if not math.isnan(cpu):
                        verdicts.add(f"{game_type} {name} x1 server CPU", cpu, TARGETS["grpc_cpu"], False, at_floor[3])
        if http_url is None or args.no_rest:
            continue
        if not wrk_available():
            print(f"REST rows skipped: wrk is not installed ({WRK_INSTALL})", flush=True)
            continue
        health, get, apply = measure_rest(
            target, http_url, game_type, args.players, matches, args.seconds, pids, gen_cpus, best_rate
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
            verdicts.add(f"{game_type} REST answers without errors", 0.0, 1.0, True)
        verdicts.add(f"{game_type} REST ApplyMove/healthz", rest_apply, TARGETS["rest_apply"], True)
        verdicts.add(f"{game_type} REST GetGame/healthz", rest_get, TARGETS["rest_get"], True)


def compare_workers(args: argparse.Namespace, server_cpus: Sequence[int], rows: list[Measurement]) -> None:
    game_type = (args.game or GAMES)[0]
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


def print_ladder(
    measured: Mapping[str, Measurement], floor: Measurement, served: Measurement, layers: Sequence[str], callers: int
) -> None:
    """The ladder's rows and the server CPU per move each rung adds, from the floor to ``cardengine serve``."""
    steps = [("floor", floor)] + [(LADDER[layer], measured[f"ladder: {LADDER[layer]}"]) for layer in layers]
    steps.append(("cardengine serve", served))  # + the REST server, bot workers, the clock sweeper, reflection
    for _, row in steps[1:-1]:
        print(report(row, "moves"), flush=True)
    cells, before = [], None
    for name, row in steps:
        cpu = row.server_cpu_per_unit_us
        if cpu is None:
            return
        cells.append(f"{name} {cpu:.0f}" if before is None else f"{name} {cpu - before:+.0f}")
        before = cpu
    print(f"  ladder, ApplyMove omit_view server CPU per move (us) with {callers} callers: " + ", ".join(cells))


def run(args: argparse.Namespace, target: str, pids: Sequence[int] = (), http_url: str | None = None) -> bool:
    verdicts = Verdicts()
    rows: list[Measurement] = []
    run_games(args, target, http_url, pids, [], verdicts, rows)
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
    server_cpus, gen_cpus = split_cpus(not args.no_pin)
    if gen_cpus != server_cpus:
        os.sched_setaffinity(0, gen_cpus)
    print(f"servers on cores {server_cpus}, load generator on cores {gen_cpus}; {args.seconds:.0f} s per row")
    verdicts = Verdicts()
    rows: list[Measurement] = []
    with (
        server(args, server_cpus, 1) as running,
        floor_server(args, server_cpus) as floor,
        ladder_servers(args, server_cpus) as ladder,
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
        run_games(args, running.grpc_target, running.http_url, running.pids, gen_cpus, verdicts, rows, floor, ladder)
        if not args.no_growth:
            for line in measure_growth(running.grpc_target, "house_rummy", args.players, args.growth_moves):
                print(line, flush=True)
    if args.redis_url and not args.no_workers:
        compare_workers(args, server_cpus, rows)
    finish(args, verdicts, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
