"""Each game's own cheap way to play, for the guided search's simulations (``GuidedISMCTSPolicy(heuristic=...)``).

A heuristic is a ``RolloutPolicy``: ``(sampled state, acting seat, its legal moves, generator) -> one of the moves``.
It reads only the state it is given, which in a search is a sample of the seat's information set. Games without
one here simulate with move averages (MAST) or at random (``SearchSettings`` in ``engine.bots.levels``).

``best_standing`` serves any game that counts a round in progress (``Game.standing``): one ply, the move after
which the mover's standing is best against the others'. In a rummy hand that lays down what scores and discards
the card that costs most in hand, which random moves almost never do.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from engine.api import apply
from engine.bots.ismcts import RolloutPolicy
from engine.bots.policy import best_of
from engine.games.dracula.heuristic import best_placement
from engine.games.dragon_rummy.heuristic import best_turn_move
from engine.moves import Move
from engine.registry import get_game
from engine.state import GameState


def best_standing(state: GameState, seat: int, moves: Sequence[Move], rng: random.Random) -> Move:
    """The move after which ``seat``'s standing (``Game.standing``) less the mean of the others' is highest; ties
    at random."""
    standing = get_game(state.game_id).standing
    players = state.players
    margins = []
    for move in moves:
        after = standing(apply(state, seat, move)[0])
        margins.append(after[seat] * players - sum(after))  # the margin, times a positive constant
    return best_of(moves, margins, rng)


HEURISTICS: Mapping[str, RolloutPolicy] = {
    "dracula": best_placement,  # build the mover's line through the cell, spoil the other side's
    "dragon_rummy": best_turn_move,  # lay down what scores, dig the pile only for it, keep pairs and rare dragons
    "draw_blood": best_standing,
    "rummy_battle": best_standing,
}
