"""Draw Blood's cards as short text codes, the deck as data, and the card values used in scoring.

Numbered Blood Cards are the number and its colour mark: odd numbers are black Skulls (``1S``, ``3S``, ``5S``,
``7S``), even numbers red Hearts (``2H``, ``4H``, ``6H``). Monsters are ``VAMPIRE``, ``WEREWOLF`` and
``WATERMONSTER``; the Kill card is ``KILL``; the Immunity cards (expansion) are ``COFFIN`` (the Vampire's),
``FULLMOON`` (the Werewolf's) and ``WATER`` (the Water Monster's).

A Monster Row has one slot per Monster type, named in lower case (``vampire``, ``werewolf``, ``watermonster``) so
that a slot name is never mistaken for a card.
"""

from __future__ import annotations

from dataclasses import dataclass

VAMPIRE = "VAMPIRE"
WEREWOLF = "WEREWOLF"
WATER_MONSTER = "WATERMONSTER"
MONSTERS = (VAMPIRE, WEREWOLF, WATER_MONSTER)
KILL = "KILL"
COFFIN = "COFFIN"
FULL_MOON = "FULLMOON"
WATER = "WATER"
IMMUNITIES = (COFFIN, FULL_MOON, WATER)

SLOTS = tuple(monster.lower() for monster in MONSTERS)  # vampire, werewolf, watermonster
SLOT_OF_MONSTER = {monster: index for index, monster in enumerate(MONSTERS)}
SLOT_OF_IMMUNITY = {immunity: index for index, immunity in enumerate(IMMUNITIES)}
SLOT_INDEX = {name: index for index, name in enumerate(SLOTS)}

NUMBER_POINTS = 5
MONSTER_POINTS = 10
KILL_POINTS = 20
IMMUNITY_POINTS = 20

MAX_NUMBER = 9  # card codes stay two characters
MAX_SET_SIZE = 6  # "Sets (2,3,4,5,6-of-a-kind)"
MAX_KILL_SET_SIZE = 3  # "either as a Pair or a Three-Of-A-Kind"


def number_card(number: int) -> str:
    """The code of a Numbered Blood Card: odd numbers are Skulls (S), even numbers Hearts (H)."""
    return f"{number}{'S' if number % 2 else 'H'}"


NUMBER_CARDS = tuple(number_card(n) for n in range(1, MAX_NUMBER + 1))
NUMBER_OF_CARD = {card: n for n, card in enumerate(NUMBER_CARDS, start=1)}
CARD_ORDER = {card: index for index, card in enumerate((*NUMBER_CARDS, *MONSTERS, KILL, *IMMUNITIES))}
CARD_POINTS = {
    **dict.fromkeys(NUMBER_CARDS, NUMBER_POINTS),
    **dict.fromkeys(MONSTERS, MONSTER_POINTS),
    KILL: KILL_POINTS,
    **dict.fromkeys(IMMUNITIES, IMMUNITY_POINTS),
}
CARD_NAMES = {
    **{card: f"{n} of {'Skulls' if n % 2 else 'Hearts'}" for n, card in enumerate(NUMBER_CARDS, start=1)},
    VAMPIRE: "a Vampire",
    WEREWOLF: "a Werewolf",
    WATER_MONSTER: "a Water Monster",
    KILL: "a Kill card",
    COFFIN: "the Coffin Immunity card",
    FULL_MOON: "the Full Moon Immunity card",
    WATER: "the Water Immunity card",
}


def is_number(card: str) -> bool:
    return card in NUMBER_OF_CARD


def is_skull(card: str) -> bool:
    """Odd Numbered Blood Cards: three of a kind of them kill."""
    return NUMBER_OF_CARD.get(card, 0) % 2 == 1


def card_name(card: str) -> str:
    return CARD_NAMES.get(card, repr(card))


def sort_cards(cards: list[str]) -> list[str]:
    """The one fixed order of cards: numbers ascending, then Monsters, Kill cards, Immunity cards."""
    return sorted(cards, key=CARD_ORDER.__getitem__)


def hand_points(cards: list[str]) -> int:
    return sum(CARD_POINTS[card] for card in cards)


@dataclass(frozen=True, slots=True)
class DeckSpec:
    """The split of the deck. The default is the issue's 54 cards (plus the three Immunity cards)."""

    highest_number: int = 7
    number_copies: int = 6
    monster_copies: int = 3
    kill_cards: int = 3
    immunity: bool = False

    def cards(self) -> list[str]:
        deck = [card for card in NUMBER_CARDS[: self.highest_number] for _ in range(self.number_copies)]
        deck.extend(monster for monster in MONSTERS for _ in range(self.monster_copies))
        deck.extend([KILL] * self.kill_cards)
        if self.immunity:
            deck.extend(IMMUNITIES)
        return deck
