"""Draw Blood's cards as short text codes, the deck as data, card names, the catalog's card list, the card order
and the card values.

Numbered Blood Cards are the number and its colour mark: odd numbers are black Skulls (``1S``, ``3S``, ``5S``,
``7S``), even numbers red Hearts (``2H``, ``4H``, ``6H``). They are no playing cards: ``7S`` is the "7 of Skulls",
``2H`` the "2 of Hearts" (the marks the text names: "Triple Skulls", "Triple Hearts"). Monsters are ``VAMPIRE``,
``WEREWOLF`` and ``WATERMONSTER`` ("Water Monster"); the Kill Card is ``KILL``; the Immunity Cards (expansion) are
``COFFIN`` (the Vampire's), ``FULLMOON`` (the Werewolf's) and ``WATER`` (the Water Monster's).

A Monster Row has one slot per Monster type, named in lower case (``vampire``, ``werewolf``, ``watermonster``) so
that a slot name is never mistaken for a card.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from engine.cards import CardInfo
from engine.options import OptionValue

VAMPIRE: Final = "VAMPIRE"
WEREWOLF: Final = "WEREWOLF"
WATER_MONSTER: Final = "WATERMONSTER"
MONSTERS: Final = (VAMPIRE, WEREWOLF, WATER_MONSTER)
KILL: Final = "KILL"
COFFIN: Final = "COFFIN"
FULL_MOON: Final = "FULLMOON"
WATER: Final = "WATER"
IMMUNITIES: Final = (COFFIN, FULL_MOON, WATER)

SLOTS: Final = tuple(monster.lower() for monster in MONSTERS)  # vampire, werewolf, watermonster
SLOT_OF_MONSTER: Final = {monster: index for index, monster in enumerate(MONSTERS)}
SLOT_OF_IMMUNITY: Final = {immunity: index for index, immunity in enumerate(IMMUNITIES)}
SLOT_INDEX: Final = {name: index for index, name in enumerate(SLOTS)}

NUMBER_POINTS: Final = 5
MONSTER_POINTS: Final = 10
KILL_POINTS: Final = 20
IMMUNITY_POINTS: Final = 20

MAX_NUMBER: Final = 9  # card codes stay two characters
MAX_SET_SIZE: Final = 6  # "Sets (2,3,4,5,6-of-a-kind)"
MAX_KILL_SET_SIZE: Final = 3  # "either as a Pair or a Three-Of-A-Kind"
HAND_SIZE: Final = 10  # "deal 10 cards to each player"


def number_card(number: int) -> str:
    """The code of a Numbered Blood Card: odd numbers are Skulls (S), even numbers Hearts (H)."""
    return f"{number}{'S' if number % 2 else 'H'}"


NUMBER_CARDS: Final = tuple(number_card(n) for n in range(1, MAX_NUMBER + 1))
NUMBER_OF_CARD: Final = {card: n for n, card in enumerate(NUMBER_CARDS, start=1)}
# The canonical card order (lists of cards in moves, hands in views): numbers ascending, then Monsters, Kill cards,
# Immunity cards.
CARD_ORDER: Final = {card: index for index, card in enumerate((*NUMBER_CARDS, *MONSTERS, KILL, *IMMUNITIES))}
CARD_POINTS: Final = {
    **dict.fromkeys(NUMBER_CARDS, NUMBER_POINTS),
    **dict.fromkeys(MONSTERS, MONSTER_POINTS),
    KILL: KILL_POINTS,
    **dict.fromkeys(IMMUNITIES, IMMUNITY_POINTS),
}
SUIT_SKULLS: Final = "Skulls"
SUIT_HEARTS: Final = "Hearts"
CARD_NAMES: Final = {
    **{card: f"{n} of {SUIT_SKULLS if n % 2 else SUIT_HEARTS}" for n, card in enumerate(NUMBER_CARDS, start=1)},
    VAMPIRE: "Vampire",
    WEREWOLF: "Werewolf",
    WATER_MONSTER: "Water Monster",
    KILL: "Kill Card",
    COFFIN: "Coffin Immunity Card",
    FULL_MOON: "Full Moon Immunity Card",
    WATER: "Water Immunity Card",
}
PLURAL_NAMES: Final = {
    **{card: f"{n}s of {SUIT_SKULLS if n % 2 else SUIT_HEARTS}" for n, card in enumerate(NUMBER_CARDS, start=1)},
    VAMPIRE: "Vampires",
    WEREWOLF: "Werewolves",
    WATER_MONSTER: "Water Monsters",
    KILL: "Kill Cards",
    COFFIN: "Coffin Immunity Cards",
    FULL_MOON: "Full Moon Immunity Cards",
    WATER: "Water Immunity Cards",
}


def card_name(card: str) -> str | None:
    """The card's full name ("3 of Skulls", "4 of Hearts", "Vampire", "Kill Card"), or None for no card code."""
    return CARD_NAMES.get(card)


def name_or_code(card: str) -> str:
    """The card's full name; a code that is no card is quoted as given (for refusals of malformed moves)."""
    return CARD_NAMES.get(card) or repr(card)


def is_skull(card: str) -> bool:
    """Odd Numbered Blood Cards: three of a kind of them kill."""
    return NUMBER_OF_CARD.get(card, 0) % 2 == 1


def sort_cards(cards: Iterable[str]) -> list[str]:
    """The one fixed order of cards: numbers ascending, then Monsters, Kill cards, Immunity cards; anything that
    is no card code after them, alphabetically (so that the order never depends on the order given)."""
    try:
        return sorted(cards, key=CARD_ORDER.__getitem__)
    except KeyError:
        unknown = len(CARD_ORDER)
        return sorted(cards, key=lambda card: (CARD_ORDER.get(card, unknown), card))


def hand_points(cards: Iterable[str]) -> int:
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


def deck_spec(options: Mapping[str, OptionValue]) -> DeckSpec:
    return DeckSpec(
        highest_number=int(options["highest_number"]),
        number_copies=int(options["number_copies"]),
        monster_copies=int(options["monster_copies"]),
        kill_cards=int(options["kill_cards"]),
        immunity=bool(options["immunity"]),
    )


def full_deck(options: Mapping[str, OptionValue]) -> list[str]:
    """Every card of a match with these options, in a fixed order (shuffled at each deal)."""
    return deck_spec(options).cards()


# ----- the catalog's card list ---------------------------------------------------------------------------------
DEFAULT_DECK: Final = DeckSpec()
NUMBER_DESCRIPTIONS: Final = {
    SUIT_SKULLS: "A Numbered Blood Card: odd number cards are Black and have a Skull in the upper-right corner. A "
    "three-of-a-kind of any Odd number (Triple Skulls) may Kill an opponent's Monster of choice.",
    SUIT_HEARTS: "A Numbered Blood Card: even number cards are Red and have a Heart in the upper-right corner. A "
    "three-of-a-kind of any Even number (Triple Hearts) may Revive one of your own Monsters.",
}
MONSTER_ROLE: Final = (
    "Played in your Monster Row (ONE MOVE), one of each type at a time: each Monster alive in your Monster Row "
    "allows ONE MOVE per turn, and you must have at least ONE Monster alive before you can lay down a Meld. "
    "Monsters can also be laid down as Melds: a Set of 2 or more of the same Monster, or a Run of one of each."
)
DESCRIPTIONS: Final = {
    VAMPIRE: f"A Monster, for the Vampire slot of the Monster Row. {MONSTER_ROLE}",
    WEREWOLF: f"A Monster, for the Werewolf slot of the Monster Row. {MONSTER_ROLE}",
    WATER_MONSTER: f"A Monster, for the Water Monster slot of the Monster Row. {MONSTER_ROLE}",
    KILL: "Laid down on top of an opponent's Monster, it kills that Monster (ONE MOVE); played on top of an "
    "Immunity Card it cancels that Monster's Immunity. Kill Cards can also be played as Melds, either as a Pair or a "
    "Three-Of-A-Kind.",
    COFFIN: "The Coffin Immunity Card is for the Vampire: placed above your Vampire in your Monster Row (ONE MOVE), "
    "it prevents your opponent from killing it with either a Kill Card or Triple Skulls (Kickstarter Exclusive).",
    FULL_MOON: "The Full Moon Immunity Card is for the Werewolf: placed above your Werewolf in your Monster Row (ONE "
    "MOVE), it prevents your opponent from killing it with either a Kill Card or Triple Skulls (Kickstarter "
    "Exclusive).",
    WATER: "The Water Immunity Card is for the Water Monster: placed above your Water Monster in your Monster Row "
    "(ONE MOVE), it prevents your opponent from killing it with either a Kill Card or Triple Skulls (Kickstarter "
    "Exclusive).",
}


def card_list() -> list[CardInfo]:
    """The catalog's card list, in the card order: every card any options can deal, each once, with its points.

    Numbers 1 to 7 (six copies each), three of each Monster and three Kill Cards make the default deck; the numbers
    8 and 9 only come with the option ``highest_number`` and the Immunity Cards with the option ``immunity``."""
    infos = []
    for number, card in enumerate(NUMBER_CARDS, start=1):
        suit = SUIT_SKULLS if number % 2 else SUIT_HEARTS
        in_default = number <= DEFAULT_DECK.highest_number
        infos.append(
            CardInfo(
                card,
                CARD_NAMES[card],
                DEFAULT_DECK.number_copies if in_default else 0,
                NUMBER_POINTS,
                suit,
                str(number),
                NUMBER_DESCRIPTIONS[suit],
                option=None if in_default else "highest_number",
                option_count=0 if in_default else DEFAULT_DECK.number_copies,
            )
        )
    infos.extend(
        CardInfo(
            monster, CARD_NAMES[monster], DEFAULT_DECK.monster_copies, MONSTER_POINTS, description=DESCRIPTIONS[monster]
        )
        for monster in MONSTERS
    )
    infos.append(CardInfo(KILL, CARD_NAMES[KILL], DEFAULT_DECK.kill_cards, KILL_POINTS, description=DESCRIPTIONS[KILL]))
    infos.extend(
        CardInfo(
            immunity,
            CARD_NAMES[immunity],
            0,
            IMMUNITY_POINTS,
            description=DESCRIPTIONS[immunity],
            option="immunity",
            option_count=1,
        )
        for immunity in IMMUNITIES
    )
    return infos
