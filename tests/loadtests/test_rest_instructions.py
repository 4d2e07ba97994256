"""``loadtests.rest_instructions``' child, without callgrind (counting takes minutes; it is run by hand,
docs/performance.md): it records seeded matches and replays them through the REST app, every call accepted."""

from __future__ import annotations

import json
from pathlib import Path

from loadtests.rest_instructions import child


def test_the_child_records_seeded_matches_and_replays_them_with_reads(tmp_path: Path) -> None:
    plan_file = tmp_path / "plan.json"
    assert child(["record", "dracula", "2", str(plan_file)]) == 0
    plan = json.loads(plan_file.read_text())
    assert [seed for seed, _ in plan] == [0, 1]
    assert all(moves and {seat for seat, _ in moves} == {0, 1} for _, moves in plan)
    assert child(["record", "dracula", "2", str(tmp_path / "again.json")]) == 0
    assert json.loads((tmp_path / "again.json").read_text()) == plan, "the same seeds play the same moves"
    assert child(["replay", "dracula", str(plan_file), "1", "1", "0", "app"]) == 0  # a refused call would exit
    assert child(["replay", "dracula", str(plan_file), "1", "0", "1", "app"]) == 0  # through the default gate
    for door in ("floor", "answered"):  # the moves served by the floor server's two floors
        assert child(["replay", "dracula", str(plan_file), "1", "1", "1", door]) == 0
