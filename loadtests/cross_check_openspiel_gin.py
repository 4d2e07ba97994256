"""The OpenSpiel cross-check of the plugin Gin Rummy at benchmark size: 10,000 seeded hands (by default) on both
engines with the same deck and the same policy (tests/openspiel_gin.py), every step compared (the player to act,
the set of legal action ids) and every hand's returns; prints the mismatches and how the hands ended (knock, gin,
undercut, the wall, OpenSpiel's two caps) and how many had lay-offs. Exits 1 on any mismatch or on an ending kind
(knock, gin, undercut, wall) or lay-offs that never occurred. Needs ``pip install open-spiel==2.0.2`` and the
plugin installed (scripts/bootstrap does both). The figures are in docs/performance.md.

    .venv/bin/python -m loadtests.cross_check_openspiel_gin --hands 10000
"""

from __future__ import annotations

import argparse
import sys
import time

from tests.openspiel_gin import cross_check

REQUIRED_ENDINGS = ("knock", "gin", "undercut", "wall")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--first-seed", type=int, default=0)
    arguments = parser.parse_args()
    started = time.process_time()
    tally = cross_check(arguments.hands, arguments.first_seed)
    print(tally.summary())
    print(f"CPU time: {time.process_time() - started:.1f} s")
    for mismatch in tally.mismatches[:20]:
        print("mismatch:", mismatch)
    missing = [ending for ending in REQUIRED_ENDINGS if not tally.endings[ending]]
    if missing or not tally.with_layoffs:
        print("never occurred:", ", ".join(missing) or "lay-offs")
    sys.exit(1 if tally.mismatches or missing or not tally.with_layoffs else 0)


if __name__ == "__main__":
    main()
