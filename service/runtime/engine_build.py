"""Which engine this process imported: the pure-Python package (the default and the fallback) or the mypyc-compiled
copy (``scripts/compile_engine.py``, put first on the path), and likewise the service's per-move modules, which the
same build compiles beside it. A serving process names both in its "serving" line, and the benchmarks print them
beside their figures."""

from __future__ import annotations

import engine.api
import service.core.game_service


def engine_kind() -> str:
    """The kind of engine imported: "compiled" when its modules are mypyc extensions, else "pure"."""
    return "pure" if (engine.api.__file__ or "").endswith(".py") else "compiled"


def service_kind() -> str:
    """The kind of the service's per-move modules imported (``service.core.game_service`` and the others that
    ``scripts/compile_engine.py`` compiles): "compiled" or "pure"."""
    return "pure" if (service.core.game_service.__file__ or "").endswith(".py") else "compiled"


def engine_build() -> str:
    """Which engine runs, in words: the pure-Python package, or the compiled copy and where it is."""
    if engine_kind() == "compiled":
        service = ", its service's per-move modules too" if service_kind() == "compiled" else ""
        return f"compiled with mypyc ({(engine.api.__file__ or '').rsplit('/', 2)[0]}{service})"
    return "pure Python (scripts/build_compiled_engine builds the optional mypyc-compiled copy)"
