"""Dragon Mystery Rummy: the game's declarations; the rules are the package's modules (cards, table, moves, legal,
flow, scoring, views: what seats see and the game in words, schemas: the JSON Schemas of the content)."""

from __future__ import annotations

from typing import ClassVar

from engine.cards import CardInfo
from engine.game import Game, RulesPackage
from engine.games.dragon_rummy import cards, determinize, flow, legal, moves, schemas, scoring, views
from engine.games.dragon_rummy.cards import CARD_NAMES, FULL_DECK
from engine.games.dragon_rummy.table import DEFAULT_TARGET_SCORE, MAX_TARGET_SCORE, TARGET_OPTION
from engine.moves import MoveKind
from engine.options import OptionSpec
from engine.state import GameState


class DragonRummyGame(Game):
    id: ClassVar[str] = "dragon_rummy"
    title: ClassVar[str] = "Dragon Mystery Rummy: The Case of the Rare Dragon"
    description: ClassVar[str] = (
        "Mike Fitzgerald's rummy of forty dragons: draw, or dig into the spread discard pile; play the hand's "
        "draw-2 dragon, its rare dragon, a split of someone's set of three, or sets of three or four; discard. "
        "Rare dragons score 3, draw-2 dragons -1, others 1; hands until someone reaches the target."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = views.MAX_PLAYERS
    default_players: ClassVar[int] = 2
    # 2: state.table keys renamed to full domain names (draw_two_dragon, discard_pile, play_areas, ...).
    # 3: state.table records known_cards (cards taken from the discard pile, per hand) for determinize.
    rules_version: ClassVar[int] = 3
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            name=TARGET_OPTION,
            kind="int",
            default=DEFAULT_TARGET_SCORE,
            minimum=1,
            maximum=MAX_TARGET_SCORE,
            description="Hands are played until someone has this many points or more at the end of a hand "
            f"(any number from 1 to {MAX_TARGET_SCORE:,}).",
        ),
    )
    move_kinds: ClassVar[dict[str, MoveKind]] = moves.MOVE_KINDS
    # Turn clocks: draw from the deck, then discard (docs/rules/dragon_rummy.md).
    timeout_kinds: ClassVar[tuple[str, ...]] = ("draw", "discard")
    copy_on_write: ClassVar[bool] = True  # flow.py replaces every table value it changes
    conformance_variants: ClassVar[tuple[dict[str, object], ...]] = ({}, {TARGET_OPTION: 10})
    # 3,000 random 4-player matches to 50 points took at most 550 moves (17 hands).
    playout_bound: ClassVar[int] = 5_000
    short_match_options: ClassVar[dict[str, object]] = {TARGET_OPTION: 10}

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
        return list(FULL_DECK)

    def canonical_list(self, kind: str, param: str, items: list[str]) -> list[str]:
        return moves.canonical_list(items)

    def card_name(self, code: str) -> str | None:
        return CARD_NAMES.get(code)

    def cards(self) -> list[CardInfo]:
        return cards.card_list()
