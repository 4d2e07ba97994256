"""The conformance suite: every registered game, every player count and option set, many seeds.

Each game gets ``CONFORMANCE_PLAYOUTS`` (default 1,000) seeded random playouts per variant, split into chunks so
pytest-xdist can spread them. Every playout checks, at every step, the snapshot round trip and card conservation,
that someone must act and has a legal move, and at the end that the match finished within the game's bound with
winners. Every ``FULL_CHECK_EVERY``-th playout also checks at every step the secrecy of every seat's view and
events, the notation and structured-form round trips of every legal move, the rejection of moves that are not
legal and of moves out of turn (with the state unchanged); every ``APPLY_ALL_EVERY``-th applies every legal move.
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
    # Seeds are dealt to chunks round-robin; the full checks go to every tenth seed of each chunk, so that every
    # chunk (one pytest-xdist job) carries the same share of the expensive checks.
    for index, seed in enumerate(range(chunk, PLAYOUTS, CHUNKS)):
        playout(
            variant,
            seed,
            full_checks=index % FULL_CHECK_EVERY == 0,
            apply_every_legal_move=index % APPLY_ALL_EVERY == 0,
        )


def test_every_game_is_covered() -> None:
    covered = {v.game_id for v in variants()}
    import engine

    assert covered == {g.id for g in engine.all_games()}
