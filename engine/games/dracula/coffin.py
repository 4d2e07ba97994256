"""Pure Dracula arithmetic: the coffin's cells, line values, multipliers and the Vampire.

The coffin is a 3x3 grid of cells named like a chessboard: columns ``a``-``c`` left to right, rows ``1``-``3``
top to bottom; ``b2`` is the centre, where the first nail goes. A cell index is ``row * 3 + column``.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import NamedTuple

from engine.cards import RED_SUITS
from engine.games.dracula.cards import NUMERAL_VALUES, VAMPIRE

ACROSS = "across"  # the Queen's way: horizontal lines (rows)
DOWN = "down"  # the King's way: vertical lines (columns)
DIRECTIONS = (ACROSS, DOWN)

CELL_NAMES = tuple(f"{column}{row}" for row in "123" for column in "abc")
CELL_INDEX = {name: index for index, name in enumerate(CELL_NAMES)}
CENTRE = CELL_INDEX["b2"]
ROWS = ((0, 1, 2), (3, 4, 5), (6, 7, 8))
COLUMNS = ((0, 3, 6), (1, 4, 7), (2, 5, 8))
LINES = {ACROSS: ROWS, DOWN: COLUMNS}
LINE_NAMES = {cells: "-".join(CELL_NAMES[i] for i in cells) for cells in ROWS + COLUMNS}  # "a1-b1-c1"
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        r * 3 + c
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
        if 0 <= r < 3 and 0 <= c < 3
    )
    for row in range(3)
    for col in range(3)
)


def opposite(direction: str) -> str:
    return DOWN if direction == ACROSS else ACROSS


def card_value(card: str, direction: str) -> int:
    """Face value in ``direction``: numerals at face value, Jack 0, Queen 10 across, King 10 down."""
    rank = card[0]
    if rank in NUMERAL_VALUES:
        return NUMERAL_VALUES[rank]
    if rank == "Q":
        return 10 if direction == ACROSS else 0
    if rank == "K":
        return 10 if direction == DOWN else 0
    return 0  # Jack


def multiplier(cards: Sequence[str]) -> int:
    """x5 for three of one suit, x3 for three of one colour, x2 for two of one suit; the highest that holds."""
    # Set operations, not generators: this runs for every line of every scored coffin.
    suits = {card[1] for card in cards}
    if len(suits) == 1:
        return 5
    if suits <= RED_SUITS or suits.isdisjoint(RED_SUITS):
        return 3
    if len(suits) < 3:
        return 2
    return 1


class LineScore(NamedTuple):
    """One line of a full coffin: its cells and cards, face value, multiplier, whether the Vampire drains it (then
    it is worth 0), and what it is worth."""

    cells: tuple[int, int, int]
    cards: tuple[str, str, str]
    face_value: int
    multiplier: int
    drained: bool
    value: int

    @property
    def name(self) -> str:
        return LINE_NAMES[self.cells]


def score_line(cards: tuple[str, str, str], direction: str, cells: tuple[int, int, int]) -> LineScore:
    if VAMPIRE in cards:
        return LineScore(cells, cards, 0, 0, drained=True, value=0)
    face = card_value(cards[0], direction) + card_value(cards[1], direction) + card_value(cards[2], direction)
    factor = multiplier(cards)
    return LineScore(cells, cards, face, factor, drained=False, value=face * factor)


_BY_VALUE = attrgetter("value")


def line_scores(coffin: Sequence[str | None], direction: str) -> list[LineScore]:
    """The three lines of a full coffin in ``direction``, best first (equal values in the order of ``LINES``)."""
    scores = []
    for a, b, c in LINES[direction]:
        first, second, third = coffin[a], coffin[b], coffin[c]
        if first is None or second is None or third is None:
            raise ValueError("The coffin is not full.")
        scores.append(score_line((first, second, third), direction, (a, b, c)))
    scores.sort(key=_BY_VALUE, reverse=True)
    return scores


def settle(first: Sequence[int], second: Sequence[int]) -> tuple[int, int, int]:
    """Each side's best line values (sorted, best first) -> (points of first, points of second, rank used).

    Each side scores its best line; if the two best are equal, each scores its second best; if still equal,
    its third best (even if equal). ``rank`` is 1, 2 or 3.
    """
    for rank in range(3):
        if first[rank] != second[rank] or rank == 2:
            return first[rank], second[rank], rank + 1
    raise AssertionError("unreachable")
