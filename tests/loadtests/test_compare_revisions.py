"""loadtests/compare_revisions.py, run with the smallest durations on HEAD against itself (in memory): every
ApplyMove row and engine row is printed with its ratio, both verdicts are given and the worktrees are removed. The
figures themselves are not checked (a shared machine's timings mean nothing)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NUMBER = r"(?:[\d.]+|nan)"
SERVICE_ROW = re.compile(
    rf"^dracula +(ApplyMove(?: omit_view)? x(?:16|1)) +{NUMBER} +{NUMBER} +{NUMBER} +{NUMBER} +{NUMBER} +{NUMBER}$"
)
ENGINE_ROW = re.compile(rf"^dracula +(\d) +{NUMBER} +{NUMBER} +{NUMBER}$")


def worktrees() -> str:
    return subprocess.run(["git", "worktree", "list"], cwd=ROOT, capture_output=True, text=True, check=True).stdout


def test_two_revisions_are_compared_in_one_run() -> None:
    arguments = ["HEAD", "HEAD", "--game", "dracula", "--rounds", "1", "--seconds", "0.2", "--engine-seconds", "0.1"]
    arguments += ["--recorded-matches", "2", "--redis-url", ""]
    result = subprocess.run(
        [sys.executable, "-m", "loadtests.compare_revisions", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    lines = result.stdout.splitlines()
    assert re.match(r"^old HEAD \([0-9a-f]{9}\), new HEAD \([0-9a-f]{9}\); servers on cores ", lines[0])
    assert lines[2] == "round 1 of 1: HEAD, HEAD"
    rows = [match.group(1) for line in lines if (match := SERVICE_ROW.match(line))]
    assert rows == ["ApplyMove x16", "ApplyMove omit_view x16", "ApplyMove x1", "ApplyMove omit_view x1"]
    players = [int(match.group(1)) for line in lines if (match := ENGINE_ROW.match(line))]
    assert players and players == sorted(set(players))  # a row per player count
    assert any(re.match(r"^ApplyMove server CPU per move new/old <= 1\.05: (yes|no) \(worst ", line) for line in lines)
    assert any(re.match(r"^engine moves/s new/old >= 0\.95: (yes|no) \(worst ", line) for line in lines)
    assert lines[-1] in {"within the limits", "outside the limits"}
    assert "cardengine-compare-" not in worktrees()
