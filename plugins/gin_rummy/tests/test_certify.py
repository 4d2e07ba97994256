"""``cardengine certify gin_rummy``: the plugin game passes every check of the engine's certification, its golden
playthrough compared with the one kept beside the plugin (plugins/gin_rummy/golden, written by ``cardengine certify
gin_rummy --golden plugins/gin_rummy/golden --write-golden``), one playout per variant (about 1 CPU-s)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.certify.certification import CHECK_NAMES
from service.cli.commands import main

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def test_gin_rummy_passes_every_check(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["certify", "gin_rummy", "--playouts", "1", "--golden", str(GOLDEN)])
    lines = capsys.readouterr().out.splitlines()
    assert status == 0, "\n".join(lines)
    assert lines[0] == "Certifying gin_rummy (Gin Rummy), 1 playouts per variant"
    assert [line.split(":")[0] for line in lines[1:-1]] == [f"PASS {name}" for name in CHECK_NAMES]
    assert f"(1 playthroughs, 1 compared with {GOLDEN}; " in lines[-2]
    assert sorted(path.name for path in GOLDEN.iterdir()) == ["gin_rummy-2p.txt"]
    assert lines[-1] == "gin_rummy is certified: all 9 checks passed."
