"""Legality of the draw phase: draw from the stock, or take cards off a discard pile."""

from __future__ import annotations

from typing import Final

from engine.errors import Refusal
from engine.games.house_rummy import moves as kinds
from engine.games.house_rummy.board_reach import may_reach_board
from engine.games.house_rummy.bottom_card import BottomCardSearch, first_verdict, taken_state
from engine.games.house_rummy.card_bits import CARD_BITS, hand_bits
from engine.games.house_rummy.cards import COLLECTABLE, TRANSITION, ability
from engine.games.house_rummy.moves import DRAW_MOVE
from engine.games.house_rummy.refusals import named, refuse, refuse_pile
from engine.games.house_rummy.table import HouseTable, new_cards_on, table_of
from engine.games.house_rummy.turn_plays import may_start_group, plays_card
from engine.moves import Move
from engine.state import GameState


def take_allowed(
    state: GameState, seat: int, pile: int, count: int, search: BottomCardSearch, held: tuple[int, bool] | None = None
) -> bool:
    """One card may always be taken; more when the bottom-most is the Collectable card or can be played this turn
    (``held``: the standard cards of the hand with those taken as bits, ``hand_bits``, and whether they hold a
    Transition, when the caller keeps them)."""
    table = table_of(state)
    cards = table["piles"][pile]
    bottom = cards[-count]
    if count == 1 or ability(bottom, new_cards=new_cards_on(state)) == COLLECTABLE:
        return True
    board, extra_bits = search.share_board(state)
    if held is None:
        held = held_after_take(table["hands"][seat], cards[-count:])
    in_hand, has_transition = held
    # The search's first steps, before its state.
    verdict = first_verdict(bottom, in_hand | extra_bits, has_transition=has_transition, board=board, may_meld=True)
    if verdict is not None:
        return verdict
    hand = [*table["hands"][seat], *cards[-count:]]
    # The search's next steps at the state after the take (``_visit``), on its hand and the shared board alone: a
    # play of the card now, else the bound; the hypothetical state is made only for a search past them.
    may_meld = may_start_group(state, table)
    assert search.root is not None
    if plays_card(
        state,
        hand,
        in_hand,
        has_transition=has_transition,
        board=board,
        extras=search.root[2],
        card=bottom,
        may_meld=may_meld,
    ):
        return True
    if not may_reach_board(bottom, hand, in_hand, in_hand | extra_bits, board, may_meld=may_meld):
        return False
    return search.can_play(taken_state(state, seat, pile, count), checked=True)


def held_after_take(hand: list[str], taken: list[str]) -> tuple[int, bool]:
    """``take_allowed``'s ``held`` of ``hand`` with the cards ``taken``."""
    return hand_bits(hand) | hand_bits(taken), TRANSITION in hand or TRANSITION in taken


def refuse_take(state: GameState, seat: int, move: Move, search: BottomCardSearch) -> Refusal | None:
    table = table_of(state)
    pile_token, count_token = move.args
    if bad := refuse_pile(table, move, pile_token):
        return bad
    pile = table["piles"][int(pile_token)]
    if not count_token.isdigit() or not 1 <= int(count_token) <= len(pile):
        return refuse("bad_count", f"pile {pile_token} holds {len(pile)} card(s); take 1 to {len(pile)}")
    if take_allowed(state, seat, int(pile_token), int(count_token), search):
        return None
    return refuse(
        "bottom_card_not_playable",
        f"with more than one card taken the bottom-most, {named(pile[-int(count_token)])}, must be played this "
        "turn, and no plays this turn can play it",
    )


def draw_moves(state: GameState, table: HouseTable, seat: int) -> list[Move]:
    moves = [DRAW_MOVE]
    search = BottomCardSearch(seat)
    hand = table["hands"][seat]
    held = hand_bits(hand), TRANSITION in hand  # (``take_allowed``'s ``held``)
    for index, cards in enumerate(table["piles"]):
        if not cards:
            continue
        moves.append(take_move(index, 1))  # (one card may always be taken)
        in_hand, has_transition = held
        for count in range(1, len(cards) + 1):  # the hand with the cards taken, one more per count
            card = cards[-count]
            in_hand |= CARD_BITS.get(card, 0)
            has_transition = has_transition or card == TRANSITION
            if count >= 2 and take_allowed(state, seat, index, count, search, (in_hand, has_transition)):
                moves.append(take_move(index, count))
    return moves


# Moves are values: each take is made once (a random playout costs 11% more instructions without; bounded by the
# piles and their cards; docs/performance.md).
_take_moves: Final[list[list[Move]]] = []  # [pile][count]


def take_move(pile: int, count: int) -> Move:
    """``take <pile> <count>`` (made once)."""
    while len(_take_moves) <= pile:
        _take_moves.append([])
    by_count = _take_moves[pile]
    while len(by_count) <= count:
        by_count.append(Move(kinds.TAKE, (str(pile), str(len(by_count)))))
    return by_count[count]
