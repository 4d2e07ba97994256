"""The ``random`` bot: a uniform choice among the seat's legal moves."""

from __future__ import annotations

import random

from engine.bots.policy import SeatInput
from engine.moves import Move


class RandomPolicy:
    """Picks uniformly among ``seat_input.legal_moves`` with the given generator (never the global one)."""

    def choose(self, seat_input: SeatInput, rng: random.Random) -> Move:
        if not seat_input.legal_moves:
            raise ValueError(f"Seat {seat_input.seat} was asked to move but has no legal move.")
        return seat_input.legal_moves[rng.randrange(len(seat_input.legal_moves))]
