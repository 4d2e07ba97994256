"""How many seeded playouts each game variant gets in the conformance suite, chosen by the rule features they reach.

A playout records what it reached (``tests.playout.playout``'s ``reached``): each phase, each move kind played in
each phase, each event kind, and each refusal code of the moves tried that are not legal (every seed tries some at
every step; that is cheap beside the full checks, and finds the rarer refusals ten times sooner than the full-check
seeds alone). Playing seeds 0, 1, 2, ... of a variant, new features stop appearing after some seed; the conformance
suite plays twice that many seeds (at least ``MIN_PLAYOUTS``) and fails if they no longer reach exactly the recorded
features, so a change that loses coverage (or reaches rules the sizing never saw) is caught and the table is
measured again.

``sizes.json`` holds, per variant: ``playouts`` (the count played), ``saturated`` (the seeds after which nothing new
was reached, within ``horizon`` seeds measured) and ``reached`` (each feature, with the first seed that reached it).
Measure it again after a change of a game's rules or a new game or variant (the suite says so when needed)::

    .venv/bin/python -m tests.conformance.sizing                 # every variant of the table, 500 seeds each
    .venv/bin/python -m tests.conformance.sizing house_rummy     # one game's variants, merged into the table

The table is ``tests/conformance/sizes.json`` (the built-in games'); a plugin game keeps its own, measured with
``--sizes PATH``, and its conformance test asserts with the same function, ``assert_playouts_reach``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TypedDict, cast

from tests.playout import Variant, playout, variants

SIZES = Path(__file__).with_name("sizes.json")
# Every tenth seed gets the full checks (views, events, notation, refusals, determinization), every fiftieth also
# applies every legal move: the same shares as when every variant played 1,000 seeds.
FULL_CHECK_EVERY = 10
APPLY_ALL_EVERY = 50
HORIZON = 500  # seeds measured per variant (every variant played 1,000 before the sizing)
MARGIN = 2  # the count played: this many times the seeds that reached everything
MIN_PLAYOUTS = 50
BLOCK = 50  # seeds per task of the measuring processes


class Size(TypedDict):
    playouts: int
    saturated: int
    horizon: int
    reached: dict[str, int]  # each feature, with the first seed that reached it


def play(variant: Variant, seed: int) -> set[str]:
    """Plays the seed as the conformance suite does (all its checks: the refusal probes at every seed, the full
    checks at every ``FULL_CHECK_EVERY``-th) and returns the features it reached."""
    reached: set[str] = set()
    playout(
        variant,
        seed,
        full_checks=seed % FULL_CHECK_EVERY == 0,
        apply_every_legal_move=seed % APPLY_ALL_EVERY == 0,
        probe_refusals=True,
        reached=reached,
    )
    return reached


def playouts_for(saturated: int) -> int:
    """The count played for a variant whose first ``saturated`` seeds reached all it reaches: with the margin,
    rounded up to a multiple of ``FULL_CHECK_EVERY``."""
    return max(MIN_PLAYOUTS, math.ceil(saturated * MARGIN / FULL_CHECK_EVERY) * FULL_CHECK_EVERY)


def load(path: Path = SIZES) -> dict[str, Size]:
    return cast(dict[str, Size], json.loads(path.read_text())) if path.exists() else {}


def measure_hint(path: Path, game_id: str) -> str:
    """The command that measures ``game_id``'s variants again into the table at ``path``."""
    sizes = "" if path == SIZES else f" --sizes {shown(path)}"
    return f"measure it again: .venv/bin/python -m tests.conformance.sizing{sizes} {game_id}"


def shown(path: Path) -> str:
    """``path`` relative to the working directory when under it (as a command line would name it)."""
    return str(path.resolve().relative_to(Path.cwd())) if path.resolve().is_relative_to(Path.cwd()) else str(path)


def assert_playouts_reach(variant: Variant, sizes: dict[str, Size], path: Path, override: int | None) -> None:
    """Plays the variant's seeds (its count in the table ``sizes``, read from ``path``, or ``override``) and fails
    when they reach a feature the sizing never saw (played within its horizon) or no longer reach one it recorded
    (played at least its count)."""
    size = sizes.get(str(variant))
    hint = measure_hint(path, variant.game_id)
    assert size is not None, f"{variant} has no playout count in {shown(path)}; {hint}"
    count = size["playouts"] if override is None else override
    reached: set[str] = set()
    for seed in range(count):
        reached |= play(variant, seed)
    recorded = set(size["reached"])
    if count <= size["horizon"]:  # the sizing played this far and saw nothing more
        new = reached - recorded
        assert not new, f"{variant}: its playouts reach {sorted(new)}, which the sizing never saw; {hint}"
    if count >= size["playouts"]:
        lost = recorded - reached
        assert not lost, f"{variant}: its {count} playouts no longer reach {sorted(lost)}; {hint}"


def assert_sized(sizes: dict[str, Size], path: Path, chosen: list[Variant]) -> None:
    """The table lists exactly the ``chosen`` variants, each sized consistently."""
    listed = {str(variant) for variant in chosen}
    hint = measure_hint(path, " ".join(sorted({variant.game_id for variant in chosen})))
    assert set(sizes) == listed, f"{shown(path)} lists other variants than {sorted(listed)}; {hint}"
    for name, size in sizes.items():
        assert size["saturated"] <= size["horizon"] and size["playouts"] >= size["saturated"], name


def _block(task: tuple[Variant, int]) -> list[set[str]]:
    variant, start = task
    return [play(variant, seed) for seed in range(start, start + BLOCK)]


def measure(chosen: list[Variant], horizon: int = HORIZON) -> dict[str, Size]:
    tasks = [(variant, start) for variant in chosen for start in range(0, horizon, BLOCK)]
    with ProcessPoolExecutor(os.cpu_count()) as pool:
        blocks = list(pool.map(_block, tasks))
    table: dict[str, Size] = {}
    for variant in chosen:
        per_seed = [features for (v, _), block in zip(tasks, blocks, strict=True) if v == variant for features in block]
        first_seen: dict[str, int] = {}
        for seed, features in enumerate(per_seed):
            for feature in features:
                first_seen.setdefault(feature, seed)
        saturated = max(first_seen.values()) + 1
        table[str(variant)] = {
            "playouts": playouts_for(saturated),
            "saturated": saturated,
            "horizon": horizon,
            "reached": dict(sorted(first_seen.items())),
        }
    return table


def main(arguments: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Measures the conformance playout counts of game variants.")
    parser.add_argument("games", nargs="*", metavar="GAME", help="the games to measure (default: the table's)")
    parser.add_argument("--sizes", type=Path, default=SIZES, help=f"the table (default {shown(SIZES)})")
    parsed = parser.parse_args(arguments)
    path: Path = parsed.sizes
    table = load(path)
    games = set(parsed.games) or {variant.game_id for variant in variants() if str(variant) in table}
    chosen = variants(games)
    if not chosen:
        parser.error(f"no registered game's variants to measure into {path}: name the games")
    table.update(measure(chosen))
    known = {str(variant) for variant in variants()}
    ordered = {name: table[name] for name in sorted(table) if name in known}
    path.write_text(json.dumps(ordered, indent=1) + "\n")
    for name in sorted(str(variant) for variant in chosen):
        row = ordered[name]
        print(f"{name}: {row['playouts']} playouts (all reached by {row['saturated']}, {len(row['reached'])} features)")


if __name__ == "__main__":
    main()
