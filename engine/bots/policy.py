"""What a bot policy is given and what it answers: ``Policy.choose(SeatInput, rng) -> Move``."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.api import determinize, legal_moves, view
from engine.moves import Move
from engine.state import GameState

DEFAULT_BUDGET_SECONDS = 0.2
"""A bot move's default time budget (the service's ``--bot-budget-ms``); a search policy stops within it."""

Determinizer = Callable[[int], GameState]


@dataclass(frozen=True, slots=True)
class SeatInput:
    """Everything one seat may know when it must move, and nothing else.

    ``view`` is ``engine.view(state, seat)`` (the seat's own redacted view, its hand included); ``legal_moves`` are
    its legal moves now. ``determinize(seed)`` samples a full state that agrees with everything the seat knows and
    deals every card it cannot know again at random, with a fresh RNG (``engine.determinize`` of the true state for
    this seat; every game implements it): the one way a search policy may look ahead. ``budget_seconds`` is the
    time the policy may take.
    """

    game_type: str
    seat: int
    players: int
    view: Mapping[str, Any]
    legal_moves: tuple[Move, ...]
    budget_seconds: float = DEFAULT_BUDGET_SECONDS
    determinize: Determinizer | None = None


class Policy(Protocol):
    def choose(self, seat_input: SeatInput, rng: random.Random) -> Move:
        """One of ``seat_input.legal_moves``, chosen within ``seat_input.budget_seconds``."""
        ...


def seat_input(state: GameState, seat: int, budget_seconds: float = DEFAULT_BUDGET_SECONDS) -> SeatInput:
    """The seat-scoped input of ``seat`` in ``state``: the only way the service hands a state to a policy."""

    def sample(seed: int) -> GameState:
        return determinize(state, seat, seed)

    return SeatInput(
        game_type=state.game_id,
        seat=seat,
        players=state.players,
        view=view(state, seat),
        legal_moves=tuple(legal_moves(state, seat)),
        budget_seconds=budget_seconds,
        determinize=sample,
    )


def bot_random(seed: int | str, version: int, seat: int) -> random.Random:
    """The generator a bot seat moves with at ``version`` of a game created with ``seed``: the same game played
    the same way gets the same bot moves (string seeds are hashed with SHA-512, the same in every process)."""
    return random.Random(f"bot:{seed}:{version}:{seat}")


def best_of(moves: Sequence[Move], values: Sequence[float], rng: random.Random) -> Move:
    """The move of ``moves`` with the highest of ``values`` (one per move); ties: one of them at random."""
    best = max(values)
    choices = [move for move, value in zip(moves, values, strict=True) if value == best]
    return choices[0] if len(choices) == 1 else choices[rng.randrange(len(choices))]
