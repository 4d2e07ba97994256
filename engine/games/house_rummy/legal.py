"""The one source of legality: per move kind one refusal (``REFUSALS``) and one generator (``GENERATORS``) built
from the same predicates, and one phase gate (``KINDS_BY_PHASE``) for both; ``legal_moves`` and ``explain``
(through ``refuse_move``) are the two views of them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine.errors import IllegalMoveError, Refusal
from engine.games.house_rummy import moves as kinds
from engine.games.house_rummy.bottom_card import BottomCardSearch, keeps_bottom_card, refuse_bottom_card
from engine.games.house_rummy.legal_answers import (
    claim_moves,
    exchange_moves,
    fish_moves,
    give_moves,
    refuse_claim_move,
    refuse_fish_move,
    refuse_give_move,
    refuse_search_move,
    refuse_seat_choice_move,
    search_moves,
    see_hand_moves,
)
from engine.games.house_rummy.legal_draw import draw_moves, refuse_take
from engine.games.house_rummy.legal_play import (
    discard_phase_moves,
    refuse_discard_move,
    refuse_lay_off_move,
    refuse_meld_move,
    refuse_move_card_move,
    refuse_play_potato_move,
    turn_play_moves,
)
from engine.games.house_rummy.phases import TURN_PHASES, Phase
from engine.games.house_rummy.refusals import refuse, refuse_nothing
from engine.games.house_rummy.table import HouseTable, new_cards_on, table_of
from engine.games.house_rummy.turn_plays import potato_moves, refuse_pass_potato_move
from engine.moves import Move
from engine.state import GameState

# A move kind's refusal (``None``: allowed) and a generator of the legal moves of one or more kinds.
RefuseMove = Callable[[GameState, HouseTable, int, Move], Refusal | None]
GenerateMoves = Callable[[GameState, HouseTable, int], list[Move]]

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


# ----- the refusals: one predicate per move kind ----------------------------------------------------------------
def refuse_take_move(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal | None:
    return refuse_take(state, seat, move, BottomCardSearch(seat))


REFUSALS: Final[dict[str, RefuseMove]] = {
    kinds.DRAW: refuse_nothing,
    kinds.TAKE: refuse_take_move,
    kinds.MELD: refuse_meld_move,
    kinds.LAY_OFF: refuse_lay_off_move,
    kinds.MOVE_CARD: refuse_move_card_move,
    kinds.PLAY_POTATO: refuse_play_potato_move,
    kinds.DISCARD: refuse_discard_move,
    kinds.PASS_POTATO: refuse_pass_potato_move,
    kinds.KEEP_POTATO: refuse_nothing,
    kinds.CLAIM: refuse_claim_move,
    kinds.PASS: refuse_nothing,
    kinds.FISH: refuse_fish_move,
    kinds.GIVE: refuse_give_move,
    kinds.SEE_HAND: refuse_seat_choice_move,
    kinds.EXCHANGE: refuse_seat_choice_move,
    kinds.SEARCH: refuse_search_move,
}


# ----- the generators: per move kind, the moves its refusal lets through -----------------------------------------
# Each generator lists the moves of its kinds that ``refuse_move`` allows, from the predicates of those kinds'
# refusals (the same helpers: ``take_allowed``, ``may_start_group``, ``may_discard``, ``claim_targets``, ...), or
# by keeping the candidates a refusal lets through (``refuse_seat``, ``REFUSALS_AFTER_DISCARD``). Kinds that share
# their work share a generator (the turn plays, a phase's two answers), called once per phase.
def potato_phase_moves(state: GameState, table: HouseTable, seat: int) -> list[Move]:
    """``potato_moves`` (``pass_potato`` to each seat ``refuse_pass_potato_move`` allows, and ``keep_potato``), those
    that keep the bottom card taken playable (``refuse_bottom_card``)."""
    found = potato_moves(state, seat)
    if not table["bottom_card"]:
        return found
    search = BottomCardSearch(seat)
    return [move for move in found if keeps_bottom_card(state, move, search)]


GENERATORS: Final[dict[str, GenerateMoves]] = {
    kinds.DRAW: draw_moves,
    kinds.TAKE: draw_moves,
    kinds.MELD: turn_play_moves,
    kinds.LAY_OFF: turn_play_moves,
    kinds.MOVE_CARD: turn_play_moves,
    kinds.PLAY_POTATO: turn_play_moves,
    kinds.DISCARD: discard_phase_moves,
    kinds.PASS_POTATO: potato_phase_moves,
    kinds.KEEP_POTATO: potato_phase_moves,
    kinds.CLAIM: claim_moves,
    kinds.PASS: claim_moves,
    kinds.FISH: fish_moves,
    kinds.GIVE: give_moves,
    kinds.SEE_HAND: see_hand_moves,
    kinds.EXCHANGE: exchange_moves,
    kinds.SEARCH: search_moves,
}


# Per phase, the generators of the kinds ``KINDS_BY_PHASE`` allows, each once, in the order of those kinds: the
# phase gate of ``refuse_move`` and of ``legal_moves`` is the one table.
PLANS: Final[dict[str, tuple[GenerateMoves, ...]]] = {
    str(phase): tuple(dict.fromkeys(GENERATORS[kind] for kind in allowed)) for phase, allowed in KINDS_BY_PHASE.items()
}


# ----- the two views of the same predicates ------------------------------------------------------------------------
def legal_moves(state: GameState, seat: int) -> list[Move]:
    table = table_of(state)
    plan = PLANS.get(table["phase"], ())
    if len(plan) == 1:
        return plan[0](state, table, seat)
    found: list[Move] = []
    for generate in plan:
        found.extend(generate(state, table, seat))
    return found


def explain(state: GameState, seat: int, move: Move) -> IllegalMoveError | None:
    """``None`` for a legal move of a seat in ``to_act``; else the first rule it breaks."""
    refusal = refuse_move(state, seat, move)
    return None if refusal is None else refusal.error(move)


def refuse_move(state: GameState, seat: int, move: Move) -> Refusal | None:
    """The first rule ``move`` of ``seat`` (a seat to act) breaks: the phase, the New Card Rules, the refusal of its
    kind, then (in the player's own turn) the bottom card taken."""
    table = table_of(state)
    phase = table["phase"]
    allowed = KINDS_BY_PHASE.get(phase, ())
    if move.kind not in allowed:
        words = PHASE_WORDS.get(phase, phase)
        return refuse("wrong_phase", f"now is the time to {words} (moves: {', '.join(allowed) or 'none'})")
    if move.kind in NEW_CARD_KINDS and not new_cards_on(state):
        return refuse("new_cards_off", "the New Card Rules are not in play in this match")
    if bad := REFUSALS[move.kind](state, table, seat, move):
        return bad
    if phase in TURN_PHASES:
        return refuse_bottom_card(state, seat, move, BottomCardSearch(seat))
    return None
