"""Rummy Battle's cards: Play Cards (standard cards and Jokers) and Action Cards, their names and point values.

Standard cards use the engine's codes (``7H``, ``TS``, ``AD``); identical cards of the two decks are equal
values. A Joker is ``JK``; laid in a Run it is written with the card it stands for, ``JK=7H``. Action Cards are
named by words (``Hoard``, ``Pickpocket``, ``Thief``, ``Switcheroo``, ``LuckyDay``): all but ``LuckyDay`` ("Lucky
Day") are their own names. The 2nd Chance Card (``SecondChance``) is held apart from the hand and is tracked per
seat, not as a card of the deck; the catalog lists it (count 0) so that frontends can name and draw it.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from engine.cards import ACE_HIGH, ACE_LOW, RANKS, SUITS, CardInfo, standard_card_info, standard_deck
from engine.cards import card_name as standard_card_name
from engine.state import GameState

JOKER: Final = "JK"
JOKER_AS: Final = "JK="  # prefix of a Joker written with the card it stands for in a Run: JK=7H

HOARD: Final = "Hoard"
PICKPOCKET: Final = "Pickpocket"
THIEF: Final = "Thief"
SWITCHEROO: Final = "Switcheroo"
LUCKY_DAY: Final = "LuckyDay"
ACTION_CARDS: Final = (HOARD, PICKPOCKET, THIEF, SWITCHEROO, LUCKY_DAY)
ACTION_SET: Final = frozenset(ACTION_CARDS)
ACTIONS_NEEDING_OPEN: Final = frozenset((PICKPOCKET, THIEF, SWITCHEROO))
SECOND_CHANCE: Final = "SecondChance"  # one per player, held apart from the hand: never dealt, never scored
ACTION_NAMES: Final = {
    HOARD: "Hoard",
    PICKPOCKET: "Pickpocket",
    THIEF: "Thief",
    SWITCHEROO: "Switcheroo",
    LUCKY_DAY: "Lucky Day",
}
SPECIAL_NAMES: Final = {JOKER: "Joker", **ACTION_NAMES, SECOND_CHANCE: "2nd Chance"}

# The pack's options (game.py declares them with these defaults and bounds).
DEFAULT_DECKS, MAX_DECKS = 2, 3
DEFAULT_JOKERS, MAX_JOKERS = 4, 8
DEFAULT_ACTION_COPIES, MAX_ACTION_COPIES = 4, 6
DEFAULT_HAND_SIZE, MIN_HAND_SIZE, MAX_HAND_SIZE = 10, 3, 15
MAX_PACK: Final = 52 * MAX_DECKS + MAX_JOKERS + len(ACTION_CARDS) * MAX_ACTION_COPIES

NATURALS: Final = frozenset(rank + suit for rank in RANKS for suit in SUITS)

# Run positions: ACE_LOW (1) is the low Ace, 2..13 are Two..King, ACE_HIGH (14) is the high Ace.
RANK_AT_POSITION: Final = "A23456789TJQKA"
POSITION_OF_RANK: Final = {rank: index + 1 for index, rank in enumerate(RANKS)}
SUIT_ORDER: Final = {suit: index for index, suit in enumerate(SUITS)}  # spades, hearts, diamonds, clubs

# The scoring table of the text: Aces 15; Tens, Jacks, Queens, Kings 10; Twos to Nines 5; Action Cards 5;
# Jokers 20.
RANK_POINTS: Final = {"A": 15, "T": 10, "J": 10, "Q": 10, "K": 10, **{rank: 5 for rank in "23456789"}}
ACTION_POINTS: Final = 5
JOKER_POINTS: Final = 20


# ----- the pack ----------------------------------------------------------------------------------------------
def match_deck(state: GameState) -> list[str]:
    """Every Play and Action Card of the match (the 2nd Chance Cards are held apart and never dealt)."""
    options = state.options
    return list(pack_of(int(options["decks"]), int(options["jokers"]), int(options["action_copies"])))


def pack_of(decks: int, jokers: int, action_copies: int) -> tuple[str, ...]:
    """Play Cards (``decks`` standard decks and ``jokers`` Jokers), then ``action_copies`` of each Action Card."""
    play_cards = standard_deck() * decks + [JOKER] * jokers
    return (*play_cards, *(card for card in ACTION_CARDS for _ in range(action_copies)))


# ----- what a card is ----------------------------------------------------------------------------------------
def is_action(card: str) -> bool:
    return card in ACTION_SET


def card_points(card: str) -> int:
    """The table's value of one card (a Joker is worth 20 wherever it stands)."""
    if card == JOKER or card.startswith(JOKER_AS):
        return JOKER_POINTS
    if card in ACTION_SET:
        return ACTION_POINTS
    return RANK_POINTS[card[0]]


def card_at(position: int, suit: str) -> str:
    """The standard card at a run position (ACE_LOW and ACE_HIGH are both the Ace)."""
    return RANK_AT_POSITION[position - 1] + suit


def stand_in(token: str) -> str | None:
    """The natural card a group token shows: itself, or the card a placed Joker (``JK=7H``) stands for."""
    card = token[len(JOKER_AS) :] if token.startswith(JOKER_AS) else token
    return card if card in NATURALS else None


def played_card(token: str) -> str:
    """The card that leaves the hand for a token (``JK=7H`` is the Joker)."""
    return JOKER if token.startswith(JOKER_AS) else token


# ----- names ----------------------------------------------------------------------------------------------
def is_card_token(token: str) -> bool:
    """Whether ``token`` names a card of the game: a Play Card, an Action Card, a Joker placed in a Run, or the 2nd
    Chance Card."""
    return token in NATURALS or token in SPECIAL_NAMES or bool(stand_in(token))


def card_name(card: str) -> str:
    """A card's full name: "Queen of Hearts", "Joker", "Joker as the 7 of Hearts", "Lucky Day", "2nd Chance"; other
    codes are returned unchanged."""
    if card in NATURALS:
        return standard_card_name(card)
    if card.startswith(JOKER_AS) and card[len(JOKER_AS) :] in NATURALS:
        return f"Joker as the {card_name(card[len(JOKER_AS) :])}"
    return SPECIAL_NAMES.get(card, card)


def card_label(card: str) -> str:
    """A card's name in a sentence: "the Queen of Hearts", "a Joker", "the Thief Action Card"."""
    if card == JOKER:
        return "a Joker"
    if card.startswith(JOKER_AS) and stand_in(card):
        return f"a {card_name(card)}"
    if card in ACTION_SET:
        return f"the {card_name(card)} Action Card"
    return f"the {card_name(card)}" if card in NATURALS else f"'{card}'"


# ----- orders ------------------------------------------------------------------------------------------------
def hand_sort_key(card: str) -> tuple[int, int, int]:
    """Hands are shown by suit, then rank; Jokers, then Action Cards, come last."""
    if card == JOKER:
        return (4, 0, 0)
    if card in ACTION_SET:
        return (5, ACTION_CARDS.index(card), 0)
    return (SUIT_ORDER[card[1]], POSITION_OF_RANK[card[0]], 0)


def set_order_key(token: str) -> tuple[int, str]:
    """A Set's canonical order: its natural cards by suit (spades, hearts, diamonds, clubs), then its Jokers."""
    return (SUIT_ORDER[token[1]] if token in NATURALS else len(SUIT_ORDER), token)


def run_order_key(token: str, *, ace_high: bool) -> tuple[int, int, str]:
    """A Run's canonical order: low to high by the position each card takes (a ``JK=7H`` at the 7's place, the
    Ace at ACE_HIGH when the Run ends Q-K-A); unplaced Jokers and anything else last."""
    card = stand_in(token)
    if card is None:
        return (ACE_HIGH + 1, 0, token)
    position = POSITION_OF_RANK[card[0]]
    if position == ACE_LOW and ace_high:
        position = ACE_HIGH
    return (position, SUIT_ORDER[card[1]], token)


# ----- the catalog -------------------------------------------------------------------------------------------
# Short descriptions in the words of the rule text and of the project's Action Card rules (docs/rules/rummy_battle.md).
ACE_DESCRIPTION: Final = (
    'An "A" may be used as a high OR low card in Runs ("Q, K, A" OR "A, 2, 3"), never both in one Run.'
)
ACTION_SCORE: Final = "An Action Card played scores 5 points for its player; one left in hand costs 5."
SECOND_CHANCE_ANSWER: Final = "The victim may cancel it with a 2nd Chance."
DESCRIPTIONS: Final = {
    JOKER: "Wild: a Joker stands for any card in a Run or Set. It is worth 20 points wherever it stands, and costs "
    "20 if left in hand.",
    HOARD: "Played as your draw, any time on your turn: take as many cards as you wish from the top of the discard "
    f"pile, without having to play the last one taken at once. {ACTION_SCORE}",
    PICKPOCKET: "Only once you have opened: take one card at random from a chosen opponent's hand; only you and the "
    f"victim learn which. {SECOND_CHANCE_ANSWER} {ACTION_SCORE}",
    THIEF: "Only once you have opened: take a chosen Set (not a Run) an opponent laid down; it becomes yours and "
    "scores for you, you may NOT draw a card for it, and the victim is still open. "
    f"{SECOND_CHANCE_ANSWER} {ACTION_SCORE}",
    SWITCHEROO: "Only once you have opened: swap your whole hand with a chosen opponent's (it cannot be your last "
    f"card). {SECOND_CHANCE_ANSWER} {ACTION_SCORE}",
    LUCKY_DAY: "Any time on your turn: starting with you and going clockwise, every player may play off one card "
    "from hand onto any Run or Set; players who run out of cards so go out (before the Marker, one takes -100, "
    f"several -50 each). {ACTION_SCORE}",
    SECOND_CHANCE: "Every player receives one 2nd Chance Card, held apart from the hand: when a Pickpocket, Thief or "
    "Switcheroo is played against you, reveal it to cancel that Action Card. Once per game; it never scores "
    "(option second_chance).",
}


def catalog() -> list[CardInfo]:
    """Every card of the game, once: the 52 standard cards, the Joker, the Action Cards (counts in the default
    pack, points as scored), then the 2nd Chance Card (held apart, so 0 in the pack, never scored)."""
    counts = Counter(pack_of(DEFAULT_DECKS, DEFAULT_JOKERS, DEFAULT_ACTION_COPIES))
    standard = [
        standard_card_info(card, counts[card], card_points(card), ACE_DESCRIPTION if card[0] == "A" else "")
        for card in standard_deck()
    ]
    special = [
        CardInfo(code, SPECIAL_NAMES[code], counts[code], card_points(code), description=DESCRIPTIONS[code])
        for code in (JOKER, *ACTION_CARDS)
    ]
    second_chance = CardInfo(SECOND_CHANCE, card_name(SECOND_CHANCE), 0, None, description=DESCRIPTIONS[SECOND_CHANCE])
    return [*standard, *special, second_chance]
