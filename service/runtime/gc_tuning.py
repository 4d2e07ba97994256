"""The cyclic garbage collector of a serving process, and of the engine benchmark that measures the engine as it runs
there.

A request's garbage is freed by reference counting (it holds no cycles), so collections find little, yet with
Python's default threshold (700) one ran every few requests and a full one every few thousand, each scanning every
live object (games' copies, caches, every module loaded) while the GIL is held: a pause for every thread. Start-up
objects are frozen out of the scans and the youngest generation is collected far less often (docs/performance.md
has what it saves).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

GC_GENERATION0_THRESHOLD = 50_000
GC_OLDER_THRESHOLD = 20
SERVING_SETTINGS = (
    "a serving process's (what start-up loaded frozen, the youngest generation collected every 50,000 allocations)"
)
DEFAULT_SETTINGS = "Python's defaults (the youngest generation collected every 700 allocations)"


def tune_garbage_collector() -> None:
    """After start-up: everything loaded so far (modules, descriptors, catalogs) moves to the permanent generation
    (``gc.freeze``), never scanned again, and the youngest generation is collected every 50,000 allocations
    (the two older ones every 20 collections of the one below)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_GENERATION0_THRESHOLD, GC_OLDER_THRESHOLD, GC_OLDER_THRESHOLD)


@contextmanager
def serving_garbage_collector() -> Iterator[None]:
    """``tune_garbage_collector`` for the block, the thresholds before it restored after and, in a process that had
    frozen nothing (``gc.unfreeze`` thaws all or nothing), what it froze moved back to the collected generations: a
    benchmark measures the engine as ``cardengine serve`` runs it, and leaves the process (a test's) as it found it."""
    threshold, frozen_before = gc.get_threshold(), gc.get_freeze_count()
    tune_garbage_collector()
    try:
        yield
    finally:
        if not frozen_before:
            gc.unfreeze()
        gc.set_threshold(*threshold)
