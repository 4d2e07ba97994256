"""The data of a Gin Rummy match (``state.table``): JSON keys are full domain names; cards are OpenSpiel's card
ids (0-51, ``cards.CODES`` gives their codes), which the meld arithmetic reads without converting."""

from __future__ import annotations

from typing import TypedDict

from engine.state import GameState

NOBODY = -1  # ``knocker`` before a knock


class HandRecord(TypedDict):
    label: str  # "hand 3"
    points: list[int]  # per seat
    ending: str  # scoring.ENDINGS
    details: str  # the explanation, engine.scoring.packed


class GinRummyTable(TypedDict):
    phase: str  # a flow.Phase value
    turn: int
    dealer: int
    hand_number: int  # 1-based, counting void hands too
    hands: list[list[int]]
    stock: list[int]  # face down; the top card is the last one
    upcard: int | None  # the top of the discard pile, which may be taken
    previous_upcard: int | None  # OpenSpiel's prev_upcard: the upcard of the last draw (for the repeated discard)
    discard_pile: list[int]  # the cards under the upcard, oldest first (no longer takeable)
    repeated_discard: bool  # the last discard gave back the card just taken
    upcard_draws: int  # draws of the upcard in the draw phase this hand (OpenSpiel's cap)
    passed_first_upcard: list[bool]
    knocker: int  # NOBODY before a knock
    melds: list[list[int]]  # per seat, the melds laid (OpenSpiel meld ids)
    layoffs: list[int]  # cards the defender laid off, in order
    layoffs_done: bool
    deadwood: list[int]  # per seat, OpenSpiel's deadwood_ (min deadwood before a knock, unmelded value after)
    known: list[list[int]]  # per seat, cards it took from the discard pile and still holds (public knowledge)
    rounds: list[HandRecord]
    hands_won: list[int]  # per seat, hands won (the box bonus of the classic match)
    bonus: list[int]  # per seat, the game and box bonuses added at the end of a classic match


def table_of(state: GameState) -> GinRummyTable:
    """``state.table`` as its TypedDict (read on every step: no ``typing.cast`` call)."""
    return state.table  # type: ignore[return-value]
