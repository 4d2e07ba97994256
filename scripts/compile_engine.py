"""Compiles the per-step modules of the ``engine`` package under DIRECTORY in place with mypyc (the engine is mypy
--strict), and, when DIRECTORY holds the ``service`` package too, the service's per-move modules (``SERVICE``): each
compiled module's extension is written beside its ``.py``, which Python then imports instead, and mypyc's shared
runtime module into DIRECTORY itself. Every other module stays pure Python.

    python scripts/compile_engine.py DIRECTORY [--python-executable PYTHON]

Used by ``scripts/build_compiled_engine`` (on a copy of the source tree's engine, in build/compiled) and by the
Dockerfile's ``--build-arg ENGINE=compiled`` (on the engine installed in the image's virtualenv). Needs mypy,
setuptools and a C compiler. ``--python-executable``: the interpreter whose installed packages (orjson) the type
check sees, when it is not the one running this script.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

# The per-step paths: the engine core, and each game's rules, turn flow, scoring and data, and its views (with the
# events' text, on every answer of the service); not its schemas, determinization or self-description, nor the games'
# `game.py`, whose classes subclass `engine.game.Game`, which mypyc cannot compile with them.
CORE = ("api", "state", "rng", "cards", "events", "moves", "registry")
GAME_PARTS = (
    "views",
    "legal",
    "flow",
    "dealing",
    "melds",
    "groups",
    "coffin",
    "scoring",
    "table",
    "cards",
    "moves",
    "knowledge",
)
# The service's per-move path: the core (checks, log entries, events for the caller, headers and views) and the
# answers' wire and JSON forms. Not the adapters (the gRPC servicer subclasses grpc's generated class; Flask).
SERVICE = (
    "core/game_service",
    "core/games",
    "core/moves",
    "core/hooks",
    "core/stored",
    "core/records",
    "edges/convert",
    "storage/store",
    "storage/redis_store",
    "access/limits",
    "core/errors",
)


def has_service(root: Path) -> bool:
    """Whether ``root`` holds the service package beside the engine (a site-packages, or a copy of the tree)."""
    return (root / "service" / "core" / "game_service.py").exists()


def compiled_modules(root: Path) -> list[str]:
    """The modules to compile, as paths relative to ``root`` (the directory holding ``engine/``)."""
    modules = [f"engine/{name}.py" for name in CORE]
    for game in sorted((root / "engine" / "games").iterdir()):
        modules += [f"engine/games/{game.name}/{part}.py" for part in GAME_PARTS if (game / f"{part}.py").exists()]
    if has_service(root):
        modules += [f"service/{name}.py" for name in SERVICE]
    return modules


def protobuf_stubs(root: Path) -> Path | None:
    """The generated ``cardengine`` package with its type stubs (``.pyi``), which the type check of the service
    needs: installed at the top of a site-packages, or under ``service/generated`` in a copy of the source tree."""
    for place in (root / "cardengine", root / "service" / "generated" / "cardengine"):
        if (place / "v1" / "game_engine_pb2.pyi").exists():
            return place
    return None


def compile_engine(root: Path, python_executable: str | None = None, opt_level: str = "3") -> int:
    """Compiles in a scratch copy of ``root/engine`` (and ``root/service``, with the protobuf stubs beside them: so
    that nothing else under ``root``, e.g. a site-packages, is taken for part of the program), then puts the
    extensions beside the sources under ``root``."""
    from mypyc.build import mypycify
    from setuptools import setup

    modules = compiled_modules(root)
    options = ["--python-executable", python_executable] if python_executable else []
    if has_service(root):
        # A virtualenv without the dev dependencies' stubs (the image's) types those libraries as Any; the strict
        # type check of the whole tree is the CI's (mypy --strict), not this build's.
        options.append("--ignore-missing-imports")
    here = Path.cwd()
    with tempfile.TemporaryDirectory(prefix="compile-engine-") as scratch_name:
        scratch = Path(scratch_name)
        ignored = shutil.ignore_patterns("__pycache__", "*.so")
        shutil.copytree(root / "engine", scratch / "engine", ignore=ignored)
        if has_service(root):
            shutil.copytree(root / "service", scratch / "service", ignore=ignored)
            stubs = protobuf_stubs(root)
            if stubs is None:
                raise SystemExit(f"error: no protobuf stubs (cardengine/v1/*.pyi) under {root}")
            if not (scratch / "cardengine").exists():
                shutil.copytree(stubs, scratch / "cardengine", ignore=ignored)
        os.chdir(scratch)
        try:
            setup(
                name="cardengine-compiled",
                ext_modules=mypycify([*options, *modules], opt_level=opt_level),
                script_args=["build_ext", "--inplace", "--build-temp", "build-temp", "-q"],
            )
        finally:
            os.chdir(here)
        # The compiled modules (beside their sources) and mypyc's shared runtime module (at the top).
        built = [path.relative_to(scratch) for path in scratch.glob("*.so")]
        for package in ("engine", "service"):
            built += [path.relative_to(scratch) for path in (scratch / package).rglob("*.so")]
        for path in built:
            shutil.copy2(scratch / path, root / path)
    return len(modules)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=Path, help="the directory that holds the engine package")
    parser.add_argument("--python-executable", default=None, help="the interpreter the type check looks into")
    parser.add_argument(
        "--opt-level",
        default="3",
        choices=("0", "1", "2", "3"),
        help="the C compiler's optimization (3, the default, for use; 0 compiles in a fraction of the time, for tests)",
    )
    args = parser.parse_args(argv)
    root = args.directory.resolve()
    if not (root / "engine" / "api.py").exists():
        print(f"error: no engine package in {root}", file=sys.stderr)
        return 2
    count = compile_engine(root, args.python_executable, args.opt_level)
    service = " and its service" if has_service(root) else ""
    print(f"compiled {count} modules of {root / 'engine'}{service}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
