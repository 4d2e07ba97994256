"""Which engine this process imported: the pure-Python package (the default and the fallback) or the mypyc-compiled
copy (``scripts/compile_engine.py``, put first on the path). A serving process names it in its "serving" line, and
the benchmarks print it beside their figures."""

from __future__ import annotations

import engine.api


def engine_kind() -> str:
    """The kind of engine imported: "compiled" when its modules are mypyc extensions, else "pure"."""
    return "pure" if (engine.api.__file__ or "").endswith(".py") else "compiled"


def engine_build() -> str:
    """Which engine runs, in words: the pure-Python package, or the compiled copy and where it is."""
    if engine_kind() == "compiled":
        return f"compiled with mypyc ({(engine.api.__file__ or '').rsplit('/', 2)[0]})"
    return "pure Python (scripts/build_compiled_engine builds the optional mypyc-compiled copy)"
