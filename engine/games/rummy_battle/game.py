"""Rummy Battle: the declaration, tying together the deck and the card catalog (``cards``), the notation
(``moves``), legality (``legal``), the turn flow (``flow``), what seats see and the game in words (``views``), the
JSON Schemas of the content (``schemas``), the scores (``scoring``) and the samples of what a seat cannot see
(``determinize``, from the records of ``knowledge``)."""

from __future__ import annotations

from typing import ClassVar

from engine.cards import CardInfo
from engine.game import Game, RulesPackage
from engine.games.rummy_battle import cards, determinize, flow, legal, moves, schemas, scoring, views
from engine.games.rummy_battle.table import DEFAULT_ROUNDS, MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS
from engine.moves import MoveKind
from engine.options import OptionSpec
from engine.state import GameState


class RummyBattleGame(Game):
    id: ClassVar[str] = "rummy_battle"
    title: ClassVar[str] = "Rummy Battle"
    description: ClassVar[str] = (
        "Every player for himself: lay Runs and Sets (Jokers wild), play off on anyone's groups, and fight with "
        "Action Cards (Hoard, Pickpocket, Thief, Switcheroo, Lucky Day) and a 2nd Chance. Five rounds; the "
        "Marker decides whether going out costs 100 or earns 10."
    )
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    default_players: ClassVar[int] = 4
    # 2: state.table records known_cards and returned_actions (what seats know of hidden cards) for determinize.
    rules_version: ClassVar[int] = 2
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            name="rounds",
            kind="int",
            default=DEFAULT_ROUNDS,
            minimum=1,
            maximum=MAX_ROUNDS,
            description="Rounds in a match.",
        ),
        OptionSpec(
            name="hand_size",
            kind="int",
            default=cards.DEFAULT_HAND_SIZE,
            minimum=cards.MIN_HAND_SIZE,
            maximum=cards.MAX_HAND_SIZE,
            description="Cards dealt to each player.",
        ),
        OptionSpec(
            name="marker_depth",
            kind="int",
            default=30,
            minimum=0,
            maximum=60,
            description="Cards counted from the bottom of the stock to insert the Marker.",
        ),
        OptionSpec(
            name="decks",
            kind="int",
            default=cards.DEFAULT_DECKS,
            minimum=1,
            maximum=cards.MAX_DECKS,
            description="Standard 52-card decks.",
        ),
        OptionSpec(
            name="jokers",
            kind="int",
            default=cards.DEFAULT_JOKERS,
            minimum=0,
            maximum=cards.MAX_JOKERS,
            description="Jokers (wild, 20 points).",
        ),
        OptionSpec(
            name="action_copies",
            kind="int",
            default=cards.DEFAULT_ACTION_COPIES,
            minimum=0,
            maximum=cards.MAX_ACTION_COPIES,
            description="Copies of each Action Card (Hoard, Pickpocket, Thief, Switcheroo, Lucky Day).",
        ),
        OptionSpec(
            name="second_chance",
            kind="bool",
            default=True,
            description="Each player receives one 2nd Chance Card for the match.",
        ),
    )
    move_kinds: ClassVar[dict[str, MoveKind]] = moves.MOVE_KINDS
    # Turn clocks: pass a reaction, draw from the stock, discard.
    timeout_kinds: ClassVar[tuple[str, ...]] = ("pass", "draw", "discard")
    hand_end_reveals: ClassVar[frozenset[str]] = frozenset({"round_ended"})  # the hands left are counted
    # One round with the full pack: every rule, at 2 to 6 players, within the CI budget for 1,000 playouts per
    # variant. Later rounds repeat the same deal code; the round-to-round flow is covered by scripted hands.
    conformance_variants: ClassVar[tuple[dict[str, object], ...]] = ({"rounds": 1},)
    playout_bound: ClassVar[int] = 30_000
    short_match_options: ClassVar[dict[str, object]] = {"rounds": 1}
    copy_on_write: ClassVar[bool] = True  # ``flow.play`` copies what a play may change (``flow.unshare``)

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
        return cards.match_deck(state)

    def canonical_list(self, kind: str, param: str, items: list[str]) -> list[str]:
        return moves.canonical_list(kind, param, items)

    def card_name(self, code: str) -> str | None:
        return cards.card_name(code) if cards.is_card_token(code) else None

    def cards(self) -> list[CardInfo]:
        return cards.catalog()
