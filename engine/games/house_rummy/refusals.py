"""Refusals: why a move is not legal, with a stable code and a reason; the checks many move kinds share."""

from __future__ import annotations

from engine.errors import IllegalMoveError
from engine.games.house_rummy.cards import card_name
from engine.games.house_rummy.table import HouseTable
from engine.moves import Move
from engine.state import GameState

Refusal = IllegalMoveError | None


def refuse(move: Move, code: str, why: str) -> IllegalMoveError:
    return IllegalMoveError(f"'{move}' is not legal: {why}.", code=f"move/{code}")


def named(card: str) -> str:
    return f"{card_name(card)} ('{card}')"


def not_in_hand(table: HouseTable, seat: int, move: Move, cards: list[str]) -> Refusal:
    hand = list(table["hands"][seat])
    for card in cards:
        if card not in hand:
            return refuse(move, "card_not_in_hand", f"seat {seat} does not hold {named(card)}")
        hand.remove(card)
    return None


def seat_refusal(state: GameState, move: Move, token: str, seat: int) -> Refusal:
    if not token.isdigit() or int(token) >= state.players:
        return refuse(move, "bad_seat", f"'{token}' is not a seat of this {state.players}-player match")
    if int(token) == seat:
        return refuse(move, "bad_seat", "you must name another player")
    return None


def pile_refusal(table: HouseTable, move: Move, token: str) -> Refusal:
    if not token.isdigit() or int(token) >= len(table["piles"]):
        return refuse(
            move, "no_such_pile", f"there is no discard pile '{token}' (piles: 0 to {len(table['piles']) - 1})"
        )
    return None


def no_refusal(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal:
    return None
