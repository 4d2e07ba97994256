"""The peer benchmark's windows, pooled rows and table (standard library only)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

ANCHOR = "ce-grpc-redis"


@dataclass
class Config:
    key: str
    label: str
    server: str  # which server process serves it
    kind: str  # grpc | rest | bgio
    options: dict[str, str] = field(default_factory=dict)


@dataclass
class Window:
    config: str
    round: int
    moves: int
    seconds: float
    latencies_us: list[float]  # samples (gRPC, boardgame.io) or equally weighted quantiles (wrk)
    latency_weight: float  # moves each latency stands for
    server_cpu: float
    store_cpu: float
    core_server: float  # busy seconds of the server's core over the window
    core_load: float
    gen_cpu: float | None
    wall: float
    notes: list[str] = field(default_factory=list)


@dataclass
class Row:
    config: Config
    moves: int
    rate: float
    cpu_us: float
    store_us: float
    p50: float
    p99: float
    server_busy: float
    others_server_core: float
    gen_busy: float | None
    load_core_busy: float
    rates: list[float]
    notes: list[str]


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile, in ms."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(fraction * len(ordered))))
    return ordered[rank - 1] / 1000.0


def pooled_percentile(windows: list[Window], fraction: float) -> float:
    """Percentile of the pooled latencies, each sample weighted by the moves it stands for."""
    samples = sorted((v, w.latency_weight) for w in windows for v in w.latencies_us)
    if not samples:
        return float("nan")
    total = sum(weight for _, weight in samples)
    running = 0.0
    for value, weight in samples:
        running += weight
        if running >= fraction * total - 1e-9:
            return value / 1000.0
    return samples[-1][0] / 1000.0


def pool(config: Config, windows: list[Window]) -> Row:
    moves = sum(w.moves for w in windows)
    seconds = sum(w.seconds for w in windows)
    wall = sum(w.wall for w in windows)
    server = sum(w.server_cpu for w in windows)
    gens = [w.gen_cpu for w in windows]
    gen_total = sum(g for g in gens if g is not None)
    return Row(
        config=config,
        moves=moves,
        rate=moves / seconds if seconds else 0.0,
        cpu_us=server / moves * 1e6 if moves else float("nan"),
        store_us=sum(w.store_cpu for w in windows) / moves * 1e6 if moves else float("nan"),
        p50=pooled_percentile(windows, 0.50),
        p99=pooled_percentile(windows, 0.99),
        server_busy=server / wall if wall else 0.0,
        others_server_core=max(0.0, sum(w.core_server for w in windows) - server) / wall if wall else 0.0,
        gen_busy=gen_total / seconds if seconds and all(g is not None for g in gens) else None,
        load_core_busy=sum(w.core_load for w in windows) / wall if wall else 0.0,
        rates=[w.moves / w.seconds for w in windows if w.seconds],
        notes=sorted({note for w in windows for note in w.notes}),
    )


def window_line(w: Window) -> str:
    rate = w.moves / w.seconds if w.seconds else 0.0
    cpu = w.server_cpu / w.moves * 1e6 if w.moves else float("nan")
    gen = f"{w.gen_cpu / w.seconds:4.2f}" if w.gen_cpu is not None and w.seconds else "  - "
    if w.latency_weight == 1:
        p50, p99 = percentile(w.latencies_us, 0.5), percentile(w.latencies_us, 0.99)
    else:
        p50, p99 = pooled_percentile([w], 0.5), pooled_percentile([w], 0.99)
    return (
        f"  round {w.round} {w.config:<20} {rate:7.0f} moves/s {cpu:6.0f} us/move p50 {p50:6.2f} ms p99 {p99:6.2f} ms "
        f"server core {w.server_cpu / w.wall:4.2f} (others {max(0.0, w.core_server - w.server_cpu) / w.wall:4.2f}) "
        f"load gen {gen} (core {w.core_load / w.wall:4.2f})" + (f"  [{'; '.join(w.notes)}]" if w.notes else "")
    )


def ratio(value: float, base: float | None) -> str:
    return f"{value / base:.2f}" if base and not math.isnan(value) else "-"


def table(rows: list[Row]) -> str:
    anchor = next((row for row in rows if row.config.key == ANCHOR), None)
    header = (
        "| configuration | moves/s | per window | server core share | others on it | server CPU us/move "
        "| of which Redis | moves per server CPU-s | p50 ms | p99 ms | load gen CPU | x moves/s | x CPU/move "
        "| x p50 | x p99 |"
    )
    lines = [header, "|" + "---|" * (header.count("|") - 1)]
    for row in rows:
        lines.append(
            f"| {row.config.label} | {row.rate:.0f} | {min(row.rates):.0f}-{max(row.rates):.0f} "
            f"| {row.server_busy:.2f} | {row.others_server_core:.2f} | {row.cpu_us:.0f} | {row.store_us:.0f} "
            f"| {1e6 / row.cpu_us:.0f} | {row.p50:.2f} | {row.p99:.2f} "
            f"| {'-' if row.gen_busy is None else f'{row.gen_busy:.2f}'} "
            f"| {ratio(row.rate, anchor.rate if anchor else None)} "
            f"| {ratio(row.cpu_us, anchor.cpu_us if anchor else None)} "
            f"| {ratio(row.p50, anchor.p50 if anchor else None)} | {ratio(row.p99, anchor.p99 if anchor else None)} |"
        )
    return "\n".join(lines)


# Issue 42's targets: each door's server CPU per accepted move against boardgame.io InMemory's, with a p99 no worse;
# and each door's ApplyMove against its own floor (loadtests/floor_server.py) served in the same run.
PEER = "bgio-mem"
DOORS = (("REST", "ce-rest-redis", "ce-rest-floor", 0.8), ("gRPC", "ce-grpc-redis", "ce-grpc-floor", 1.0))
ANSWERED = "-answered"  # a floor's key with this suffix: the floor answering what the v1 API obliges
FLOOR_TARGET = 1.15


def round_ratios(windows: list[Window], key: str, base_key: str) -> list[float]:
    """``key``'s server CPU per move over ``base_key``'s in each round where both moved: the configurations take
    turns, so a round's two windows are close in time and a drift of the machine's speed cancels out of their
    ratio (the pooled ratio weighs every window by its moves)."""
    per_move = {(w.config, w.round): w.server_cpu / w.moves for w in windows if w.moves}
    return [
        value / per_move[(base_key, round_number)]
        for (config, round_number), value in sorted(per_move.items())
        if config == key and (base_key, round_number) in per_move
    ]


def spread(ratios: list[float]) -> str:
    """`` (by round: LOW-HIGH)`` for two or more rounds, else nothing."""
    return f" (by round: {min(ratios):.2f}-{max(ratios):.2f})" if len(ratios) > 1 else ""


def verdicts(rows: list[Row], windows: list[Window] | None = None) -> list[str]:
    """One line per target the run can judge: met or missed (on the pooled windows), with the door's floor beside it
    and, given the ``windows``, the ratio's lowest and highest over the rounds: how far one run can be trusted."""
    windows = windows or []
    by_key = {row.config.key: row for row in rows}
    peer, lines = by_key.get(PEER), []
    for door, key, floor_key, target in DOORS:
        row, floor = by_key.get(key), by_key.get(floor_key)
        if row is None:
            continue
        if peer is not None:
            share = row.cpu_us / peer.cpu_us
            verdict = "met" if share <= target and row.p99 <= peer.p99 else "missed"
            line = (
                f"{door} on Redis: {share:.2f}x boardgame.io's CPU per move{spread(round_ratios(windows, key, PEER))} "
                f"(target <= {target:.1f}x), p99 {row.p99:.2f} ms against {peer.p99:.2f} ms: {verdict}"
            )
            if floor is not None:
                line += f"; its floor: {floor.cpu_us / peer.cpu_us:.2f}x"
            lines.append(line)
        if floor is not None:
            share = row.cpu_us / floor.cpu_us
            verdict = "met" if share <= FLOOR_TARGET else "missed"
            by_round = spread(round_ratios(windows, key, floor_key))
            lines.append(
                f"{door} ApplyMove: {share:.2f}x its floor's CPU per move{by_round} "
                f"({row.cpu_us:.0f} against {floor.cpu_us:.0f} us; target <= {FLOOR_TARGET:.2f}x): {verdict}"
            )
            answered_key = floor_key + ANSWERED
            answered = by_key.get(answered_key)
            if answered is not None:
                lines.append(
                    f"{door} floor answering the view and events: {answered.cpu_us / floor.cpu_us:.2f}x the floor"
                    f"{spread(round_ratios(windows, answered_key, floor_key))}; ApplyMove "
                    f"{row.cpu_us / answered.cpu_us:.2f}x it{spread(round_ratios(windows, key, answered_key))}"
                )
    return lines


LEGEND = """moves/s: accepted moves per second of the pooled windows (per window: the lowest and highest window).
server core share: the server's CPU time (its processes and its Redis) / wall time; 1.00 = it had its whole core.
others on it: the rest of that core's busy time (other jobs on this machine, kernel threads) / wall time.
server CPU us/move: the server's CPU time (utime + stime, /proc) / accepted moves; of which Redis: redis-server's.
moves per server CPU-s: 1e6 / server CPU us/move, the moves one core would serve if the server had all of it.
p50 / p99: client-observed latency of the accepted moves (wrk rows: of every request, from 1,000 quantiles).
load gen CPU: the load generator's CPU time / window (1.00 = its whole core: then it would be the bottleneck).
x ...: ratio to the anchor, cardengine gRPC on Redis (x CPU/move < 1: cheaper per move than the anchor)."""
