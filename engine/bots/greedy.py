"""The ``greedy`` bot: one ply, the best immediate change of the game's own score."""

from __future__ import annotations

import random

from engine.api import apply, score
from engine.bots.evaluation import margins
from engine.bots.policy import SeatInput
from engine.moves import Move
from engine.state import GameState


class GreedyPolicy:
    """For every legal move: apply it on ``samples`` determinized worlds (``seat_input.determinize``) and measure
    the change of the seat's margin (its total minus the mean of the others' totals, ``evaluation.margins``),
    averaged over the samples; the move with the largest average change wins, ties broken at random with the given
    generator. Most moves of a card game change no score, so greedy is random except when a move completes a
    scored round (the last card of a Dracula coffin, going out in a rummy).

    A seat input without a determinizer: without a sample there is no state to apply a move to, so greedy plays
    like ``random``.
    """

    def __init__(self, samples: int = 4) -> None:
        if samples < 1:
            raise ValueError("GreedyPolicy needs at least one sample.")
        self.samples = samples

    def choose(self, seat_input: SeatInput, rng: random.Random) -> Move:
        moves = seat_input.legal_moves
        if not moves:
            raise ValueError(f"Seat {seat_input.seat} was asked to move but has no legal move.")
        if len(moves) == 1:
            return moves[0]
        worlds = sample_worlds(seat_input, rng, self.samples)
        if not worlds:
            return moves[rng.randrange(len(moves))]
        seat = seat_input.seat
        before = [margins(score(world).totals)[seat] for world in worlds]
        gains = [
            sum(margin_after(world, seat, move) - base for world, base in zip(worlds, before, strict=True))
            for move in moves
        ]
        best = max(gains)
        ties = [move for move, gain in zip(moves, gains, strict=True) if gain == best]
        return ties[rng.randrange(len(ties))]


def sample_worlds(seat_input: SeatInput, rng: random.Random, count: int) -> list[GameState]:
    """``count`` determinized worlds of the seat, or none when its game cannot determinize yet."""
    if seat_input.determinize is None:
        return []
    return [seat_input.determinize(rng.getrandbits(63)) for _ in range(count)]


def margin_after(world: GameState, seat: int, move: Move) -> float:
    """``seat``'s margin in ``world`` right after it plays ``move``."""
    after, _ = apply(world, seat, move)
    return margins(score(after).totals)[seat]
