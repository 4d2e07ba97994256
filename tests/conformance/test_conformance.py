"""The conformance suite: every registered game, every player count and option set, many seeds.

Each variant plays seeds 0, 1, 2, ... up to its count in ``sizes.json``: twice the seeds after which its random
playouts reached no new phase, move kind (by phase), event kind or refusal code within 500 seeds
(tests/conformance/sizing.py measures it), and the test fails if they no longer reach exactly those features.
``CONFORMANCE_PLAYOUTS`` sets one count for every variant instead (e.g. 20 for a quick run, which checks only that
nothing new is reached; 1,000, the count every variant played before the sizing, checks that nothing is lost).

Every playout checks, at every step, the snapshot round trip and card conservation, that someone must act and has
a legal move, that apply leaves its input unchanged, that moves that are not legal are refused with a specific code
and a reason hiding unseen cards, and at the end that the match finished within the game's bound with winners.
Every tenth seed (``FULL_CHECK_EVERY``) also checks at every step the secrecy of every seat's view and events, the
notation and structured-form round trips of every legal move, the rejection of moves out of turn (with the state
unchanged) and determinization; every fiftieth (``APPLY_ALL_EVERY``) applies every legal move.
"""

from __future__ import annotations

import os

import pytest

import engine
from tests.conformance.sizing import Size, load, play
from tests.playout import Variant, variants

OVERRIDE = os.environ.get("CONFORMANCE_PLAYOUTS")
SIZES = load()
VARIANTS = variants()
MEASURE = "measure it again: .venv/bin/python -m tests.conformance.sizing"


def size_of(variant: Variant) -> Size:
    size = SIZES.get(str(variant))
    assert size is not None, f"{variant} has no playout count in tests/conformance/sizes.json; {MEASURE}"
    return size


@pytest.mark.parametrize("variant", VARIANTS, ids=[str(v) for v in VARIANTS])
def test_random_playouts(variant: Variant) -> None:
    size = size_of(variant)
    count = size["playouts"] if OVERRIDE is None else int(OVERRIDE)
    reached: set[str] = set()
    for seed in range(count):
        reached |= play(variant, seed)
    recorded = set(size["reached"])
    if count <= size["horizon"]:  # the sizing played this far and saw nothing more
        new = reached - recorded
        assert not new, f"{variant}: its playouts reach {sorted(new)}, which the sizing never saw; {MEASURE}"
    if count >= size["playouts"]:
        lost = recorded - reached
        assert not lost, f"{variant}: its {count} playouts no longer reach {sorted(lost)}; {MEASURE}"


def test_every_variant_is_sized() -> None:
    assert set(SIZES) == {str(v) for v in VARIANTS}, f"sizes.json lists other variants than the games'; {MEASURE}"
    for name, size in SIZES.items():
        assert size["saturated"] <= size["horizon"] and size["playouts"] >= size["saturated"], name


def test_every_game_is_covered() -> None:
    covered = {v.game_id for v in VARIANTS}
    assert covered == {g.id for g in engine.all_games()}
