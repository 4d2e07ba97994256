"""Bots that play any registered game from what a seat may know: its legal moves and its own view.

A bot never sees the engine's state; the same bot drives local matches (``cardengine play``) and matches over
the network API (``cardengine play --target``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol


class Bot(Protocol):
    def choose(self, legal_moves: Sequence[str], view: Mapping[str, Any]) -> str:
        """Returns the notation of one of ``legal_moves``."""
        ...


class RandomBot:
    """Picks uniformly among the legal moves, from its own seeded generator (never the global one)."""

    def __init__(self, seed: int = 0) -> None:
        self._random = random.Random(seed)

    def choose(self, legal_moves: Sequence[str], view: Mapping[str, Any]) -> str:
        if not legal_moves:
            raise ValueError("The bot was asked to move but has no legal move.")
        return self._random.choice(list(legal_moves))
