"""One measured configuration of the service benchmark and the server's use of the machine meanwhile (Linux /proc)."""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path


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
