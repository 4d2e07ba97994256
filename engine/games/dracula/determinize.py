"""What a seat of Dracula cannot see, sampled: the other hands and the stock, dealt again at random.

A seat knows its own hand and every public card: the coffin being filled, the used cards of scored coffins (the
cut cards go back into the pack before the deal, so they tell nothing). It cannot see the other hands (partners'
included: the text never shows them to each other) nor the face-down stock, whose ORDER is hidden too: with two
players the stock is shuffled once and later deals take it unshuffled, so a sample deals it in a new order.

The one card whose place every seat can infer is the four-player Vampire: the text adds one to the hand of the
dealer's left-hand opponent and one to the dealer's partner, and placing it is public, so a Vampire in another
hand is known to be there until that seat places it (each such hand holds at most one). It stays in its hand in
every sample; with two players the Vampires are dealt from the shuffled stock like any card and are resampled.
"""

from __future__ import annotations

from engine.determinize import redeal_hidden
from engine.games.dracula.cards import VAMPIRE
from engine.games.dracula.table import table_of
from engine.state import GameState


def determinize(state: GameState, seat: int, seed: int) -> GameState:
    """A copy of ``state`` in which the hands of the other seats (less their known Vampires with four players) and
    the stock are dealt again from the pool of those cards, each keeping its size, with a fresh RNG state."""
    sample = state.copy()
    table = table_of(sample)
    others = [other for other in range(sample.players) if other != seat]
    if sample.players == 2:
        redeal_hidden(sample, [*(table["hands"][other] for other in others), table["stock"]], seed)
        return sample
    unknown = [[card for card in table["hands"][other] if card != VAMPIRE] for other in others]
    redeal_hidden(sample, [*unknown, table["stock"]], seed)
    for other, cards in zip(others, unknown, strict=True):
        vampires = len(table["hands"][other]) - len(cards)
        table["hands"][other] = [*cards, *[VAMPIRE] * vampires]
    return sample
