"""Every event of seeded random playouts, of every game, player count and option set, validates against its game's
JSON Schema, as every seat and a spectator see it (the conformance playouts validate events on their full-check
seeds only; here every event of every step is checked). The events the service adds (``seed_revealed``,
``forfeited``, timed-out moves) are validated through the API in tests/service/test_event_schemas.py."""

from __future__ import annotations

import random

import pytest

import engine
from tests.playout import Variant, content_validators, first_error, variants

SEEDS = 20
VARIANTS = variants()


@pytest.mark.parametrize("variant", VARIANTS, ids=[str(v) for v in VARIANTS])
def test_every_event_validates_against_its_schema(variant: Variant) -> None:
    game = engine.get_game(variant.game_id)
    validators = content_validators(variant.game_id)
    assert validators is not None, f"{variant.game_id} has no schemas"
    for seed in range(SEEDS):
        rng = random.Random(seed)
        state, events = engine.new_game(variant.game_id, variant.players, seed, dict(variant.options))
        for _ in range(game.playout_bound):
            for event in events:
                for viewer in [None, *range(state.players)]:
                    shown = engine.event_for(variant.game_id, event, viewer)
                    if shown is not None:
                        validators.check_event(shown, f"{variant} seed {seed} step {state.step} seat {viewer}")
            if engine.is_finished(state):
                break
            seat = rng.choice(engine.to_act(state))
            state, events = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
        assert engine.is_finished(state), f"{variant} seed {seed} did not end"
        sheet = engine.score(state).to_dict()
        error = first_error(validators.score, sheet)
        assert error is None, f"{variant} seed {seed}: the score sheet does not match its schema: {error}"
