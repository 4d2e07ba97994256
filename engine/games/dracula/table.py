"""The data of a Dracula match (``state.table``): JSON keys are full domain names.

Rounds are kept as compact records (the coffin's nine cards and the points); their line-by-line breakdown is
computed on demand by ``scoring``.
"""

from __future__ import annotations

from typing import TypedDict

from engine.state import GameState


class RoundRecord(TypedDict):
    label: str
    points: list[int]
    cards: list[str]  # the full coffin, cell by cell (a1, b1, c1, a2, ...)
    line_rank: int  # 1: best lines scored; 2 or 3: the tie-break went to the second or third best


class DraculaTable(TypedDict):
    phase: str  # a flow.Phase value
    first_dealer: int
    dealer: int
    deal: int  # 1-based number of the current deal
    coffin_in_deal: int  # 1-based number of the coffin being filled in this deal
    directions: list[str]  # per seat, "" until the first dealer declares
    hands: list[list[str]]
    coffin: list[str | None]
    stock: list[str]  # face down; the top card is the last one
    used: list[str]  # cards of coffins already scored this deal or before, face up
    turn: int
    rounds: list[RoundRecord]
    best_line: list[int]  # per side: the highest line value it has scored
    bonus: list[int]  # per seat, filled in at the end


def table_of(state: GameState) -> DraculaTable:
    """``state.table`` as its TypedDict (read on every step: no ``typing.cast`` call)."""
    return state.table  # type: ignore[return-value]


def side_of(seat: int) -> int:
    """Seat 0 or 1 in the two-player game; the partnership (0+2 or 1+3) with four."""
    return seat % 2
