"""The forty dragon cards: ten kinds of four copies each, their codes, full names and canonical order, and the
numbers the rules count them in.

A card is its kind's two-letter code (``JA`` is a Jade Dragon); the four copies of a kind are equal values. The
rule text gives the kinds no names, so this module names them (see ``docs/rules/dragon_rummy.md``).
"""

from __future__ import annotations

from typing import Final

from engine.cards import CardInfo

COPIES_PER_KIND: Final = 4
CARD_NAMES: Final[dict[str, str]] = {
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
KINDS: Final[tuple[str, ...]] = tuple(CARD_NAMES)
KIND_SET: Final = frozenset(KINDS)
# The canonical card order (of a set's cards, of a hand): the kinds' order above; anything else after them.
CARD_ORDER: Final[dict[str, int]] = {kind: index for index, kind in enumerate(KINDS)}
FULL_DECK: Final[tuple[str, ...]] = tuple(kind for kind in KINDS for _ in range(COPIES_PER_KIND))

# Cards dealt to each player, by number of players.
HAND_SIZES: Final[dict[int, int]] = {2: 8, 3: 7, 4: 6}
# A set played from the hand has three or four cards of one dragon.
SET_SIZES: Final = (3, 4)
# One more of an ordinary dragon may be played singly while some play area holds a set of exactly three of it.
SPLIT_SET_SIZE: Final = 3
# Playing one draw-2 dragon draws this many cards (fewer when the deck holds fewer).
CARDS_DRAWN_BY_DRAW_TWO: Final = 2

# The three single plays of a turn, each once per turn: one of this hand's draw-2 dragon, one of its rare dragon,
# and one of an ordinary dragon splitting a set of three in play.
SLOT_DRAW_TWO: Final = "draw_two"
SLOT_RARE: Final = "rare"
SLOT_SPLIT: Final = "split"


# What a dragon scores in a play area at the end of a hand, by its role in that hand (the text's "Scoring").
DRAW_TWO_POINTS: Final = -1
RARE_POINTS: Final = 3
OTHER_POINTS: Final = 1


def full_deck() -> list[str]:
    """The forty cards, kind by kind."""
    return list(FULL_DECK)


def is_dragon(card: str) -> bool:
    return card in KIND_SET


def card_name(card: str) -> str:
    """The full name of a dragon ("Jade Dragon"); anything else is returned as it is."""
    return CARD_NAMES.get(card, card)


def card_order(card: str) -> tuple[int, str]:
    """Sort key of the canonical card order."""
    return (CARD_ORDER.get(card, len(KINDS)), card)


def single_play_slot(kind: str, draw_two: str, rare: str) -> str:
    """Which once-per-turn single play one card of ``kind`` is, given this hand's draw-2 and rare dragons."""
    if kind == draw_two:
        return SLOT_DRAW_TWO
    if kind == rare:
        return SLOT_RARE
    return SLOT_SPLIT


def cards_drawn(kind: str, draw_two: str, deck_size: int) -> int:
    """Cards a single play of ``kind`` draws: two for the draw-2 dragon, fewer if the deck holds fewer."""
    return min(CARDS_DRAWN_BY_DRAW_TWO, deck_size) if kind == draw_two else 0


def card_description(card: str) -> str:
    """What the rule text says a dragon does in each role a hand can give it, in its own words."""
    name = CARD_NAMES[card]
    return (
        f"When the {name} is the hand's draw-2 dragon (the left face-up card), you may play 1 of this dragon per "
        "turn: place it face up in front of you and draw 2 cards from the top of the dragon deck; every copy in "
        f"your play area is {DRAW_TWO_POINTS} point. When it is the hand's rare dragon, you may play 1 per turn "
        "and also take any other copies of the rare dragon that are in play; every copy in your play area is "
        f"{RARE_POINTS} points. Otherwise it counts {OTHER_POINTS} point, and 1 of it may be played when a set of "
        "3 of it is in play, taking 1 of the set of 3."
    )


def card_list() -> list[CardInfo]:
    """The catalog's card list: the ten dragons, four copies each. ``points`` is what a dragon counts in a play
    area in most hands (every dragon that is neither the hand's draw-2 nor its rare dragon); the description
    gives the other two roles' points."""
    return [
        CardInfo(card, name, COPIES_PER_KIND, OTHER_POINTS, description=card_description(card))
        for card, name in CARD_NAMES.items()
    ]
