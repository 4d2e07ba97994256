"""Legality after a discard: the claim window and the choices of the discard actions."""

from __future__ import annotations

from engine.games.house_rummy import moves as kinds
from engine.games.house_rummy.board import board_accepts
from engine.games.house_rummy.cards import ASK_TOKENS, PROTECTED
from engine.games.house_rummy.discard_actions import fish_matches, search_choices
from engine.games.house_rummy.phases import FISH_GIVE_PHASE
from engine.games.house_rummy.refusals import Refusal, named, not_in_hand, refuse, seat_refusal
from engine.games.house_rummy.table import HouseTable
from engine.moves import Move
from engine.state import GameState


def claim_refusal(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal:
    window = table["claim"]
    assert window is not None
    card = window["card"]
    if move.args[0] in board_accepts(table["groups"], card == PROTECTED).accepts.get(card, []):
        return None
    return refuse(move, "does_not_fit", f"{named(card)} cannot be played to group {move.args[0]}")


def fish_refusal(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal:
    if bad := seat_refusal(state, move, move.args[0], seat):
        return bad
    if move.args[1] not in ASK_TOKENS:
        return refuse(move, "bad_ask", "ask for a rank (A,2-9,T,J,Q,K) or a suit (S,H,D,C)")
    return None


def give_refusal(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal:
    if bad := not_in_hand(table, seat, move, [move.args[0]]):
        return bad
    act = table["action"]
    assert act is not None
    if table["phase"] == FISH_GIVE_PHASE and move.args[0] not in fish_matches(table["hands"][seat], act["ask"]):
        return refuse(move, "card_does_not_match", f"the card given must match the {act['ask']} that was asked for")
    return None


def seat_choice_refusal(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal:
    if bad := seat_refusal(state, move, move.args[0], seat):
        return bad
    if move.kind == kinds.EXCHANGE and not table["hands"][int(move.args[0])]:
        return refuse(move, "empty_hand", f"seat {move.args[0]} has no card to exchange")
    return None


def search_refusal(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal:
    act = table["action"]
    assert act is not None
    if move.args[0] in search_choices(table["piles"][act["pile"]], act["ask"]):
        return None
    return refuse(move, "card_not_in_pile", f"'{move.args[0]}' is not in the discard pile the Search Discard went to")
