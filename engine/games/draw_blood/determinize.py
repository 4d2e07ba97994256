"""Draw Blood's determinization: a full state a seat cannot tell from the true one (engine/determinize.py).

What a seat knows: its own hand; everything face up (the Discard Pile, every Monster Row with its Kill cards,
triples and Immunity cards, every Meld); the size of every hand and of the Draw Pile; and the cards another seat
took with a picked-up Discard Pile (``known_cards``, the Discard Pile's top card that it must use next among them),
which stay known in that hand until it plays a card of the same code. Everything else, the rest of the other hands
and the Draw Pile with its order, is dealt again at random. Once a hand is over every hand is shown: only the order
of the Draw Pile (and the RNG that will deal the next hand) is still unknown.
"""

from __future__ import annotations

from engine.determinize import redeal_hidden
from engine.games.draw_blood.table import table_of
from engine.games.draw_blood.views import hands_revealed
from engine.state import GameState


def determinize(state: GameState, seat: int, seed: int) -> GameState:
    sample = state.copy()
    table = table_of(sample)
    hands = table["hands"]
    places = [table["draw_pile"]]
    if hands_revealed(table):
        redeal_hidden(sample, places, seed)
        return sample
    partial: list[tuple[int, list[str], list[str]]] = []  # (seat, the unknown part, the known cards)
    for other, hand in enumerate(hands):
        if other == seat:
            continue
        known = table["known_cards"][other]
        if known:
            unknown = list(hand)
            for card in known:
                unknown.remove(card)
            partial.append((other, unknown, known))
            places.append(unknown)
        else:
            places.append(hand)
    redeal_hidden(sample, places, seed)
    for other, unknown, known in partial:
        hands[other] = unknown + known
    return sample
