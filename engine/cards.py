"""Standard playing cards as short text codes: rank then suit, e.g. ``AS``, ``TH`` (ten), ``QD``.

Cards are immutable strings: identical cards from several decks are equal values, which is what lets
``legal_moves`` deduplicate them. Games with their own cards (Monsters, Dragons, Action cards) define their own
codes next to these.
"""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "SHDC"  # spades, hearts, diamonds, clubs
RED_SUITS = frozenset("HD")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {
    "A": "Ace", "T": "Ten", "J": "Jack", "Q": "Queen", "K": "King",
    **{r: r for r in "23456789"},
}  # fmt: skip


def standard_deck() -> list[str]:
    """The 52 cards, suit by suit, Ace to King."""
    return [rank + suit for suit in SUITS for rank in RANKS]


def is_standard(card: str) -> bool:
    return len(card) == 2 and card[0] in RANKS and card[1] in SUITS


def rank_of(card: str) -> str:
    return card[0]


def suit_of(card: str) -> str:
    return card[1]


def rank_number(card: str) -> int:
    """Ace 1, Two 2, ... Ten 10, Jack 11, Queen 12, King 13."""
    return RANKS.index(card[0]) + 1


def is_red(card: str) -> bool:
    return card[1] in RED_SUITS


def card_name(card: str) -> str:
    if is_standard(card):
        return f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"
    return card
