"""The built-in games' golden playthroughs: the cases and texts of ``engine.certify.golden`` (which ``cardengine
certify`` plays for any game), kept under ``tests/golden/matches/``, compared on every run and rewritten only by
``scripts/record_golden``. A plugin game keeps its own beside it (``cardengine certify GAME --golden DIR``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.certify import golden
from engine.certify.golden import compact, event_lines, record
from engine.registry import BUILT_IN_GAMES

GOLDEN_DIR = Path(__file__).parent / "matches"

__all__ = ["GOLDEN_DIR", "GoldenCase", "cases", "compact", "event_lines", "record"]


@dataclass(frozen=True)
class GoldenCase(golden.GoldenCase):
    @property
    def path(self) -> Path:
        return self.path_in(GOLDEN_DIR)


def cases() -> list[GoldenCase]:
    """The built-in games' cases (``engine.registry.BUILT_IN_GAMES``): plugin games are not this folder's."""
    built_in = {game.id for game in BUILT_IN_GAMES}
    return [GoldenCase(case.game_id, case.players, case.seed, case.options) for case in golden.cases(built_in)]
