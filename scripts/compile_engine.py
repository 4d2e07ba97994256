"""Compiles the per-step modules of the ``engine`` package under DIRECTORY in place with mypyc (the engine is mypy
--strict): each compiled module's extension is written beside its ``.py``, which Python then imports instead, and
mypyc's shared runtime module into DIRECTORY itself. Every other module stays pure Python.

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

# The per-step paths: the engine core, and every module of each game but its schemas, its determinization and its
# `game.py`, whose class subclasses `engine.game.Game`, which mypyc cannot compile with them. The registry stays
# pure: it is read once a game, and its PluginError subclasses ImportError, which mypyc cannot compile.
CORE = ("api", "state", "rng", "cards", "events", "moves")
NOT_COMPILED = ("__init__", "game", "schemas", "determinize")


def compiled_modules(root: Path) -> list[str]:
    """The modules to compile, as paths relative to ``root`` (the directory holding ``engine/``)."""
    modules = [f"engine/{name}.py" for name in CORE]
    for game in sorted(path for path in (root / "engine" / "games").iterdir() if path.is_dir()):
        modules += [
            f"engine/games/{game.name}/{part.name}"
            for part in sorted(game.glob("*.py"))
            if part.stem not in NOT_COMPILED
        ]
    return modules


def compile_engine(root: Path, python_executable: str | None = None, opt_level: str = "3") -> int:
    """Compiles in a scratch copy of ``root/engine`` (so that nothing else under ``root``, e.g. a site-packages, is
    taken for part of the program), then puts the extensions beside the sources under ``root``."""
    from mypyc.build import mypycify
    from setuptools import setup

    modules = compiled_modules(root)
    options = ["--python-executable", python_executable] if python_executable else []
    here = Path.cwd()
    with tempfile.TemporaryDirectory(prefix="compile-engine-") as scratch_name:
        scratch = Path(scratch_name)
        ignored = shutil.ignore_patterns("__pycache__", "*.so")
        shutil.copytree(root / "engine", scratch / "engine", ignore=ignored)
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
        built += [path.relative_to(scratch) for path in (scratch / "engine").rglob("*.so")]
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
    print(f"compiled {count} modules of {root / 'engine'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
