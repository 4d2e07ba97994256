"""Bot policies: pure functions of what one seat may know, no I/O.

A policy gets a ``SeatInput`` (built by ``seat_input`` from the true state: the seat's view, its legal moves, its
time budget and, for games that can sample what the seat cannot see, a determinizer) and a seeded
``random.Random``, and returns one of the legal moves. It never receives the state itself, so it cannot see another
seat's hidden cards. The service's bot seats (``service/core/bot_kinds.py``) map each bot kind to a policy:
``RandomPolicy`` (``random``), ``GreedyPolicy`` (``greedy``: one ply, the best immediate score change over a few
determinized samples) and ``ISMCTSPolicy`` (``mcts``: information-set Monte Carlo tree search within a budget).
"""

from engine.bots.greedy import GreedyPolicy
from engine.bots.ismcts import ISMCTSPolicy, RolloutPolicy
from engine.bots.policy import DEFAULT_BUDGET_SECONDS, Policy, SeatInput, bot_random, seat_input
from engine.bots.random_policy import RandomPolicy

__all__ = [
    "DEFAULT_BUDGET_SECONDS",
    "GreedyPolicy",
    "ISMCTSPolicy",
    "Policy",
    "RandomPolicy",
    "RolloutPolicy",
    "SeatInput",
    "bot_random",
    "seat_input",
]
