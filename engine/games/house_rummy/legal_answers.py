"""Legality after a discard: the claim window and the choices of the discard actions. Each move kind has one
refusal; the generator of a phase lists its candidates that the refusal lets through (``allowed``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

from engine.errors import Refusal
from engine.games.house_rummy import moves as kinds
from engine.games.house_rummy.board import state_board
from engine.games.house_rummy.cards import ASK_TOKENS, PROTECTED
from engine.games.house_rummy.discard_actions import fish_matches, search_choices
from engine.games.house_rummy.moves import PASS_MOVE
from engine.games.house_rummy.phases import FISH_GIVE_PHASE
from engine.games.house_rummy.refusals import named, refuse, refuse_cards_not_held, refuse_nothing, refuse_seat
from engine.games.house_rummy.table import HouseTable
from engine.moves import Move
from engine.state import GameState


def claim_targets(state: GameState, table: HouseTable) -> list[str]:
    """Where the card of the claim window can be played: the one rule of a claim."""
    window = table["claim"]
    assert window is not None
    card = window["card"]
    return state_board(state, protect=card == PROTECTED).accepts.get(card, [])


def refuse_claim_move(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal | None:
    if move.args[0] in claim_targets(state, table):
        return None
    window = table["claim"]
    assert window is not None
    return refuse("does_not_fit", f"{named(window['card'])} cannot be played to group {move.args[0]}")


def refuse_fish_move(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal | None:
    if bad := refuse_seat(state, move.args[0], seat):
        return bad
    if move.args[1] not in ASK_TOKENS:
        return refuse("bad_ask", "ask for a rank (A,2-9,T,J,Q,K) or a suit (S,H,D,C)")
    return None


def refuse_give_move(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal | None:
    if bad := refuse_cards_not_held(table, seat, move, [move.args[0]]):
        return bad
    act = table["action"]
    assert act is not None
    if table["phase"] == FISH_GIVE_PHASE and move.args[0] not in fish_matches(table["hands"][seat], act["ask"]):
        return refuse("card_does_not_match", f"the card given must match the {act['ask']} that was asked for")
    return None


def refuse_seat_choice_move(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal | None:
    if bad := refuse_seat(state, move.args[0], seat):
        return bad
    if move.kind == kinds.EXCHANGE and not table["hands"][int(move.args[0])]:
        return refuse("empty_hand", f"seat {move.args[0]} has no card to exchange")
    return None


def refuse_search_move(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal | None:
    act = table["action"]
    assert act is not None
    if move.args[0] in search_choices(table["piles"][act["pile"]], act["ask"]):
        return None
    return refuse("card_not_in_pile", f"'{move.args[0]}' is not in the discard pile the Search Discard went to")


# ----- the generators: every candidate of the phase that its move kind's refusal allows ---------------------------
def allowed(state: GameState, table: HouseTable, seat: int, candidates: Iterable[Move]) -> list[Move]:
    """The ``candidates`` (of one phase) that the refusal of their move kind lets through."""
    return [move for move in candidates if REFUSALS_AFTER_DISCARD[move.kind](state, table, seat, move) is None]


def claim_moves(state: GameState, table: HouseTable, seat: int) -> list[Move]:
    return [PASS_MOVE, *(Move(kinds.CLAIM, (target,)) for target in claim_targets(state, table))]


def fish_moves(state: GameState, table: HouseTable, seat: int) -> list[Move]:
    """``refuse_fish_move``'s two checks apart: the seats it lets through, each with every rank and suit."""
    seats = [str(other) for other in range(state.players) if refuse_seat(state, str(other), seat) is None]
    return [Move(kinds.FISH, (other, ask)) for other in seats for ask in ASK_TOKENS]


def give_moves(state: GameState, table: HouseTable, seat: int) -> list[Move]:
    """``refuse_give_move``'s cards: those in hand, after a Fish only those matching what was asked for."""
    hand = table["hands"][seat]
    act = table["action"]
    assert act is not None
    cards = fish_matches(hand, act["ask"]) if table["phase"] == FISH_GIVE_PHASE else sorted(set(hand))
    return [Move(kinds.GIVE, (card,)) for card in cards]


def see_hand_moves(state: GameState, table: HouseTable, seat: int) -> list[Move]:
    return allowed(state, table, seat, (Move(kinds.SEE_HAND, (str(other),)) for other in range(state.players)))


def exchange_moves(state: GameState, table: HouseTable, seat: int) -> list[Move]:
    return allowed(state, table, seat, (Move(kinds.EXCHANGE, (str(other),)) for other in range(state.players)))


def search_moves(state: GameState, table: HouseTable, seat: int) -> list[Move]:
    act = table["action"]
    assert act is not None
    candidates = (Move(kinds.SEARCH, (card,)) for card in sorted(set(table["piles"][act["pile"]])))
    return allowed(state, table, seat, candidates)


REFUSALS_AFTER_DISCARD: Final[dict[str, Callable[[GameState, HouseTable, int, Move], Refusal | None]]] = {
    kinds.CLAIM: refuse_claim_move,
    kinds.PASS: refuse_nothing,
    kinds.FISH: refuse_fish_move,
    kinds.GIVE: refuse_give_move,
    kinds.SEE_HAND: refuse_seat_choice_move,
    kinds.EXCHANGE: refuse_seat_choice_move,
    kinds.SEARCH: refuse_search_move,
}
