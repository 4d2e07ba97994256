"""Positions the bot tests search from: scripted (a fixed Dracula coffin) or reached by seeded random play."""

from __future__ import annotations

import random

import engine
from tests.games.scripting import edited

# A four-player coffin (seats 0+2 across, 1+3 down) with one cell left, c3, for seat 0 to fill:
#   2S 3D 4C
#   5S 6D JC
#   9H 8H __     row 3 across: 9 + 8 + the card; the Seven of Hearts makes three hearts (x5): 120 for 0+2.
LAST_CELL_COFFIN = ["2S", "3D", "4C", "5S", "6D", "JC", "9H", "8H", None]
SEAT_0_HAND = ["7H", "2C", "KD", "QS", "VP", "TC", "5D", "3S", "AH", "4S", "8C", "JD"]


def dracula_last_cell() -> engine.GameState:
    """Four-player Dracula, seat 3 dealt and declared ``down``; the first coffin holds eight cards and seat 0 (hand
    ``SEAT_0_HAND``, twelve cards after its nail and one placement) fills the last cell."""
    state, _ = engine.new_game("dracula", 4, seed=4)
    table = state.table
    table["first_dealer"] = table["dealer"] = table["turn"] = 3
    state, _ = engine.apply(edited(state), 3, "declare down")
    table = state.table
    pool = [card for hand in table["hands"] for card in hand]
    for card in [*(c for c in LAST_CELL_COFFIN if c), *SEAT_0_HAND, "VP"]:
        pool.remove(card)
    hands = [list(SEAT_0_HAND), ["VP"], [], []]  # the dealer's partner (seat 1) keeps its known Vampire
    for seat, size in ((1, 12), (2, 11), (3, 11)):
        while len(hands[seat]) < size:
            hands[seat].append(pool.pop(0))
    assert not pool
    table["hands"] = hands
    table["coffin"] = list(LAST_CELL_COFFIN)
    table["turn"] = 0
    return edited(state)


def random_position(game_id: str, players: int, seed: int, steps: int, options: dict[str, object]) -> engine.GameState:
    """The state after ``steps`` seeded random moves (fewer if the match ends), then on to the next position where
    the seat to act has a choice."""
    state, _ = engine.new_game(game_id, players, seed, options)
    rng = random.Random(seed)
    for step in range(10_000):
        seat = engine.to_act(state)[0]
        moves = engine.legal_moves(state, seat)
        if step >= steps and len(moves) > 1:
            return state
        state, _ = engine.apply(state, seat, moves[rng.randrange(len(moves))])
    raise AssertionError("no position with a choice")


def several_to_act(game_id: str, players: int, seed: int) -> engine.GameState:
    """The first position of a seeded random match where several seats must act at once."""
    state, _ = engine.new_game(game_id, players, seed)
    rng = random.Random(seed)
    while not engine.is_finished(state):
        acting = engine.to_act(state)
        if len(acting) > 1:
            return state
        moves = engine.legal_moves(state, acting[0])
        state, _ = engine.apply(state, acting[0], moves[rng.randrange(len(moves))])
    raise AssertionError(f"{game_id} seed {seed}: no position with several seats to act")
