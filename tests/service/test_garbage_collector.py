"""A serving process tunes Python's cyclic garbage collector once started (``gc_tuning.tune_garbage_collector``,
called by ``serve`` and so by every ``--workers`` process): what start-up loaded is frozen out of collections, and
the youngest generation waits for 50,000 allocations. Checked in a fresh interpreter, whose collector it changes."""

from __future__ import annotations

import json
import subprocess
import sys

from service.runtime.gc_tuning import GC_GENERATION0_THRESHOLD, GC_OLDER_THRESHOLD

PROBE = """
import gc, json
import service.runtime.server as server
before = {"threshold": gc.get_threshold(), "frozen": gc.get_freeze_count()}
server.tune_garbage_collector()
after = {"threshold": gc.get_threshold(), "frozen": gc.get_freeze_count()}
print(json.dumps({"before": before, "after": after}))
"""


def test_start_up_objects_are_frozen_and_the_young_generation_waits_longer() -> None:
    printed = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True).stdout
    states = json.loads(printed)
    assert states["before"] == {"threshold": [700, 10, 10], "frozen": 0}
    assert states["after"]["threshold"] == [GC_GENERATION0_THRESHOLD, GC_OLDER_THRESHOLD, GC_OLDER_THRESHOLD]
    assert GC_GENERATION0_THRESHOLD == 50_000 and GC_OLDER_THRESHOLD == 20
    assert states["after"]["frozen"] > 10_000  # the service's modules, protobuf descriptors and catalogs
