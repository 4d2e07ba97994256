"""What each seat sees of a House Rummy table, and where every card is (for the conformance checks)."""

from __future__ import annotations

from typing import Any

from engine.game import CardLocation
from engine.games.house_rummy.cards import FISH
from engine.games.house_rummy.event_texts import event_text
from engine.games.house_rummy.move_words import describe_move
from engine.games.house_rummy.scoring import match_totals
from engine.games.house_rummy.table import FINISHED, NOBODY, SET, Group, table_of
from engine.state import GameState

SEAT_SETS = tuple(frozenset((seat,)) for seat in range(6))


HAND_NAMES = tuple(f"hand:{seat}" for seat in range(6))


NOBODY_SET: frozenset[int] = frozenset()


def view(state: GameState, seat: int | None) -> dict[str, Any]:
    table = table_of(state)
    finished = table["phase"] == FINISHED
    claim = table["claim"]
    act = table["action"]
    own = seat is not None and seat == table["turn"]
    bottom = table["bottom_card"]
    return {
        "phase": table["phase"],
        "hand": sorted(table["hands"][seat]) if seat is not None else None,
        "handCounts": [len(hand) for hand in table["hands"]],
        "hands": [sorted(hand) for hand in table["hands"]] if finished else None,
        "stockCount": len(table["stock"]),
        "piles": [list(pile) for pile in table["piles"]],
        "groups": [
            group_view(index, group, table["cross_second_group"]) for index, group in enumerate(table["groups"])
        ],
        "potatoOnBoard": [list(cards) for cards in table["potato_on_board"]],
        "turn": table["turn"],
        "direction": "left" if table["direction"] == 1 else "right",
        "dealer": table["dealer"],
        "handNumber": table["hand_number"],
        "playedOut": None if table["played_out"] == NOBODY else table["played_out"],
        "mustPlayBottomCard": bool(bottom),
        # the card that must be played, as its index in "hand" (the card itself is shown once, in the hand)
        "bottomCardIndex": sorted(table["hands"][seat]).index(bottom) if own and seat is not None and bottom else None,
        "newGroupsThisTurn": table["groups_started"],
        "claim": None
        if claim is None
        else {"pile": claim["pile"], "discarder": claim["discarder"], "waiting": list(claim["waiting"])},
        "action": None
        if act is None
        else {
            "name": act["name"],
            "by": act["discarder"],
            "with": None if act["named"] == NOBODY else act["named"],
            "ask": act["ask"] if act["name"] == FISH else "",
        },
        "totals": match_totals(table, state.players),
    }


def group_view(index: int, group: Group, cross_second_group: dict[str, int]) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "id": index,
        "kind": group["kind"],
        "startedBy": group["starter"],
        # a Cross card shared with the group it was first played to is shown there, and here as "+<card>"
        "cards": [f"+{card}" if cross_second_group.get(card) == index else card for card in group["cards"]],
        "owners": list(group["owners"]),
    }
    if group["kind"] == SET:
        shown["protected"] = bool(group["protected"])
    else:
        shown["openLow"] = group["low_closed"] == 0
        shown["openHigh"] = group["high_closed"] == 0
        shown["suitLow"] = group["low_suit"]
        shown["suitHigh"] = group["high_suit"]
    return shown


def card_locations(state: GameState) -> list[CardLocation]:
    table = table_of(state)
    finished = table["phase"] == FINISHED
    places = [
        CardLocation(HAND_NAMES[seat], hand, None if finished else SEAT_SETS[seat])
        for seat, hand in enumerate(table["hands"])
    ]
    places.append(CardLocation("stock", table["stock"], NOBODY_SET))
    piles = table["piles"]
    places.append(CardLocation("piles", piles[0] if len(piles) == 1 else [c for pile in piles for c in pile]))
    board: list[str] = []
    for group in table["groups"]:
        board += group["cards"]
    for card in table["cross_second_group"]:
        board.remove(card)  # a Cross card in two groups is one card
    for cards in table["potato_on_board"]:
        board += cards
    places.append(CardLocation("board", board))
    return places


__all__ = ["card_locations", "describe_move", "event_text", "view"]
