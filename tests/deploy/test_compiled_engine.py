"""The optional compiled engine, built as ``scripts/build_compiled_engine`` and the Dockerfile's ``--build-arg
ENGINE=compiled`` build it: ``scripts/compile_engine.py`` compiles a copy of the engine in place with mypyc (a C
compiler and mypy, a dev dependency). The compiled engine must be the one imported from the path, replay every
golden match exactly, give the service the same answers (its wire and JSON tests pass on it), and serve: ``cardengine
serve`` with it first on PYTHONPATH names it in its serving line and plays a match over gRPC to its end.
``cardengine bench --compiled DIR`` measures it beside the pure engine (and the anchors, when installed) in one run;
a directory without it is refused.

The build takes minutes of CPU, so a built copy is kept in ``~/.cache/cardengine/compiled-engine/`` under a digest
of every engine source, the compile script, this Python and mypyc (``build_key``); a run with the same sources copies
it instead of compiling again, and ``CARDENGINE_BUILD_CACHE=0`` always compiles."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cardengine_client import NO_RETRY, GameEngineClient

from loadtests.server_process import ServerProcess

ROOT = Path(__file__).resolve().parents[2]


def compiled_modules(root: Path) -> list[str]:
    """The modules scripts/compile_engine.py compiles under ``root`` (the script is not a package: loaded by path)."""
    spec = importlib.util.spec_from_file_location("compile_engine", ROOT / "scripts" / "compile_engine.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    modules: list[str] = script.compiled_modules(root)
    return modules


OPT_LEVEL = "0"

PYTEST = [sys.executable, "-P", "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider"]

REPLAY_GOLDEN = """
import sys

import engine.api
from service.runtime.engine_build import engine_kind
from tests.golden.golden import cases, record

assert engine_kind() == "compiled", engine.api.__file__
failed = [case.name for case in cases() if record(case) != case.path.read_text()]
print(len(list(cases())), "golden matches;", "differ:", failed)
sys.exit(1 if failed else 0)
"""


def build_key() -> str:
    """What a compiled copy depends on: every source of the engine, the compile script, this Python and mypyc."""
    import mypy.version

    digest = hashlib.sha256(f"{sys.version}|mypy {mypy.version.__version__}|{OPT_LEVEL}".encode())
    for source in sorted([*(ROOT / "engine").rglob("*.py"), ROOT / "scripts" / "compile_engine.py"]):
        digest.update(source.relative_to(ROOT).as_posix().encode() + b"\0" + source.read_bytes() + b"\0")
    return digest.hexdigest()[:32]


def build_cache() -> Path | None:
    """Where built copies are kept between runs, by ``build_key`` (None: ``CARDENGINE_BUILD_CACHE=0``, always
    build)."""
    if os.environ.get("CARDENGINE_BUILD_CACHE") == "0":
        return None
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "cardengine" / "compiled-engine"


def compile_copy(installed: Path) -> None:
    """Copies the engine to ``installed`` and compiles it there as the image does, checking the build's report."""
    ignored = shutil.ignore_patterns("__pycache__", "generated")
    shutil.copytree(ROOT / "engine", installed / "engine", ignore=ignored)
    built = subprocess.run(
        # -O0: the same modules in about two thirds of the time (the C compiler's optimizations change no meaning)
        [sys.executable, str(ROOT / "scripts" / "compile_engine.py"), str(installed), "--opt-level", OPT_LEVEL],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    modules = compiled_modules(installed)
    assert built.stdout.rstrip().endswith(f"compiled {len(modules)} modules of {installed / 'engine'}")


def compiled_copy(installed: Path) -> None:
    """The compiled copy at ``installed``: built, or taken from the build cache when a copy of these very sources
    (``build_key``) was built before on this machine. Compiling takes minutes of a CI run's CPU on two cores; every
    check after the build runs on either copy, and a changed source always builds again."""
    cache = build_cache()
    kept = None if cache is None else cache / build_key()
    if kept is not None and kept.is_dir():
        shutil.copytree(kept, installed)
        return
    compile_copy(installed)
    if kept is not None:
        staging = kept.with_name(f"{kept.name}.{os.getpid()}")
        shutil.copytree(installed, staging, ignore=shutil.ignore_patterns("__pycache__"))
        try:
            staging.rename(kept)  # atomic: a racing run keeps its own copy
        except OSError:
            shutil.rmtree(staging, ignore_errors=True)


@pytest.mark.long
def test_the_compiled_engine_replays_the_golden_matches_and_serves(tmp_path: Path) -> None:
    installed = tmp_path / "site-packages"  # as in the image's virtualenv
    compiled_copy(installed)
    modules = compiled_modules(installed)
    extensions = {path.relative_to(installed).as_posix().split(".")[0] for path in installed.rglob("*.so")}
    assert {module.removesuffix(".py") for module in modules} <= extensions
    assert "engine/games/dracula/legal" in extensions and "engine/games/dracula/game" not in extensions
    assert (installed / "engine" / "api.py").exists(), "the sources stay beside the extensions (the fallback)"

    path = f"{installed}:{ROOT}"  # the compiled copy first, then the repository (service, tests)
    replayed = subprocess.run(
        [sys.executable, "-P", "-c", REPLAY_GOLDEN],
        env={"PYTHONPATH": path, "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    assert "differ: []" in replayed.stdout

    # The service answers on the compiled engine as on the pure one: the same wire and JSON tests.
    answers = subprocess.run(
        [*PYTEST, "tests/service/test_wire.py", "tests/service/test_rest_json.py"],
        cwd=ROOT,
        env={"PYTHONPATH": path, "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert answers.returncode == 0, answers.stdout[-3000:] + answers.stderr[-3000:]
    assert " passed" in answers.stdout and " failed" not in answers.stdout

    bench = subprocess.run(
        [
            sys.executable,
            "-m",
            "service.cli",
            "bench",
            "--game",
            "dracula",
            "--seconds",
            "0.1",
            "--compiled",
            str(installed),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert bench.returncode == 0, bench.stdout[-3000:] + bench.stderr[-3000:]
    lines = bench.stdout.splitlines()
    assert lines[0].startswith("engine: pure Python")  # the table: this process's engine
    header = next(line for line in lines if line.startswith("game ") and "cmp mv/s" in line)
    row = lines[lines.index(header) + 1].split()
    assert row[:2] == ["dracula", "2p"] and len(row) == 13  # the anchors' 10 columns, then the compiled engine's 3
    assert float(row[-3]) > 0 and float(row[-2]) > 0  # the compiled engine's moves/s and step p50
    refused = subprocess.run(
        [sys.executable, "-m", "service.cli", "bench", "--seconds", "0.1", "--compiled", tmp_path / "none"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert refused.returncode == 2 and "no compiled engine" in refused.stderr

    with ServerProcess(environment={"PYTHONPATH": path}) as server:
        assert server.engine == "compiled"
        client = GameEngineClient(server.grpc_target, retry=NO_RETRY, move_keys=False)
        try:
            created = client.create_game("house_rummy", 2, 11, {"target_score": 1, "max_hands": 1})
            tokens = {seat.seat: seat.token for seat in created.seats}
            game = client.get_game(created.game_id)
            chooser = random.Random(5)  # random moves: a match of one hand surely ends (a fixed choice may loop)
            while not game.finished:
                seat = game.to_act[0]
                legal = client.legal_moves(created.game_id, tokens[seat])
                move = chooser.choice(legal.notations)
                game = client.apply_move(created.game_id, tokens[seat], move, legal.version).game
            assert game.version > 10
            assert len(client.score(created.game_id).winners) >= 1
        finally:
            client.close()
