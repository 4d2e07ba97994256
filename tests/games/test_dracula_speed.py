"""Dracula's fast paths (copy-on-write play, memoized open cells) give exactly what the plain rules give."""

from __future__ import annotations

from engine.games.dracula.flow import CELLS_PER_COFFIN
from engine.games.dracula.legal import open_cells, refuse_cell


def test_open_cells_are_the_cells_refuse_cell_allows_for_every_occupancy() -> None:
    for pattern in range(1 << CELLS_PER_COFFIN):
        coffin: list[str | None] = ["AS" if pattern >> cell & 1 else None for cell in range(CELLS_PER_COFFIN)]
        expected = tuple(cell for cell in range(CELLS_PER_COFFIN) if refuse_cell(coffin, cell) is None)
        assert open_cells(coffin) == expected
        assert open_cells(list(coffin)) == expected  # memoized: the second answer is the same
