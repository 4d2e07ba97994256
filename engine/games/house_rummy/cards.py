"""House Rummy's cards: the 52 standard cards (``7H``, ``TS``, ``AC``) and, with the New Card Rules, five special
cards without rank or suit: two Transitions (``TR``), two Protected (``PR``) and one Hot Potato (``HP``).

The Card List gives 37 standard cards an ability. Its four columns lost their suit symbols; they are read as
spades, hearts, diamonds, clubs from left to right (the engine's own suit order).
"""

from __future__ import annotations

from engine.cards import RANKS, SUITS, card_name, standard_deck

TRANSITION = "TR"
PROTECTED = "PR"
HOT_POTATO = "HP"
SPECIALS = (TRANSITION, TRANSITION, PROTECTED, PROTECTED, HOT_POTATO)
SPECIAL_NAMES = {TRANSITION: "Transition", PROTECTED: "Protected", HOT_POTATO: "Hot Potato"}

# On-discard actions.
NEW_DISCARD = "new_discard"
REVERSE = "reverse"
SKIP = "skip"
GO_AGAIN = "go_again"
FISH = "fish"
SEE_HAND = "see_hand"
DRAW_DISCARD = "draw_discard"
EXCHANGE = "exchange"
SEARCH = "search"
# Play modifiers.
KA2 = "ka2"
CROSS = "cross"
MOVE = "move"
COLLECTABLE = "collectable"
# Scoring modifiers.
SPONGE = "sponge"
PLUS_PER_GROUP = "plus_per_group"
PLUS_ON_TWO = "plus_on_two"
DOUBLE_RUN = "double_run"

# The Card List, row by row; columns are spades, hearts, diamonds, clubs ("" = no ability).
CARD_LIST: dict[str, tuple[str, str, str, str]] = {
    "2": (NEW_DISCARD, DOUBLE_RUN, DOUBLE_RUN, NEW_DISCARD),
    "3": ("", REVERSE, FISH, CROSS),
    "4": (PLUS_PER_GROUP, SEE_HAND, "", COLLECTABLE),
    "5": (DRAW_DISCARD, "", GO_AGAIN, ""),
    "6": (SKIP, EXCHANGE, CROSS, PLUS_PER_GROUP),
    "7": ("", SEARCH, "", ""),
    "8": (MOVE, MOVE, MOVE, MOVE),
    "9": ("", GO_AGAIN, DRAW_DISCARD, REVERSE),
    "T": (EXCHANGE, CROSS, SPONGE, ""),
    "J": (SEE_HAND, "", "", SEARCH),
    "Q": ("", "", SKIP, FISH),
    "K": (CROSS, SPONGE, "", ""),
    "A": (KA2, PLUS_ON_TWO, PLUS_ON_TWO, KA2),
}
ABILITIES: dict[str, str] = {
    rank + suit: ability for rank, row in CARD_LIST.items() for suit, ability in zip(SUITS, row, strict=True) if ability
}
DISCARD_ACTIONS = frozenset({NEW_DISCARD, REVERSE, SKIP, GO_AGAIN, FISH, SEE_HAND, DRAW_DISCARD, EXCHANGE, SEARCH})
ABILITY_NAMES = {
    NEW_DISCARD: "New Discard",
    REVERSE: "Reverse",
    SKIP: "Skip",
    GO_AGAIN: "Go Again",
    FISH: "Fish",
    SEE_HAND: "See Hand",
    DRAW_DISCARD: "Draw & Discard 1",
    EXCHANGE: "Exchange 1",
    SEARCH: "Search Discard",
    KA2: "KA2",
    CROSS: "Cross",
    MOVE: "Move",
    COLLECTABLE: "Collectable",
    SPONGE: "Sponge",
    PLUS_PER_GROUP: "+5 per group",
    PLUS_ON_TWO: "+5 on 2",
    DOUBLE_RUN: "Double Run",
}

RANK_OF = {rank: index + 1 for index, rank in enumerate(RANKS)}  # Ace 1 ... King 13
ASK_TOKENS = tuple(RANKS) + tuple(SUITS)  # what Fish may ask for: a rank or a suit


BASE_DECK = tuple(standard_deck())
NEW_CARDS_DECK = (*BASE_DECK, *SPECIALS)


def full_deck(new_cards: bool) -> list[str]:
    """52 standard cards, plus the five special cards when the New Card Rules are on (57)."""
    return list(NEW_CARDS_DECK if new_cards else BASE_DECK)


def ability(card: str, new_cards: bool) -> str:
    return ABILITIES.get(card, "") if new_cards else ""


def discard_action(card: str, new_cards: bool) -> str:
    found = ability(card, new_cards)
    return found if found in DISCARD_ACTIONS else ""


def face_value(card: str) -> int:
    """Points of a standard card off an Ace's special cases: 2-9 five, 10-K ten, Ace fifteen."""
    rank = card[0]
    if rank == "A":
        return 15
    return 10 if rank in "TJQK" else 5


def hand_penalty(card: str) -> int:
    """What a card left in hand costs: its value; Transition and Protected 10, the Hot Potato 25."""
    if card == HOT_POTATO:
        return 25
    if card in SPECIAL_NAMES:
        return 10
    return face_value(card)


def card_label(card: str) -> str:
    if card in SPECIAL_NAMES:
        return SPECIAL_NAMES[card]
    return card_name(card)
