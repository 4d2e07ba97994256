"""Gin Rummy's cards: the 52-card pack, by OpenSpiel's card ids (0-51) and by the engine's codes (``7H``).

OpenSpiel numbers a card ``suit * 13 + rank``, suits in the order spades, clubs, diamonds, hearts and ranks Ace (0)
to King (12); action ids 0-51 are these cards. ``CODES[card_id]`` is the engine's code of a card and
``CARD_IDS[code]`` its id. A card counts its rank in points, Ace 1, face cards 10 (``VALUES``).
"""

from __future__ import annotations

from typing import Final

from engine.cards import RANKS, CardInfo, standard_card_info

NUM_RANKS: Final = 13
SUIT_ORDER: Final = "SCDH"  # OpenSpiel's suit order (s, c, d, h)
NUM_CARDS: Final = 52
CODES: Final[tuple[str, ...]] = tuple(rank + suit for suit in SUIT_ORDER for rank in RANKS)
CARD_IDS: Final[dict[str, int]] = {code: card_id for card_id, code in enumerate(CODES)}
VALUES: Final[tuple[int, ...]] = tuple(min(10, card_id % NUM_RANKS + 1) for card_id in range(NUM_CARDS))


def rank_of(card_id: int) -> int:
    """0 (Ace) to 12 (King)."""
    return card_id % NUM_RANKS


def suit_of(card_id: int) -> int:
    """0 to 3: spades, clubs, diamonds, hearts."""
    return card_id // NUM_RANKS


def codes_of(card_ids: list[int]) -> list[str]:
    """Card codes of ``card_ids``, in card-id order (suit by suit, Ace to King)."""
    return [CODES[card_id] for card_id in sorted(card_ids)]


def full_pack() -> list[str]:
    """The 52 cards in card-id order."""
    return list(CODES)


def card_list() -> list[CardInfo]:
    """The catalog's cards: one of each, with its points."""
    return [standard_card_info(code, 1, VALUES[card_id]) for card_id, code in enumerate(CODES)]
