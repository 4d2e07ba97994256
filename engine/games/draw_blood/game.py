"""Draw Blood (Draw Blood Rummy), with the Immunity expansion: the declarations; the rules are the package's
modules ``cards`` (the deck, card names, the catalog's card list), ``moves`` (notation), ``legal`` (legality),
``flow`` (the turn state machine), ``scoring``, ``determinize`` (sampling what a seat cannot see), ``views`` (views,
moves and events in words) and ``schemas``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from engine.cards import CardInfo
from engine.game import Game, RulesPackage
from engine.games.draw_blood import cards, determinize, flow, legal, schemas, scoring, views
from engine.games.draw_blood.cards import full_deck
from engine.games.draw_blood.moves import MOVE_KINDS, canonical_list
from engine.moves import MoveKind
from engine.options import OptionSpec
from engine.state import GameState


class DrawBloodGame(Game):
    id: ClassVar[str] = "draw_blood"
    title: ClassVar[str] = "Draw Blood"
    description: ClassVar[str] = (
        "Draw Blood Rummy: play Monsters to earn moves, lay down Melds, kill your opponents' Monsters with Kill "
        "cards and Triple Skulls, revive yours with Triple Hearts; optional Immunity expansion."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 2
    rules_version: ClassVar[int] = 3
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(name="immunity", kind="bool", default=False, description="Add the three Immunity cards."),
        OptionSpec(
            name="target_score",
            kind="int",
            default=500,
            minimum=1,
            maximum=100_000,
            description="The high score: the match ends after the hand in which a player reaches it.",
        ),
        OptionSpec(
            name="max_hands",
            kind="int",
            default=0,
            minimum=0,
            maximum=1000,
            description=(
                "0 (the default): no hand limit, hands are dealt until a player reaches the target score. "
                "Otherwise the match also ends after this many hands (the highest total wins), e.g. for bots."
            ),
        ),
        OptionSpec(
            name="highest_number",
            kind="int",
            default=7,
            minimum=3,
            maximum=9,
            description="Numbered Blood Cards run from 1 to this number.",
        ),
        OptionSpec(
            name="number_copies",
            kind="int",
            default=6,
            minimum=1,
            maximum=12,
            description="Copies of each Numbered Blood Card.",
        ),
        OptionSpec(
            name="monster_copies", kind="int", default=3, minimum=1, maximum=6, description="Copies of each Monster."
        ),
        OptionSpec(name="kill_cards", kind="int", default=3, minimum=0, maximum=6, description="Number of Kill cards."),
    )
    move_kinds: ClassVar[Mapping[str, MoveKind]] = MOVE_KINDS
    # Turn clocks: draw, then end the turn or discard.
    timeout_kinds: ClassVar[tuple[str, ...]] = ("draw", "end_turn", "discard", "next_hand")
    # Random players can stay below zero for ever (docs/rules/draw_blood.md, rule 24): their matches are capped.
    playout_options: ClassVar[Mapping[str, object]] = {"max_hands": 50}
    short_match_options: ClassVar[Mapping[str, object]] = {"max_hands": 1}
    copy_on_write: ClassVar[bool] = True  # flow.py replaces every table value it changes
    conformance_variants: ClassVar[tuple[Mapping[str, object], ...]] = (
        {"immunity": False, "max_hands": 2},
        {"immunity": True, "max_hands": 2},
    )
    playout_bound: ClassVar[int] = 20_000

    rules: ClassVar[RulesPackage] = RulesPackage(
        flow=flow,
        legal=legal,
        views=views,
        move_words=views,
        scoring=scoring,
        schemas=schemas,
        determinize=determinize,
    )

    def deck(self, state: GameState) -> list[str]:
        return full_deck(state.options)

    def canonical_list(self, kind: str, param: str, items: list[str]) -> list[str]:
        return canonical_list(items)

    def card_name(self, code: str) -> str | None:
        return cards.card_name(code)

    def cards(self) -> list[CardInfo]:
        return cards.card_list()
