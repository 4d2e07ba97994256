"""The service benchmark, run briefly against its own server (in memory here; the figures are not checked, only
that every part runs: the recorded matches replay as accepted ApplyMoves, each row and ratio is printed)."""

from __future__ import annotations

import re

import pytest

from loadtests.bench_service import Measurement, main

ROW = re.compile(r"^(bare Health/Check|ApplyMove|bot loop \(list \+ apply\)) +(\d+) callers  p50 +[\d.]+ ms  p99 ")


def test_the_benchmark_runs_every_measurement(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ["--redis-url", "", "--seconds", "0.3", "--recorded-matches", "2", "--callers", "1", "--callers", "3"]
    assert main(arguments) == 0
    output = capsys.readouterr().out.splitlines()
    rows = [(match.group(1), int(match.group(2))) for line in output if (match := ROW.match(line))]
    names = ["bare Health/Check", "ApplyMove", "bot loop (list + apply)"]
    assert rows == [(name, 1) for name in names] + [(name, 3) for name in names]
    assert sum("ratios with" in line for line in output) == 2
    assert output[-1] in {"targets met", "targets missed"}
    assert re.search(r"recorded \d+ moves", "\n".join(output))


def test_percentiles_are_nearest_rank() -> None:
    row = Measurement("x", 1, 1.0, [index / 1000 for index in range(1, 101)], 100)
    assert row.percentile(0.50) == pytest.approx(50.0)
    assert row.percentile(0.99) == pytest.approx(99.0)
    assert row.rate == 100.0
