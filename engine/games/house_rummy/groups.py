"""Groups on the board (sets and runs, records of ``table.Group``): reading a target, making a group and the
changes a play makes to one.

A Move card taken out of a group leaves its span unchanged: the group stays valid and its place is not refilled.
Target tokens name a set by its index (``3``) and a run end by index and end (``3lo``, ``3hi``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from engine.games.house_rummy.cards import PROTECTED, RANK_OF, SET_CARDS, SPECIAL_NAMES, TRANSITION
from engine.games.house_rummy.runs import RANK_BITS, SUIT_CARDS, ace_wraps, is_ka2, run_spans_of
from engine.games.house_rummy.table import CLOSED_BY_ACE, CLOSED_BY_PROTECTED, OPEN, RUN, SET, Group

LOW: Final = "lo"


HIGH: Final = "hi"


def parse_target(token: str) -> tuple[int, str | None] | None:
    """``3`` -> (3, None); ``3hi`` -> (3, 'hi'); anything else -> None."""
    end: str | None = None
    if token.endswith((LOW, HIGH)):
        token, end = token[:-2], token[-2:]
    if not token.isdigit() or (len(token) > 1 and token[0] == "0"):
        return None
    return int(token), end


def end_position(group: Group, end: str) -> int:
    """The position a card played to ``end`` of a run would take."""
    return group["high"] + 1 if end == HIGH else group["low"] - 1


def copy_group(group: Group) -> Group:
    """A group whose lists are its own, for a play to change (the plays copy what they change: copy on write)."""
    copied = group.copy()
    copied["cards"] = list(group["cards"])
    copied["owners"] = list(group["owners"])
    if "positions" in group:
        copied["positions"] = list(group["positions"])
    return copied


def add_to_group(group: Group, end: str | None, cards: list[str], owner: int, *, new_cards: bool) -> None:
    """Plays ``cards`` (one card, a Protected, or a Transition and its follower) to a set or a run end."""
    if group["kind"] == SET:
        for card in cards:
            group["cards"].append(card)
            group["owners"].append(owner)
            if card == PROTECTED:
                group["protected"] = 1
        return
    high = end == HIGH
    for card in cards:
        if card in (PROTECTED, TRANSITION):
            _place(group, high=high, card=card, owner=owner, position=0)
            if card == PROTECTED:
                group["high_closed" if high else "low_closed"] = CLOSED_BY_PROTECTED
            continue
        position = end_position(group, HIGH if high else LOW)
        _place(group, high=high, card=card, owner=owner, position=position)
        if high:
            group["high"], group["high_suit"] = position, card[1]
        else:
            group["low"], group["low_suit"] = position, card[1]
        if card[0] == "A" and not is_ka2(card, new_cards=new_cards):
            group["high_closed" if high else "low_closed"] = CLOSED_BY_ACE


def _place(group: Group, *, high: bool, card: str, owner: int, position: int) -> None:
    if high:
        group["cards"].append(card)
        group["owners"].append(owner)
        group["positions"].append(position)
    else:
        group["cards"].insert(0, card)
        group["owners"].insert(0, owner)
        group["positions"].insert(0, position)


def remove_from_group(group: Group, card: str) -> int:
    """Takes a Move card out of its group (the span stays); returns its owner."""
    index = group["cards"].index(card)
    group["cards"].pop(index)
    owner = group["owners"].pop(index)
    if group["kind"] == RUN:
        group["positions"].pop(index)
    return owner


def new_set(cards: list[str], owners: list[int], starter: int) -> Group:
    return Group(kind=SET, starter=starter, cards=cards, owners=owners, rank=RANK_OF[cards[0][0]], protected=0)


def new_run(low: int, high: int, suit: str, owners_by_card: dict[str, int], starter: int, *, new_cards: bool) -> Group:
    by_rank = SUIT_CARDS[suit]
    cards = [by_rank[(position - 1) % 13] for position in range(low, high + 1)]  # ``card_at``
    low_card, high_card = cards[0], cards[-1]
    return Group(
        kind=RUN,
        starter=starter,
        cards=cards,
        owners=[owners_by_card[card] for card in cards],
        positions=list(range(low, high + 1)),
        low=low,
        high=high,
        low_suit=suit,
        high_suit=suit,
        low_closed=CLOSED_BY_ACE if low_card[0] == "A" and not is_ka2(low_card, new_cards=new_cards) else OPEN,
        high_closed=CLOSED_BY_ACE if high_card[0] == "A" and not is_ka2(high_card, new_cards=new_cards) else OPEN,
    )


def meld_kind(cards: Iterable[str]) -> str:
    ranks = {card[0] for card in cards}
    return SET if len(ranks) == 1 else RUN


def build_meld(cards: list[str], owners_by_card: dict[str, int], starter: int, *, new_cards: bool) -> Group | None:
    """The group record for a meld's cards, or None if they are neither a set nor a run."""
    if len(cards) < 3 or any(card in SPECIAL_NAMES for card in cards) or len(set(cards)) != len(cards):
        return None
    if meld_kind(cards) == SET:
        ordered = [card for card in SET_CARDS[RANK_OF[cards[0][0]]] if card in cards]  # (in suit order)
        return new_set(ordered, [owners_by_card[card] for card in ordered], starter)
    suit = cards[0][1]
    ranks = 0  # one bit each (``RANK_BITS``): distinct cards of one suit have distinct ranks
    for card in cards:
        if card[1] != suit:
            return None
        ranks |= RANK_BITS[card[0]]
    # The first span of ``run_spans_of`` that takes exactly these ranks.
    for low, high, _ in run_spans_of(ranks, wrap=ace_wraps(ranks, suit, new_cards=new_cards)):
        if high - low + 1 == len(cards):
            return new_run(low, high, suit, owners_by_card, starter, new_cards=new_cards)
    return None
