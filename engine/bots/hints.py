"""Hints: the best few legal moves of one seat, in order, each with the search's estimate. Pure, no I/O.

``suggest_moves(seat_input, rng, count)`` runs the search of the strongest level (``hint_policy``: one switchable
function) for a fixed number of iterations, never a time budget, so that the same seat input and the same generator
give the same hints on any machine. It reads only the ``SeatInput`` (the seat's view, its legal moves and its
determinizer): never a state, so a hint cannot name a card the seat does not see.

The ranking is the search's own root statistics (``policy.last_root.children``, keyed ``(seat, move)``): most
visited first; ties by the higher mean reward, then by the order of the legal moves. A suggestion's estimate is its
root child's mean reward, ``expected_reward`` in [0, 1] (``engine/bots/evaluation.py``: half of it the chance of
winning, half the change of the seat's margin, squashed; 0.5 is "as things stand"). It is the search's value, not a
calibrated win probability. A seat with one legal move gets it without a search: no estimate (``None``), 0 visits.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engine.bots.ismcts import ISMCTSPolicy
from engine.bots.levels import guided_search, level_settings
from engine.bots.policy import SeatInput
from engine.moves import Move

HINT_ITERATIONS = 64
"""The search's iterations per hint in a game without its own count in ``GAME_HINT_ITERATIONS``."""

GAME_HINT_ITERATIONS: Mapping[str, int] = {"house_rummy": 20, "rummy_battle": 32}
"""The games whose iterations are fewer, their moves dearer to simulate: with these counts the p99 latency of a
hint through a real server stays under 250 ms on a 2-core machine in every game (``loadtests/hint_latency.py``,
docs/performance.md). The service's ``--hint-iterations`` sets one count for every game instead."""

HINT_ROLLOUT_DEPTH = 6
"""Moves a hint's simulation plays at most before the score sheet values it (the bots' search plays up to 60): a
short look-ahead keeps a hint cheap enough to answer at once, and the margin reward still values the moves."""

MAX_HINT_COUNT = 10
"""The most suggestions one hint answers."""

DEFAULT_HINT_COUNT = 3


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One suggested move: the move, its root statistics (``visits``) and the estimate ``expected_reward`` (the
    mean reward in [0, 1] of the search's playouts after it; None when no search ran)."""

    move: Move
    visits: int
    expected_reward: float | None


HintSearch = Callable[[int, str], ISMCTSPolicy]
"""The search of hints for an iteration count and a game type: any policy with ``choose`` and the ``last_root`` of
``ISMCTSPolicy`` (root children keyed ``(seat, move)``, each with ``visits`` and ``mean()``)."""


def hint_iterations(game_type: str) -> int:
    """The default iterations of a hint in ``game_type``."""
    return GAME_HINT_ITERATIONS.get(game_type, HINT_ITERATIONS)


def strongest_search(iterations: int, game_type: str) -> ISMCTSPolicy:
    """The search of the strongest level (``hard``: the guided search with the game's settings), at a fixed
    iteration count and with simulations of at most ``HINT_ROLLOUT_DEPTH`` moves."""
    tuned = level_settings(game_type, "hard").search_settings()
    return guided_search(tuned, game_type, iterations, min(tuned.rollout_depth, HINT_ROLLOUT_DEPTH))


hint_policy: HintSearch = strongest_search


def suggest_moves(
    seat_input: SeatInput, rng: random.Random, count: int = DEFAULT_HINT_COUNT, iterations: int | None = None
) -> list[Suggestion]:
    """The ``count`` best legal moves of ``seat_input.seat``, best first (see the module's docstring), after
    ``iterations`` of search (None: the game's default, ``hint_iterations``). ValueError for a seat without a legal
    move, a count outside 1..``MAX_HINT_COUNT`` or fewer than one iteration."""
    if not 1 <= count <= MAX_HINT_COUNT:
        raise ValueError(f"A hint suggests 1 to {MAX_HINT_COUNT} moves; got {count}.")
    return rank_moves(seat_input, rng, iterations)[:count]


def rank_moves(seat_input: SeatInput, rng: random.Random, iterations: int | None = None) -> list[Suggestion]:
    """Every legal move of ``seat_input.seat`` in the order of ``suggest_moves`` (a move the search never tried
    last, without an estimate), after ``iterations`` of search (None: the game's default). ValueError for a seat
    without a legal move or fewer than one iteration."""
    if iterations is None:
        iterations = hint_iterations(seat_input.game_type)
    if iterations < 1:
        raise ValueError("A hint's search needs at least one iteration.")
    moves = seat_input.legal_moves
    if not moves:
        raise ValueError(f"Seat {seat_input.seat} has no legal move to suggest.")
    if len(moves) == 1:
        return [Suggestion(moves[0], 0, None)]
    policy = hint_policy(iterations, seat_input.game_type)
    policy.choose(seat_input, rng)
    root = policy.last_root
    if root is None:  # no determinizer: nothing was searched, so nothing is known of the moves
        return [Suggestion(move, 0, None) for move in moves]
    ranked: list[tuple[int, float, int, Move]] = []
    for index, move in enumerate(moves):
        child = root.children.get((seat_input.seat, move))
        visits, mean = (0, 0.0) if child is None else (child.visits, child.mean())
        ranked.append((-visits, -mean, index, move))
    ranked.sort()
    return [
        Suggestion(move, -negative_visits, -negative_mean if negative_visits else None)
        for negative_visits, negative_mean, _, move in ranked
    ]
