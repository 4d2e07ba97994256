"""loadtests/profile_apply.py runs against a real Redis: a row per game with every layer, each layer's own cost
in brackets, and cProfile's functions when asked (figures are not checked: speed is measured, never tested)."""

from __future__ import annotations

import itertools
import re

import pytest

from loadtests.profile_apply import LAYERS, main


def test_profile_apply_prints_every_layer(capsys: pytest.CaptureFixture[str], redis_url: str) -> None:
    arguments = ["--redis-url", redis_url, "--game", "dracula", "--game", "draw_blood", "--matches", "1"]
    assert main([*arguments, "--rounds", "1", "--max-moves", "20", "--functions", "5"]) == 0
    output = capsys.readouterr().out.splitlines()
    assert output[1].split() == ["game", *" ".join(LAYERS).split()]
    rows = {line.split()[0]: line for line in output if line.startswith(("dracula ", "draw_blood "))}
    assert set(rows) == {"dracula", "draw_blood"}
    for line in rows.values():
        cells = re.findall(r"(\d+) \(\s*([+-]\d+)\)", line)
        assert len(cells) == len(LAYERS)
        totals = [int(total) for total, _ in cells]
        steps = [totals[0]] + [after - before for before, after in itertools.pairwise(totals)]
        assert all(abs(int(own) - step) <= 1 for (_, own), step in zip(cells, steps, strict=True))  # rounding
    assert sum("function calls" in line for line in output) == 2
