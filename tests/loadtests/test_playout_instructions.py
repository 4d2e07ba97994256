"""loadtests/playout_instructions.py plays the same moves every run (its point: a fixed workload to count
instructions of), and names the engine it ran."""

from __future__ import annotations

import pytest

from loadtests.playout_instructions import main, play


def test_the_workload_is_the_same_every_run(capsys: pytest.CaptureFixture[str]) -> None:
    first = play("dragon_rummy", 2)
    assert first > 0 and play("dragon_rummy", 2) == first
    assert main(["2", "dragon_rummy"]) == 0
    printed = capsys.readouterr().out.split()
    assert printed[0].endswith(("api.py", ".so")) and int(printed[1]) == first
    assert main([]) == 2
