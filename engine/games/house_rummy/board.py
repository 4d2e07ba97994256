"""What the board accepts: for each card the targets it can be played to on its own, the open run ends a
Transition can reach, the Protected card's targets, and the Cross and Move cards a new group may use."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from engine.cards import RANKS
from engine.games.house_rummy.card_bits import hand_bits
from engine.games.house_rummy.cards import (
    CROSS_CARDS,
    MOVE_CARDS,
    PROTECTED,
    RANK_OF,
    SET_CARDS,
    SPECIAL_NAMES,
    SPECIALS,
    TRANSITION,
)
from engine.games.house_rummy.groups import HIGH, LOW
from engine.games.house_rummy.moves import LAY_OFF
from engine.games.house_rummy.table import SET, Group
from engine.moves import Move
from engine.state import DERIVED, GameState

TRANSITIONS_IN_DECK: Final = SPECIALS.count(TRANSITION)


Extra = tuple[str, bool, bool]  # a board card a new group may use: (card, may start a set, may start a run)


BoardCard = tuple[str, int, bool]  # a Cross or Move card on the board: (card, owner, in a set)


CROSS_OR_MOVE: Final = CROSS_CARDS | MOVE_CARDS


class Board:
    """What the board accepts now: for each card, the targets it can be played to on its own (``PR``: where a
    Protected card may go), and the open run ends as (rank needed, target) for a Transition and its card. Shared
    by every caller of the same board: read only, but for what it makes once when first asked (``lay_offs_of``,
    ``board_cards``)."""

    def __init__(
        self,
        accepts: dict[str, list[str]],
        open_ends: list[tuple[int, str]],
        at_run_ends: set[str],
        at_high_ends: set[str],
        at_low_ends: set[str],
    ) -> None:
        self.accepts = accepts
        self.open_ends = open_ends
        self.at_run_ends = at_run_ends  # the cards that fit an open run end as it is
        self.at_high_ends = at_high_ends  # the cards that fit an open high end as it is
        self.at_low_ends = at_low_ends
        self.lay_offs: dict[str, tuple[Move, ...]] = {}  # the lay-off moves of cards of ``accepts``
        self.known_cards: tuple[BoardCard, ...] | None = None  # ``board_cards``, once made
        self.bits: tuple[int, int, int, int, int] | None = None  # ``board_bits``, once made
        # ``meld_extras`` per seat, with the Cross cards already in two groups it was made for
        self.extras: dict[int, tuple[tuple[str, ...], list[Extra]]] = {}


def locked_cards(groups: list[Group]) -> tuple[set[str], int]:
    """The cards on the board that can never be played anywhere else (all but the Move cards), and how many
    Transitions are not on the board yet (the New Card Rules, where Protected cards are)."""
    locked: set[str] = set()
    transitions = 0
    for group in groups:
        locked.update(group["cards"])
        transitions += group["cards"].count(TRANSITION)
    return locked - MOVE_CARDS, TRANSITIONS_IN_DECK - transitions


def can_be_played_to(needed: Iterable[str], locked: set[str]) -> bool:
    return any(card not in locked for card in needed)


def state_board(state: GameState, *, protect: bool) -> Board:
    """``compute_board`` of the groups of ``state``, kept in the state's ``DERIVED`` data with the groups list it was
    made of, so the states after a play that leaves the groups alone (copy on write) share it. The Board is shared
    by every caller of that lineage, so it is read only (no caller changes its dict, lists or sets)."""
    groups = state.table["groups"]
    carried = state.legal_cache.get(DERIVED)
    plain: Board | None = None
    protected: Board | None = None
    if carried is not None and carried[0] is groups:
        plain, protected = carried[1], carried[2]
        board = protected if protect else plain
        if board is not None:
            return board
    if protect:
        board = protected = compute_board(groups, protect=True) if plain is None else protected_board(plain, groups)
    else:
        board = plain = compute_board(groups, protect=False)
    state.legal_cache[DERIVED] = (groups, plain, protected)
    return board


# A group's part of its board: whether it is a set, a set's missing cards (none for a Protected set), and a run's
# open ends as (card, rank index) (card "" for a closed end).
GroupPart = tuple[bool, tuple[str, ...], str, int, str, int]


def group_part(group: Group) -> GroupPart:
    """``GroupPart`` of ``group``."""
    if group["kind"] == SET:
        missing: tuple[str, ...] = ()
        if not group["protected"]:
            present = group["cards"]
            missing = tuple([card for card in SET_CARDS[group["rank"]] if card not in present])
        return (True, missing, "", 0, "", 0)
    low_card, low_rank, high_card, high_rank = "", 0, "", 0
    if not group["low_closed"]:
        low_rank = (group["low"] - 2) % 13
        low_card = RANKS[low_rank] + group["low_suit"]
    if not group["high_closed"]:
        high_rank = group["high"] % 13
        high_card = RANKS[high_rank] + group["high_suit"]
    return (False, (), low_card, low_rank, high_card, high_rank)


def add_target(accepts: dict[str, list[str]], card: str, token: str) -> None:
    """``token`` added to the targets of ``card`` (a board's ``accepts``)."""
    targets = accepts.get(card)
    if targets is None:
        accepts[card] = [token]
    else:
        targets.append(token)


def compute_board(groups: list[Group], *, protect: bool) -> Board:
    """One pass over the board (see ``Board``), from each group's ``group_part``; with ``protect`` also where a
    Protected card may go (``protected_targets``)."""
    accepts: dict[str, list[str]] = {}
    open_ends: list[tuple[int, str]] = []
    at_run_ends: set[str] = set()
    at_high_ends: set[str] = set()
    at_low_ends: set[str] = set()
    for index, group in enumerate(groups):
        is_set, missing, low_card, low_rank, high_card, high_rank = group_part(group)
        if is_set:
            if missing:
                token = str(index)
                for card in missing:
                    add_target(accepts, card, token)
            continue
        if low_card:
            token = f"{index}{LOW}"
            at_low_ends.add(low_card)
            at_run_ends.add(low_card)
            add_target(accepts, low_card, token)
            open_ends.append((low_rank + 1, token))
        if high_card:
            token = f"{index}{HIGH}"
            at_high_ends.add(high_card)
            at_run_ends.add(high_card)
            add_target(accepts, high_card, token)
            open_ends.append((high_rank + 1, token))
    board = Board(accepts, open_ends, at_run_ends, at_high_ends, at_low_ends)
    return protected_board(board, groups) if protect else board


def protected_targets(groups: list[Group]) -> list[str]:
    """Where a Protected card may go: only where something else can still play, a set one of whose missing cards is
    not locked in another group, a run end whose next card is not locked (or, with a Transition not yet on the
    board, some card of the next rank); in the order of ``compute_board``'s targets."""
    targets: list[str] = []
    locked: set[str] | None = None
    transitions_left = 0
    for index, group in enumerate(groups):
        is_set, missing, low_card, low_rank, high_card, high_rank = group_part(group)
        if is_set:
            if not missing:
                continue
            if locked is None:
                locked, transitions_left = locked_cards(groups)
            if can_be_played_to(missing, locked):
                targets.append(str(index))
            continue
        if low_card:
            if locked is None:
                locked, transitions_left = locked_cards(groups)
            if low_card not in locked or (transitions_left and can_be_played_to(SET_CARDS[low_rank + 1], locked)):
                targets.append(f"{index}{LOW}")
        if high_card:
            if locked is None:
                locked, transitions_left = locked_cards(groups)
            if high_card not in locked or (transitions_left and can_be_played_to(SET_CARDS[high_rank + 1], locked)):
                targets.append(f"{index}{HIGH}")
    return targets


def protected_board(board: Board, groups: list[Group]) -> Board:
    """``board`` (made without ``protect`` of ``groups``) with the Protected card's targets (the same board when it
    has none): its dict with one more key, its other parts shared (read only)."""
    targets = protected_targets(groups)
    if not targets:
        return board
    return Board(
        {**board.accepts, PROTECTED: targets}, board.open_ends, board.at_run_ends, board.at_high_ends, board.at_low_ends
    )


def board_cards(board: Board, groups: list[Group]) -> tuple[BoardCard, ...]:
    """The Cross and Move cards on the board, group by group, in card order (``groups``: the groups ``board`` was
    made of, whose content it is kept by), made once per board."""
    if board.known_cards is not None:
        return board.known_cards
    found: list[BoardCard] = []
    for group in groups:
        for card, owner in zip(group["cards"], group["owners"], strict=True):
            if card in CROSS_OR_MOVE:
                found.append((card, owner, group["kind"] == SET))
    board.known_cards = tuple(found)
    return board.known_cards


def lay_offs_of(board: Board, card: str) -> tuple[Move, ...]:
    """The lay-off moves of ``card`` (one of ``board.accepts``), in target order, made once per board."""
    found = board.lay_offs.get(card)
    if found is None:
        found = board.lay_offs[card] = tuple(Move(LAY_OFF, (card, target)) for target in board.accepts[card])
    return found


def accepts_card(groups: list[Group], card: str) -> bool:
    """Whether a single card can be played to some group on its own (cheaper than ``compute_board``)."""
    if card == PROTECTED:
        return bool(protected_targets(groups))
    if card in SPECIAL_NAMES:
        return False
    rank = RANK_OF[card[0]]
    suit = card[1]
    for group in groups:
        if group["kind"] == SET:
            if group["rank"] == rank and not group["protected"] and card not in group["cards"]:
                return True
        elif (not group["low_closed"] and group["low_suit"] == suit and (group["low"] - 2) % 13 + 1 == rank) or (
            not group["high_closed"] and group["high_suit"] == suit and group["high"] % 13 + 1 == rank
        ):
            return True
    return False


def transition_pairs(open_ends: list[tuple[int, str]], hand: Iterable[str], only: str = "") -> list[tuple[str, str]]:
    """(card, target) for every card of ``hand`` a Transition can bring to an open run end (``only``: that card)."""
    if only:
        if only in SPECIAL_NAMES:
            return []
        rank = RANK_OF[only[0]]
        return [(only, token) for needed, token in open_ends if needed == rank]
    by_rank: dict[int, list[str]] = {}
    for card in sorted(set(hand)):
        if card not in SPECIAL_NAMES and (not only or card == only):
            by_rank.setdefault(RANK_OF[card[0]], []).append(card)
    return [(card, token) for rank, token in open_ends for card in by_rank.get(rank, ())]


def board_bits(board: Board) -> tuple[int, int, int, int, int]:
    """As bits, once per board: the standard cards that fit an open run end as it is, those that fit some group,
    those that fit an open high end, an open low end, and the ranks the open run ends need (a bit per rank)."""
    if board.bits is None:
        end_ranks = 0
        for needed, _ in board.open_ends:
            end_ranks |= 1 << needed
        board.bits = (
            hand_bits(board.at_run_ends),
            hand_bits(board.accepts),
            hand_bits(board.at_high_ends),
            hand_bits(board.at_low_ends),
            end_ranks,
        )
    return board.bits
