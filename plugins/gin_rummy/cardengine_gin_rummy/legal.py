"""The one source of Gin Rummy's legality: one small predicate per rule, each returning ``None`` (allowed) or the
``Refusal`` of that rule. ``legal_moves`` lists the moves they allow (OpenSpiel's ``LegalActions``, as moves);
``explain`` returns ``None`` for those and otherwise the first refusal, as an ``IllegalMoveError``.
``move_of_action`` reads an OpenSpiel action id as the move it is in the current phase."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from cardengine_gin_rummy.cards import CARD_IDS, CODES
from cardengine_gin_rummy.flow import KNOCK_CARD, Phase
from cardengine_gin_rummy.melds import (
    HAND_SIZE,
    MELD_CARDS,
    all_layoffs,
    all_meld_ids,
    legal_knock_discards,
    legal_melds,
    min_deadwood,
    total_value,
)
from cardengine_gin_rummy.moves import (
    DISCARD,
    DISCARD_MOVES,
    DRAW_STOCK,
    DRAW_STOCK_ACTION,
    DRAW_UPCARD,
    DRAW_UPCARD_ACTION,
    KNOCK,
    KNOCK_ACTION,
    LAY_OFF,
    LAY_OFF_MOVES,
    MELD,
    MELD_ACTION_BASE,
    MELD_MOVES,
    PASS,
    PASS_ACTION,
    SIMPLE_MOVES,
    meld_of,
)
from cardengine_gin_rummy.table import GinRummyTable, table_of
from engine.cards import card_name
from engine.errors import IllegalMoveError, Refusal
from engine.moves import Move
from engine.state import GameState

# The reasons' placeholders, filled by ``explain``: ``{card}`` (the move's card by its full name), ``{code}``,
# ``{phase}`` and ``{knock_card}``.
WRONG_PHASE = Refusal("move/wrong_phase", "that move is not played in the {phase} phase")
MUST_DRAW_STOCK = Refusal("move/must_draw_stock", "both players passed the first upcard, so the stock must be drawn")
UPCARD_ON_OFFER = Refusal("move/upcard_on_offer", "the first upcard is on offer: take it or pass")
UNKNOWN_CARD = Refusal("move/unknown_card", "'{code}' is not a card (a rank A 2-9 T J Q K and a suit S C D H)")
CARD_NOT_IN_HAND = Refusal("move/card_not_in_hand", "you do not hold the {card}")
CANNOT_KNOCK = Refusal("move/cannot_knock", "a knock needs {knock_card} points of deadwood or less")
DEADWOOD_TOO_HIGH = Refusal(
    "move/deadwood_too_high", "after a knock the discard must leave {knock_card} points of deadwood or less"
)
DISCARD_FIRST = Refusal("move/discard_first", "the knocker discards before laying melds")
ALREADY_DISCARDED = Refusal("move/already_discarded", "the knocker has discarded: lay melds or pass")
NOT_A_MELD = Refusal("move/not_a_meld", "the cards are no meld (three or four of a rank, or a run of three to five)")
MELD_NOT_IN_HAND = Refusal("move/card_not_in_hand", "you do not hold every card of that meld")
MELD_LEAVES_DEADWOOD = Refusal(
    "move/meld_leaves_deadwood", "that meld leaves no way to bring the deadwood to {knock_card} points or less"
)
MUST_MELD = Refusal("move/must_meld", "the unmelded cards count more than {knock_card} points: lay more melds")
LAY_OFF_FIRST = Refusal("move/lay_off_first", "the defender lays off first: pass to go on to laying melds")
LAYOFFS_OVER = Refusal("move/layoffs_over", "lay-offs are over (there are none on gin)")
CANNOT_LAY_OFF = Refusal("move/cannot_lay_off", "the {card} extends none of the knocker's melds")

KINDS_BY_PHASE: Final[dict[str, frozenset[str]]] = {
    Phase.FIRST_UPCARD: frozenset({DRAW_UPCARD, DRAW_STOCK, PASS}),
    Phase.DRAW: frozenset({DRAW_UPCARD, DRAW_STOCK}),
    Phase.DISCARD: frozenset({DISCARD, KNOCK}),
    Phase.KNOCK: frozenset({DISCARD, MELD, PASS}),
    Phase.LAYOFF: frozenset({LAY_OFF, MELD, PASS}),
    Phase.WALL: frozenset({KNOCK, PASS}),
    Phase.FINISHED: frozenset(),
}


# ----- the rules --------------------------------------------------------------------------------------------
def both_passed(table: GinRummyTable) -> bool:
    return all(table["passed_first_upcard"])


def refuse_card(hand: list[int], code: str) -> Refusal | None:
    """A seat plays a card of its own hand."""
    card = CARD_IDS.get(code)
    if card is None:
        return UNKNOWN_CARD
    return None if card in hand else CARD_NOT_IN_HAND


def knocking_discard(table: GinRummyTable, seat: int) -> bool:
    """Whether the knocker still holds eleven cards (its discard comes first)."""
    return len(table["hands"][seat]) == HAND_SIZE + 1


def refuse_knock_discard(hand: list[int], card: int) -> Refusal | None:
    """After a knock, the discard must leave a hand of at most the knock card's deadwood."""
    return None if min_deadwood([other for other in hand if other != card]) <= KNOCK_CARD else DEADWOOD_TOO_HIGH


def refuse_knock(table: GinRummyTable, seat: int) -> Refusal | None:
    """A knock needs deadwood of at most 10; at the wall, counted with the upcard taken."""
    if table["phase"] == Phase.WALL:
        upcard = table["upcard"]
        deadwood = min_deadwood([*table["hands"][seat], *([] if upcard is None else [upcard])])
    else:
        deadwood = table["deadwood"][seat]
    return None if deadwood <= KNOCK_CARD else CANNOT_KNOCK


def refuse_meld_cards(hand: list[int], move: Move) -> Refusal | None:
    """A meld of OpenSpiel's (three or four of a rank, a run of three to five) from the seat's hand."""
    meld = meld_of(move)
    if meld is None:
        return NOT_A_MELD
    return None if all(card in hand for card in MELD_CARDS[meld]) else MELD_NOT_IN_HAND


# ----- one move: the first rule that refuses it -------------------------------------------------------------
def refuse_draw_upcard_move(table: GinRummyTable, seat: int, move: Move) -> Refusal | None:
    return MUST_DRAW_STOCK if table["phase"] == Phase.FIRST_UPCARD and both_passed(table) else None


def refuse_draw_stock_move(table: GinRummyTable, seat: int, move: Move) -> Refusal | None:
    return UPCARD_ON_OFFER if table["phase"] == Phase.FIRST_UPCARD and not both_passed(table) else None


def refuse_pass_move(table: GinRummyTable, seat: int, move: Move) -> Refusal | None:
    phase = table["phase"]
    if phase == Phase.FIRST_UPCARD:
        return MUST_DRAW_STOCK if both_passed(table) else None
    if phase == Phase.KNOCK:
        if knocking_discard(table, seat):
            return DISCARD_FIRST
        return MUST_MELD if total_value(table["hands"][seat]) > KNOCK_CARD else None
    return None


def refuse_discard_move(table: GinRummyTable, seat: int, move: Move) -> Refusal | None:
    hand = table["hands"][seat]
    if table["phase"] == Phase.KNOCK and not knocking_discard(table, seat):
        return ALREADY_DISCARDED
    refused = refuse_card(hand, move.args[0])
    if refused is None and table["phase"] == Phase.KNOCK:
        return refuse_knock_discard(hand, CARD_IDS[move.args[0]])
    return refused


def refuse_knock_move(table: GinRummyTable, seat: int, move: Move) -> Refusal | None:
    return refuse_knock(table, seat)


def refuse_meld_move(table: GinRummyTable, seat: int, move: Move) -> Refusal | None:
    hand = table["hands"][seat]
    if table["phase"] == Phase.KNOCK:
        if knocking_discard(table, seat):
            return DISCARD_FIRST
        refused = refuse_meld_cards(hand, move)
        if refused is None and meld_of(move) not in legal_melds(hand, KNOCK_CARD):
            return MELD_LEAVES_DEADWOOD
        return refused
    return LAY_OFF_FIRST if not table["layoffs_done"] else refuse_meld_cards(hand, move)


def refuse_lay_off_move(table: GinRummyTable, seat: int, move: Move) -> Refusal | None:
    if table["layoffs_done"]:
        return LAYOFFS_OVER
    refused = refuse_card(table["hands"][seat], move.args[0])
    if refused is None and CARD_IDS[move.args[0]] not in all_layoffs(table["melds"][1 - seat], table["layoffs"]):
        return CANNOT_LAY_OFF
    return refused


RefuseMove = Callable[[GinRummyTable, int, Move], Refusal | None]

REFUSALS: Final[dict[str, RefuseMove]] = {
    DRAW_UPCARD: refuse_draw_upcard_move,
    DRAW_STOCK: refuse_draw_stock_move,
    PASS: refuse_pass_move,
    KNOCK: refuse_knock_move,
    DISCARD: refuse_discard_move,
    LAY_OFF: refuse_lay_off_move,
    MELD: refuse_meld_move,
}


def refuse_move(state: GameState, seat: int, move: Move) -> Refusal | None:
    """The first rule that refuses ``move`` of ``seat`` (a seat whose turn it is), or ``None``."""
    table = table_of(state)
    if move.kind not in KINDS_BY_PHASE[table["phase"]]:
        return WRONG_PHASE
    return REFUSALS[move.kind](table, seat, move)


# ----- built from the rules ---------------------------------------------------------------------------------
def knock_moves(table: GinRummyTable, seat: int) -> list[Move]:
    hand = table["hands"][seat]
    if knocking_discard(table, seat):
        return [DISCARD_MOVES[card] for card in legal_knock_discards(hand, KNOCK_CARD)]
    moves = [MELD_MOVES[meld] for meld in legal_melds(hand, KNOCK_CARD)]
    if total_value(hand) <= KNOCK_CARD:
        moves.append(SIMPLE_MOVES[PASS_ACTION])
    return moves


def layoff_moves(table: GinRummyTable, seat: int) -> list[Move]:
    hand = table["hands"][seat]
    if table["layoffs_done"]:
        return [SIMPLE_MOVES[PASS_ACTION], *(MELD_MOVES[meld] for meld in all_meld_ids(hand))]
    fits = all_layoffs(table["melds"][1 - seat], table["layoffs"])
    return [SIMPLE_MOVES[PASS_ACTION], *(LAY_OFF_MOVES[card] for card in sorted(hand) if card in fits)]


def legal_moves(state: GameState, seat: int) -> list[Move]:
    """Every move the rules allow ``seat`` (whose turn it is): OpenSpiel's legal actions, as moves."""
    table = table_of(state)
    phase = table["phase"]
    if phase == Phase.DRAW:
        return [SIMPLE_MOVES[DRAW_UPCARD_ACTION], SIMPLE_MOVES[DRAW_STOCK_ACTION]]
    if phase == Phase.DISCARD:
        moves = [DISCARD_MOVES[card] for card in sorted(table["hands"][seat])]
        if refuse_knock(table, seat) is None:
            moves.append(SIMPLE_MOVES[KNOCK_ACTION])
        return moves
    if phase == Phase.FIRST_UPCARD:
        return (
            [SIMPLE_MOVES[DRAW_STOCK_ACTION]]
            if both_passed(table)
            else [SIMPLE_MOVES[DRAW_UPCARD_ACTION], SIMPLE_MOVES[PASS_ACTION]]
        )
    if phase == Phase.KNOCK:
        return knock_moves(table, seat)
    if phase == Phase.LAYOFF:
        return layoff_moves(table, seat)
    if phase == Phase.WALL:
        return [SIMPLE_MOVES[PASS_ACTION], *([SIMPLE_MOVES[KNOCK_ACTION]] if refuse_knock(table, seat) is None else [])]
    return []


def move_of_action(state: GameState, action: int) -> Move:
    """The move an OpenSpiel action id stands for now: a card id is a lay-off in the defender's lay-offs, else a
    discard; 52-55 the simple moves; 56-240 a meld."""
    if action < len(CODES):
        return (LAY_OFF_MOVES if table_of(state)["phase"] == Phase.LAYOFF else DISCARD_MOVES)[action]
    if action < MELD_ACTION_BASE:
        return SIMPLE_MOVES[action]
    return MELD_MOVES[action - MELD_ACTION_BASE]


def explain(state: GameState, seat: int, move: Move) -> IllegalMoveError | None:
    """``None`` if ``move`` is legal for ``seat``, else the first refusal, naming the move and its own cards only."""
    refused = refuse_move(state, seat, move)
    if refused is None:
        return None
    code = move.args[0] if move.kind in (DISCARD, LAY_OFF) else ""
    table = table_of(state)
    return refused.error(
        move,
        position=f"hand {table['hand_number']}, step {state.step}",
        code=code,
        card=card_name(code),
        phase=table["phase"].replace("_", " "),
        knock_card=KNOCK_CARD,
    )
