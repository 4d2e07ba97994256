"""Gin Rummy's conformance: the suite every built-in game gets (tests/conformance), with the plugin's own table of
playout counts, ``sizes.json`` beside this file (measured by ``.venv/bin/python -m tests.conformance.sizing --sizes
plugins/gin_rummy/tests/sizes.json gin_rummy``). Each variant plays its seeds with every conformance check and must
reach exactly the phases, move kinds, event kinds and refusal codes its sizing recorded (``assert_playouts_reach``,
the same assertion as the built-in games'). ``CONFORMANCE_PLAYOUTS`` overrides the count, as there."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine.certify.playout import Variant, variants
from tests.conformance.sizing import assert_playouts_reach, assert_sized, load

GAME_ID = "gin_rummy"
SIZES = Path(__file__).with_name("sizes.json")
TABLE = load(SIZES)
OVERRIDE = os.environ.get("CONFORMANCE_PLAYOUTS")
VARIANTS = variants({GAME_ID})


@pytest.mark.parametrize("variant", VARIANTS, ids=[str(v) for v in VARIANTS])
def test_random_playouts(variant: Variant) -> None:
    assert_playouts_reach(variant, TABLE, SIZES, None if OVERRIDE is None else int(OVERRIDE))


def test_every_variant_is_sized() -> None:
    assert VARIANTS, f"{GAME_ID} is not registered: install the plugin (pip install -e plugins/gin_rummy)"
    assert_sized(TABLE, SIZES, VARIANTS)
