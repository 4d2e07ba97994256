"""Cards, targets and asks in words."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from engine.cards import RANK_NAMES, SUIT_NAMES, SUITS
from engine.games.house_rummy.cards import (
    ABILITY_NAMES,
    HOT_POTATO,
    PROTECTED,
    RANK_OF,
    SPECIAL_NAMES,
    SPECIALS,
    TRANSITION,
    card_name,
)
from engine.games.house_rummy.groups import HIGH, LOW, parse_target
from engine.games.house_rummy.table import SET, HouseTable
from engine.words import count_words, join_words, possessive_for_mover, rank_plural

SPECIAL_PLURALS = {TRANSITION: "Transitions", PROTECTED: "Protected cards", HOT_POTATO: "Hot Potatoes"}


SUIT_ORDER = {suit: index for index, suit in enumerate(SUITS)}


END_WORDS = {LOW: "low end", HIGH: "high end"}


def cards_count(count: int) -> str:
    """ "a card", "3 cards", "no cards"."""
    return "a card" if count == 1 else f"{count_words(count) if count == 0 else count} cards"


def the_card(card: str) -> str:
    """ "the 7 of Clubs", "a Transition", "a Protected card", "the Hot Potato"."""
    if card == TRANSITION:
        return "a Transition"
    if card == PROTECTED:
        return "a Protected card"
    return f"the {card_name(card)}"


def card_order(card: str) -> tuple[int, int]:
    """Hands read suit by suit (spades, hearts, diamonds, clubs), Ace to King, the special cards last."""
    if card in SPECIAL_NAMES:
        return len(SUITS), SPECIALS.index(card)
    return SUIT_ORDER[card[1]], RANK_OF[card[0]]


def cards_in_words(cards: Sequence[str], *, in_order: bool = False) -> str:
    """Cards with the standard cards of one suit side by side named together: "the Ace, 7 and King of Spades, the 2
    of Hearts, two Transitions and the Hot Potato" (``in_order``: as given, e.g. a run low to high: "the 2 of
    Hearts, a Transition and the 3 and 4 of Spades"); "no cards" for none."""
    if not cards:
        return "no cards"
    ordered = list(cards) if in_order else sorted(cards, key=card_order)
    parts: list[str] = []
    for key, same_run in groupby(ordered, key=lambda card: card if card in SPECIAL_NAMES else card[1]):
        same = list(same_run)
        if key in SPECIAL_NAMES:
            parts.append(the_card(key) if len(same) == 1 else f"{count_words(len(same))} {SPECIAL_PLURALS[key]}")
        else:
            parts.append(f"the {join_words([RANK_NAMES[card[0]] for card in same])} of {SUIT_NAMES[key]}")
    return join_words(parts)


def set_in_words(cards: Sequence[str]) -> str:
    """A set's cards: "the 7s of Spades, Hearts and Clubs" (and "a Protected card" closing it)."""
    standard = [card for card in cards if card not in SPECIAL_NAMES]
    if not standard:
        return cards_in_words(cards)
    words = f"the {rank_plural(standard[0][0])} of {join_words([SUIT_NAMES[card[1]] for card in standard])}"
    return join_words([words, *(the_card(card) for card in cards if card in SPECIAL_NAMES)])


def ask_words(ask: str) -> str:
    """What Fish asks for: "a Queen", "an Ace", "an 8", "a 10", "a card of Hearts"."""
    if ask in SUIT_NAMES:
        return f"a card of {SUIT_NAMES[ask]}"
    name = RANK_NAMES.get(ask, ask)
    return f"{'an' if name[0] in 'A8' else 'a'} {name}"


def target_words(token: str) -> str:
    """A target token: "group 3", "the high end of group 3"."""
    parsed = parse_target(token)
    if parsed is None:
        return f"group {token}"
    index, end = parsed
    return f"group {index}" if end is None else f"the {END_WORDS[end]} of group {index}"


def action_words(action: str) -> str:
    return ABILITY_NAMES.get(action, action)


def group_words(table: HouseTable, token: str, me: int) -> str:
    """A target on the board: "the high end of group 2, Seat 1's run of the 6, 7 and 8 of Hearts", "group 0, your
    set of the 7s of Spades, Hearts and Clubs"."""
    parsed = parse_target(token)
    if parsed is None or parsed[0] >= len(table["groups"]):
        return target_words(token)
    group = table["groups"][parsed[0]]
    cards = set_in_words(group["cards"]) if group["kind"] == SET else cards_in_words(group["cards"], in_order=True)
    return f"{target_words(token)}, {possessive_for_mover(group['starter'], me)} {group['kind']} of {cards}"


def pile_words(index: int, table: HouseTable) -> str:
    return "the discard pile" if len(table["piles"]) == 1 else f"discard pile {index}"
