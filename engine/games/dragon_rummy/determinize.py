"""Sampling a Dragon Mystery Rummy table a seat cannot tell from the true one (for search bots).

What a seat knows: its own hand (its deal, its draws, its draw-2 draws); every face-up card (the discard pile, the
play areas, this hand's draw-2 and rare dragons, the card taken from the discard pile that must be played this
turn); the size of every hand and of the deck; and, in another seat's hand, the cards that seat took from the spread
discard pile and has not played or discarded since (``known_cards``, kept by ``flow.py``). Everything else (the rest
of the other hands and the deck, whose order is unknown too) is dealt again at random, each hand and the deck
keeping its size. Nothing else of the table is hidden: the two face-up dragons were turned before play, and the
deck's order comes from the RNG state, which the sample replaces with a fresh one.
"""

from __future__ import annotations

from engine.determinize import redeal_hidden
from engine.games.dragon_rummy.table import table_of
from engine.state import GameState


def determinize(state: GameState, seat: int, seed: int) -> GameState:
    sample = state.copy()
    table = table_of(sample)
    hands = table["hands"]
    known_cards = table["known_cards"]
    others = [other for other in range(sample.players) if other != seat]
    unknown: list[list[str]] = []
    for other in others:
        hand = hands[other]
        for card in known_cards[other]:
            hand.remove(card)
        unknown.append(hand)
    unknown.append(table["deck"])
    redeal_hidden(sample, unknown, seed)
    for other in others:
        hand = hands[other]
        hand.extend(known_cards[other])
        hand.sort()
    return sample
