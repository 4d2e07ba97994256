"""The Python SDK (clients/python) installed into a fresh virtualenv, without the server's dependencies, plays every
game to the end against a real `cardengine serve`, with the lifecycle calls and the key-stream bot on 10 games."""

from __future__ import annotations

import json
import subprocess
import sys
import venv
from collections.abc import Iterator
from pathlib import Path

import pytest

import engine
from loadtests.server_process import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
KEYS = ("sdk-test-key-0123456789", "sdk-bot-key-0123456789")


@pytest.fixture(scope="session")
def sdk_python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtualenv with `pip install ./clients/python` in it, once per session."""
    home = tmp_path_factory.mktemp("sdk-venv")
    venv.create(home, with_pip=True)
    python = home / "bin" / "python"
    install = [
        str(python),
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
        str(ROOT / "clients/python"),
    ]
    subprocess.run(install, check=True, timeout=600)
    return python


@pytest.fixture(scope="module")
def keyed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    keys = tmp_path_factory.mktemp("keys") / "keys.txt"
    keys.write_text("".join(f"{key} {name}\n" for key, name in zip(KEYS, ("player", "bot"), strict=True)))
    limits = ["--key-rate", "10000", "--key-burst", "10000", "--live-games-per-key", "0"]
    with ServerProcess(extra_args=["--api-keys-file", str(keys), *limits]) as server:
        yield server


def test_the_installed_sdk_plays_every_game_the_lifecycle_and_a_key_stream_bot(
    sdk_python: Path, keyed_server: ServerProcess
) -> None:
    player = ROOT / "tests" / "sdk" / "python_sdk_player.py"
    run = subprocess.run(
        [str(sdk_python), "-I", str(player), keyed_server.grpc_target, *KEYS],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=sdk_python.parent,  # not the checkout: nothing of the repository is importable
    )
    assert run.returncode == 0, run.stderr + keyed_server.logs()
    report = json.loads(run.stdout)
    games = [game.id for game in engine.all_games()]  # the built-in games and the installed plugins
    assert report["server_parts"] == []
    assert report["catalog"] == {
        game: [True, ["$id", "$schema", "defs", "events", "moveArgs", "score", "view"]] for game in games
    }
    want = {"finished": True, "moves": True, "revealed": True, "commitment_kept": True}
    typed: dict[str, dict[str, object]] = {
        "dracula": {"phase": "finished", "cells": 9},
        "house_rummy": {"hands_scored": True},
    }
    assert report["played"] == {game: {**want, "view_game": game, **typed.get(game, {})} for game in games}
    assert report["lifecycle"] == {
        "invited_tokens": [0],
        "joined_seat": 1,
        "redeemed_twice": "invitation/not_found",  # a code is spent once: afterwards it is unknown
        "resigned_finished": True,
        "resign_events": ["forfeited", "seed_revealed"],
        "rematch_new": True,
        "ended_finished": True,
        "deleted": True,
        "after_delete": "game/not_found",
        "live_listed": [],
    }
    assert report["bot"]["bot_done"] is True
    assert report["bot"]["finished"] == 10
    assert report["bot"]["moves"][0] > 0


def test_the_committed_game_types_are_a_fresh_run(tmp_path: Path) -> None:
    """cardengine_client/games.py, from the games' schemas (the API's code is the server's tree, copied at build)."""
    subprocess.run(["bash", str(ROOT / "clients/python/generate"), str(tmp_path)], check=True, capture_output=True)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["games.py"]
    fresh, committed = tmp_path / "games.py", ROOT / "clients/python/cardengine_client/games.py"
    assert fresh.read_text() == committed.read_text(), "run clients/python/generate"


def python_files(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*") if path.suffix in (".py", ".pyi"))


def test_the_installed_sdk_carries_a_copy_of_the_servers_generated_code(sdk_python: Path) -> None:
    """The installed package's _proto is service/generated/cardengine with its imports renamed, and imports it."""
    where = "import cardengine_client, os; print(os.path.dirname(cardengine_client.__file__))"
    found = subprocess.run([str(sdk_python), "-I", "-c", where], capture_output=True, text=True, cwd=sdk_python.parent)
    proto = Path(found.stdout.strip()) / "_proto"
    server, copied = ROOT / "service" / "generated" / "cardengine", proto / "cardengine"
    assert python_files(copied) == python_files(server)
    assert len(python_files(server)) == 6
    renamed = "from cardengine_client._proto.cardengine.v1 import"
    for name in python_files(server):
        assert (copied / name).read_text() == (server / name).read_text().replace("from cardengine.v1 import", renamed)
    assert renamed in (copied / "v1" / "game_engine_pb2_grpc.py").read_text()
    init = "from cardengine_client._proto.cardengine.v1 import game_engine_pb2, game_engine_pb2_grpc"
    assert init in (proto / "__init__.py").read_text()


def test_the_node_sdks_committed_game_types_are_a_fresh_run(tmp_path: Path) -> None:
    fresh = tmp_path / "games.ts"
    subprocess.run([sys.executable, "-m", "clients.schema_types", "--typescript", str(fresh)], check=True, cwd=ROOT)
    assert fresh.read_text() == (ROOT / "clients/node/src/games.ts").read_text(), "run npm run generate in clients/node"


def test_the_sdk_is_clean_under_mypy_strict(tmp_path: Path) -> None:
    """The repository's mypy run leaves clients/python out of its files (it would name the package twice) and so
    reports nothing inside it: the SDK is checked here as the package it is, over the server's generated tree (which
    its build copies into it)."""
    config = tmp_path / "mypy.ini"
    config.write_text(
        "[mypy]\nstrict = True\npython_version = 3.11\nmypy_path = clients/python:service/generated\n"
        "[mypy-cardengine.*]\nignore_errors = True\n[mypy-google.rpc.*]\nignore_missing_imports = True\n"
    )
    command = [sys.executable, "-m", "mypy", "--config-file", str(config), "--cache-dir", str(tmp_path / "cache")]
    run = subprocess.run([*command, "-p", "cardengine_client"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    modules = len(list((ROOT / "clients/python/cardengine_client").rglob("*.py")))
    assert run.stdout.startswith(f"Success: no issues found in {modules} source files")  # every module checked
