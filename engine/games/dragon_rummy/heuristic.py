"""A cheap way to play a Dragon Rummy turn, for the simulations of a search bot (``engine.bots.heuristics``).

Each legal move gets a value from the mover's own hand and the hand's two face-up dragons, and the best is played
(ties at random):

- **plays before the discard**: a set or a single play is worth what it puts in the mover's play area (the rare
  dragon 3 a copy and every other copy in play it takes, any other dragon 1, the draw-2 dragon -1), so a simulated
  player lays down what scores and keeps the draw-2 dragons in hand;
- **the draw**: taking from the discard pile is worth the role of the card it must play at once (plus a little for
  each extra card taken), drawing from the deck a fixed middle value, so the pile is dug only for a card that
  scores;
- **the discard**: the card the hand holds fewest copies of, the draw-2 dragon first and the rare dragon last, so
  pairs are kept for sets and no rare dragon is handed to the next player.

It reads only the state it is given: in a search that is a sampled state, never the true one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.bots.policy import best_of
from engine.games.dragon_rummy.cards import DRAW_TWO_POINTS, OTHER_POINTS, RARE_POINTS
from engine.games.dragon_rummy.moves import DISCARD, DRAW, PLAY, SET, TAKE, set_cards
from engine.games.dragon_rummy.table import table_of
from engine.moves import Move
from engine.state import GameState

DRAW_VALUE = 4.5
"""Drawing from the deck: below a take whose card scores, above one whose card is the draw-2 dragon."""
TAKE_VALUE = 5.0
"""A take before the role of its card (added) and the extra cards it brings."""
EXTRA_CARD_VALUE = 0.2
"""Each card a take brings besides the one it must play: more to build sets from."""
PLAY_VALUE = 10.0
"""Any play that scores ranks above every discard (discards are worth less than 0)."""


def best_turn_move(state: GameState, seat: int, moves: Sequence[Move], rng: random.Random) -> Move:
    """The move of ``moves`` with the best value (see the module's docstring); ties at random."""
    table = table_of(state)
    hand = table["hands"][seat]
    rare, draw_two = table["rare_dragon"], table["draw_two_dragon"]

    def role_points(card: str) -> int:
        if card == rare:
            return RARE_POINTS
        return DRAW_TWO_POINTS if card == draw_two else OTHER_POINTS

    def value(move: Move) -> float:
        kind = move.kind
        if kind == SET:
            cards = set_cards(move)
            return PLAY_VALUE + len(cards) * role_points(cards[0]) if cards[0] != draw_two else -2.0
        if kind == PLAY:
            card = move.args[0]
            if card == draw_two:
                return -0.5  # two more cards for a point: only when nothing better is left but discarding
            if card == rare:
                taken = sum(area.count(rare) for other, area in enumerate(table["play_areas"]) if other != seat)
                return PLAY_VALUE + RARE_POINTS * (1 + taken)
            return PLAY_VALUE + 2 * OTHER_POINTS  # one to the mover, one from the set's owner
        if kind == TAKE:
            card, count = move.args[0], int(move.args[1])
            return TAKE_VALUE + role_points(card) + EXTRA_CARD_VALUE * (count - 1)
        if kind == DRAW:
            return DRAW_VALUE
        if kind == DISCARD:
            card = move.args[0]
            worth = -0.1 * hand.count(card)
            if card == rare:
                worth -= 0.5
            elif card == draw_two:
                worth += 0.05
            return worth
        return 0.0

    return best_of(moves, [value(move) for move in moves], rng)
