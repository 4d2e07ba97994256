"""Review after the match: one decision of a seat beside the move the strongest search prefers there, and the
estimated cost of the move made. Pure, no I/O.

``review_decision(seat_input, made, rng)`` ranks every legal move as a hint does (``engine.bots.hints.rank_moves``:
the same search, iterations and order, from the seat's input only), so the preferred move of a decision is the
hint the seat would have been given at that version with the same generator. The cost is the preferred move's
estimate less the made move's (``expected_reward``, in [0, 1]; 0 when the seat played the preferred move, never
below 0), None when the search never tried the move made.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.bots.hints import Suggestion, rank_moves
from engine.bots.policy import SeatInput
from engine.moves import Move


@dataclass(frozen=True, slots=True)
class ReviewedDecision:
    """A seat's decision: the move made, the search's preferred move, both estimates, the made move's rank among
    the legal moves (1: the preferred one) and how many legal moves there were."""

    made: Move
    best: Move
    made_reward: float | None
    best_reward: float | None
    rank: int
    legal_moves: int

    @property
    def cost(self) -> float | None:
        """What the move made gave away by the search's estimate: 0 for the preferred move, None if it was never
        tried."""
        if self.rank == 1:
            return 0.0
        if self.made_reward is None or self.best_reward is None:
            return None
        return max(0.0, self.best_reward - self.made_reward)


def review_decision(
    seat_input: SeatInput, made: Move, rng: random.Random, iterations: int | None = None
) -> ReviewedDecision | None:
    """The review of ``made`` (one of ``seat_input.legal_moves``); None for a forced move (one legal move: no
    decision). ValueError when ``made`` is not a legal move of the seat."""
    if made not in seat_input.legal_moves:
        raise ValueError(f"'{made}' is not a legal move of seat {seat_input.seat}.")
    if len(seat_input.legal_moves) == 1:
        return None
    ranking: list[Suggestion] = rank_moves(seat_input, rng, iterations)
    rank = next(place for place, suggestion in enumerate(ranking, 1) if suggestion.move == made)
    best = ranking[0]
    return ReviewedDecision(
        made=made,
        best=best.move,
        made_reward=ranking[rank - 1].expected_reward,
        best_reward=best.expected_reward,
        rank=rank,
        legal_moves=len(ranking),
    )
