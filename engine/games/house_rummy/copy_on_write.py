"""Copy on write: a play replaces every table value it changes, never one in place, so a state's copy shares
the values it does not change."""

from __future__ import annotations

from engine.games.house_rummy.groups import copy_group
from engine.games.house_rummy.table import Group, HouseTable


def set_hand(table: HouseTable, seat: int, hand: list[str]) -> None:
    hands = list(table["hands"])
    hands[seat] = hand
    table["hands"] = hands


def hand_without(hand: list[str], cards: list[str]) -> list[str]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return rest


def set_pile(table: HouseTable, index: int, pile: list[str]) -> None:
    piles = list(table["piles"])
    piles[index] = pile
    table["piles"] = piles


def own_group(table: HouseTable, index: int) -> Group:
    """A private copy of group ``index``, installed in a new groups list, for the play to change."""
    groups = list(table["groups"])
    group = groups[index] = copy_group(groups[index])
    table["groups"] = groups
    return group
