"""Gin Rummy, a plugin game: the declaration; the rules are the package's modules.

``cards`` (the pack, OpenSpiel's card ids), ``melds`` (melds, deadwood, lay-offs), ``table`` (the match data),
``moves`` (move kinds and OpenSpiel's action ids), ``legal`` (legality), ``flow`` (the turn state machine),
``scoring``, ``views`` (what each seat sees, events in words), ``schemas``, ``determinize``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from cardengine_gin_rummy import cards, determinize, flow, legal, schemas, scoring, views
from cardengine_gin_rummy.moves import MELD, MOVE_KINDS, canonical_cards
from engine.cards import CardInfo
from engine.game import Game, RulesPackage
from engine.moves import MoveKind
from engine.options import OptionSpec
from engine.state import GameState


class GinRummyGame(Game):
    id: ClassVar[str] = "gin_rummy"
    title: ClassVar[str] = "Gin Rummy"
    description: ClassVar[str] = (
        "Two players draw and discard to meld their ten cards; knock with 10 or less of deadwood, or go gin. "
        "Classic: a match to 100 with box and game bonuses; openspiel: exactly OpenSpiel's one-hand gin_rummy."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    rules_version: ClassVar[int] = 1
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            name="variant",
            kind="choice",
            default=scoring.CLASSIC,
            choices=scoring.VARIANTS,
            description="classic: a match to the target score (Bicycle's rules); openspiel: one hand, exactly "
            "OpenSpiel 2.0.2's gin_rummy (returns as points).",
        ),
        OptionSpec(
            name="target_score",
            kind="int",
            default=100,
            minimum=1,
            maximum=1000,
            description="Classic: the total that ends the match.",
        ),
        OptionSpec(
            name="max_hands",
            kind="int",
            default=0,
            minimum=0,
            maximum=1000,
            description="Classic: end the match after this many hands (0: no cap).",
        ),
    )
    move_kinds: ClassVar[dict[str, MoveKind]] = MOVE_KINDS
    timeout_kinds: ClassVar[tuple[str, ...]] = ("draw_stock", "pass", "discard")
    copy_on_write: ClassVar[bool] = True  # flow.py replaces every table value it changes
    hand_end_reveals: ClassVar[frozenset[str]] = frozenset({"hand_ended"})
    # The suite's random playouts: OpenSpiel's variant, the hand itself (the classic match plays the same hands; its
    # flow from hand to hand is certified by the plugin's tests, test_the_classic_match_passes_every_check).
    conformance_variants: ClassVar[tuple[Mapping[str, object], ...]] = ({"variant": scoring.OPENSPIEL},)
    playout_options: ClassVar[Mapping[str, object]] = {"max_hands": 20}
    short_match_options: ClassVar[Mapping[str, object]] = {"max_hands": 2}
    # easy: medium's search (8 iterations, 4 per move) that plays its second choice whenever that choice is within
    # 0.05 of the first: the default easy (one iteration, within 0.1) threw Gin hands away, no better than random.
    bot_levels: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "easy": {"iterations": 8, "iterations_per_move": 4, "mistake_rate": 1.0, "mistake_tolerance": 0.05},
    }
    playout_bound: ClassVar[int] = 20_000

    rules: ClassVar[RulesPackage] = RulesPackage(
        flow=flow, legal=legal, views=views, scoring=scoring, schemas=schemas, determinize=determinize
    )

    def deck(self, state: GameState) -> list[str]:
        return cards.full_pack()

    def cards(self) -> list[CardInfo]:
        return cards.card_list()

    def canonical_list(self, kind: str, param: str, items: list[str]) -> list[str]:
        return canonical_cards(items) if kind == MELD else sorted(items)
