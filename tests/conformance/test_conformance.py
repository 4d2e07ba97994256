"""The conformance suite: every built-in game, every player count and option set, many seeds (a plugin game has its
own, with its own table, beside its code: plugins/<game>/tests/test_conformance.py).

Each variant plays seeds 0, 1, 2, ... up to its count in ``sizes.json``: twice the seeds after which its random
playouts reached no new phase, move kind (by phase), event kind or refusal code within 500 seeds
(tests/conformance/sizing.py measures it; its ``assert_playouts_reach`` asserts it), and the test fails if they no
longer reach exactly those features.
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

from engine.registry import BUILT_IN_GAMES
from tests.conformance.sizing import SIZES, assert_playouts_reach, assert_sized, load
from tests.playout import Variant, variants

OVERRIDE = os.environ.get("CONFORMANCE_PLAYOUTS")
TABLE = load(SIZES)
BUILT_IN = {game.id for game in BUILT_IN_GAMES}
VARIANTS = variants(BUILT_IN)


@pytest.mark.parametrize("variant", VARIANTS, ids=[str(v) for v in VARIANTS])
def test_random_playouts(variant: Variant) -> None:
    assert_playouts_reach(variant, TABLE, SIZES, None if OVERRIDE is None else int(OVERRIDE))


def test_every_variant_is_sized() -> None:
    assert_sized(TABLE, SIZES, VARIANTS)


def test_every_game_is_covered() -> None:
    covered = {v.game_id for v in VARIANTS}
    assert covered == BUILT_IN, "every built-in game (engine.registry.BUILT_IN_GAMES) plays its variants here"
