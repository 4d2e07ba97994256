"""Dracula, by David Parlett: the declaration and delegations to the game's modules.

``cards`` (the pack), ``table`` (the match data), ``moves`` (move kinds), ``legal`` (legality), ``flow`` (the turn
state machine), ``scoring``, ``coffin`` (line arithmetic), ``views`` (what each seat sees, events in words),
``schemas`` (the JSON Schemas of the content), ``determinize`` (sampling what a seat cannot see).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.cards import CardInfo
from engine.errors import IllegalMoveError
from engine.events import Event
from engine.game import CardLocation, Game
from engine.games.dracula import cards, determinize, flow, legal, schemas, scoring, views
from engine.games.dracula.cards import full_pack
from engine.games.dracula.moves import MOVE_KINDS
from engine.moves import Move, MoveKind
from engine.options import OptionSpec
from engine.scoring import ScoreSheet
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

    def deck(self, state: GameState) -> list[str]:
        return full_pack()

    def setup(self, state: GameState) -> list[Event]:
        return flow.setup(state)

    def to_act(self, state: GameState) -> tuple[int, ...]:
        return flow.to_act(state)

    def is_finished(self, state: GameState) -> bool:
        return flow.is_finished(state)

    def legal_moves(self, state: GameState, seat: int) -> list[Move]:
        return legal.legal_moves(state, seat)

    def explain(self, state: GameState, seat: int, move: Move) -> IllegalMoveError | None:
        return legal.explain(state, seat, move)

    def play(self, state: GameState, seat: int, move: Move) -> list[Event]:
        return flow.play(state, seat, move)

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def card_locations(self, state: GameState) -> list[CardLocation]:
        return views.card_locations(state)

    def determinize(self, state: GameState, seat: int, seed: int) -> GameState:
        return determinize.determinize(state, seat, seed)

    def score(self, state: GameState) -> ScoreSheet:
        return scoring.score(state, finished=flow.is_finished(state))

    def card_name(self, code: str) -> str | None:
        return cards.card_name(code)

    def cards(self) -> list[CardInfo]:
        return cards.card_list()

    def event_text(self, event: Mapping[str, Any], viewer: int | None, seat_names: Sequence[str]) -> str:
        return views.event_text(event, viewer, seat_names)

    def schemas(self) -> dict[str, Any]:
        return schemas.schemas()
