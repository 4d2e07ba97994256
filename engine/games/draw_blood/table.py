"""Draw Blood's table: the typed layout of ``state.table`` and small pure queries on Monster Rows.

A Monster Row is three slots (Vampire, Werewolf, Water Monster). A slot keeps its ``stack`` of cards bottom to
top (Monsters, the Kill cards and Triple Skulls that killed them, the Triple Hearts that revived them), whether
its Monster is ``alive``, and its ``shield``: ``[]`` without Immunity, ``[immunity]`` while the Monster is immune,
``[immunity, "KILL"]`` once a Kill card has cancelled the Immunity.
"""

from __future__ import annotations

from typing import TypedDict, cast

from engine.state import GameState

PHASE_DRAW = "draw"  # the seat to act must draw one card or pick up the discard pile
PHASE_ACT = "act"  # the seat makes its moves, or ends its turn
PHASE_HAND_OVER = "hand_over"  # the hand is scored and the hands are shown; the next leader deals the next hand
PHASE_FINISHED = "finished"
ENDING_OUT = "out"
ENDING_DEPLETED = "depleted"


class Slot(TypedDict):
    stack: list[str]
    alive: bool
    shield: list[str]


class Meld(TypedDict):
    id: int
    owner: int  # who laid the Meld down
    kind: str
    cards: list[str]
    by: list[int]  # who placed each card (the owner, or a seat that played it off the Meld)


class HandRecord(TypedDict):
    label: str
    points: list[int]
    meld_points: list[int]
    hand_points: list[int]
    ending: str  # "out" or "depleted"
    out: int | None  # the seat that went out


class DrawBloodTable(TypedDict):
    phase: str
    hand_number: int  # 1-based
    leader: int  # the seat that drew first this hand
    turn: int
    moves_left: int
    discarded: bool  # a card was discarded this turn
    must_use: str | None  # the top card of a picked-up discard pile, to be used in the next move
    hands: list[list[str]]
    draw_pile: list[str]  # face down; the top card is the last one
    discard_pile: list[str]  # face up; the top card is the last one
    rows: list[list[Slot]]  # per seat, the three slots
    melds: list[Meld]
    next_meld_id: int
    rounds: list[HandRecord]


def table_of(state: GameState) -> DrawBloodTable:
    return cast(DrawBloodTable, state.table)


def empty_slot() -> Slot:
    return Slot(stack=[], alive=False, shield=[])


def is_immune(slot: Slot) -> bool:
    return len(slot["shield"]) == 1


def is_dead(slot: Slot) -> bool:
    """A Monster was played here and is dead now (under a Kill card or Triple Skulls)."""
    return not slot["alive"] and bool(slot["stack"])


def live_monsters(row: list[Slot]) -> int:
    return sum(1 for slot in row if slot["alive"])


def moves_per_turn(row: list[Slot]) -> int:
    """One move per live Monster, at least one (and at most three: one slot per Monster type)."""
    return max(1, live_monsters(row))
