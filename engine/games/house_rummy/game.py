"""House Rummy: the base rules ("Rummy Base Rules") and the New Card Rules with their Card List.

The declarations; the rules are the package's modules: ``flow.py`` (the turn state machine), ``legal.py`` (legality),
``scoring.py``, ``views.py`` (what seats see; moves and events in words), ``schemas.py`` (the JSON Schemas),
``determinize.py`` (with ``knowledge.py``'s records); ``cards.py`` (with the catalog's card list), ``groups.py``,
``moves.py`` and ``table.py`` hold the data.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from engine.cards import CardInfo, is_standard
from engine.game import Game, RulesPackage
from engine.games.house_rummy import determinize, flow, legal, schemas, scoring, views
from engine.games.house_rummy.cards import SPECIAL_NAMES, card_list, card_name, full_deck
from engine.games.house_rummy.moves import MOVE_KINDS, canonical_list
from engine.games.house_rummy.table import FINISHED, new_cards_on, table_of
from engine.moves import MoveKind
from engine.options import OptionSpec
from engine.state import GameState


class HouseRummyGame(Game):
    id: ClassVar[str] = "house_rummy"
    title: ClassVar[str] = "House Rummy"
    description: ClassVar[str] = (
        "Rummy as one family plays it: draw from the stock or take any number of cards off a discard pile, lay "
        "sets and runs, play off anyone's groups, call rummy on the board; with the New Card Rules, 37 cards with "
        "abilities and five special cards."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 2
    rules_version: ClassVar[int] = 3
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            name="new_cards",
            kind="bool",
            default=True,
            description="Play the New Card Rules: the Card List's abilities and the five special cards (57 cards).",
        ),
        OptionSpec(
            name="one_group_per_turn",
            kind="bool",
            default=True,
            description="House rule: at most one new group per turn (playing off groups is never limited).",
        ),
        OptionSpec(
            name="single_hand",
            kind="bool",
            default=False,
            description="Play one hand only; otherwise hands are played until someone reaches the target score.",
        ),
        OptionSpec(
            name="target_score",
            kind="int",
            default=500,
            minimum=1,
            maximum=100_000,
            description="The match ends after the hand in which a player's total reaches this score.",
        ),
        OptionSpec(
            name="max_hands",
            kind="int",
            default=0,
            minimum=0,
            maximum=1_000,
            description=(
                "0 (the default): no hand limit, hands are dealt until a player reaches the target score. "
                "Otherwise the match also ends after this many hands (the highest total wins), e.g. for bots."
            ),
        ),
    )
    move_kinds: ClassVar[dict[str, MoveKind]] = MOVE_KINDS
    # Turn clocks: pass a claim, keep the potato, draw, discard.
    timeout_kinds: ClassVar[tuple[str, ...]] = ("pass", "keep_potato", "draw", "discard")
    hand_end_reveals: ClassVar[frozenset[str]] = frozenset({"hand_scored"})  # the hands left are counted
    conformance_variants: ClassVar[tuple[dict[str, object], ...]] = (
        {"single_hand": True},
        {"single_hand": True, "new_cards": False},
    )
    playout_bound: ClassVar[int] = 20_000
    # Weak bots may take long to reach the target (docs/rules/house_rummy.md): their matches are capped.
    playout_options: ClassVar[Mapping[str, object]] = {"max_hands": 20}
    short_match_options: ClassVar[Mapping[str, object]] = {"single_hand": True}
    copy_on_write: ClassVar[bool] = True  # every play replaces the table values it changes (flow.py)

    # The turn flow's module has no ``is_finished`` (the phase says it) and the score needs no ``finished``: the
    # class binds those parts itself.
    rules: ClassVar[RulesPackage] = RulesPackage(
        legal=legal, views=views, move_words=views, schemas=schemas, determinize=determinize
    )
    setup = staticmethod(flow.setup)
    to_act = staticmethod(flow.to_act)
    play = staticmethod(flow.play)
    score = staticmethod(scoring.score)
    standing = staticmethod(scoring.standing)

    @staticmethod
    def is_finished(state: GameState) -> bool:
        return table_of(state)["phase"] == FINISHED

    def deck(self, state: GameState) -> list[str]:
        return full_deck(new_cards_on(state))

    def canonical_list(self, kind: str, param: str, items: list[str]) -> list[str]:
        return canonical_list(kind, items)

    def card_name(self, code: str) -> str | None:
        return card_name(code) if code in SPECIAL_NAMES or is_standard(code) else None

    def cards(self) -> list[CardInfo]:
        return card_list()
