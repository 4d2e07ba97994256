"""The authoring API: what a game package, built in or a plugin, may import from the engine (docs/engine.md,
"Games as plugins"). A plugin imports these modules only; everything else in ``engine`` (the registry, ``engine.api``,
the bots, the certification) may change without notice to game authors. tests/test_plugins.py checks that the
plugin games under ``plugins/`` (the modules their entry points load) keep to them."""

from __future__ import annotations

AUTHORING_MODULES: tuple[str, ...] = (
    "engine.game",  # Game (the declarations and the methods a game implements), RulesPackage, CardLocation
    "engine.state",  # GameState: table, players, options, shuffle, random_below, copy/shallow_copy
    "engine.moves",  # Move, MoveKind
    "engine.events",  # Event
    "engine.errors",  # Refusal, IllegalMoveError, InvalidMoveError
    "engine.options",  # OptionSpec
    "engine.cards",  # card codes and names, CardInfo, deal_round_robin, run_positions
    "engine.scoring",  # ScoreSheet, RoundScore, totals_from_rounds, highest_scorers, packed/unpacked
    "engine.schema_parts",  # the JSON Schema builders of a game's schemas()
    "engine.words",  # the wording of seats, lists and counts; EventText
    "engine.determinize",  # the shared mechanics of determinize (fresh_rng_state, redeal helpers)
    "engine.rng",  # SplitMix64, for a determinize that shuffles with its own seed
)
