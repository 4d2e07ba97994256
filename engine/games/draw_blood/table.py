"""Draw Blood's table: the typed layout of ``state.table`` and small pure queries on Monster Rows.

A Monster Row is three slots (Vampire, Werewolf, Water Monster). A slot keeps its ``cards`` bottom to top (the
Monsters played into it, the Kill cards and Triple Skulls that killed them, the Triple Hearts that revived them),
whether its Monster is ``alive``, and its ``immunity``: ``[]`` without an Immunity card, ``[immunity]`` while the
Monster is immune, ``[immunity, "KILL"]`` once a Kill card has cancelled the Immunity.
"""

from __future__ import annotations

from typing import Final, NotRequired, TypedDict

from engine.state import GameState

ENDING_OUT: Final = "out"  # a player went out
ENDING_DEPLETED: Final = "depleted"  # the last card of the Draw Pile was drawn


class Slot(TypedDict):
    cards: list[str]
    alive: bool
    immunity: list[str]


class Meld(TypedDict):
    id: int
    owner: int  # who laid the Meld down
    kind: str
    cards: list[str]
    placed_by: list[int]  # who placed each card (the owner, or a seat that played it off the Meld)


class HandRecord(TypedDict):
    label: str
    points: list[int]
    meld_points: list[int]
    hand_points: list[int]
    ending: str  # ENDING_OUT or ENDING_DEPLETED
    went_out: int | None  # the seat that went out
    # The hands held at the end and, per seat, the cards it placed in each Meld (scoring.explain_hand); absent in
    # hands scored before issue 27.
    hands: NotRequired[str]  # ``engine.scoring.packed``
    explanations: NotRequired[str]


class DrawBloodTable(TypedDict):
    phase: str  # a flow.Phase value
    hand_number: int  # 1-based
    leader: int  # the seat that drew first this hand
    turn: int  # the seat to act
    moves_left: int
    discarded_this_turn: bool
    must_use_card: str | None  # the top card of a picked-up Discard Pile, to be used in the next move
    hands: list[list[str]]
    # per seat, the cards of its hand that every seat saw it take (a picked-up Discard Pile) and that it has not
    # played since (one copy leaves with each card of that code it plays): public records for determinization
    known_cards: list[list[str]]
    draw_pile: list[str]  # face down; the top card is the last one
    discard_pile: list[str]  # face up; the top card is the last one
    monster_rows: list[list[Slot]]  # per seat, the three slots
    melds: list[Meld]
    next_meld_id: int
    scored_hands: list[HandRecord]


def table_of(state: GameState) -> DrawBloodTable:
    """``state.table`` as its TypedDict (read on every step: no ``typing.cast`` call)."""
    return state.table  # type: ignore[return-value]


def empty_slot() -> Slot:
    return Slot(cards=[], alive=False, immunity=[])


def is_immune(slot: Slot) -> bool:
    return len(slot["immunity"]) == 1


def is_dead(slot: Slot) -> bool:
    """A Monster was played here and is dead now (under a Kill card or Triple Skulls)."""
    return not slot["alive"] and bool(slot["cards"])


def live_monsters(row: list[Slot]) -> int:
    return sum(1 for slot in row if slot["alive"])


def moves_per_turn(row: list[Slot]) -> int:
    """One move per live Monster, at least one (and at most three: one slot per Monster type)."""
    return max(1, live_monsters(row))


def meld_by_id(table: DrawBloodTable, meld_text: str) -> Meld | None:
    for meld in table["melds"]:
        if str(meld["id"]) == meld_text:
            return meld
    return None
