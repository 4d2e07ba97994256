"""loadtests/review_latency.py runs against a real server: one short Dracula match reviewed, its row printed."""

from __future__ import annotations

import pytest

from loadtests import review_latency


def test_the_review_latency_tool_times_a_computed_and_a_cached_review(capsys: pytest.CaptureFixture[str]) -> None:
    assert review_latency.main(["--games", "dracula", "--matches", "1", "--short", "--iterations", "8"]) == 0
    lines = capsys.readouterr().out.splitlines()
    row = next(line for line in lines if line.startswith("dracula"))
    iterations, decisions = row.split()[1:3]
    assert iterations == "8" and int(decisions) > 0
