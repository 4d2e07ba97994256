"""Rummy Battle's cards: Play Cards (standard cards and Jokers) and Action Cards, with their point values.

Standard cards use the engine's codes (``7H``, ``TS``, ``AD``); identical cards of the two decks are equal
values. A Joker is ``JK``; laid in a Run it is written with the card it stands for, ``JK=7H``. Action Cards are
named by words (``Hoard``, ``Pickpocket``, ``Thief``, ``Switcheroo``, ``LuckyDay``). The 2nd Chance Card is held
apart from the hand and is tracked per seat, not as a card of the deck.
"""

from __future__ import annotations

from engine.cards import RANKS, SUITS, standard_deck

JOKER = "JK"
JOKER_AS = "JK="  # prefix of a Joker written with the card it stands for in a Run: JK=7H

HOARD = "Hoard"
PICKPOCKET = "Pickpocket"
THIEF = "Thief"
SWITCHEROO = "Switcheroo"
LUCKY_DAY = "LuckyDay"
ACTION_CARDS = (HOARD, PICKPOCKET, THIEF, SWITCHEROO, LUCKY_DAY)
ACTION_SET = frozenset(ACTION_CARDS)
ACTIONS_NEEDING_OPEN = frozenset((PICKPOCKET, THIEF, SWITCHEROO))

# Run positions: 1 is the low Ace, 2..13 are Two..King, 14 is the high Ace.
RANK_AT_POSITION = "A23456789TJQKA"
POSITION_OF_RANK = {rank: index + 1 for index, rank in enumerate(RANKS)}
SUIT_ORDER = {suit: index for index, suit in enumerate(SUITS)}

# The scoring table of the text: Aces 15; Tens, Jacks, Queens, Kings 10; Twos to Nines 5; Action Cards 5;
# Jokers 20.
RANK_POINTS = {"A": 15, "T": 10, "J": 10, "Q": 10, "K": 10, **{rank: 5 for rank in "23456789"}}
ACTION_POINTS = 5
JOKER_POINTS = 20


def card_points(card: str) -> int:
    """The table's value of one card (a Joker is worth 20 wherever it stands)."""
    if card == JOKER or card.startswith(JOKER_AS):
        return JOKER_POINTS
    if card in ACTION_SET:
        return ACTION_POINTS
    return RANK_POINTS[card[0]]


def is_action(card: str) -> bool:
    return card in ACTION_SET


def card_at(position: int, suit: str) -> str:
    """The standard card at a run position (1 and 14 are both the Ace)."""
    return RANK_AT_POSITION[position - 1] + suit


def play_cards(decks: int, jokers: int) -> list[str]:
    return standard_deck() * decks + [JOKER] * jokers


def action_cards(copies: int) -> list[str]:
    return [card for card in ACTION_CARDS for _ in range(copies)]


def hand_sort_key(card: str) -> tuple[int, int, int]:
    """Hands are shown by suit, then rank; Jokers, then Action Cards, come last."""
    if card == JOKER:
        return (4, 0, 0)
    if card in ACTION_SET:
        return (5, ACTION_CARDS.index(card), 0)
    return (SUIT_ORDER[card[1]], POSITION_OF_RANK[card[0]], 0)


def card_label(card: str) -> str:
    """A card's name for reasons and descriptions."""
    from engine.cards import card_name

    if card == JOKER:
        return "a Joker"
    if card.startswith(JOKER_AS):
        return f"a Joker standing for the {card_name(card[len(JOKER_AS) :])}"
    if card in ACTION_SET:
        return f"the {card} Action Card"
    return f"the {card_name(card)}"
