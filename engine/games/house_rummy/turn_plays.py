"""The plays of the play phase (no discard), whatever the bottom card: the generators and the predicates
they share with the refusals."""

from __future__ import annotations

from engine.errors import Refusal
from engine.games.house_rummy import moves as kinds
from engine.games.house_rummy.board import Board, Extra, board_cards, lay_offs_of, state_board, transition_pairs
from engine.games.house_rummy.cards import (
    CROSS_CARDS,
    HOT_POTATO,
    MOVE_CARDS,
    PROTECTED,
    RANK_OF,
    SPECIAL_NAMES,
    TRANSITION,
)
from engine.games.house_rummy.melds import has_meld_with, meld_moves
from engine.games.house_rummy.moves import KEEP_POTATO_MOVE, PLAY_POTATO_MOVE, transition_move
from engine.games.house_rummy.refusals import refuse_seat
from engine.games.house_rummy.table import HouseTable, new_cards_on, one_group_rule, table_of
from engine.moves import Move
from engine.state import GameState


def board_of_hand(state: GameState, hand: list[str]) -> Board:
    """What the board accepts of the cards of ``hand`` (the Protected card's targets only if it holds one)."""
    return state_board(state, protect=PROTECTED in hand)


def meld_extras(state: GameState, table: HouseTable, seat: int, board: Board | None = None) -> list[Extra]:
    """Board cards a new group may include: a Cross card not yet in a group of the other kind, one's own Move card
    (``board``: the board of ``table``'s groups, when known; it lists their Cross and Move cards)."""
    if not new_cards_on(state):
        return []
    if board is None:
        board = state_board(state, protect=False)
    cross = table["cross_second_group"]
    in_two_groups = tuple(cross)
    known = board.extras.get(seat)  # (made once per board, seat and Cross cards in two groups; read only)
    if known is not None and known[0] == in_two_groups:
        return known[1]
    extras: list[Extra] = []
    for card, owner, in_set in board_cards(board, table["groups"]):
        if card in CROSS_CARDS and card not in cross:
            extras.append((card, not in_set, in_set))
        elif card in MOVE_CARDS and owner == seat:
            extras.append((card, True, True))
    board.extras[seat] = (in_two_groups, extras)
    return extras


def may_start_group(state: GameState, table: HouseTable) -> bool:
    return not (one_group_rule(state) and table["groups_started"])


def own_move_cards(board: Board, table: HouseTable, seat: int) -> list[str]:
    """The seat's Move cards on the board (``board``: the board of ``table``'s groups), group by group."""
    return [card for card, owner, _ in board_cards(board, table["groups"]) if owner == seat and card in MOVE_CARDS]


def may_play_potato(hand: list[str]) -> bool:
    """The Hot Potato goes to its holder's board only when they go out this turn (at most one other card left)."""
    return HOT_POTATO in hand and len(hand) <= 2


def refuse_pass_potato_move(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal | None:
    return refuse_seat(state, move.args[0], seat)


def plays_card(
    state: GameState,
    hand: list[str],
    in_hand: int,
    *,
    has_transition: bool,
    board: Board,
    extras: list[Extra],
    card: str,
    may_meld: bool,
) -> bool:
    """Whether ``turn_plays`` with ``only=card`` lists a play (a seat holding ``hand``, its standard cards as bits
    ``in_hand``, ``has_transition``: whether it holds a Transition; ``may_meld``: whether it may still start a new
    group), as a yes/no from the same predicates, no move made: off a group, after a Transition, the Hot Potato
    when going out, in a new group."""
    if card in board.accepts:
        return True
    if has_transition and board.open_ends:
        if card == TRANSITION:
            ranks = {needed for needed, _ in board.open_ends}
            if any(held not in SPECIAL_NAMES and RANK_OF[held[0]] in ranks for held in hand):
                return True
        elif card not in SPECIAL_NAMES:
            rank = RANK_OF[card[0]]
            if any(needed == rank for needed, _ in board.open_ends):
                return True
    if card == HOT_POTATO and len(hand) <= 2 and HOT_POTATO in hand and new_cards_on(state):
        return True
    return len(hand) >= 2 and may_meld and has_meld_with(in_hand, extras, new_cards=new_cards_on(state), required=card)


def turn_plays(
    state: GameState,
    table: HouseTable,
    seat: int,
    board: Board,
    only: str = "",
    extras: list[Extra] | None = None,
    among: frozenset[str] | None = None,
) -> list[Move]:
    """Every play of the play phase (no discard), whatever the bottom card; with ``only``: those playing that card;
    with ``among``: those whose cards all come from it, besides a Transition (``extras``: the board cards a new
    group may use, when known)."""
    new_cards = new_cards_on(state)
    hand = table["hands"][seat]
    pool = hand if among is None else [card for card in hand if card in among]
    accepts, open_ends = board.accepts, board.open_ends
    moves: list[Move]
    if only:
        moves = list(lay_offs_of(board, only)) if only in accepts else []
    else:
        moves = []
        for card in sorted({card for card in pool if card in accepts}):
            moves.extend(lay_offs_of(board, card))
    if TRANSITION in hand and open_ends:
        pairs = transition_pairs(open_ends, pool, "" if only == TRANSITION else only)
        moves.extend(transition_move(card, target) for card, target in pairs)
    if new_cards:
        if not only:
            for card in own_move_cards(board, table, seat):
                if card in accepts and (among is None or card in among):
                    moves.extend(Move(kinds.MOVE_CARD, (card, target)) for target in accepts[card])
        if may_play_potato(hand) and only in ("", HOT_POTATO) and among is None:
            moves.append(PLAY_POTATO_MOVE)
    if len(hand) >= 2 and may_start_group(state, table):
        usable = meld_extras(state, table, seat, board) if extras is None else extras
        if among is not None:
            usable = [extra for extra in usable if extra[0] in among]
        moves.extend(meld_moves(pool, usable, new_cards=new_cards, required=only))
    return moves


def potato_moves(state: GameState, seat: int) -> list[Move]:
    table = table_of(state)
    candidates = (Move(kinds.PASS_POTATO, (str(other),)) for other in range(state.players))
    passes = [move for move in candidates if refuse_pass_potato_move(state, table, seat, move) is None]
    return [*passes, KEEP_POTATO_MOVE]
