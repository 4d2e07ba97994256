"""A cheap way to play a Dracula coffin, for the simulations of a search bot (``engine.bots.heuristics``).

A placement is worth what it adds to the mover's own line through its cell (the row if the mover's side scores
across, the column if down) less what it adds to the other side's line through that cell, each line counted as it
stands (``scoring.partial_line``: face values, doubled for two of one suit, the full multiplier at three, nothing
with the Vampire in it). So a simulated player builds its own lines, in suit where it can, keeps its high cards out
of the other side's lines and drops a Vampire where it drains more of the other side than of its own. It reads only
the state it is given: in a search that is a sampled state, never the true one.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from engine.bots.policy import best_of
from engine.games.dracula.coffin import ACROSS, CELL_INDEX, COLUMNS, ROWS
from engine.games.dracula.flow import Phase
from engine.games.dracula.scoring import partial_line
from engine.games.dracula.table import table_of
from engine.moves import Move
from engine.state import GameState

ROW_OF: tuple[tuple[int, int, int], ...] = tuple(ROWS[cell // 3] for cell in range(9))
COLUMN_OF: tuple[tuple[int, int, int], ...] = tuple(COLUMNS[cell % 3] for cell in range(9))


@functools.cache
def line_worth(cards: tuple[str, ...], direction: str) -> int:
    """``scoring.partial_line`` of a line holding ``cards`` (cached: a simulation asks for the same lines again and
    again)."""
    return partial_line((*cards, None, None, None)[:3], (0, 1, 2), direction)


def placement_gains(state: GameState, seat: int, moves: Sequence[Move]) -> list[int]:
    """For each move, what it adds to ``seat``'s side's line through its cell less what it adds to the other side's
    (0 for a move that places nothing: the declaration)."""
    table = table_of(state)
    if table["phase"] != Phase.PLAY:
        return [0] * len(moves)
    coffin = table["coffin"]
    own = table["directions"][seat]
    other = table["directions"][(seat + 1) % state.players]
    lines: dict[int, tuple[tuple[str, ...], tuple[str, ...], int]] = {}
    gains = []
    for move in moves:
        card, cell_name = move.args
        cell = CELL_INDEX[cell_name]
        known = lines.get(cell)
        if known is None:
            own_line, other_line = (ROW_OF[cell], COLUMN_OF[cell]) if own == ACROSS else (COLUMN_OF[cell], ROW_OF[cell])
            own_cards = tuple(card for card in (coffin[index] for index in own_line) if card is not None)
            other_cards = tuple(card for card in (coffin[index] for index in other_line) if card is not None)
            known = lines[cell] = (own_cards, other_cards, line_worth(other_cards, other) - line_worth(own_cards, own))
        own_cards, other_cards, now = known
        gains.append(line_worth((*own_cards, card), own) - line_worth((*other_cards, card), other) + now)
    return gains


def best_placement(state: GameState, seat: int, moves: Sequence[Move], rng: random.Random) -> Move:
    """The move with the highest ``placement_gains`` (ties: one of them at random)."""
    return best_of(moves, placement_gains(state, seat, moves), rng)
