"""Each game's own cheap way to play, for the guided search's simulations (``GuidedISMCTSPolicy(heuristic=...)``).

A heuristic is a ``RolloutPolicy``: ``(sampled state, acting seat, its legal moves, generator) -> one of the moves``.
It reads only the state it is given, which in a search is a sample of the seat's information set. Games without
one here simulate with move averages (MAST) or at random (``SearchSettings`` in ``engine.bots.levels``).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.bots.ismcts import RolloutPolicy
from engine.games.dracula.heuristic import best_placement

HEURISTICS: Mapping[str, RolloutPolicy] = {
    "dracula": best_placement,  # build the mover's line through the cell, spoil the other side's
}
