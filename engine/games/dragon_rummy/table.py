"""The shape of Dragon Mystery Rummy's ``state.table``."""

from __future__ import annotations

from typing import TypedDict, cast

from engine.state import GameState

PHASE_DRAW = "draw"  # the player on turn draws from the deck or takes from the discard pile
PHASE_PLAY = "play"  # the player on turn plays dragons, then discards
PHASE_FINISHED = "finished"

ENDED_OUT = "out"  # a player discarded the last card of his hand
ENDED_DECK = "deck"  # the turn of the player who drew the last card of the deck is over


class HandRecord(TypedDict):
    hand: int
    draw_two: str
    rare: str
    ended: str  # ENDED_OUT or ENDED_DECK
    by: int  # the seat whose turn ended the hand
    points: list[int]
    breakdown: list[list[int]]  # per seat: [draw-2 dragons, rare dragons, other dragons] in the play area


class DragonTable(TypedDict):
    phase: str
    hand_number: int  # 1-based
    starter: int  # who took the first turn of this hand
    turn: int
    draw_two: str  # the left face-up card: this hand's draw-2 dragon (out of play for the hand)
    rare: str  # the right face-up card: this hand's rare dragon (out of play for the hand)
    deck: list[str]  # face down; the top card is the last one
    discard: list[str]  # spread face up; the bottom (oldest) card first
    hands: list[list[str]]  # per seat, sorted
    areas: list[list[str]]  # per seat's play area (tableau), sorted
    must_play: str | None  # the dragon taken deepest from the discard pile, still to be played this turn
    used: list[str]  # single-play slots used this turn (draw_two, rare, split)
    last_drawn: bool  # the player on turn drew the last card of the deck
    records: list[HandRecord]


def table_of(state: GameState) -> DragonTable:
    return cast(DragonTable, state.table)
