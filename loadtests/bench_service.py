"""The service benchmark: ApplyMove over gRPC on Redis, next to a bare gRPC unary call on the same server.

    .venv/bin/python -m loadtests.bench_service --redis-url redis://127.0.0.1:6379/0

Starts its own server (``cardengine serve`` on free ports, on the given Redis) unless ``--target`` names a running
one. For each concurrency (1 and 16 callers by default, one channel each, one thread each) it measures for
``--seconds``:

- ``bare``: the gRPC health service's Check, the cheapest unary call the server answers (no store, no engine);
- ``ApplyMove``: callers replaying recorded matches with ApplyMove alone: a warm-up first plays matches between
  random bots through the API (ListLegalMoves, ApplyMove) and records each seat's moves; the measured callers then
  create games with the same seeds (same deals) and apply the recorded moves in order at the known versions, so
  every timed call is an accepted ApplyMove (read the snapshot, run the rules, compare-and-set on Redis), with
  one CreateGame per match inside the wall clock;
- ``bot loop``: what a bot does per move (ListLegalMoves then ApplyMove), counted in moves.

It prints p50/p99 latency and calls/s of each, then the ratios against the bare call: the targets are, with 16
callers, ApplyMove throughput at least half the bare call's and ApplyMove p99 at most twice the bare call's.
Games it creates expire by the server's time-to-live; it never flushes the Redis database.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

import engine
from clients.bots import RandomBot
from clients.grpc_client import GameEngineClient
from loadtests.server_process import ServerProcess


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
    units: int = 0  # calls, or moves for the bot loop
    server_cpu_seconds: float | None = None  # CPU time the server process used meanwhile, when it is known

    @property
    def server_cpu_per_unit_us(self) -> float | None:
        if self.server_cpu_seconds is None or not self.units:
            return None
        return self.server_cpu_seconds / self.units * 1e6

    @property
    def rate(self) -> float:
        return self.units / self.seconds if self.seconds else 0.0

    def percentile(self, fraction: float) -> float:
        """Nearest-rank percentile of the latencies, in milliseconds."""
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        rank = max(1, min(len(ordered), math.ceil(fraction * len(ordered))))
        return ordered[rank - 1] * 1000.0


def process_cpu_seconds(pid: int | None) -> float | None:
    """User + system CPU time of a local process (Linux /proc), or None when it cannot be read."""
    if pid is None:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def with_server_cpu(pid: int | None, measure: Callable[[], Measurement]) -> Measurement:
    before = process_cpu_seconds(pid)
    measurement = measure()
    after = process_cpu_seconds(pid)
    if before is not None and after is not None:
        measurement.server_cpu_seconds = after - before
    return measurement


def record_matches(target: str, game_type: str, players: int, count: int, first_seed: int) -> list[RecordedMatch]:
    """Plays ``count`` matches between random bots through the API and records every move."""
    recorded = []
    with GameEngineClient(target) as client:
        for seed in range(first_seed, first_seed + count):
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


def measure_apply(
    target: str, callers: int, seconds: float, matches: Sequence[RecordedMatch], game_type: str, players: int
) -> Measurement:
    clients = [GameEngineClient(target, timeout=10.0) for _ in range(callers)]
    for client in clients:
        client.list_game_types()

    def body(index: int, running: Callable[[], bool]) -> tuple[list[float], int]:
        client, latencies = clients[index], []
        rotation = random.Random(index)
        while running():
            match = matches[rotation.randrange(len(matches))]
            created = client.create_game(game_type, players, match.seed, engine.get_game(game_type).playout_options)
            tokens = {token.seat: token.token for token in created.seats}
            for version, (seat, notation) in enumerate(match.moves):
                if not running():
                    break
                start = time.perf_counter()
                client.apply_move(created.game_id, tokens[seat], notation, version)
                latencies.append(time.perf_counter() - start)
        return latencies, len(latencies)

    try:
        elapsed, latencies, units = run_callers(callers, seconds, body)
    finally:
        for client in clients:
            client.close()
    return Measurement("ApplyMove", callers, elapsed, latencies, units)


def measure_bot_loop(target: str, callers: int, seconds: float, game_type: str, players: int) -> Measurement:
    clients = [GameEngineClient(target, timeout=10.0) for _ in range(callers)]
    for client in clients:
        client.list_game_types()

    def body(index: int, running: Callable[[], bool]) -> tuple[list[float], int]:
        client, latencies = clients[index], []
        seed = 10_000 * (index + 1)
        while running():
            seed += 1
            created = client.create_game(game_type, players, seed, engine.get_game(game_type).playout_options)
            bots = {token.seat: RandomBot(seed + token.seat) for token in created.seats}
            game = created.game
            while running() and not game.finished:
                seat = game.to_act[0]
                start = time.perf_counter()
                legal = client.legal_moves(created.game_id, created.token(seat))
                notation = bots[seat].choose(legal.notations, {})
                game = client.apply_move(created.game_id, created.token(seat), notation, legal.version).game
                latencies.append(time.perf_counter() - start)
        return latencies, len(latencies)

    try:
        elapsed, latencies, units = run_callers(callers, seconds, body)
    finally:
        for client in clients:
            client.close()
    return Measurement("bot loop (list + apply)", callers, elapsed, latencies, units)


def report(row: Measurement, unit: str) -> str:
    cpu = row.server_cpu_per_unit_us
    return (
        f"{row.name:<26} {row.callers:>3} callers  p50 {row.percentile(0.50):7.2f} ms  "
        f"p99 {row.percentile(0.99):7.2f} ms  {row.rate:8.0f} {unit}/s  ({row.units} in {row.seconds:.1f} s)"
        + (f"  server CPU {cpu:6.0f} us/{unit[:-1] if unit.endswith('s') else unit}" if cpu is not None else "")
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m loadtests.bench_service", description=__doc__.split("\n")[0])
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/0", help="Redis of the server it starts")
    parser.add_argument("--target", help="HOST:PORT of a running server instead (its own store)")
    parser.add_argument("--callers", type=int, action="append", help="concurrency levels (default 1 and 16)")
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--game", default="dracula")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--recorded-matches", type=int, default=24, help="matches recorded for the replay")
    parser.add_argument("--server-arg", action="append", default=[], help="extra argument to `cardengine serve`")
    return parser


def run(args: argparse.Namespace, target: str, server_pid: int | None = None) -> bool:
    print(f"recording {args.recorded_matches} {args.game} matches of {args.players} players ...", flush=True)
    first_seed = random.randrange(1, 2**31)
    matches = record_matches(target, args.game, args.players, args.recorded_matches, first_seed)
    moves = sum(len(match.moves) for match in matches)
    print(f"recorded {moves} moves ({moves / len(matches):.0f} per match)", flush=True)
    met = True
    for callers in args.callers or [1, 16]:
        bare = with_server_cpu(server_pid, partial(measure_bare, target, callers, args.seconds))
        print(report(bare, "calls"), flush=True)
        apply = with_server_cpu(
            server_pid, partial(measure_apply, target, callers, args.seconds, matches, args.game, args.players)
        )
        print(report(apply, "moves"), flush=True)
        loop = with_server_cpu(
            server_pid, partial(measure_bot_loop, target, callers, args.seconds, args.game, args.players)
        )
        print(report(loop, "moves"), flush=True)
        throughput = apply.rate / bare.rate
        tail = apply.percentile(0.99) / bare.percentile(0.99)
        print(
            f"  ratios with {callers} callers: ApplyMove/bare throughput {throughput:.2f} (target >= 0.50), "
            f"p99 {tail:.2f} (target <= 2.00), p50 {apply.percentile(0.5) / bare.percentile(0.5):.2f}",
            flush=True,
        )
        if callers >= 16:
            met = met and throughput >= 0.5 and tail <= 2.0
    print("targets met" if met else "targets missed", flush=True)
    return met


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.target:
        run(args, args.target)
        return 0
    with ServerProcess(redis_url=args.redis_url, extra_args=args.server_arg) as server:
        print(f"server: pid {server.pid}, gRPC {server.grpc_target}, HTTP {server.http_url}, {args.redis_url}")
        run(args, server.grpc_target, server.pid)
    return 0


if __name__ == "__main__":
    sys.exit(main())
