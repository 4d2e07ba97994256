"""The standard cards as bit masks: a card is its rank's bit (``RANK_BITS``: Ace 1 ... King 13) in its suit's 14
bits (``SUITS`` order), so a hand or a board's cards are one int and rank and suit questions are a few operations."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from engine.cards import RANKS, SUITS
from engine.games.house_rummy.runs import BIT_COUNTS, RANK_BITS

SUIT_INDEX: Final = {suit: index for index, suit in enumerate(SUITS)}


STANDARD_CARDS: Final = tuple(rank + suit for rank in RANKS for suit in SUITS)


# Each standard card as one bit: its rank's bit (``RANK_BITS``) in its suit's 14 bits (``SUITS`` order).
CARD_BITS: Final = {card: RANK_BITS[card[0]] << 14 * SUIT_INDEX[card[1]] for card in STANDARD_CARDS}


SUIT_BITS: Final = (1 << 14) - 1


# The standard cards with their bits, in the order ``sorted`` gives their codes.
SORTED_CARD_BITS: Final = tuple(sorted(CARD_BITS.items()))


# Each standard card's rank, suit and rank bit (``RANK_BITS``).
CARD_PARTS: Final = {rank + suit: (rank, suit, RANK_BITS[rank]) for rank in RANKS for suit in SUITS}


def standard_of(held: int) -> tuple[str, ...]:
    """The standard cards of the bits ``held``, sorted (``tuple(sorted(STANDARD_SET.intersection(hand)))`` of a hand
    whose ``hand_bits`` they are)."""
    return tuple([card for card, bit in SORTED_CARD_BITS if held & bit])


def hand_bits(hand: Iterable[str]) -> int:
    """The hand's standard cards, one bit each (``CARD_BITS``)."""
    held = 0
    for card in hand:
        held |= CARD_BITS.get(card, 0)
    return held


def rank_bits(cards: int) -> int:
    """The ranks of ``cards`` (bits), one bit each (``RANK_BITS``)."""
    return (cards | cards >> 14 | cards >> 28 | cards >> 42) & SUIT_BITS


def card_count(cards: int) -> int:
    return (
        BIT_COUNTS[cards & SUIT_BITS]
        + BIT_COUNTS[cards >> 14 & SUIT_BITS]
        + BIT_COUNTS[cards >> 28 & SUIT_BITS]
        + BIT_COUNTS[cards >> 42]
    )


# The bits of every standard card (``CARD_BITS``), of the Kings and of the Aces.
ALL_CARD_BITS: Final = sum(SUIT_BITS - 1 << 14 * index for index in range(4))


KING_BITS: Final = sum(1 << 13 + 14 * index for index in range(4))


ACE_BITS: Final = sum(1 << 1 + 14 * index for index in range(4))


def above(cards: int) -> int:
    """The cards next above ``cards`` in their suits (``NEXT_IN_SUIT``: the Ace after the King), as bits."""
    return (cards << 1 | (cards & KING_BITS) >> 12) & ALL_CARD_BITS


def below(cards: int) -> int:
    """The cards next below ``cards`` in their suits (``PREVIOUS_IN_SUIT``: the King before the Ace), as bits."""
    return (cards >> 1 | (cards & ACE_BITS) << 12) & ALL_CARD_BITS
