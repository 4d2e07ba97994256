"""The bottom-most card taken from a discard pile (two or more cards) must be played this turn. Whether it still
can be is answered by one bounded search of what the turn can reach (``BottomCardSearch``): a depth-first search over
the turn's own plays (``turn_plays``, the generator of the legal plays) applied to hypothetical states by the turn
flow's own functions, memoised, stopping at the first success. A take of two or more cards is legal when the search
finds a way; a play that does not play the bottom card is legal when the card can still be played after it; no
discard is legal until it is played."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import orjson

from engine.errors import Refusal
from engine.games.house_rummy import moves as kinds
from engine.games.house_rummy.board import Board, Extra, accepts_card, compute_board, state_board
from engine.games.house_rummy.board_plays import SEARCH_PLAYS
from engine.games.house_rummy.board_reach import ANY_SUIT_NEIGHBOURS, isolated, may_reach_board, relevant_cards
from engine.games.house_rummy.card_bits import hand_bits
from engine.games.house_rummy.cards import HOT_POTATO, PROTECTED, RANK_OF, TRANSITION
from engine.games.house_rummy.copy_on_write import hand_without
from engine.games.house_rummy.groups import parse_target
from engine.games.house_rummy.melds import has_meld_with
from engine.games.house_rummy.moves import cards_of
from engine.games.house_rummy.phases import PLAY_PHASE, POTATO_PHASE
from engine.games.house_rummy.refusals import named, refuse
from engine.games.house_rummy.table import Group, HouseTable, new_cards_on, table_of
from engine.games.house_rummy.turn_plays import (
    board_of_hand,
    may_start_group,
    meld_extras,
    plays_card,
    potato_moves,
    turn_plays,
)
from engine.moves import Move
from engine.state import GameState


def holds(move: Move, card: str) -> bool:
    """Whether ``move`` plays ``card`` from the hand."""
    if move.kind in (kinds.MELD, kinds.LAY_OFF):
        return card in cards_of(move)
    return move.kind == kinds.PLAY_POTATO and card == HOT_POTATO


def first_verdict(bottom: str, usable: int, *, has_transition: bool, board: Board, may_meld: bool) -> bool | None:
    """The cheapest steps of the search at a state: True if the card fits the board as it is, False if it has no
    neighbour to be played with (``isolated``: ``usable``, the hand's and the usable board cards' standard cards as
    bits; ``has_transition``, whether the hand holds a Transition), else None (search on)."""
    if bottom in board.accepts:
        return True
    if isolated(bottom, usable, has_transition=has_transition, board=board, may_meld=may_meld):
        return False
    return None


class BottomCardSearch:
    """Whether the bottom card can still be played this turn, by a depth-first search over the turn's plays.

    A state of the turn is known by the seat's hand, the board and the turn's counters. A query visits each state
    once (the Move cards can go back and forth); a state found on the way to a success is remembered as alive, and
    every state a failed query visited as dead, for the next queries of the same search. ``may_reach_board`` bounds
    the search: a state from which no play can bring the card to the board is not expanded.
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.alive: set[bytes] = set()
        self.dead: set[bytes] = set()
        self.boards: dict[bytes, tuple[Board, list[Extra], frozenset[str]]] = {}
        self.root: tuple[list[Group], Board, list[Extra], frozenset[str], int] | None = None
        # ``still_plays``'s board of the seat's hand and the board cards a new group may use, made once per query
        # (every move it is asked about is one of the same state of the match).
        self.hand_board: tuple[Board, list[Extra]] | None = None

    def keeps_bottom(self, state: GameState, move: Move) -> bool:
        """Whether the bottom card can still be played after ``move`` (a play of the turn that does not play it).

        A play changes only the group it is played to (a Move card leaving a group leaves its ends as they were), so
        a standard card that fits another group now still fits it after the play."""
        table = table_of(state)
        bottom = table["bottom_card"]
        if bottom in ANY_SUIT_NEIGHBOURS and self.still_plays(state, table, move, bottom):
            return True
        child = turn_copy(state)
        SEARCH_PLAYS[move.kind](child, self.seat, move, None)
        return self.can_play(child)

    def still_plays(self, state: GameState, table: HouseTable, move: Move, bottom: str) -> bool:
        """A play of the standard card ``bottom`` that ``move`` leaves open (so the search after it would find one at
        once): off a group end the move does not touch (a play changes only the end or set it is played to; a Move
        card leaving a group leaves its ends as they were), after a Transition to such a run end, or in a new group of
        the cards left in hand after a lay-off or a move (which keep every board card a new group may use).

        ``state`` is a state of the match (not one of the search's): its board is ``board_of_hand``'s (what
        ``board_of`` makes for it), memoised on the board's content since its plays were listed."""
        kind = move.kind
        touched: tuple[int, str | None] | None = None  # a meld adds a group and changes no end
        if kind == kinds.LAY_OFF or kind == kinds.MOVE_CARD:
            touched = parse_target(move.args[-1])
        elif kind != kinds.MELD:
            return False
        if self.hand_board is None:
            board = board_of_hand(state, table["hands"][self.seat])
            self.hand_board = board, meld_extras(state, table, self.seat, board)
        board, extras = self.hand_board
        for target in board.accepts.get(bottom, ()):
            if touched is None or parse_target(target) != touched:
                return True
        hand = table["hands"][self.seat]
        if kind == kinds.MELD and HOT_POTATO in hand and new_cards_on(state):
            return False  # the meld asks the Hot Potato's question first
        left = hand_without(hand, cards_of(move)) if kind == kinds.LAY_OFF else hand  # (a meld holds no Transition)
        if TRANSITION in left:
            rank = RANK_OF[bottom[0]]
            for needed, target in board.open_ends:
                if needed == rank and (touched is None or parse_target(target) != touched):
                    return True
        return (
            kind != kinds.MELD
            and len(left) >= 2
            and may_start_group(state, table)
            and has_meld_with(hand_bits(left), extras, new_cards=new_cards_on(state), required=bottom)
        )

    def can_play(self, state: GameState, *, checked: bool = False) -> bool:
        """Whether the bottom card of ``state`` can be played this turn (``checked``: the caller found
        ``first_verdict`` None for it with a new group allowed, and no play of it now (``plays_card``) and
        ``may_reach_board`` True, so that need not be asked again)."""
        visited: set[bytes] = set()
        found = self._visit(state, visited, checked=checked)
        if not found:
            self.dead |= visited
        return found

    def share_board(self, state: GameState) -> tuple[Board, int]:
        """The draw phase: every take sees the board of ``state``, computed once; with the board cards a new group may
        use, as bits (``hand_bits``)."""
        if self.root is None:
            table = table_of(state)
            protect = new_cards_on(state) and any(
                PROTECTED in cards for cards in (table["hands"][self.seat], *table["piles"])
            )
            board = state_board(state, protect=protect)
            extras = meld_extras(state, table, self.seat, board)
            extra_cards = frozenset(extra for extra, _, _ in extras)
            self.root = (table["groups"], board, extras, extra_cards, hand_bits(extra_cards) if extra_cards else 0)
        return self.root[1], self.root[4]

    def board_of(self, state: GameState, table: HouseTable) -> tuple[Board, list[Extra], frozenset[str], bytes]:
        """The board's targets and the board cards a new group may use; computed once per board."""
        groups = table["groups"]
        if self.root is not None and self.root[0] == groups:  # the draw phase: every take sees the same board
            return self.root[1], self.root[2], self.root[3], b""
        cross = table["cross_second_group"]
        protect = PROTECTED in table["hands"][self.seat]
        board_key = orjson.dumps([groups, cross])
        cache_key = board_key + b"P" if protect else board_key
        known = self.boards.get(cache_key)
        if known is None:
            board = compute_board(groups, protect=protect)
            extras = meld_extras(state, table, self.seat, board)
            known = (board, extras, frozenset(extra for extra, _, _ in extras))
            self.boards[cache_key] = known
        return (*known, board_key)

    def _visit(self, state: GameState, visited: set[bytes], *, checked: bool = False) -> bool:
        table = table_of(state)
        bottom = table["bottom_card"]
        if not bottom:
            return True
        hand = table["hands"][self.seat]
        plays: Iterable[Move]
        if table["phase"] == POTATO_PHASE:
            board_key = orjson.dumps([table["groups"], table["cross_second_group"]])
            plays = potato_moves(state, self.seat)
        else:
            shared = self.root is not None and self.root[0] == table["groups"]
            if not shared and accepts_card(table["groups"], bottom):  # cheaper than the board's targets
                return True
            board, extras, extra_cards, board_key = self.board_of(state, table)
            may_meld = may_start_group(state, table)
            if not (checked and may_meld):
                in_hand = hand_bits(hand)
                usable = in_hand | hand_bits(extra_cards) if extra_cards else in_hand
                has_transition = TRANSITION in hand
                verdict = first_verdict(bottom, usable, has_transition=has_transition, board=board, may_meld=may_meld)
                if verdict is not None:
                    return verdict
                # (``turn_plays`` with ``only=bottom``)
                if plays_card(
                    state,
                    hand,
                    in_hand,
                    has_transition=has_transition,
                    board=board,
                    extras=extras,
                    card=bottom,
                    may_meld=may_meld,
                ):
                    return True
                # (after first_verdict)
                if not may_reach_board(bottom, hand, in_hand, usable, board, may_meld=may_meld):
                    return False
            plays = turn_plays(state, table, self.seat, board, "", extras, relevant_cards(bottom, hand, extra_cards))
            if not plays:  # (no state of this key can be alive: the plays of a key's state are the same)
                return False
        key = b"%s|%s|%d|%s" % (
            table["phase"].encode(),
            ",".join(sorted(hand)).encode(),
            table["groups_started"],
            board_key or orjson.dumps([table["groups"], table["cross_second_group"]]),
        )
        if key in self.alive:
            return True
        if key in self.dead or key in visited:
            return False
        visited.add(key)
        for move in plays:
            child = turn_copy(state)
            SEARCH_PLAYS[move.kind](child, self.seat, move, None)
            if self._visit(child, visited):
                self.alive.add(key)
                return True
        return False


def turn_copy(state: GameState) -> GameState:
    """A copy of ``state`` for a hypothetical play of the turn: the plays replace every table value they change
    (copy on write, see ``flow``), so a new table dict of the same values is enough."""
    return GameState(
        state.game_id,
        state.rules_version,
        state.players,
        state.options,
        state.seed,
        state.rng_state,
        state.step,
        dict(state.table),
    )


def taken_state(state: GameState, seat: int, pile: int, count: int) -> GameState:
    """The hypothetical state after ``take pile count``: the cards in the hand, the bottom one to be played."""
    table = table_of(state)
    cards = table["piles"][pile]
    hands = list(table["hands"])
    hands[seat] = [*hands[seat], *cards[-count:]]
    piles = list(table["piles"])
    piles[pile] = cards[:-count]
    hypothetical: dict[str, Any] = {
        **table,
        "hands": hands,
        "piles": piles,
        "bottom_card": cards[-count],
        "phase": PLAY_PHASE,
    }
    return GameState(
        state.game_id,
        state.rules_version,
        state.players,
        state.options,
        state.seed,
        state.rng_state,
        state.step,
        hypothetical,
    )


def keeps_bottom_card(state: GameState, move: Move, search: BottomCardSearch) -> bool:
    """Whether ``move`` plays the bottom card or leaves it playable (or no card taken must be played)."""
    bottom = table_of(state)["bottom_card"]
    return not bottom or holds(move, bottom) or search.keeps_bottom(state, move)


def refuse_bottom_card(state: GameState, seat: int, move: Move, search: BottomCardSearch) -> Refusal | None:
    """A play that leaves the bottom card in hand is legal only if the card can still be played after it."""
    if keeps_bottom_card(state, move, search):
        return None
    bottom = table_of(state)["bottom_card"]
    return refuse(
        "must_play_bottom_card",
        f"the bottom-most card taken from the discard pile, {named(bottom)}, must be played this turn, and after this "
        "move it could not be",
    )
