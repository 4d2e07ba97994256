"""What the seats know of each other's hands: the public and private records ``determinize`` keeps in place.

``known_cards[holder]``: cards everyone saw go into ``holder``'s hand (taken from a discard pile, taken by Search
Discard, a Hot Potato passed to it, or kept in the potato phase) and not seen to leave since. ``seen_cards``: what
one seat alone (or two) saw, keyed ``"<observer>:<holder>"``, only for non-empty lists: a hand shown by See Hand, the
card the observer gave by Fish or by Exchange 1, the cards publicly known in an exchanged hand that the other party
saw stay there.

A card played, discarded or given away openly leaves every record of its holder (one copy: the Transitions and
Protected cards are two each). A card that leaves a hand face down (Fish, Exchange 1) makes the seats that did not
see it forget every card it could have been: for Fish, every recorded card of the asked rank or suit; for an
exchange, every recorded card of both hands.

Every change replaces the records it touches (copy on write), never a list in place: the bottom-card search plays
moves on hypothetical states that share these records with the true state.
"""

from __future__ import annotations

from collections import Counter

from engine.games.house_rummy.table import HouseTable


def seen_key(observer: int, holder: int) -> str:
    return f"{observer}:{holder}"


def holder_of(key: str) -> int:
    return int(key.partition(":")[2])


def observer_of(key: str) -> int:
    return int(key.partition(":")[0])


def new_records(players: int) -> tuple[list[list[str]], dict[str, list[str]]]:
    return [[] for _ in range(players)], {}


def make_public(table: HouseTable, holder: int, cards: list[str]) -> None:
    """Everyone saw ``cards`` go into ``holder``'s hand."""
    known = list(table["known_cards"])
    known[holder] = [*known[holder], *cards]
    table["known_cards"] = known


def union(*records: list[str]) -> list[str]:
    """Cards known by several records of one hand: each card as often as the record that knows most copies of it
    (never more: each record alone is true)."""
    counts: Counter[str] = Counter()
    for record in records:
        counts |= Counter(record)
    return list(counts.elements())


def known_to(table: HouseTable, observer: int, holder: int) -> list[str]:
    """Every card ``observer`` knows to be in ``holder``'s hand (another seat's)."""
    public = table["known_cards"][holder]
    private = table["seen_cards"].get(seen_key(observer, holder))
    return union(public, private) if private else list(public)


def make_seen(table: HouseTable, observer: int, holder: int, cards: list[str], *, replace: bool = False) -> None:
    """``observer`` alone saw ``cards`` in ``holder``'s hand (``replace``: they are the whole hand)."""
    seen = dict(table["seen_cards"])
    key = seen_key(observer, holder)
    merged = list(cards) if replace else union(seen.get(key, []), cards)
    if merged:
        seen[key] = merged
    else:
        seen.pop(key, None)
    table["seen_cards"] = seen


def forget_card(table: HouseTable, holder: int, card: str) -> None:
    """``card`` left ``holder``'s hand in the open: it leaves every record of that hand (one copy)."""
    if card in table["known_cards"][holder]:
        known = list(table["known_cards"])
        cards = list(known[holder])
        cards.remove(card)
        known[holder] = cards
        table["known_cards"] = known
    if table["seen_cards"]:
        seen = table["seen_cards"]
        touched = [key for key, cards in seen.items() if card in cards and holder_of(key) == holder]
        if touched:
            updated = dict(seen)
            for key in touched:
                cards = list(updated[key])
                cards.remove(card)
                if cards:
                    updated[key] = cards
                else:
                    del updated[key]
            table["seen_cards"] = updated


def without(cards: list[str], card: str) -> list[str]:
    """``cards`` less one copy of ``card`` (if any)."""
    rest = list(cards)
    if card in rest:
        rest.remove(card)
    return rest


def fish_given(table: HouseTable, giver: int, asker: int, card: str, matches: frozenset[str]) -> None:
    """``giver`` gave ``asker`` ``card``, face down to everyone else: the two know where it went and what stayed;
    the others forget every recorded card of the giver's hand that matches what was asked (any may have gone)."""
    asker_knew = without(known_to(table, asker, giver), card)
    known = list(table["known_cards"])
    known[giver] = [held for held in known[giver] if held not in matches]
    table["known_cards"] = known
    seen = {
        key: [held for held in cards if held not in matches] if holder_of(key) == giver else cards
        for key, cards in table["seen_cards"].items()
    }
    table["seen_cards"] = {key: cards for key, cards in seen.items() if cards}
    make_seen(table, asker, giver, asker_knew, replace=True)
    make_seen(table, giver, asker, [card])


def exchanged(table: HouseTable, first: int, second: int, first_gave: str, second_gave: str) -> None:
    """``first`` and ``second`` swapped ``first_gave`` and ``second_gave`` face down: each knows the card it gave is
    in the other hand and still knows what it knew of the other hand but the card it got; the others forget both
    hands (either card may have been the one that went)."""
    first_knew = known_to(table, first, second)
    second_knew = known_to(table, second, first)
    known = list(table["known_cards"])
    known[first] = []
    known[second] = []
    table["known_cards"] = known
    table["seen_cards"] = {
        key: cards for key, cards in table["seen_cards"].items() if holder_of(key) not in (first, second)
    }
    make_seen(table, first, second, [*without(first_knew, second_gave), first_gave], replace=True)
    make_seen(table, second, first, [*without(second_knew, first_gave), second_gave], replace=True)
