"""Standard playing cards as short text codes: rank then suit, e.g. ``AS``, ``TH`` (ten), ``QD``.

Cards are immutable strings: identical cards from several decks are equal values, which is what lets
``legal_moves`` deduplicate them. Games with their own cards (Monsters, Dragons, Action cards) define their own
codes next to these.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")

RANKS = "A23456789TJQK"
SUITS = "SHDC"  # spades, hearts, diamonds, clubs
RED_SUITS = frozenset("HD")
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
RANK_NAMES = {
    "A": "Ace", "T": "10", "J": "Jack", "Q": "Queen", "K": "King",
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
    """``QH`` -> ``Queen of Hearts``, ``7C`` -> ``7 of Clubs``, ``TD`` -> ``10 of Diamonds``; other codes unchanged."""
    if is_standard(card):
        return f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"
    return card


@dataclass(frozen=True, slots=True)
class CardInfo:
    """One entry of a game's card list, for the catalog: what a frontend needs to name and draw a card.

    ``count`` is the number of copies in the deck with the default options; a card that only an option adds has
    ``count`` 0 and names that option in ``option`` (with ``option_count`` copies when it is on).
    """

    code: str
    name: str
    count: int
    points: int | None = None
    suit: str | None = None
    rank: str | None = None
    description: str = ""
    option: str | None = None
    option_count: int = 0

    def to_dict(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"code": self.code, "name": self.name, "count": self.count}
        if self.points is not None:
            entry["points"] = self.points
        if self.suit is not None:
            entry["suit"] = self.suit
        if self.rank is not None:
            entry["rank"] = self.rank
        if self.description:
            entry["description"] = self.description
        if self.option is not None:
            entry["option"] = self.option
            entry["optionCount"] = self.option_count
        return entry


def standard_card_info(card: str, count: int, points: int | None = None, description: str = "") -> CardInfo:
    """A CardInfo for a standard playing card (suit and rank filled in)."""
    return CardInfo(
        card, card_name(card), count, points, SUIT_NAMES[card[1]], RANK_NAMES[card[0]], description=description
    )


def deal_round_robin(stock: list[T], players: int, count: int, first: int = 0) -> list[list[T]]:
    """Deals ``count`` cards to each of ``players`` seats, one at a time clockwise from ``first``, each taken from
    the end (the top) of ``stock``, which keeps the rest. Returns the hands, indexed by seat."""
    hands: list[list[T]] = [[] for _ in range(players)]
    for index in range(count * players):
        hands[(first + index) % players].append(stock.pop())
    return hands


# Runs: the Ace is low (A-2-3, position 1) or high (Q-K-A, position 14), never both in one run.
ACE_LOW = 1
ACE_HIGH = 14


def run_positions(ranks: Iterable[int]) -> list[int] | None:
    """The positions of a run's cards in increasing order (Ace low 1 or high 14), or ``None`` if the ranks
    (Ace 1 ... King 13, any order) are not one unbroken sequence without repeats. An Ace is placed high only
    when it cannot be low (``Q K A``); ``A 2 3`` keeps it low; ``K A 2`` is no run."""
    ordered = sorted(ranks)
    if not ordered or len(set(ordered)) != len(ordered):
        return None
    if ordered[0] == ACE_LOW and len(ordered) > 1 and ordered[1] != ACE_LOW + 1:
        ordered = [*ordered[1:], ACE_HIGH]
    if all(b == a + 1 for a, b in itertools.pairwise(ordered)):
        return ordered
    return None
