"""Dracula, by David Parlett: the declaration; the rules are the package's modules.

``cards`` (the pack), ``table`` (the match data), ``moves`` (move kinds), ``legal`` (legality), ``flow`` (the turn
state machine), ``scoring``, ``coffin`` (line arithmetic), ``views`` (what each seat sees, events in words),
``schemas`` (the JSON Schemas of the content), ``determinize`` (sampling what a seat cannot see).
"""

from __future__ import annotations

from typing import ClassVar

from engine.cards import CardInfo
from engine.game import Game, RulesPackage
from engine.games.dracula import cards, determinize, flow, legal, schemas, scoring, views
from engine.games.dracula.cards import full_pack
from engine.games.dracula.moves import MOVE_KINDS
from engine.moves import MoveKind
from engine.options import OptionSpec
from engine.state import GameState


class DraculaGame(Game):
    id: ClassVar[str] = "dracula"
    title: ClassVar[str] = "Dracula"
    description: ClassVar[str] = (
        "David Parlett's arithmetical game: build a 3x3 coffin of cards; one side scores its best line across, "
        "the other down. Two players, or four in partnerships."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    # The three-player version is missing from the rule text (only its heading is there).
    player_counts: ClassVar[tuple[int, ...]] = (2, 4)
    default_players: ClassVar[int] = 2
    rules_version: ClassVar[int] = 1
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            name="deals",
            kind="int",
            default=6,
            minimum=1,
            maximum=6,
            description="Number of deals in the match (the text plays six).",
        ),
    )
    move_kinds: ClassVar[dict[str, MoveKind]] = MOVE_KINDS
    # Turn clocks: place the first legal card (docs/rules/dracula.md).
    timeout_kinds: ClassVar[tuple[str, ...]] = ("place",)
    copy_on_write: ClassVar[bool] = True  # flow.py replaces every table value it changes
    short_match_options: ClassVar[dict[str, object]] = {"deals": 2}

    rules: ClassVar[RulesPackage] = RulesPackage(
        flow=flow, legal=legal, views=views, scoring=scoring, schemas=schemas, determinize=determinize
    )

    def deck(self, state: GameState) -> list[str]:
        return full_pack()

    def card_name(self, code: str) -> str | None:
        return cards.card_name(code)

    def cards(self) -> list[CardInfo]:
        return cards.card_list()
