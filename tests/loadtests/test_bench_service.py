"""The service benchmark, run briefly against its own server (in memory here; the figures are not checked, only
that every part runs: the recorded matches replay as accepted ApplyMoves, each row and ratio is printed, the targets
are judged, the plot is written)."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

from loadtests.bench_service import Verdicts, main
from loadtests.measurement import Measurement, Usage, merged, process_usage, server_usage

ROW = re.compile(
    r"^(bare Health/Check|ApplyMove|ApplyMove view_json|ApplyMove omit_view) +(\d+) callers  p50 +[\d.]+ ms  p99 "
)


def test_the_benchmark_runs_every_measurement(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    arguments = ["--redis-url", "", "--seconds", "0.3", "--recorded-matches", "2", "--callers", "1", "--callers", "3"]
    arguments += ["--game", "dracula", "--no-rest", "--growth-moves", "30", "--plot", str(tmp_path / "out.png")]
    assert main([*arguments, "--repeat", "2"]) == 0
    output = capsys.readouterr().out.splitlines()
    turns = [line.split(") ")[1].split("  ")[0].strip() for line in output if line.startswith("  (run ")]
    assert turns == ["bare Health/Check", "ApplyMove", "ApplyMove view_json", "ApplyMove omit_view"] * 4
    rows = [(match.group(1), int(match.group(2))) for line in output if (match := ROW.match(line))]
    names = ["bare Health/Check", "ApplyMove", "ApplyMove view_json", "ApplyMove omit_view"]
    assert rows == [(name, 1) for name in names] + [(name, 3) for name in names]
    assert sum("/bare with" in line for line in output) == 6
    assert sum(line.startswith("costs that grow (house_rummy") for line in output) == 1
    assert output[-1] in {"targets met", "targets missed"}
    assert re.search(r"recorded \d+ moves", "\n".join(output))
    assert (tmp_path / "out.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_runs_of_one_configuration_are_pooled() -> None:
    first = Measurement("ApplyMove", 16, 2.0, [0.001, 0.003], 200, 0.05)
    second = Measurement("ApplyMove", 16, 3.0, [0.002], 400, 0.10)
    both = merged(first, second)
    assert (both.seconds, both.units, both.latencies, both.rate) == (5.0, 600, [0.001, 0.003, 0.002], 120.0)
    assert both.server_cpu_per_unit_us == pytest.approx(250.0)
    assert merged(first, Measurement("ApplyMove", 16, 1.0, [], 10)).server_cpu_seconds is None
    first.take_usage(Usage(1.0, 0.25, 100), Usage(1.05, 0.27, 1100))
    second.take_usage(Usage(2.0, 0.5, 10), Usage(2.1, 0.53, 2010))
    both = merged(first, second)
    assert both.server_system_seconds == pytest.approx(0.05) and both.server_switches == 3000
    assert merged(first, Measurement("ApplyMove", 16, 1.0, [], 10)).server_switches is None


def test_a_process_usage_counts_its_threads_switches() -> None:
    """Read from /proc: CPU time with its kernel part, and the context switches of every thread (a sleep is one)."""
    before = process_usage(os.getpid())
    time.sleep(0.01)
    after = server_usage([os.getpid()])
    assert before is not None and after is not None
    assert 0 <= before.system_seconds <= before.cpu_seconds <= after.cpu_seconds
    assert after.switches > before.switches
    assert server_usage([]) is None and process_usage(2**22 + 1) is None  # no such process


def test_percentiles_are_nearest_rank() -> None:
    row = Measurement("x", 1, 1.0, [index / 1000 for index in range(1, 101)], 100)
    assert row.percentile(0.50) == pytest.approx(50.0)
    assert row.percentile(0.99) == pytest.approx(99.0)
    assert row.rate == 100.0
    given = Measurement("wrk", 16, 2.0, [], 10, percentiles_ms={0.5: 1.5, 0.99: 9.0})
    assert (given.percentile(0.5), given.percentile(0.99), given.rate) == (1.5, 9.0, 5.0)


def test_targets_are_judged_by_direction() -> None:
    verdicts = Verdicts()
    verdicts.add("throughput", 0.61, 0.6, higher=True)
    verdicts.add("p99", 2.1, 2.0, higher=False)
    verdicts.add("cpu", 1.5, 1.6, higher=False)
    assert verdicts.failed() == ["p99 2.10 (target <= 2.00)"]
    assert verdicts.floored() == []


def test_a_missed_target_is_at_the_floor_only_within_a_tenth_of_a_floor_that_misses_it_too() -> None:
    verdicts = Verdicts()
    verdicts.add("p99 near", 2.2, 2.0, higher=False, floor=2.05)  # the floor misses; 2.2 <= 1.1 x 2.05
    verdicts.add("p99 far", 2.4, 2.0, higher=False, floor=2.05)  # 2.4 > 2.255
    verdicts.add("throughput near", 0.5, 0.6, higher=True, floor=0.54)  # 0.5 >= 0.54 / 1.1
    verdicts.add("throughput floor meets", 0.55, 0.6, higher=True, floor=0.62)  # the floor meets it: no excuse
    verdicts.add("met", 1.5, 1.6, higher=False, floor=1.7)
    assert [line.split(" (")[0] for line in verdicts.failed()] == [
        "p99 near 2.20",
        "p99 far 2.40",
        "throughput near 0.50",
        "throughput floor meets 0.55",
    ]
    assert [line.split(" (")[0] for line in verdicts.floored()] == ["p99 near 2.20", "throughput near 0.50"]
    assert verdicts.failed()[0] == "p99 near 2.20 (target <= 2.00; the floor: 2.05, 1.07x it)"


def test_the_floor_is_measured_beside_apply_move_on_redis(capsys: pytest.CaptureFixture[str], redis_url: str) -> None:
    """With Redis, the floor server (loadtests/floor_server.py) is measured in the same run: its two rows, their
    ratios to the bare call, ApplyMove's to the floor, and each missed target names what the floor reaches."""
    arguments = ["--redis-url", redis_url, "--seconds", "0.3", "--recorded-matches", "2", "--callers", "1"]
    arguments += ["--game", "dracula", "--no-rest", "--no-growth", "--no-workers", "--no-pin"]
    assert main(arguments) == 0
    output = capsys.readouterr().out.splitlines()
    floor = [line for line in output if line.startswith(("floor: bare+rules+CAS ", "floor without the CAS "))]
    assert len(floor) == 2 and all(int(re.findall(r"\((\d+) in", line)[0]) > 0 for line in floor)
    assert all(re.search(r"server CPU +\d+ us/move \(kernel +\d+%, +[\d.]+ switches/move\)$", line) for line in floor)
    assert sum(line.startswith("  floor/bare with 1 callers: throughput ") for line in output) == 1
    assert sum(line.startswith("  ApplyMove/floor with 1 callers: throughput ") for line in output) == 1
    assert sum("one compare-and-set on Redis costs a call" in line for line in output) == 1
    # Both servers name the engine they imported (the pure-Python package here: no compiled copy on the path).
    assert sum(line.startswith("server: pid ") and ", engine pure (" in line for line in output) == 1
    assert sum(line.startswith("floor server (") and line.endswith(", engine pure") for line in output) == 1
    missed = [line for line in output if re.match(r"  (missed|at the floor): dracula ApplyMove x1 p50", line)]
    assert all("; the floor: " in line for line in missed)
