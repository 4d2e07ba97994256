"""Legality of the play phase: new groups, lay-offs, Move cards, the Hot Potato, and the discard."""

from __future__ import annotations

from typing import Final

from engine.errors import Refusal
from engine.games.house_rummy import moves as kinds
from engine.games.house_rummy.board import Board, state_board, transition_pairs
from engine.games.house_rummy.bottom_card import BottomCardSearch, keeps_bottom_card
from engine.games.house_rummy.cards import HOT_POTATO, NEW_DISCARD_CARDS, PROTECTED, TRANSITION
from engine.games.house_rummy.discard_actions import starts_new_pile
from engine.games.house_rummy.groups import build_meld, parse_target
from engine.games.house_rummy.melds import meld_moves
from engine.games.house_rummy.moves import NEW_PILE, cards_of
from engine.games.house_rummy.refusals import named, refuse, refuse_cards_not_held, refuse_pile
from engine.games.house_rummy.table import SET, HouseTable, new_cards_on
from engine.games.house_rummy.turn_plays import (
    board_of_hand,
    may_play_potato,
    may_start_group,
    meld_extras,
    own_move_cards,
    turn_plays,
)
from engine.moves import Move
from engine.state import GameState


def turn_play_moves(state: GameState, table: HouseTable, seat: int) -> list[Move]:
    """The plays of the play phase (``meld``, ``lay_off``, ``move_card``, ``play_potato``), those that keep the bottom
    card taken playable (``refuse_bottom_card``)."""
    found = turn_plays(state, table, seat, board_of_hand(state, table["hands"][seat]))
    if not table["bottom_card"]:
        return found
    search = BottomCardSearch(seat)
    return [move for move in found if keeps_bottom_card(state, move, search)]


def discard_phase_moves(state: GameState, table: HouseTable, seat: int) -> list[Move]:
    """The discards (of the play phase and of Draw & Discard 1): none while the bottom card taken waits to be played
    (``refuse_discard_move``'s first rule)."""
    if table["bottom_card"]:
        return []
    return discard_moves(state, table, seat, board_of_hand(state, table["hands"][seat]))


def refuse_meld_move(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal | None:
    if not may_start_group(state, table):
        return refuse("one_group_per_turn", "only one new group may be started per turn (house rule)")
    cards = cards_of(move)
    hand = table["hands"][seat]
    from_board = [card for card in cards if card not in hand]
    usable = {card: (as_set, as_run) for card, as_set, as_run in meld_extras(state, table, seat)}
    if len(from_board) > 1 or (from_board and from_board[0] not in usable):
        return refuse_cards_not_held(table, seat, move, cards)
    # The verdict is the generator's: the move is one of the new groups the hand can start with this card.
    required = next((card for card in cards if card in hand), "")
    if required and move in meld_moves(
        hand, meld_extras(state, table, seat), new_cards=new_cards_on(state), required=required
    ):
        return None
    if build_meld(cards, dict.fromkeys(cards, seat), seat, new_cards=new_cards_on(state)) is None or not from_board:
        return refuse("not_a_group", "a new group is a set of 3+ cards of one rank or a run of 3+ of one suit")
    return refuse(
        "board_card_not_usable",
        f"{named(from_board[0])} is a Cross card: it may only start a group of the other kind than its own",
    )


def refuse_lay_off_move(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal | None:
    cards = cards_of(move)
    if bad := refuse_cards_not_held(table, seat, move, cards):
        return bad
    parsed = parse_target(move.args[1])
    if parsed is None or parsed[0] >= len(table["groups"]):
        return refuse("no_such_group", f"there is no group '{move.args[1]}' (groups are numbered from 0)")
    index, end = parsed
    group = table["groups"][index]
    if (group["kind"] == SET) != (end is None):
        return refuse("bad_target", "name a set by its number and a run end by number and 'lo' or 'hi'")
    if len(cards) > 2:
        return refuse("one_card_at_a_time", "play one card (or a Transition and its card) off a group at a time")
    if len(cards) == 2:
        if cards[0] != TRANSITION:
            return refuse("transition_needs_card", "two cards are played off a group only as Transition,card")
        if (cards[1], move.args[1]) not in transition_pairs(state_board(state, protect=False).open_ends, (), cards[1]):
            return refuse("does_not_fit", f"{named(cards[1])} cannot follow a Transition at that run end")
        return None
    card = cards[0]
    if card == TRANSITION:
        return refuse("transition_needs_card", "a Transition must be followed at once by a card of the next rank")
    if card == HOT_POTATO:
        return refuse("hot_potato", "the Hot Potato cannot be played to a group")
    targets = state_board(state, protect=card == PROTECTED).accepts.get(card, [])
    if move.args[1] in targets:
        return None
    if card == PROTECTED:
        return refuse(
            "nothing_to_protect",
            f"nothing else can play to {move.args[1]} (it is closed, or every card that could go there is locked in "
            "a group), and you are not allowed to protect something that nothing else can play to",
        )
    return refuse("does_not_fit", f"{named(card)} does not fit group {move.args[1]}")


def refuse_move_card_move(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal | None:
    card, target = move.args
    board = state_board(state, protect=False)
    if card not in own_move_cards(board, table, seat):
        return refuse("not_your_move_card", f"'{card}' is not a Move card of yours on the board")
    if target not in board.accepts.get(card, []):
        return refuse("does_not_fit", f"{named(card)} does not fit group {target}")
    return None


def refuse_play_potato_move(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal | None:
    if bad := refuse_cards_not_held(table, seat, move, [HOT_POTATO]):
        return bad
    if not may_play_potato(table["hands"][seat]):
        return refuse(
            "hot_potato_not_going_out",
            "the Hot Potato may only be played to your board when you go out this turn (at most one other card left)",
        )
    return None


def may_discard(card: str, hand: list[str], board: Board) -> bool:
    """The Hot Potato is never discarded, nor a last card that can be played (``board``: ``board_of_hand``)."""
    return card != HOT_POTATO and not (len(hand) == 1 and card in board.accepts)


def discard_moves(state: GameState, table: HouseTable, seat: int, board: Board) -> list[Move]:
    hand = table["hands"][seat]
    piles = len(table["piles"])
    moves: list[Move] = []
    # ``may_discard`` refuses the Hot Potato, and other cards only when one card is left: asked only then.
    last = len(hand) == 1
    previous = ""
    for card in sorted(hand):  # each card once (the copies of a card are next to each other)
        if card == previous:
            continue
        previous = card
        if (last or card == HOT_POTATO) and not may_discard(card, hand, board):
            continue
        if card in NEW_DISCARD_CARDS and starts_new_pile(state, table, card):
            moves.append(Move(kinds.DISCARD, (card, NEW_PILE)))
        else:
            made = _discard_moves.get(card)  # (``discards_to_piles``, read here without the call when made)
            moves.extend(made[piles] if made is not None and len(made) > piles else discards_to_piles(card, piles))
    return moves


# Moves are values: each card's discards are made once (with ``take_move``'s memo, 11% of a random playout's
# instructions; bounded by the deck and the piles; docs/performance.md).
_discard_moves: Final[dict[str, list[tuple[Move, ...]]]] = {}  # [card][piles]


def discards_to_piles(card: str, piles: int) -> tuple[Move, ...]:
    """``discard <card> <pile>`` to each of ``piles`` piles, in pile order (made once)."""
    by_piles = _discard_moves.get(card)
    if by_piles is None:
        by_piles = _discard_moves[card] = []
    while len(by_piles) <= piles:
        by_piles.append(tuple(Move(kinds.DISCARD, (card, str(index))) for index in range(len(by_piles))))
    return by_piles[piles]


def refuse_discard_move(state: GameState, table: HouseTable, seat: int, move: Move) -> Refusal | None:
    card, pile = move.args
    if table["bottom_card"]:
        return refuse(
            "must_play_bottom_card",
            f"the bottom-most card taken from the discard pile, {named(table['bottom_card'])}, must be played before "
            "the discard",
        )
    if bad := refuse_cards_not_held(table, seat, move, [card]):
        return bad
    if card == HOT_POTATO:
        return refuse("hot_potato", "the Hot Potato can never be discarded")
    hand = table["hands"][seat]
    if not may_discard(card, hand, board_of_hand(state, hand)):
        return refuse("playable_last_card", f"{named(card)} can be played, so it must not be discarded last")
    if card in NEW_DISCARD_CARDS and starts_new_pile(state, table, card):
        if pile != NEW_PILE:
            return refuse("new_discard_pile", f"{named(card)} (New Discard) must start a new pile: use 'new'")
        return None
    if pile == NEW_PILE:
        return refuse("new_discard_pile", "only a New Discard card whose action triggers starts a new pile")
    return refuse_pile(table, move, pile)
