"""The registry is the one list of games: a game registered at run time (High Card, tests/extra_game) shows in the
catalog, the golden playthroughs' cases and the benchmarks' games, and a game package added to a copy of engine/games/
is registered with no other edit."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest

import engine
from engine import registry
from engine.certify.golden import GoldenCase, cases, record
from loadtests.bench_service import game_types
from service.core.catalog import Catalog
from tests.extra_game.high_card import HighCardGame

ROOT = Path(__file__).resolve().parents[1]
BUILT_IN = ["dracula", "dragon_rummy", "draw_blood", "house_rummy", "rummy_battle"]
# The plugin games installed in this environment (the entry points of the group cardengine.games).
PLUGINS = sorted(point.name for point in metadata.entry_points(group=registry.PLUGIN_GROUP))
REGISTERED = sorted(BUILT_IN + PLUGINS)
WITH_HIGH_CARD = sorted([*REGISTERED, "high_card"])


@pytest.fixture
def high_card(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """High Card registered through ``engine.registry.register``, for this test only (the registry's own dict is
    put back afterwards, so no other test of this process sees it)."""
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    registry.register(HighCardGame())
    yield


def test_the_built_in_games_are_the_packages_of_engine_games() -> None:
    packages = sorted(path.name for path in (ROOT / "engine" / "games").iterdir() if (path / "__init__.py").exists())
    assert packages == BUILT_IN
    assert [game.id for game in registry.BUILT_IN_GAMES] == BUILT_IN
    assert [game.id for game in engine.all_games()] == REGISTERED


def test_a_registered_game_shows_in_the_catalog_the_golden_cases_and_the_benchmarks(high_card: None) -> None:
    assert [entry["id"] for entry in Catalog().list_game_types()] == WITH_HIGH_CARD
    assert game_types() == WITH_HIGH_CARD
    golden = [case for case in cases() if case.game_id == "high_card"]
    assert golden == [GoldenCase("high_card", 2, 1002, {})]
    text = record(golden[0])
    assert text.splitlines()[0] == "# high_card, 2 players, seed 1002, options {}"
    assert sum(line.startswith("move ") for line in text.splitlines()) == 6
    assert text.splitlines()[-1].startswith('score {"details":{},"finished":true,')


def test_registering_a_taken_id_is_refused(high_card: None) -> None:
    with pytest.raises(ValueError, match=re.escape("Game id 'high_card' is already registered.")):
        registry.register(HighCardGame())


def test_a_package_added_to_engine_games_is_registered(tmp_path: Path) -> None:
    """A copy of engine/ with one more package (exporting its Game subclass in __all__): the registry lists it,
    with nothing else edited."""
    shutil.copytree(ROOT / "engine", tmp_path / "engine", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    package = tmp_path / "engine" / "games" / "high_card"
    package.mkdir()
    (package / "__init__.py").write_text(
        '"""High Card."""\n\nfrom tests.extra_game.high_card import HighCardGame\n\n__all__ = ["HighCardGame"]\n'
    )
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    listed = subprocess.run(
        [sys.executable, "-c", "import engine; print(' '.join(game.id for game in engine.all_games()))"],
        env=environment, capture_output=True, text=True, check=True, cwd=tmp_path,
    )  # fmt: skip
    assert listed.stdout.split() == WITH_HIGH_CARD


def test_a_game_package_must_export_one_game_class(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "two_games.py").write_text(
        "from engine.games.dracula import DraculaGame\nfrom tests.extra_game.high_card import HighCardGame\n\n"
        '__all__ = ["DraculaGame", "HighCardGame"]\n'
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    refusal = "The game package two_games must export exactly one Game subclass in __all__; it exports 2."
    with pytest.raises(ImportError, match=re.escape(refusal)):
        registry.game_class("two_games")
    assert registry.game_class("engine.games.dracula").id == "dracula"
