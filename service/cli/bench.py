"""The engine benchmark: per game, random matches/s, moves/s, a playout step's median, legal-move enumeration
time, snapshot encode + decode time of mid-game states, the time of a seat's view of them, and the time to write
that view as the gRPC answer carries it: as a ``google.protobuf.Struct`` in wire form (``Game.view``, the default)
and as JSON text (``Game.view_json``). Run it with ``cardengine bench``.

Then the anchors, when the ``bench`` extra is installed (``pip install -e '.[bench]'``): OpenSpiel 2.0.2's
``gin_rummy`` (C++, through pyspiel) and RLCard's ``gin-rummy`` (Python), random playouts of 2 players measured in
the same run as each game's, in alternating slices (so that a busy machine slows every side alike), with the
ratios of moves/s to theirs. Every side runs the same bare loop: a new match, then until it ends the legal moves
of the seat to act, a random choice, the move applied (OpenSpiel's chance nodes are counted as moves, as its
``legal_actions``/``apply_action`` loop meets them; RLCard's ``env.step`` deals its chance inside). Moves/s are
per CPU second of the benchmark's thread (``time.thread_time``: what the machine's other work does not take);
step p50 is the wall-clock median of one legal-moves + apply step.

With ``--compiled [DIR]`` (default ``build/compiled``, made by ``bash scripts/build_compiled_engine``), the
mypyc-compiled engine takes its turn in the same alternation, in a child process that imports it first on its path
(``CompiledMeter``: each slice is asked for over a pipe and measured by the child's own thread CPU time), so the
pure-Python and the compiled engine are measured beside the same anchors in one run.

Every side runs under Python's default garbage-collector settings, as ``cardengine serve`` and its bots run the
engine (``--default-gc`` is still accepted and changes nothing). The first line names the engine measured.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

import engine
from service.edges.convert_struct import struct_bytes
from service.runtime.engine_build import engine_build

GC_SETTINGS = "Python's defaults, as cardengine serve runs"


@dataclass(frozen=True)
class BenchResult:
    game_id: str
    players: int
    matches_per_second: float
    moves_per_second: float
    step_median_us: float
    step_p99_us: float
    legal_moves_median_us: float
    codec_median_us: float
    snapshot_bytes: int
    view_median_us: float = 0.0  # a seat's view (engine.view), as the service answers it with each move
    struct_median_us: float = 0.0  # that view written as a Struct's wire form (gRPC Game.view)
    json_median_us: float = 0.0  # that view written as JSON text (gRPC Game.view_json, REST)

    def line(self) -> str:
        return (
            f"{self.game_id:<14}{self.players:>3}p {self.matches_per_second:>9.1f} {self.moves_per_second:>10.0f} "
            f"{self.step_median_us:>9.1f} {self.step_p99_us:>9.1f} {self.legal_moves_median_us:>9.1f} "
            f"{self.codec_median_us:>9.1f} {self.snapshot_bytes:>8} {self.view_median_us:>9.1f} "
            f"{self.struct_median_us:>10.1f} {self.json_median_us:>9.1f}"
        )


HEADER = (
    f"{'game':<14}{'pl':>4} {'matches/s':>9} {'moves/s':>10} {'step p50':>9} {'step p99':>9} {'legal p50':>9} "
    f"{'codec p50':>9} {'snap B':>8} {'view p50':>9} {'struct p50':>10} {'json p50':>9}   (times in microseconds)"
)


@dataclass
class Samples:
    """The timings (seconds) and snapshot sizes one game's bench collects."""

    step: list[float] = field(default_factory=list)
    legal: list[float] = field(default_factory=list)
    codec: list[float] = field(default_factory=list)
    snapshot_sizes: list[int] = field(default_factory=list)
    view: list[float] = field(default_factory=list)
    struct: list[float] = field(default_factory=list)
    json: list[float] = field(default_factory=list)

    def apart(self) -> float:
        """The time of the codec and view samples, left out of the playout's time (matches/s, moves/s)."""
        return sum(self.codec) + sum(self.view) + sum(self.struct) + sum(self.json)

    def sample_codec_and_view(self, state: engine.GameState, seat: int, clock: Callable[[], float]) -> None:
        """Times a snapshot's round trip and ``seat``'s view, bare, as a Struct's wire form and as JSON."""
        t3 = clock()
        data = engine.encode(state)
        engine.decode(data)
        t4 = clock()
        self.codec.append(t4 - t3)
        self.snapshot_sizes.append(len(data))
        view = engine.view(state, seat)
        t5 = clock()
        self.view.append(t5 - t4)
        struct_bytes(view)
        t6 = clock()
        self.struct.append(t6 - t5)
        orjson.dumps(view)
        self.json.append(clock() - t6)


def median_us(times: list[float]) -> float:
    return statistics.median(times) * 1e6 if times else 0.0


def bench_game(game_id: str, players: int, seconds: float) -> BenchResult:
    rng = random.Random(12345)
    samples = Samples()
    matches = moves = 0
    clock: Callable[[], float] = time.perf_counter
    started = clock()
    seed = 0
    while clock() - started - samples.apart() < seconds or matches == 0:
        state, _ = engine.new_game(game_id, players, seed, engine.get_game(game_id).playout_options)
        seed += 1
        while not engine.is_finished(state):
            seat = rng.choice(engine.to_act(state))
            t0 = clock()
            legal = engine.legal_moves(state, seat)
            t1 = clock()
            state, _ = engine.apply(state, seat, rng.choice(legal))
            t2 = clock()
            samples.step.append(t2 - t0)
            samples.legal.append(t1 - t0)
            moves += 1
            if moves % 7 == 0:
                samples.sample_codec_and_view(state, seat, clock)
        matches += 1
    elapsed = clock() - started - samples.apart()
    samples.step.sort()
    return BenchResult(
        game_id=game_id,
        players=players,
        matches_per_second=matches / elapsed,
        moves_per_second=moves / elapsed,
        step_median_us=statistics.median(samples.step) * 1e6,
        step_p99_us=samples.step[int(len(samples.step) * 0.99)] * 1e6,
        legal_moves_median_us=statistics.median(samples.legal) * 1e6,
        codec_median_us=median_us(samples.codec),
        snapshot_bytes=int(statistics.median(samples.snapshot_sizes)) if samples.snapshot_sizes else 0,
        view_median_us=median_us(samples.view),
        struct_median_us=median_us(samples.struct),
        json_median_us=median_us(samples.json),
    )


def run_benchmarks(
    game_ids: list[str] | None,
    seconds: float,
    out: Callable[[str], None] = print,
    *,
    anchors: bool = True,
    compiled: Path | None = None,
) -> list[BenchResult]:
    """The table of every game (or those named) at its player counts; then, with ``anchors``, the same games beside
    OpenSpiel's and RLCard's gin rummy (see ``run_anchors``), and the compiled engine of ``compiled`` with them."""
    results = []
    out(f"engine: {engine_build()}; garbage collector: {GC_SETTINGS}")
    out(HEADER)
    for game in engine.all_games():
        if game_ids and game.id not in game_ids:
            continue
        for players in sorted({game.min_players, game.default_players, game.max_players}):
            try:
                game.check_players(players)
            except engine.InvalidPlayersError:
                continue
            result = bench_game(game.id, players, seconds)
            out(result.line())
            results.append(result)
    if anchors:
        run_anchors(game_ids, seconds, out, compiled)
    return results


# ----- anchors: OpenSpiel's and RLCard's gin rummy, in the same run -----------------------------------------------
OPENSPIEL_VERSION = "2.0.2"
INSTALL_HINT = (
    "anchors: OpenSpiel's gin_rummy and RLCard's gin-rummy are not installed; for the ratios to them install the "
    f"bench extra: .venv/bin/pip install -e '.[bench]' (open-spiel=={OPENSPIEL_VERSION}, rlcard)"
)
SLICE_SECONDS = 0.25
ANCHOR_PLAYERS = 2


@dataclass
class PlayoutMeter:
    """One side of the comparison: moves and CPU seconds summed over its slices, and wall-clock step times."""

    name: str
    steps: Iterator[float]  # each item is one step's wall-clock seconds; the iterator plays matches forever
    moves: int = 0
    cpu_seconds: float = 0.0
    step_times: list[float] = field(default_factory=list)

    def reset(self) -> None:
        """Forgets what was measured so far (after a warm-up)."""
        self.moves, self.cpu_seconds, self.step_times = 0, 0.0, []

    def run_slice(self, seconds: float) -> None:
        cpu = time.thread_time
        started = cpu()
        steps, times = self.steps, self.step_times
        moves = 0
        while cpu() - started < seconds:
            for _ in range(64):
                times.append(next(steps))
            moves += 64
        self.cpu_seconds += cpu() - started
        self.moves += moves

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.cpu_seconds if self.cpu_seconds else 0.0

    @property
    def step_median_us(self) -> float:
        return statistics.median(self.step_times) * 1e6 if self.step_times else 0.0


def engine_steps(game_id: str, players: int, seed: int = 0) -> Iterator[float]:
    """Random playouts of one of our games, forever: the wall-clock time of each step (legal moves + apply)."""
    rng = random.Random(12345)
    clock = time.perf_counter
    options = engine.get_game(game_id).playout_options
    while True:
        state, _ = engine.new_game(game_id, players, seed, options)
        seed += 1
        while not engine.is_finished(state):
            seat = rng.choice(engine.to_act(state))
            t0 = clock()
            state, _ = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
            yield clock() - t0


def openspiel_steps() -> Iterator[float] | None:
    """OpenSpiel's gin_rummy random playouts (chance nodes included), or ``None`` if pyspiel is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]  # optional: the bench extra
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")  # two players

    def steps() -> Iterator[float]:
        rng = random.Random(12345)
        clock = time.perf_counter
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                t0 = clock()
                state.apply_action(rng.choice(state.legal_actions()))
                yield clock() - t0

    return steps()


def rlcard_steps() -> Iterator[float] | None:
    """RLCard's gin-rummy random playouts (2 players), or ``None`` if rlcard is not installed."""
    try:
        import rlcard  # type: ignore[import-not-found,import-untyped,unused-ignore]  # optional: the bench extra
    except ImportError:
        return None
    env: Any = rlcard.make("gin-rummy", config={"seed": 12345})

    def steps() -> Iterator[float]:
        rng = random.Random(12345)
        clock = time.perf_counter
        while True:
            state, _ = env.reset()
            while not env.is_over():
                t0 = clock()
                state, _ = env.step(rng.choice(list(state["legal_actions"])))
                yield clock() - t0

    return steps()


class CompiledMeter:
    """The compiled engine's side: a child process running ``PlayoutMeter`` slices of the same game on the copy in
    ``directory`` (put first on its path), one slice per request over its stdin, answering the moves and thread CPU
    seconds of the slice; at the end, its step median. The parent waits while the child plays, so the two never
    share the CPU."""

    name = "compiled"

    def __init__(self, directory: Path, game_id: str, players: int) -> None:
        self.moves = 0
        self.cpu_seconds = 0.0
        self.step_median_us = 0.0
        root = Path(__file__).resolve().parents[2]
        environment = {**os.environ, "PYTHONPATH": f"{directory.resolve()}{os.pathsep}{root}"}
        code = "from service.cli.bench import compiled_child; compiled_child()"
        self._child = subprocess.Popen(
            [sys.executable, "-P", "-c", code, game_id, str(players)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=environment,
            text=True,
        )
        ready = self._ask({"ready": True})
        if ready.get("engine") != "compiled":
            self.close()
            raise RuntimeError(f"{directory} holds no compiled engine: the child imported {ready.get('file')}")

    def _ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self._child.stdin is not None and self._child.stdout is not None
        self._child.stdin.write(json.dumps(request) + "\n")
        self._child.stdin.flush()
        line = self._child.stdout.readline()
        if not line:
            raise RuntimeError("the compiled engine's process ended")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def run_slice(self, seconds: float) -> None:
        answer = self._ask({"slice": seconds})
        self.moves += answer["moves"]
        self.cpu_seconds += answer["cpu"]

    def reset(self) -> None:
        self._ask({"reset": True})
        self.moves, self.cpu_seconds = 0, 0.0

    def read_step_median(self) -> None:
        self.step_median_us = float(self._ask({"median": True})["median"])

    def close(self) -> None:
        if self._child.stdin is not None:
            self._child.stdin.close()
        try:
            self._child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._child.kill()
            self._child.wait()

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.cpu_seconds if self.cpu_seconds else 0.0


def compiled_child() -> None:
    """The child of ``CompiledMeter`` (``sys.argv``: game, players): answers each request line on stdin."""
    from service.runtime.engine_build import engine_kind

    game_id, players = sys.argv[1], int(sys.argv[2])
    meter = PlayoutMeter(game_id, engine_steps(game_id, players))
    for line in sys.stdin:
        request = json.loads(line)
        answer: dict[str, Any]
        if "ready" in request:
            answer = {"engine": engine_kind(), "file": engine.api.__file__}
        elif "slice" in request:
            moves, cpu = meter.moves, meter.cpu_seconds
            meter.run_slice(float(request["slice"]))
            answer = {"moves": meter.moves - moves, "cpu": meter.cpu_seconds - cpu}
        elif "reset" in request:
            meter.reset()
            answer = {}
        else:
            answer = {"median": meter.step_median_us}
        print(json.dumps(answer), flush=True)


def has_compiled_engine(directory: Path) -> bool:
    """Whether ``directory`` holds a compiled copy of the engine (``engine/api`` as an extension module)."""
    return any((directory / "engine").glob("api.*.so")) or any((directory / "engine").glob("api.*.pyd"))


@dataclass(frozen=True)
class AnchorResult:
    game_id: str
    players: int
    moves_per_second: float
    step_median_us: float
    openspiel_moves_per_second: float | None
    openspiel_step_median_us: float | None
    rlcard_moves_per_second: float | None
    rlcard_step_median_us: float | None
    compiled_moves_per_second: float | None = None  # the compiled engine's, with --compiled
    compiled_step_median_us: float | None = None

    @property
    def openspiel_ratio(self) -> float | None:
        return self.moves_per_second / self.openspiel_moves_per_second if self.openspiel_moves_per_second else None

    @property
    def compiled_openspiel_ratio(self) -> float | None:
        if not self.compiled_moves_per_second or not self.openspiel_moves_per_second:
            return None
        return self.compiled_moves_per_second / self.openspiel_moves_per_second

    @property
    def rlcard_ratio(self) -> float | None:
        return self.moves_per_second / self.rlcard_moves_per_second if self.rlcard_moves_per_second else None

    def line(self) -> str:
        def shown(value: float | None, width: int, digits: int) -> str:
            return f"{'-':>{width}}" if value is None else f"{value:>{width}.{digits}f}"

        return (
            f"{self.game_id:<14}{self.players:>3}p {self.moves_per_second:>10.0f} {self.step_median_us:>9.1f} "
            f"{shown(self.openspiel_moves_per_second, 10, 0)} {shown(self.openspiel_step_median_us, 9, 1)} "
            f"{shown(self.openspiel_ratio, 7, 2)} {shown(self.rlcard_moves_per_second, 10, 0)} "
            f"{shown(self.rlcard_step_median_us, 9, 1)} {shown(self.rlcard_ratio, 7, 2)}"
        ) + (
            ""
            if self.compiled_moves_per_second is None
            else f" {shown(self.compiled_moves_per_second, 10, 0)} {shown(self.compiled_step_median_us, 9, 1)} "
            f"{shown(self.compiled_openspiel_ratio, 7, 2)}"
        )


ANCHOR_HEADER = (
    f"{'game':<14}{'pl':>4} {'moves/s':>10} {'step p50':>9} {'OS mv/s':>10} {'OS p50':>9} {'vs OS':>7} "
    f"{'RLC mv/s':>10} {'RLC p50':>9} {'vs RLC':>7}"
)


COMPILED_HEADER = f" {'cmp mv/s':>10} {'cmp p50':>9} {'cmp/OS':>7}"


def bench_anchors(
    game_id: str,
    seconds: float,
    players: int = ANCHOR_PLAYERS,
    compiled: Path | None = None,
) -> AnchorResult | None:
    """``game_id``'s random playouts beside OpenSpiel's and RLCard's gin rummy (and, with ``compiled``, the
    compiled engine of that directory: ``CompiledMeter``), alternating slices of ``SLICE_SECONDS`` for ``seconds``
    of our game's CPU time; ``None`` when there is nothing to compare with."""
    openspiel, rlcard = openspiel_steps(), rlcard_steps()
    if openspiel is None and rlcard is None and compiled is None:
        return None
    ours = PlayoutMeter(game_id, engine_steps(game_id, players))
    meters: list[PlayoutMeter | CompiledMeter] = [ours]
    theirs = {
        name: PlayoutMeter(name, steps)
        for name, steps in (("openspiel", openspiel), ("rlcard", rlcard))
        if steps is not None
    }
    meters.extend(theirs.values())
    compiled_meter = CompiledMeter(compiled, game_id, players) if compiled is not None else None
    try:
        if compiled_meter is not None:
            meters.append(compiled_meter)
        for meter in meters:  # warm up: imports, caches, first matches
            meter.run_slice(0.02)
            meter.reset()
        while ours.cpu_seconds < seconds:
            for meter in meters:
                meter.run_slice(min(SLICE_SECONDS, seconds))
        if compiled_meter is not None:
            compiled_meter.read_step_median()
    finally:
        if compiled_meter is not None:
            compiled_meter.close()
    os_meter, rl_meter = theirs.get("openspiel"), theirs.get("rlcard")
    return AnchorResult(
        game_id,
        players,
        ours.moves_per_second,
        ours.step_median_us,
        os_meter.moves_per_second if os_meter else None,
        os_meter.step_median_us if os_meter else None,
        rl_meter.moves_per_second if rl_meter else None,
        rl_meter.step_median_us if rl_meter else None,
        compiled_meter.moves_per_second if compiled_meter else None,
        compiled_meter.step_median_us if compiled_meter else None,
    )


def run_anchors(
    game_ids: list[str] | None,
    seconds: float,
    out: Callable[[str], None] = print,
    compiled: Path | None = None,
) -> list[AnchorResult]:
    """Every game (or those named) beside the anchors (and the compiled engine of ``compiled``); says how to install
    the anchors when they are missing."""
    results: list[AnchorResult] = []
    first = True
    for game in engine.all_games():
        if game_ids and game.id not in game_ids:
            continue
        try:
            game.check_players(ANCHOR_PLAYERS)
        except engine.InvalidPlayersError:
            continue
        result = bench_anchors(game.id, seconds, compiled=compiled)
        if result is None:
            out(INSTALL_HINT)
            return results
        if first and result.openspiel_moves_per_second is None and result.rlcard_moves_per_second is None:
            out(INSTALL_HINT)  # the compiled engine alone, without the anchors
        if first:
            out("")
            out(
                f"anchors: {ANCHOR_PLAYERS}-player random playouts in one run, alternating {SLICE_SECONDS} s slices; "
                "moves/s per CPU second (OS: OpenSpiel gin_rummy, RLC: RLCard gin-rummy; vs: our moves/s / theirs)"
            )
            if compiled is not None:
                out(f"cmp: the compiled engine of {compiled}, in the same alternation (its own process); cmp/OS: ratio")
            out(ANCHOR_HEADER + (COMPILED_HEADER if compiled is not None else ""))
            first = False
        out(result.line())
        results.append(result)
    return results
