"""The forty dragon cards: ten kinds of four copies each, their codes, names and points.

A card is its kind's two-letter code (``JA`` is a Jade Dragon); the four copies of a kind are equal values. The
rule text gives the kinds no names, so this module names them (see ``docs/rules/dragon_rummy.md``).
"""

from __future__ import annotations

from collections.abc import Sequence

COPIES_PER_KIND = 4
DRAGON_NAMES: dict[str, str] = {
    "AZ": "Azure Dragon",
    "BR": "Bronze Dragon",
    "CR": "Crimson Dragon",
    "EM": "Emerald Dragon",
    "FR": "Frost Dragon",
    "GO": "Golden Dragon",
    "JA": "Jade Dragon",
    "ON": "Onyx Dragon",
    "SH": "Shadow Dragon",
    "ST": "Storm Dragon",
}
KINDS: tuple[str, ...] = tuple(DRAGON_NAMES)
KIND_SET = frozenset(KINDS)

# Points of a dragon in a play area at the end of a hand, by its role in that hand.
DRAW_TWO_POINTS = -1
RARE_POINTS = 3
OTHER_POINTS = 1

# Cards dealt to each player, by number of players.
HAND_SIZES: dict[int, int] = {2: 8, 3: 7, 4: 6}


def full_deck() -> list[str]:
    """The forty cards, kind by kind."""
    return [kind for kind in KINDS for _ in range(COPIES_PER_KIND)]


def is_dragon(card: str) -> bool:
    return card in KIND_SET


def dragon_name(card: str) -> str:
    return DRAGON_NAMES.get(card, card)


def card_points(card: str, draw_two: str, rare: str) -> int:
    """-1 for this hand's draw-2 dragon, +3 for its rare dragon, +1 for any other dragon."""
    if card == draw_two:
        return DRAW_TWO_POINTS
    if card == rare:
        return RARE_POINTS
    return OTHER_POINTS


def play_area_points(cards: Sequence[str], draw_two: str, rare: str) -> int:
    return sum(card_points(card, draw_two, rare) for card in cards)
