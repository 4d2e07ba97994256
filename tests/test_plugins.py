"""Games as plugins (docs/engine.md, "Games as plugins"): a distribution that declares an entry point of the group
``cardengine.games`` is a game with no other edit. High Card (tests/extra_game, which nothing in the project lists)
is installed as such a plugin, by a ``.dist-info`` folder on the path of a subprocess: ``cardengine games`` lists it,
a real server's catalog offers it and a match of it is played to its end over REST. A broken entry point is an error
naming it, and the plugin games under ``plugins/`` import only the authoring API (``engine.authoring``) and the
standard library."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import registry
from engine.authoring import AUTHORING_MODULES
from loadtests.server_process import ServerProcess
from tests.extra_game.plugin import install_plugin
from tests.service.conftest import Rest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def plugin_path(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return install_plugin(tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="module")
def server(plugin_path: dict[str, str]) -> Iterator[ServerProcess]:
    serve = [
        sys.executable,
        "-m",
        "service.cli",
        "serve",
        "--host",
        "127.0.0.1",
        "--grpc-port",
        "0",
        "--http-port",
        "0",
    ]
    with ServerProcess(command=serve, environment=plugin_path) as running:
        yield running


def cardengine(environment: dict[str, str], *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "service.cli", *arguments],
        env={**os.environ, **environment}, capture_output=True, text=True, cwd=ROOT, timeout=120,
    )  # fmt: skip


def test_cardengine_games_lists_the_plugin(plugin_path: dict[str, str]) -> None:
    listed = cardengine(plugin_path, "games")
    assert listed.returncode == 0, listed.stderr
    assert "high_card      High Card (2 players)" in listed.stdout.splitlines()
    installed = sorted([*(game.id for game in registry.all_games()), "high_card"])
    assert [line.split()[0] for line in listed.stdout.splitlines() if not line.startswith(" ")] == installed


def test_the_catalog_offers_the_plugin_and_a_match_is_played_over_rest(server: ServerProcess) -> None:
    rest = Rest(server.http_port)
    status, catalog = rest.get("/v1/game-types")
    assert status == 200
    [entry] = [game for game in catalog["gameTypes"] if game["id"] == "high_card"]
    assert (entry["title"], entry["minPlayers"], entry["maxPlayers"]) == ("High Card", 2, 2)
    deck = ["AS", "KS", "QS", "JS", "TS", "9S"]  # the preset deck every game takes: seat 0 gets A K Q
    status, created = rest.post("/v1/games", {"gameType": "high_card", "seed": 4, "options": {"deck": deck}})
    assert status == 201, created
    game_id, tokens = created["gameId"], {seat["seat"]: seat["token"] for seat in created["seats"]}
    plays = [(0, "AS"), (1, "JS"), (0, "KS"), (1, "TS"), (0, "QS"), (1, "9S")]
    for version, (seat, card) in enumerate(plays):
        status, moves = rest.get(f"/v1/games/{game_id}/moves", tokens[seat])
        assert status == 200 and f"play {card}" in [move["notation"] for move in moves["moves"]]
        status, moved = rest.post(
            f"/v1/games/{game_id}/moves", {"move": f"play {card}", "expectedVersion": version}, tokens[seat]
        )
        assert status == 200, (card, moved)
    status, score = rest.get(f"/v1/games/{game_id}/score")
    assert status == 200
    assert (score["totals"], score["finished"], score["winners"]) == ([39, 30], True, [0])


def test_an_entry_point_that_names_no_game_is_an_error_naming_it(tmp_path: Path) -> None:
    environment = install_plugin(tmp_path, "high_card = tests.extra_game.high_card:RANKS")
    listed = cardengine(environment, "games")
    assert listed.returncode == 1
    assert listed.stderr.splitlines()[-1] == (
        "engine.registry.PluginError: The entry point 'high_card = tests.extra_game.high_card:RANKS' of the group "
        "cardengine.games names {'A': 14, 'K': 13, 'Q': 12, 'J': 11, 'T': 10, '9': 9}, which is neither a Game "
        "subclass nor a Game."
    )


def imported_names(path: Path) -> list[str]:
    """The modules ``path`` imports, absolute imports only; ``from m import x`` gives ``m.x`` (a module or a name of
    ``m``) and ``m`` itself, except for ``from engine import x`` (only ``engine.x``: the module taken)."""
    names = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names += [node.module] if node.module != "engine" else []
            names += [f"{node.module}.{alias.name}" for alias in node.names]
    return names


def game_modules(package: Path) -> list[Path]:
    """The modules of a plugin package that its game loads: the package itself, the modules its entry points name
    (pyproject.toml, group cardengine.games), and every module of the package they import, transitively. A tool
    beside the game in the package (a cross-check run as a command) is not the game's: a client of the engine, it
    may use more than the authoring API, and the game never imports it."""
    project = tomllib.loads((package.parent / "pyproject.toml").read_text())["project"]
    entry_points = project["entry-points"][registry.PLUGIN_GROUP].values()
    pending = [package / "__init__.py", *(package.parent / f"{point.split(':')[0].replace('.', '/')}.py"
                                          for point in entry_points)]  # fmt: skip
    found: set[Path] = set()
    while pending:
        path = pending.pop()
        if path in found or not path.exists():
            continue
        found.add(path)
        pending += [package.parent / f"{name.replace('.', '/')}.py" for name in imported_names(path)
                    if name.split(".")[0] == package.name]  # fmt: skip
    return sorted(found)


def test_plugin_games_import_only_the_authoring_api_and_the_standard_library() -> None:
    packages = [
        path.parent for path in sorted((ROOT / "plugins").glob("*/*/__init__.py")) if path.parent.name != "tests"
    ]
    assert packages, "no plugin package under plugins/"
    outside = []
    for package in packages:
        for path in game_modules(package):
            for name in imported_names(path):
                top = name.split(".")[0]
                allowed = name in AUTHORING_MODULES or top == package.name or top in sys.stdlib_module_names
                if not allowed and not (top == "engine" and ".".join(name.split(".")[:2]) in AUTHORING_MODULES):
                    outside.append(f"{path.relative_to(ROOT)}: {name}")
    assert not outside, "plugin games import beyond the authoring API and the standard library:\n" + "\n".join(outside)


def test_certify_reports_on_the_plugin_game(plugin_path: dict[str, str]) -> None:
    """High Card keeps the contract the checks below certify; it declares no JSON Schemas, so the views check fails
    and the command exits 1."""
    passing = cardengine(plugin_path, "certify", "high_card", "--playouts", "2", "--only", "determinism,codec,replay")
    assert passing.returncode == 0, passing.stdout + passing.stderr
    lines = passing.stdout.splitlines()
    assert lines[0] == "Certifying high_card (High Card), 2 playouts per variant"
    assert [line.split(" (")[0] for line in lines[1:4]] == [
        "PASS determinism: the same seed plays the same match",
        "PASS codec: snapshot round trip, card conservation, apply leaves its input unchanged",
        "PASS replay: a match replays from its moves to the same state",
    ]
    assert lines[4] == "high_card is certified: all 3 checks passed."
    failing = cardengine(plugin_path, "certify", "high_card", "--playouts", "1", "--only", "views")
    assert failing.returncode == 1
    assert failing.stdout.splitlines()[1:] == [
        "FAIL views: every view matches its schema and shows no hidden card (high_card declares no JSON Schemas of its "
        "content (Game.schemas, docs/engine.md); " + failing.stdout.splitlines()[1].rsplit("; ", 1)[1],
        "high_card is not certified: 1 of 1 checks failed (views).",
    ]
