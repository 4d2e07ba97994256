"""The conformance suite: every registered game, every player count and option set, many seeds.

Each game gets ``CONFORMANCE_PLAYOUTS`` (default 1,000) seeded random playouts per variant, split into chunks so
pytest-xdist can spread them. Every ``FULL_CHECK_EVERY``-th playout runs every check at every step: snapshot
round trip, card conservation, secrecy of views and events, notation round trip, rejection of moves that are not
legal (with the state unchanged) and, on some, applying every legal move. The others check that the match ends
within the game's bound, that conservation and the round trip hold at the end, and that a winner is declared.
"""

from __future__ import annotations

import os

import pytest

from tests.playout import Variant, playout, variants

PLAYOUTS = int(os.environ.get("CONFORMANCE_PLAYOUTS", "1000"))
CHUNKS = 10
FULL_CHECK_EVERY = 10
APPLY_ALL_EVERY = 50

CASES = [(variant, chunk) for variant in variants() for chunk in range(CHUNKS)]


@pytest.mark.parametrize(("variant", "chunk"), CASES, ids=[f"{v}-chunk{c}" for v, c in CASES])
def test_random_playouts(variant: Variant, chunk: int) -> None:
    for seed in range(chunk, PLAYOUTS, CHUNKS):
        playout(
            variant,
            seed,
            full_checks=seed % FULL_CHECK_EVERY == 0,
            apply_every_legal_move=seed % APPLY_ALL_EVERY == 0,
        )


def test_every_game_is_covered() -> None:
    covered = {v.game_id for v in variants()}
    import engine

    assert covered == {g.id for g in engine.all_games()}
