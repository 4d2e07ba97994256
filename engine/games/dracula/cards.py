"""Dracula's 54-card pack: the 52 standard cards and two Vampires, their codes, full names and the catalog.

Cards are rank + suit codes (``QH``, ``TS``; ``A 2-9 T J Q K`` and ``S H D C``) from ``engine.cards``, named as in
every game ("Queen of Hearts", "10 of Spades"); both Vampires are the same card, ``VP`` ("Vampire"). Dracula's
moves take no list argument, so the pack needs no canonical list order: legal moves list the cards of a hand in
code order. ``PACK_ORDER`` (suit by suit, Ace to King, then the Vampire) orders cards named in texts.
"""

from __future__ import annotations

from engine.cards import RANKS, CardInfo, is_standard, standard_card_info, standard_deck
from engine.cards import card_name as standard_card_name

VAMPIRE = "VP"
HEARTS = "H"
DIAMONDS = "D"
VAMPIRES_IN_PACK = 2
# Line values (the text: "numerals count at face value from Ace = 1 to Ten = 10"; "A Jack counts 0").
NUMERAL_VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10}
JACK = "J"
QUEEN = "Q"
KING = "K"
# The rule text's own words for the cards that are not simply worth their face value.
SUIT_STILL_COUNTS = (
    "; counting zero, its suit still remains valid for doubling, trebling or quintupling the score of its line"
)
DESCRIPTIONS = {
    JACK: "A Jack counts 0 in either direction" + SUIT_STILL_COUNTS + ".",
    QUEEN: "A Queen counts 10 horizontally (across) but 0 vertically (down)" + SUIT_STILL_COUNTS + ".",
    KING: "A King counts 10 vertically (down) but 0 horizontally (across)" + SUIT_STILL_COUNTS + ".",
    VAMPIRE: (
        "A Vampire drains all the score out of the row and column in which it appears, resulting in a whole line "
        "counting zero in both directions (Jokers may stand in for the two Vampires)."
    ),
}


def full_pack() -> list[str]:
    """The 54 cards in a fixed order: the standard 52 suit by suit, Ace to King, then the two Vampires."""
    return [*standard_deck(), *[VAMPIRE] * VAMPIRES_IN_PACK]


PACK_ORDER = {card: index for index, card in enumerate(full_pack())}


def is_card(code: str) -> bool:
    """Whether ``code`` names a card of the pack."""
    return code == VAMPIRE or is_standard(code)


def card_name(code: str) -> str | None:
    """The full name of a card (``Queen of Hearts``, ``10 of Spades``, ``Vampire``), ``None`` for no card."""
    if code == VAMPIRE:
        return "Vampire"
    return standard_card_name(code) if is_standard(code) else None


def rank_order(code: str) -> int:
    """A standard card's rank in the cut, Ace low: Ace 0, Two 1, ... King 12."""
    return RANKS.index(code[0])


def card_list() -> list[CardInfo]:
    """The catalog's card list: the 52 standard cards, each once, with their line value as points (the Queen's
    and the King's depend on the direction, so they have none, only their description), then the Vampire (two
    copies)."""
    infos = [
        standard_card_info(card, 1, NUMERAL_VALUES.get(card[0], 0 if card[0] == JACK else None),
                           DESCRIPTIONS.get(card[0], ""))
        for card in standard_deck()
    ]  # fmt: skip
    infos.append(CardInfo(VAMPIRE, "Vampire", VAMPIRES_IN_PACK, description=DESCRIPTIONS[VAMPIRE]))
    return infos
