"""The one source of Dracula's legality: one small predicate per rule, each returning ``None`` (allowed) or the
``Refusal`` of that rule (a precise code and a sentence). ``legal_moves`` lists the moves they all allow;
``explain`` returns ``None`` for those and otherwise the first refusal, as an ``IllegalMoveError``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Final

from engine.errors import IllegalMoveError, Refusal
from engine.games.dracula.cards import card_name, full_pack, is_card
from engine.games.dracula.coffin import CELL_INDEX, CELL_NAMES, CENTRE, DIRECTIONS, NEIGHBOURS
from engine.games.dracula.flow import CELLS_PER_COFFIN, Phase
from engine.games.dracula.moves import DECLARE, PLACE
from engine.games.dracula.table import DraculaTable, table_of
from engine.moves import Move
from engine.state import GameState

# The reasons' placeholders, filled by ``explain``: ``{seat}``, ``{card}`` (the move's card, by its full name),
# ``{card_code}``, ``{cell}`` (the move's cell) and ``{occupant}`` (the card on it).
ALREADY_DECLARED = Refusal("move/wrong_phase", "the directions were declared before the first deal")
BAD_DIRECTION = Refusal("move/bad_direction", "the direction must be 'across' or 'down'")
NOT_DECLARED = Refusal("move/wrong_phase", "the first dealer must first declare across or down")
UNKNOWN_CARD = Refusal(
    "move/unknown_card",
    "'{card_code}' is not a card of the pack (a rank A 2-9 T J Q K and a suit S H D C, or the Vampire)",
)
CARD_NOT_IN_HAND = Refusal("move/card_not_in_hand", "seat {seat} does not hold the {card}")
BAD_CELL = Refusal("move/bad_cell", "'{cell}' is not a cell; cells are a1 to c3 (columns a-c, rows 1-3)")
CELL_TAKEN = Refusal("move/cell_taken", "{cell} already holds the {occupant}")
NAIL_ON_CENTRE = Refusal("move/nail_on_centre", "the first card of a coffin is its nail and goes on b2")
NOT_ADJACENT = Refusal("move/not_adjacent", "{cell} is not side by side with a card in the coffin")


# ----- the rules --------------------------------------------------------------------------------------------
def refuse_declaring(table: DraculaTable) -> Refusal | None:
    """The first dealer declares once, before the first deal."""
    return None if table["phase"] == Phase.DECLARE else ALREADY_DECLARED


def refuse_direction(direction: str) -> Refusal | None:
    """The Queen's way (across) or the King's way (down)."""
    return None if direction in DIRECTIONS else BAD_DIRECTION


def refuse_placing(table: DraculaTable) -> Refusal | None:
    """Cards are placed once the directions are declared."""
    return None if table["phase"] == Phase.PLAY else NOT_DECLARED


def refuse_card(hand: list[str], card: str) -> Refusal | None:
    """A seat places a card of its own hand."""
    if card in hand:
        return None
    return CARD_NOT_IN_HAND if is_card(card) else UNKNOWN_CARD


def refuse_cell(coffin: list[str | None], cell: int) -> Refusal | None:
    """A vacant cell; the first card of a coffin (its nail) on the centre; any other card side by side with a card
    already in place (not just corner to corner)."""
    if coffin[cell] is not None:
        return CELL_TAKEN
    if coffin[CENTRE] is None:
        return None if cell == CENTRE else NAIL_ON_CENTRE
    for neighbour in NEIGHBOURS[cell]:
        if coffin[neighbour] is not None:
            return None
    return NOT_ADJACENT


# ----- one move: the first rule that refuses it -------------------------------------------------------------
def refuse_declare_move(table: DraculaTable, seat: int, move: Move) -> Refusal | None:
    return refuse_declaring(table) or refuse_direction(move.args[0])


def refuse_place_move(table: DraculaTable, seat: int, move: Move) -> Refusal | None:
    card, cell_name = move.args
    cell = CELL_INDEX.get(cell_name)
    return (
        refuse_placing(table)
        or refuse_card(table["hands"][seat], card)
        or (BAD_CELL if cell is None else refuse_cell(table["coffin"], cell))
    )


RefuseMove = Callable[[DraculaTable, int, Move], Refusal | None]

REFUSALS: Final[dict[str, RefuseMove]] = {DECLARE: refuse_declare_move, PLACE: refuse_place_move}


def refuse_move(state: GameState, seat: int, move: Move) -> Refusal | None:
    """The first rule that refuses ``move`` of ``seat`` (a seat whose turn it is), or ``None``."""
    return REFUSALS[move.kind](table_of(state), seat, move)


# ----- built from the rules ---------------------------------------------------------------------------------
# Every ``place`` move, built once: per card, its move on each cell (by cell index). Moves are immutable values.
PLACE_MOVES: dict[str, tuple[Move, ...]] = {
    card: tuple(Move(PLACE, (card, cell)) for cell in CELL_NAMES) for card in full_pack()
}
# The cells ``refuse_cell`` allows, per pattern of occupied cells (the only thing it reads), worked out by
# ``refuse_cell`` itself the first time a pattern is met.
_OPEN_CELLS: dict[tuple[bool, ...], tuple[int, ...]] = {}
_NONES = (None,) * CELLS_PER_COFFIN


def open_cells(coffin: list[str | None]) -> tuple[int, ...]:
    """The cells of ``coffin`` a card may be placed on now (``refuse_cell`` allows them), in cell order."""
    pattern = tuple(map(operator.is_, coffin, _NONES))
    cells = _OPEN_CELLS.get(pattern)
    if cells is None:
        cells = _OPEN_CELLS[pattern] = tuple(
            cell for cell in range(CELLS_PER_COFFIN) if refuse_cell(coffin, cell) is None
        )
    return cells


def legal_moves(state: GameState, seat: int) -> list[Move]:
    """Every move the rules allow ``seat`` (whose turn it is): each card of its hand (once) on each open cell."""
    table = table_of(state)
    if refuse_declaring(table) is None:
        return [Move(DECLARE, (direction,)) for direction in DIRECTIONS if refuse_direction(direction) is None]
    if refuse_placing(table) is not None:
        return []
    cells = open_cells(table["coffin"])
    return [PLACE_MOVES[card][cell] for card in sorted(set(table["hands"][seat])) for cell in cells]


def explain(state: GameState, seat: int, move: Move) -> IllegalMoveError | None:
    """``None`` if ``move`` is legal for ``seat``, else the first refusal, naming the move and public cards only."""
    table = table_of(state)
    refused = refuse_move(state, seat, move)
    if refused is None:
        return None
    card = move.args[0] if move.kind == PLACE else ""
    cell = move.args[1] if move.kind == PLACE else ""
    occupant = table["coffin"][CELL_INDEX[cell]] if cell in CELL_INDEX else None
    return refused.error(
        move,
        position=f"deal {table['deal']}, step {state.step}",
        seat=seat,
        card_code=card,
        card=card_name(card) or card,
        cell=cell,
        occupant=card_name(occupant or "") or "",
    )
