"""Dracula's fast paths (copy-on-write play, memoized open cells, line values without the breakdown) give exactly
what the plain rules give."""

from __future__ import annotations

import random

from engine.games.dracula.cards import full_pack
from engine.games.dracula.coffin import DIRECTIONS, line_scores, line_values
from engine.games.dracula.flow import CELLS_PER_COFFIN
from engine.games.dracula.legal import open_cells, refuse_cell


def test_line_values_are_the_values_of_the_line_scores() -> None:
    chooser = random.Random(11)
    pack = full_pack()
    for _ in range(3000):
        coffin: list[str | None] = list(chooser.sample(pack, CELLS_PER_COFFIN))
        for direction in DIRECTIONS:
            assert line_values(coffin, direction) == [line.value for line in line_scores(coffin, direction)]


def test_open_cells_are_the_cells_refuse_cell_allows_for_every_occupancy() -> None:
    for pattern in range(1 << CELLS_PER_COFFIN):
        coffin: list[str | None] = ["AS" if pattern >> cell & 1 else None for cell in range(CELLS_PER_COFFIN)]
        expected = tuple(cell for cell in range(CELLS_PER_COFFIN) if refuse_cell(coffin, cell) is None)
        assert open_cells(coffin) == expected
        assert open_cells(list(coffin)) == expected  # memoized: the second answer is the same
