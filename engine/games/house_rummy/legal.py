"""The one source of legality: ``legal_moves`` and ``explain`` from the same predicates, per phase."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine.errors import IllegalMoveError, Refusal
from engine.games.house_rummy import moves as kinds
from engine.games.house_rummy.bottom_card import BottomCardSearch, bottom_card_refusal, keeps_bottom_card
from engine.games.house_rummy.legal_answers import (
    claim_moves,
    claim_refusal,
    exchange_moves,
    fish_moves,
    fish_refusal,
    give_moves,
    give_refusal,
    search_moves,
    search_refusal,
    seat_choice_refusal,
    see_hand_moves,
)
from engine.games.house_rummy.legal_draw import draw_moves, take_refusal
from engine.games.house_rummy.legal_play import (
    discard_moves,
    discard_refusal,
    lay_off_refusal,
    meld_refusal,
    move_card_refusal,
    play_moves,
    play_potato_refusal,
)
from engine.games.house_rummy.phases import (
    CLAIM_PHASE,
    DRAW_PHASE,
    EXCHANGE_GIVE_PHASE,
    EXCHANGE_PHASE,
    EXTRA_DISCARD_PHASE,
    FISH_GIVE_PHASE,
    FISH_PHASE,
    PLAY_PHASE,
    POTATO_PHASE,
    SEARCH_PHASE,
    SEE_HAND_PHASE,
    TURN_PHASES,
    Phase,
)
from engine.games.house_rummy.refusals import no_refusal, refuse, seat_refusal
from engine.games.house_rummy.table import HouseTable, new_cards_on, table_of
from engine.games.house_rummy.turn_plays import board_of_hand, potato_moves
from engine.moves import Move
from engine.state import GameState

KINDS_BY_PHASE: Final[dict[str, tuple[str, ...]]] = {
    Phase.DRAW: (kinds.DRAW, kinds.TAKE),
    Phase.PLAY: (kinds.MELD, kinds.LAY_OFF, kinds.MOVE_CARD, kinds.PLAY_POTATO, kinds.DISCARD),
    Phase.POTATO: (kinds.PASS_POTATO, kinds.KEEP_POTATO),
    Phase.CLAIM: (kinds.CLAIM, kinds.PASS),
    Phase.FISH: (kinds.FISH,),
    Phase.FISH_GIVE: (kinds.GIVE,),
    Phase.SEE_HAND: (kinds.SEE_HAND,),
    Phase.EXCHANGE: (kinds.EXCHANGE,),
    Phase.EXCHANGE_GIVE: (kinds.GIVE,),
    Phase.SEARCH: (kinds.SEARCH,),
    Phase.EXTRA_DISCARD: (kinds.DISCARD,),
}


PHASE_WORDS: Final[dict[str, str]] = {
    Phase.DRAW: "draw a card or take from a discard pile",
    Phase.PLAY: "play cards or discard",
    Phase.POTATO: "pass the Hot Potato or keep it",
    Phase.CLAIM: "answer the rummy-on-the-board claim window",
    Phase.FISH: "name a player and a rank or suit to fish for",
    Phase.FISH_GIVE: "give a card that was fished for",
    Phase.SEE_HAND: "name the player whose hand to see",
    Phase.EXCHANGE: "name the player to exchange a card with",
    Phase.EXCHANGE_GIVE: "choose a card to give in the exchange",
    Phase.SEARCH: "take a card from the discard pile",
    Phase.EXTRA_DISCARD: "discard one card (Draw & Discard 1)",
}


NEW_CARD_KINDS: Final = frozenset({kinds.MOVE_CARD, kinds.PLAY_POTATO})


REFUSALS: Final[dict[str, Callable[[GameState, HouseTable, int, Move], Refusal | None]]] = {
    kinds.DRAW: no_refusal,
    kinds.MELD: meld_refusal,
    kinds.LAY_OFF: lay_off_refusal,
    kinds.MOVE_CARD: move_card_refusal,
    kinds.PLAY_POTATO: play_potato_refusal,
    kinds.DISCARD: discard_refusal,
    kinds.PASS_POTATO: lambda state, table, seat, move: seat_refusal(state, move.args[0], seat),
    kinds.KEEP_POTATO: no_refusal,
    kinds.CLAIM: claim_refusal,
    kinds.PASS: no_refusal,
    kinds.FISH: fish_refusal,
    kinds.GIVE: give_refusal,
    kinds.SEE_HAND: seat_choice_refusal,
    kinds.EXCHANGE: seat_choice_refusal,
    kinds.SEARCH: search_refusal,
}


def potato_phase_moves(state: GameState, table: HouseTable, seat: int) -> list[Move]:
    found = potato_moves(state, seat)
    if not table["bottom_card"]:
        return found
    search = BottomCardSearch(seat)
    return [move for move in found if keeps_bottom_card(state, move, search)]


def extra_discard_moves(state: GameState, table: HouseTable, seat: int) -> list[Move]:
    return discard_moves(state, table, seat, board_of_hand(state, table["hands"][seat]))


# Each phase's generator; ``explain`` checks a move with the refusals of ``REFUSALS`` that these generators share
# (or filter their candidates by).
GENERATORS: Final[dict[str, Callable[[GameState, HouseTable, int], list[Move]]]] = {
    DRAW_PHASE: draw_moves,
    PLAY_PHASE: play_moves,
    POTATO_PHASE: potato_phase_moves,
    CLAIM_PHASE: claim_moves,
    EXTRA_DISCARD_PHASE: extra_discard_moves,
    FISH_PHASE: fish_moves,
    FISH_GIVE_PHASE: give_moves,
    SEE_HAND_PHASE: see_hand_moves,
    EXCHANGE_PHASE: exchange_moves,
    EXCHANGE_GIVE_PHASE: give_moves,
    SEARCH_PHASE: search_moves,
}


def legal_moves(state: GameState, seat: int) -> list[Move]:
    table = table_of(state)
    generate = GENERATORS.get(table["phase"])
    return [] if generate is None else generate(state, table, seat)


def explain(state: GameState, seat: int, move: Move) -> IllegalMoveError | None:
    """``None`` for a legal move of a seat in ``to_act``; else the first rule it breaks."""
    refusal = first_refusal(state, seat, move)
    return None if refusal is None else refusal.error(move)


def first_refusal(state: GameState, seat: int, move: Move) -> Refusal | None:
    table = table_of(state)
    phase = table["phase"]
    allowed = KINDS_BY_PHASE.get(phase, ())
    if move.kind not in allowed:
        words = PHASE_WORDS.get(phase, phase)
        return refuse("wrong_phase", f"now is the time to {words} (moves: {', '.join(allowed) or 'none'})")
    if move.kind in NEW_CARD_KINDS and not new_cards_on(state):
        return refuse("new_cards_off", "the New Card Rules are not in play in this match")
    search = BottomCardSearch(seat)
    if move.kind == kinds.TAKE:
        return take_refusal(state, seat, move, search)
    if bad := REFUSALS[move.kind](state, table, seat, move):
        return bad
    if phase in TURN_PHASES:
        return bottom_card_refusal(state, seat, move, search)
    return None
