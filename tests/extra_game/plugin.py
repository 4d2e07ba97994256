"""High Card installed as a plugin: a distribution with one entry point of the group ``cardengine.games``, as pip
would leave it (a ``.dist-info`` folder beside the packages), for processes started with it on their path
(tests/test_plugins.py, tests/web/test_generic_layout.py)."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HIGH_CARD = "high_card = tests.extra_game.high_card:HighCardGame"


def install_plugin(folder: Path, entry_point: str = HIGH_CARD) -> dict[str, str]:
    """Writes the distribution ``high-card-plugin`` (its one entry point: ``entry_point``) into ``folder``; the
    environment of a process that has it installed (``PYTHONPATH``: ``folder``, then the project)."""
    info = folder / "high_card_plugin-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: high-card-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[cardengine.games]\n{entry_point}\n")
    return {"PYTHONPATH": os.pathsep.join([str(folder), str(ROOT)])}
