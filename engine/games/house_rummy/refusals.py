"""Refusals: why a move is not legal, with a stable code and a reason; the checks many move kinds share."""

from __future__ import annotations

from engine.errors import Refusal
from engine.games.house_rummy.cards import card_name
from engine.games.house_rummy.table import HouseTable
from engine.moves import Move
from engine.state import GameState


def refuse(code: str, why: str) -> Refusal:
    """The refusal ``move/<code>`` with the reason ``why`` (``Refusal.error`` names the move)."""
    return Refusal(f"move/{code}", why)


def named(card: str) -> str:
    return f"{card_name(card)} ('{card}')"


def refuse_cards_not_held(table: HouseTable, seat: int, move: Move, cards: list[str]) -> Refusal | None:
    hand = list(table["hands"][seat])
    for card in cards:
        if card not in hand:
            return refuse("card_not_in_hand", f"seat {seat} does not hold {named(card)}")
        hand.remove(card)
    return None


def refuse_seat(state: GameState, token: str, seat: int) -> Refusal | None:
    if not token.isdigit() or int(token) >= state.players:
        return refuse("bad_seat", f"'{token}' is not a seat of this {state.players}-player match")
    if int(token) == seat:
        return refuse("bad_seat", "you must name another player")
    return None


def refuse_pile(table: HouseTable, move: Move, token: str) -> Refusal | None:
    if not token.isdigit() or int(token) >= len(table["piles"]):
        return refuse("no_such_pile", f"there is no discard pile '{token}' (piles: 0 to {len(table['piles']) - 1})")
    return None


def refuse_nothing(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal | None:
    return None
