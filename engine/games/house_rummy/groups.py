"""Groups on the board (sets and runs, records of ``table.Group``) and the pure combinatorics over them.

The rank at a run position is ``(position - 1) % 13 + 1``. A Move card taken out of a group leaves its span
unchanged: the group stays valid and its place is not refilled. Target tokens name a set by its index (``3``) and
a run end by index and end (``3lo``, ``3hi``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from itertools import combinations
from typing import Final, TypeVar

import orjson

from engine.cards import RANKS, SUITS
from engine.games.house_rummy.cards import (
    CROSS_CARDS,
    KA2_ACES,
    MOVE_CARDS,
    PROTECTED,
    RANK_OF,
    SET_CARDS,
    SPECIAL_NAMES,
    SPECIALS,
    TRANSITION,
)
from engine.games.house_rummy.moves import LAY_OFF, meld_move
from engine.games.house_rummy.table import CLOSED_BY_ACE, CLOSED_BY_PROTECTED, OPEN, RUN, SET, Group
from engine.moves import Move

T = TypeVar("T")  # a meld or its move (``meld_parts``)

LOW: Final = "lo"
HIGH: Final = "hi"
RUN_ENDS: Final = (LOW, HIGH)
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
        # ``meld_extras`` by seat, with the ``cross_second_group`` dict they were made with (read only, shared)
        self.extras: dict[int, tuple[dict[str, int], list[tuple[str, bool, bool]]]] = {}
        self.bits: tuple[int, int, int, int, int] | None = None  # ``board_bits``, once made


# Each suit's cards by rank index (Ace 0 ... King 12).
SUIT_CARDS: Final = {suit: tuple(rank + suit for rank in RANKS) for suit in SUITS}


def rank_at(position: int) -> int:
    return (position - 1) % 13 + 1


def card_at(position: int, suit: str) -> str:
    return RANKS[rank_at(position) - 1] + suit


def is_ka2(card: str, new_cards: bool) -> bool:
    return new_cards and card in KA2_ACES


def parse_target(token: str) -> tuple[int, str | None] | None:
    """``3`` -> (3, None); ``3hi`` -> (3, 'hi'); anything else -> None."""
    end: str | None = None
    if token.endswith((LOW, HIGH)):
        token, end = token[:-2], token[-2:]
    if not token.isdigit() or (len(token) > 1 and token[0] == "0"):
        return None
    return int(token), end


# ----- what an end or a set accepts ---------------------------------------------------------------------------
def end_position(group: Group, end: str) -> int:
    """The position a card played to ``end`` of a run would take."""
    return group["high"] + 1 if end == HIGH else group["low"] - 1


def end_is_open(group: Group, end: str) -> bool:
    return (group["high_closed"] if end == HIGH else group["low_closed"]) == OPEN


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


GROUP_JSON_KEPT: Final = 4096
# Each group's JSON by the group's identity, with the group (so its id is not reused while it is kept) and its card
# count (as ``board_accepts`` checks, against a group changed in place after all): the plays never change a group
# once a state holds it (copy on write), and most of a board's groups are shared with the boards before it.
_group_json: Final[dict[int, tuple[Group, int, bytes]]] = {}


def groups_json(groups: list[Group]) -> bytes:
    """``orjson.dumps(groups)``, byte for byte, from each group's JSON made once."""
    parts: list[bytes] = []
    for group in groups:
        known = _group_json.get(id(group))
        if known is None or known[0] is not group or known[1] != len(group["cards"]):
            if len(_group_json) >= GROUP_JSON_KEPT:
                _group_json.clear()
            known = _group_json[id(group)] = (group, len(group["cards"]), orjson.dumps(group))
        parts.append(known[2])
    return b"[" + b",".join(parts) + b"]"


RECENT_KEPT: Final = 8
# The boards of the last groups lists asked about, by identity: (groups, protect, each group's card count, Board).
_recent: Final[list[tuple[list[Group], bool, tuple[int, ...], Board]]] = []


def board_accepts(groups: list[Group], protect: bool) -> Board:
    """``compute_board`` memoised on the groups list's identity: the plays never change a groups list or a group
    once a state holds it (they replace what they change: copy on write), so the same list object is shared by the
    states of the turns between two plays to the board (each group's card count is checked too, against a list
    changed in place after all). A board after a play is new in all but a few cases (a memo on the board's content
    missed 93% in random playouts), and ``compute_board`` reuses each unchanged group's part; the board of the same
    groups with the other ``protect`` is made from the one known (``protected_board``, ``unprotected_board``). The
    Board is shared between callers, so it is read only (no caller changes its dict, lists or sets)."""
    sizes = tuple([len(group["cards"]) for group in groups])
    other: Board | None = None  # the board of these groups with the other ``protect``
    for known, protected, known_sizes, board in _recent:
        if known is groups and known_sizes == sizes:
            if protected == protect:
                return board
            other = board
    if other is None:
        board = compute_board(groups, protect)
    elif protect:
        board = protected_board(other, groups)
    else:
        board = unprotected_board(other)
    if len(_recent) >= RECENT_KEPT:
        del _recent[0]
    _recent.append((groups, protect, sizes, board))
    return board


SEARCH_BOARDS_KEPT: Final = 256
_search_boards: Final[dict[bytes, Board]] = {}


def hypothetical_board(groups_json: bytes, groups: list[Group], protect: bool) -> Board:
    """``compute_board`` for the boards of the bottom-card search's hypothetical plays, memoised on the board's
    content (``groups_json``: ``orjson.dumps(groups)``, which the caller has made): the same board recurs over the
    plays of a search in other orders. A board with ``protect`` is made from the one without, when known."""
    key = groups_json + b"P" if protect else groups_json
    board = _search_boards.get(key)
    if board is None:
        if len(_search_boards) >= SEARCH_BOARDS_KEPT:
            _search_boards.clear()
        unprotected = _search_boards.get(groups_json) if protect else None
        board = compute_board(groups, protect) if unprotected is None else protected_board(unprotected, groups)
        _search_boards[key] = board
    return board


# A group's part of its board: whether it is a set, a set's missing cards (none for a Protected set), and a run's
# open ends as (card, rank index) (card "" for a closed end).
GroupPart = tuple[bool, tuple[str, ...], str, int, str, int]
GROUP_PARTS_KEPT: Final = 4096
_group_parts: Final[dict[int, tuple[Group, int, GroupPart]]] = {}  # by the group's identity, as ``_group_json``


def group_part(group: Group) -> GroupPart:
    """``GroupPart`` of ``group``, made once per group (the plays never change a group a state holds)."""
    known = _group_parts.get(id(group))
    if known is not None and known[0] is group and known[1] == len(group["cards"]):
        return known[2]
    part: GroupPart
    if group["kind"] == SET:
        missing: tuple[str, ...] = ()
        if not group["protected"]:
            present = group["cards"]
            missing = tuple([card for card in SET_CARDS[group["rank"]] if card not in present])
        part = (True, missing, "", 0, "", 0)
    else:
        low_card, low_rank, high_card, high_rank = "", 0, "", 0
        if not group["low_closed"]:
            low_rank = (group["low"] - 2) % 13
            low_card = RANKS[low_rank] + group["low_suit"]
        if not group["high_closed"]:
            high_rank = group["high"] % 13
            high_card = RANKS[high_rank] + group["high_suit"]
        part = (False, (), low_card, low_rank, high_card, high_rank)
    if len(_group_parts) >= GROUP_PARTS_KEPT:
        _group_parts.clear()
    _group_parts[id(group)] = (group, len(group["cards"]), part)
    return part


def add_target(accepts: dict[str, list[str]], card: str, token: str) -> None:
    """``token`` added to the targets of ``card`` (a board's ``accepts``)."""
    targets = accepts.get(card)
    if targets is None:
        accepts[card] = [token]
    else:
        targets.append(token)


def compute_board(groups: list[Group], protect: bool) -> Board:
    """One pass over the board (see ``Board``), from each group's ``group_part``; with ``protect`` also where a
    Protected card may go (``protected_targets``)."""
    accepts: dict[str, list[str]] = {}
    open_ends: list[tuple[int, str]] = []
    at_run_ends: set[str] = set()
    at_high_ends: set[str] = set()
    at_low_ends: set[str] = set()
    for index in range(len(groups)):
        is_set, missing, low_card, low_rank, high_card, high_rank = group_part(groups[index])
        if is_set:
            if missing:
                token = SET_TOKENS[index] if index < TOKENS_KEPT else str(index)
                for card in missing:
                    add_target(accepts, card, token)
            continue
        if low_card:
            token = LOW_TOKENS[index] if index < TOKENS_KEPT else f"{index}{LOW}"
            at_low_ends.add(low_card)
            at_run_ends.add(low_card)
            add_target(accepts, low_card, token)
            open_ends.append((low_rank + 1, token))
        if high_card:
            token = HIGH_TOKENS[index] if index < TOKENS_KEPT else f"{index}{HIGH}"
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
    for index in range(len(groups)):
        is_set, missing, low_card, low_rank, high_card, high_rank = group_part(groups[index])
        if is_set:
            if not missing:
                continue
            if locked is None:
                locked, transitions_left = locked_cards(groups)
            if can_be_played_to(missing, locked):
                targets.append(SET_TOKENS[index] if index < TOKENS_KEPT else str(index))
            continue
        if low_card:
            if locked is None:
                locked, transitions_left = locked_cards(groups)
            if low_card not in locked or (transitions_left and can_be_played_to(SET_CARDS[low_rank + 1], locked)):
                targets.append(LOW_TOKENS[index] if index < TOKENS_KEPT else f"{index}{LOW}")
        if high_card:
            if locked is None:
                locked, transitions_left = locked_cards(groups)
            if high_card not in locked or (transitions_left and can_be_played_to(SET_CARDS[high_rank + 1], locked)):
                targets.append(HIGH_TOKENS[index] if index < TOKENS_KEPT else f"{index}{HIGH}")
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


def unprotected_board(board: Board) -> Board:
    """``board`` (made with ``protect``) without the Protected card's targets (the same board when it has none)."""
    if PROTECTED not in board.accepts:
        return board
    accepts = {card: targets for card, targets in board.accepts.items() if card != PROTECTED}
    return Board(accepts, board.open_ends, board.at_run_ends, board.at_high_ends, board.at_low_ends)


def board_cards(board: Board, groups: list[Group]) -> tuple[BoardCard, ...]:
    """The Cross and Move cards on the board, group by group, in card order (``groups``: the groups ``board`` was
    made of, whose content it is kept by), made once per board."""
    if board.known_cards is not None:
        return board.known_cards
    found: list[BoardCard] = []
    for group in groups:
        cards = group["cards"]
        for index in range(len(cards)):
            card = cards[index]
            if card in CROSS_OR_MOVE:
                found.append((card, group["owners"][index], group["kind"] == SET))
    board.known_cards = tuple(found)
    return board.known_cards


def lay_offs_of(board: Board, card: str) -> tuple[Move, ...]:
    """The lay-off moves of ``card`` (one of ``board.accepts``), in target order, made once per board."""
    found = board.lay_offs.get(card)
    if found is None:
        found = board.lay_offs[card] = tuple(Move(LAY_OFF, (card, target)) for target in board.accepts[card])
    return found


TOKENS_KEPT: Final = 64
SET_TOKENS: Final = tuple(str(index) for index in range(TOKENS_KEPT))
LOW_TOKENS: Final = tuple(f"{index}{LOW}" for index in range(TOKENS_KEPT))
HIGH_TOKENS: Final = tuple(f"{index}{HIGH}" for index in range(TOKENS_KEPT))


def accepts_card(groups: list[Group], card: str) -> bool:
    """Whether a single card can be played to some group on its own (cheaper than ``board_accepts``)."""
    if card == PROTECTED:
        return PROTECTED in board_accepts(groups, True).accepts
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


def transition_fits(group: Group, end: str, card: str) -> bool:
    return (
        group["kind"] == RUN
        and end_is_open(group, end)
        and card not in SPECIAL_NAMES
        and RANK_OF[card[0]] == rank_at(end_position(group, end))
    )


# ----- changing groups ----------------------------------------------------------------------------------------
def copy_group(group: Group) -> Group:
    """A group whose lists are its own, for a play to change (the plays copy what they change: copy on write)."""
    copied = group.copy()
    copied["cards"] = list(group["cards"])
    copied["owners"] = list(group["owners"])
    if "positions" in group:
        copied["positions"] = list(group["positions"])
    return copied


def add_to_group(group: Group, end: str | None, cards: list[str], owner: int, new_cards: bool) -> None:
    """Plays ``cards`` (one card, a Protected, or a Transition and its follower) to a set or a run end."""
    if group["kind"] == SET:
        for card in cards:
            group["cards"].append(card)
            group["owners"].append(owner)
            if card == PROTECTED:
                group["protected"] = 1
        return
    high = end == HIGH
    for card in cards:
        if card in (PROTECTED, TRANSITION):
            _place(group, high, card, owner, 0)
            if card == PROTECTED:
                group["high_closed" if high else "low_closed"] = CLOSED_BY_PROTECTED
            continue
        position = end_position(group, HIGH if high else LOW)
        _place(group, high, card, owner, position)
        if high:
            group["high"], group["high_suit"] = position, card[1]
        else:
            group["low"], group["low_suit"] = position, card[1]
        if card[0] == "A" and not is_ka2(card, new_cards):
            group["high_closed" if high else "low_closed"] = CLOSED_BY_ACE


def _place(group: Group, high: bool, card: str, owner: int, position: int) -> None:
    if high:
        group["cards"].append(card)
        group["owners"].append(owner)
        group["positions"].append(position)
    else:
        group["cards"].insert(0, card)
        group["owners"].insert(0, owner)
        group["positions"].insert(0, position)


def remove_from_group(group: Group, card: str) -> int:
    """Takes a Move card out of its group (the span stays); returns its owner."""
    index = group["cards"].index(card)
    group["cards"].pop(index)
    owner = group["owners"].pop(index)
    if group["kind"] == RUN:
        group["positions"].pop(index)
    return owner


def new_set(cards: list[str], owners: list[int], starter: int) -> Group:
    return Group(kind=SET, starter=starter, cards=cards, owners=owners, rank=RANK_OF[cards[0][0]], protected=0)


def new_run(low: int, high: int, suit: str, owners_by_card: dict[str, int], starter: int, new_cards: bool) -> Group:
    by_rank = SUIT_CARDS[suit]
    cards = [by_rank[(position - 1) % 13] for position in range(low, high + 1)]  # ``card_at``
    low_card, high_card = cards[0], cards[-1]
    return Group(
        kind=RUN,
        starter=starter,
        cards=cards,
        owners=[owners_by_card[card] for card in cards],
        positions=list(range(low, high + 1)),
        low=low,
        high=high,
        low_suit=suit,
        high_suit=suit,
        low_closed=CLOSED_BY_ACE if low_card[0] == "A" and not is_ka2(low_card, new_cards) else OPEN,
        high_closed=CLOSED_BY_ACE if high_card[0] == "A" and not is_ka2(high_card, new_cards) else OPEN,
    )


# ----- finding new groups --------------------------------------------------------------------------------------
def run_spans(ranks: set[int] | frozenset[int], wrap: bool) -> Iterator[tuple[int, int]]:
    """Every span (low, high) of 3 to 13 positions whose ranks are all in ``ranks``.

    An Ace can only be inside a span (between a King and a Two) when ``wrap`` (its suit's Ace is a KA2 card).
    Thirteen-card spans are given once (starting from the lowest position).
    """
    full_seen = False
    for low in range(1, 14):
        if low not in ranks:
            continue
        high = low
        while high + 1 <= low + 12 and rank_at(high + 1) in ranks:
            if high != low and rank_at(high) == 1 and not wrap:
                break
            high += 1
            if high - low >= 2:
                if high - low == 12:
                    if full_seen:
                        break
                    full_seen = True
                yield low, high


def find_melds(
    hand: Iterable[str], extras: Iterable[Extra], new_cards: bool, required: str = ""
) -> list[tuple[str, ...]]:
    """Every new group from hand cards, optionally with one board card of ``extras`` (a Cross card for a group of
    the other kind, one's own Move card). Each meld is its cards, sorted; a meld with a board card holds at least
    two cards from hand. With ``required``: only the melds holding that card (of the hand).
    """
    if required in SPECIAL_NAMES:
        return []
    if required:  # only the cards of its rank or suit can be in a group with it
        standard = tuple(
            sorted(
                {
                    card
                    for card in hand
                    if (card[0] == required[0] or card[1] == required[1]) and card not in SPECIAL_NAMES
                }
            )
        )
        extras = tuple(extra for extra in extras if extra[0][0] == required[0] or extra[0][1] == required[1])
    else:
        standard = tuple(sorted({card for card in hand if card not in SPECIAL_NAMES}))
    return list(melds_of(standard, tuple(extras), new_cards, required))


@lru_cache(maxsize=65536)
def melds_of(
    standard: tuple[str, ...], extras: tuple[Extra, ...], new_cards: bool, required: str
) -> tuple[tuple[str, ...], ...]:
    """``find_melds`` of the hand's distinct standard cards, sorted (pure, memoized)."""
    return new_melds(standard, extras, new_cards, required)


def new_melds(
    standard: tuple[str, ...], extras: tuple[Extra, ...], new_cards: bool, required: str
) -> tuple[tuple[str, ...], ...]:
    """``melds_of`` unmemoized (``meld_moves_of`` keeps its moves): the sets of each rank, the runs of each suit,
    then the groups with each board card, each part memoized on its own cards."""
    return tuple(meld_parts(standard, extras, new_cards, required, set_melds, suit_runs, extra_set_melds))


def meld_parts(
    standard: tuple[str, ...],
    extras: tuple[Extra, ...],
    new_cards: bool,
    required: str,
    sets: Callable[[tuple[str, ...], str], tuple[T, ...]],
    runs: Callable[[int, str, bool, int, int], tuple[T, ...]],
    extra_sets: Callable[[str, tuple[str, ...], str], tuple[T, ...]],
) -> list[T]:
    """The one walk of ``new_melds`` and ``meld_moves_of`` over ``standard`` (distinct standard cards, sorted: the
    cards of a rank are next to each other): the cards of each rank and each suit's ranks (a bit per rank), then
    each part's items in order: ``sets`` of each rank, ``runs`` of each suit, then with each board card its
    ``extra_sets`` and its ``runs`` (the melds, or their moves, each part memoized on its own cards)."""
    items: list[T] = []
    by_suit: dict[str, int] = {}  # the suit's ranks, one bit each, the suits in the order they first come
    first_of_rank = 0  # where the cards of the rank of ``standard[index]`` start
    count = len(standard)
    for index in range(count):
        rank, suit, bit = CARD_PARTS[standard[index]]
        by_suit[suit] = by_suit.get(suit, 0) | bit
        if index + 1 == count or standard[index + 1][0] != rank:  # the last card of its rank
            if index + 1 - first_of_rank >= 3 and (not required or rank == required[0]):
                items.extend(sets(standard[first_of_rank : index + 1], required))
            first_of_rank = index + 1
    needed = RANK_OF[required[0]] if required else 0
    for suit, ranks in by_suit.items():
        if (not required or suit == required[1]) and BIT_COUNTS[ranks] >= 3:
            items.extend(runs(ranks, suit, new_cards, needed, 0))
    for extra, as_set, as_run in extras:
        rank, suit = extra[0], extra[1]
        if as_set and (not required or rank == required[0]):
            same_rank = tuple([card for card in standard if card[0] == rank])
            if len(same_rank) >= 2:
                items.extend(extra_sets(extra, same_rank, required))
        ranks = by_suit.get(suit, 0)
        if as_run and BIT_COUNTS[ranks] >= 2 and (not required or suit == required[1]):
            items.extend(runs(ranks | RANK_BITS[rank], suit, new_cards, RANK_OF[rank], needed))
    return items


RANK_BITS: Final = {rank: 1 << RANK_OF[rank] for rank in RANKS}  # Ace bit 1 ... King bit 13
BIT_COUNTS: Final = tuple(bin(mask).count("1") for mask in range(1 << 14))
# Each standard card's rank, suit and rank bit (``RANK_BITS``).
CARD_PARTS: Final = {rank + suit: (rank, suit, RANK_BITS[rank]) for rank in RANKS for suit in SUITS}
ACE_BIT: Final = 1 << 1


def has_meld_with(held: int, extras: Iterable[Extra], new_cards: bool, required: str) -> bool:
    """Whether ``meld_moves(hand, extras, new_cards, required)`` holds a meld (``held``: ``hand_bits(hand)``), as a
    yes/no from the same parts as ``new_melds`` (no meld is made): three of the card's rank, a run of its suit
    through it, or a board card with two of its rank or in a run of its suit through it."""
    if required in SPECIAL_NAMES:
        return False
    rank, suit = required[0], required[1]
    rank_bit = RANK_BITS[rank]
    same_rank = 0  # the hand's cards of its rank
    for shift in (0, 14, 28, 42):
        if held >> shift & rank_bit:
            same_rank += 1
    ranks = held >> 14 * SUIT_INDEX[suit] & SUIT_BITS  # the suit's ranks in hand, one bit each
    if same_rank >= 3:
        return True
    in_suit = BIT_COUNTS[ranks]
    if in_suit >= 3 and has_run_through(ranks, suit, new_cards, rank_bit):
        return True
    for extra, as_set, as_run in extras:
        if as_set and same_rank >= 2 and extra[0] == rank:
            return True
        if as_run and in_suit >= 2 and extra[1] == suit:
            with_extra = RANK_BITS[extra[0]]
            if has_run_through(ranks | with_extra, suit, new_cards, rank_bit | with_extra):
                return True
    return False


def has_run_through(ranks: int, suit: str, new_cards: bool, through: int) -> bool:
    """Whether ``suit_runs`` of ``ranks`` holds a run with every rank of the bits of ``through``."""
    for _, _, span in run_spans_of(ranks, bool(ranks & ACE_BIT) and is_ka2("A" + suit, new_cards)):
        if span & through == through:
            return True
    return False


# ``run_spans_of`` by ``ranks`` and ``wrap`` as one int (at most 2**15 keys): a dict, cheaper to ask from compiled
# code than an ``lru_cache``.
_run_spans: Final[dict[int, tuple[tuple[int, int, int], ...]]] = {}


def run_spans_of(ranks: int, wrap: bool) -> tuple[tuple[int, int, int], ...]:
    """``run_spans`` of the ranks of the bits of ``ranks``, each as (low, high, its ranks as bits) (memoized)."""
    key = ranks << 1 | 1 if wrap else ranks << 1
    found = _run_spans.get(key)
    if found is None:
        found = _run_spans[key] = new_run_spans(ranks, wrap)
    return found


def new_run_spans(ranks: int, wrap: bool) -> tuple[tuple[int, int, int], ...]:
    """``run_spans_of`` unmemoized."""
    spans: list[tuple[int, int, int]] = []
    for low, high in run_spans({rank for rank in range(1, 14) if ranks >> rank & 1}, wrap):
        span = 0
        for position in range(low, high + 1):
            span |= 1 << rank_at(position)
        spans.append((low, high, span))
    return tuple(spans)


@lru_cache(maxsize=8192)
def set_melds(cards: tuple[str, ...], required: str) -> tuple[tuple[str, ...], ...]:
    """The sets of three or more of ``cards`` (one rank's, sorted), holding ``required`` if given."""
    melds: list[tuple[str, ...]] = []
    for size in range(3, len(cards) + 1):
        melds.extend(combo for combo in combinations(cards, size) if not required or required in combo)
    return tuple(melds)


@lru_cache(maxsize=8192)
def extra_set_melds(extra: str, same_rank: tuple[str, ...], required: str) -> tuple[tuple[str, ...], ...]:
    """The sets of a board card with two or more of ``same_rank`` (the hand's cards of its rank), sorted."""
    melds: list[tuple[str, ...]] = []
    for size in range(2, len(same_rank) + 1):
        melds.extend(
            tuple(sorted((extra, *combo)))
            for combo in combinations(same_rank, size)
            if not required or required in combo
        )
    return tuple(melds)


def suit_runs(ranks: int, suit: str, new_cards: bool, first: int, second: int) -> tuple[tuple[str, ...], ...]:
    """The runs of ``suit`` among the ranks of the bits of ``ranks``, holding the ranks ``first`` and ``second``
    (0: none), in ``run_spans`` order."""
    through = (1 << first if first else 0) | (1 << second if second else 0)
    wrap = bool(ranks & ACE_BIT) and is_ka2("A" + suit, new_cards)
    return tuple(
        run_cards(low, high, suit) for low, high, span in run_spans_of(ranks, wrap) if span & through == through
    )


@lru_cache(maxsize=1024)
def run_cards(low: int, high: int, suit: str) -> tuple[str, ...]:
    """The cards of a run of ``suit`` over positions ``low`` to ``high``, sorted (memoized)."""
    return tuple(sorted(card_at(position, suit) for position in range(low, high + 1)))


_meld_moves: Final[dict[tuple[str, ...], Move]] = {}


def meld_moves(hand: list[str], extras: list[Extra], new_cards: bool, required: str = "") -> tuple[Move, ...]:
    """The ``meld`` moves of ``find_melds``, in its order."""
    if required in SPECIAL_NAMES:
        return ()
    usable = tuple(extras)
    if required:  # only the cards of its rank or suit can be in a group with it
        standard = tuple(sorted(RELATED_CARDS[required].intersection(hand)))
        if usable:
            rank, suit = required[0], required[1]
            usable = tuple(extra for extra in usable if extra[0][0] == rank or extra[0][1] == suit)
    else:
        held = hand_bits(hand)
        if not may_meld(held, extras, new_cards):
            return ()
        standard = standard_of(held)
    return meld_moves_of(standard, usable, new_cards, required)


SUIT_INDEX: Final = {suit: index for index, suit in enumerate(SUITS)}


def may_meld(held: int, extras: list[Extra], new_cards: bool) -> bool:
    """Whether ``meld_moves(hand, extras, new_cards)`` holds a meld (``held``: ``hand_bits(hand)``), as a yes/no
    from the same parts as ``meld_moves_of`` (no meld is made): three of a rank, a run of a suit, or a board card
    with two of its rank or in a run of its suit."""
    spades, hearts, diamonds, clubs = held & SUIT_BITS, held >> 14 & SUIT_BITS, held >> 28 & SUIT_BITS, held >> 42
    if (spades & hearts & (diamonds | clubs)) | ((spades | hearts) & diamonds & clubs):
        return True  # three of a rank
    if (
        suit_may_run(spades, "S", new_cards)
        or suit_may_run(hearts, "H", new_cards)
        or suit_may_run(diamonds, "D", new_cards)
        or suit_may_run(clubs, "C", new_cards)
    ):
        return True
    for extra, as_set, as_run in extras:
        bit = RANK_BITS[extra[0]]
        if as_set:
            same_rank = 0
            for ranks in (spades, hearts, diamonds, clubs):
                if ranks & bit:
                    same_rank += 1
            if same_rank >= 2:
                return True
        suit = SUIT_INDEX[extra[1]]
        ranks = spades if suit == 0 else hearts if suit == 1 else diamonds if suit == 2 else clubs
        if as_run and BIT_COUNTS[ranks] >= 2 and has_run_through(ranks | bit, extra[1], new_cards, bit):
            return True
    return False


def hand_bits(hand: Iterable[str]) -> int:
    """The hand's standard cards, one bit each (``CARD_BITS``)."""
    held = 0
    for card in hand:
        held |= CARD_BITS.get(card, 0)
    return held


def suit_may_run(ranks: int, suit: str, new_cards: bool) -> bool:
    """Whether ``suit_runs`` of a suit's ranks (one bit each) holds a run."""
    around = ranks | ranks << 13  # (three in a row, the Ace after the King too, or no run at all)
    return (
        (around & around >> 1 & around >> 2) != 0
        and BIT_COUNTS[ranks] >= 3
        and len(run_spans_of(ranks, (ranks & ACE_BIT) != 0 and is_ka2("A" + suit, new_cards))) > 0
    )


def meld_moves_of(
    standard: tuple[str, ...], extras: tuple[Extra, ...], new_cards: bool, required: str
) -> tuple[Move, ...]:
    """The moves of ``new_melds``, in its order, from its parts' moves (each part memoized with its moves; the whole
    is not: a random playout's hands seldom recur, and a memo's key costs about what the parts' memos save)."""
    return tuple(
        meld_parts(standard, extras, new_cards, required, set_meld_moves, run_meld_moves, extra_set_meld_moves)
    )


def moves_of_melds(melds: tuple[tuple[str, ...], ...]) -> tuple[Move, ...]:
    moves: list[Move] = []
    for meld in melds:
        move = _meld_moves.get(meld)
        if move is None:
            if len(_meld_moves) >= 65536:
                _meld_moves.clear()
            move = _meld_moves[meld] = meld_move(meld)
        moves.append(move)
    return tuple(moves)


@lru_cache(maxsize=4096)
def set_meld_moves(cards: tuple[str, ...], required: str) -> tuple[Move, ...]:
    """The moves of ``set_melds`` (memoized)."""
    return moves_of_melds(set_melds(cards, required))


@lru_cache(maxsize=4096)
def extra_set_meld_moves(extra: str, same_rank: tuple[str, ...], required: str) -> tuple[Move, ...]:
    """The moves of ``extra_set_melds`` (memoized)."""
    return moves_of_melds(extra_set_melds(extra, same_rank, required))


def run_meld_moves(ranks: int, suit: str, new_cards: bool, first: int, second: int) -> tuple[Move, ...]:
    """The moves of ``suit_runs``."""
    through = (1 << first if first else 0) | (1 << second if second else 0)
    wrap = bool(ranks & ACE_BIT) and is_ka2("A" + suit, new_cards)
    return tuple(
        run_move(low, high, suit) for low, high, span in run_spans_of(ranks, wrap) if span & through == through
    )


_run_moves: Final[dict[int, Move]] = {}  # ``run_move`` by low, high and suit as one int (a few hundred keys)


def run_move(low: int, high: int, suit: str) -> Move:
    """The ``meld`` move of ``run_cards`` (memoized)."""
    key = (low << 6 | high) << 2 | SUIT_INDEX[suit]
    move = _run_moves.get(key)
    if move is None:
        move = _run_moves[key] = meld_move(run_cards(low, high, suit))
    return move


def meld_kind(cards: Iterable[str]) -> str:
    ranks = {card[0] for card in cards}
    return SET if len(ranks) == 1 else RUN


def build_meld(cards: list[str], owners_by_card: dict[str, int], starter: int, new_cards: bool) -> Group | None:
    """The group record for a meld's cards, or None if they are neither a set nor a run."""
    if len(cards) < 3 or any(card in SPECIAL_NAMES for card in cards) or len(set(cards)) != len(cards):
        return None
    if meld_kind(cards) == SET:
        ordered = [card for card in SET_CARDS[RANK_OF[cards[0][0]]] if card in cards]  # (in suit order)
        return new_set(ordered, [owners_by_card[card] for card in ordered], starter)
    suit = cards[0][1]
    ranks = 0  # one bit each (``RANK_BITS``): distinct cards of one suit have distinct ranks
    for card in cards:
        if card[1] != suit:
            return None
        ranks |= RANK_BITS[card[0]]
    # The first span of ``run_spans`` that takes exactly these ranks.
    for low, high, _ in run_spans_of(ranks, bool(ranks & ACE_BIT) and is_ka2("A" + suit, new_cards)):
        if high - low + 1 == len(cards):
            return new_run(low, high, suit, owners_by_card, starter, new_cards)
    return None


# ----- what a turn could possibly bring to the board ---------------------------------------------------------
def neighbours(rank: int) -> tuple[int, int]:
    """The ranks next to ``rank`` in a run, either way round (King and Two next to the Ace)."""
    return rank % 13 + 1, (rank - 2) % 13 + 1


STANDARD_CARDS: Final = tuple(rank + suit for rank in RANKS for suit in SUITS)
STANDARD_SET: Final = frozenset(STANDARD_CARDS)
# Each standard card as one bit: its rank's bit (``RANK_BITS``) in its suit's 14 bits (``SUITS`` order).
CARD_BITS: Final = {card: RANK_BITS[card[0]] << 14 * SUIT_INDEX[card[1]] for card in STANDARD_CARDS}
SUIT_BITS: Final = (1 << 14) - 1
# The standard cards with their bits, in the order ``sorted`` gives their codes.
SORTED_CARD_BITS: Final = tuple(sorted(CARD_BITS.items()))


def standard_of(held: int) -> tuple[str, ...]:
    """The standard cards of the bits ``held``, sorted (``tuple(sorted(STANDARD_SET.intersection(hand)))`` of a hand
    whose ``hand_bits`` they are)."""
    return tuple([card for card, bit in SORTED_CARD_BITS if held & bit])


# For each standard card: the standard cards of its rank or its suit (itself too).
RELATED_CARDS: Final = {
    card: frozenset(other for other in STANDARD_CARDS if other[0] == card[0] or other[1] == card[1])
    for card in STANDARD_CARDS
}
# For each standard card: its suit's neighbours, and the neighbours of any suit (after a Transition).
SAME_SUIT_NEIGHBOURS: Final = {
    card: tuple(RANKS[rank - 1] + card[1] for rank in neighbours(RANK_OF[card[0]])) for card in STANDARD_CARDS
}
ANY_SUIT_NEIGHBOURS: Final = {
    card: tuple(other for rank in neighbours(RANK_OF[card[0]]) for other in SET_CARDS[rank]) for card in STANDARD_CARDS
}
NEXT_IN_SUIT: Final = {card: RANKS[RANK_OF[card[0]] % 13] + card[1] for card in STANDARD_CARDS}
PREVIOUS_IN_SUIT: Final = {card: RANKS[(RANK_OF[card[0]] - 2) % 13] + card[1] for card in STANDARD_CARDS}


def isolated(card: str, usable: int, has_transition: bool, board: Board, may_meld: bool) -> bool:
    """The first, cheapest part of ``may_reach_board``: a standard card that fits no group as it is, with no
    Transition in hand, can only be played next to a neighbour of its suit that gets into a run (one that fits a
    run end, or has a neighbour of its own, or the card's other neighbour is there too), or (when a new group may
    still be started) in a set of three of its rank among the hand and the usable board cards (``usable``: their
    standard cards as bits, ``hand_bits``; ``has_transition``: whether the hand holds a Transition)."""
    bit = CARD_BITS.get(card, 0)
    if not bit or has_transition:
        return False
    near = (above(bit) | below(bit)) & usable  # its usable neighbours of its suit
    if near:
        if near & board_bits(board)[0] or near & (near - 1):  # one fits a run end, or both are there
            return False
        if (above(near) | below(near)) & usable & ~bit:  # the neighbour has a neighbour of its own
            return False
    if not may_meld:
        return True
    rank = rank_bits(bit)
    return card_count(usable & (rank | rank << 14 | rank << 28 | rank << 42)) < 3  # its rank's usable cards


def may_reach_board(card: str, hand: list[str], in_hand: int, usable: int, board: Board, may_meld: bool) -> bool:
    """A quick bound for the search of a turn: False only if no sequence of plays can bring ``card`` (of the hand)
    to the board this turn (``extra_cards``: the board cards a new group may use; ``may_meld``: whether a new group
    may still be started). It ignores which end of a run a card goes to, that one new group uses up the turn's
    group and the Ace's limits, so it may say True wrongly, never False wrongly.

    A standard card reaches the board only by fitting a group as it is, by a new set (three of its rank among the
    hand and the usable board cards), in a run: a new one (three in sequence), or next to a card of its suit that
    got into a run this turn, or after a Transition of the hand (each used once), next to an open run end or a card
    that got into a run before. A Transition needs a card of the hand to follow it; the Hot Potato needs all but
    one other card of the hand played; a Protected card needs a target, which only the board as it is or a play
    can give.

    The caller knows that the card fits no group as it is and is not ``isolated``. On bit masks (``CARD_BITS``):
    sets of standard cards; ``in_hand``: the hand's (``hand_bits``), ``usable``: with the board cards a new group
    may use.
    """
    run_ends, accepted, high_ends, low_ends, end_ranks = board_bits(board)
    in_sets = usable & accepted  # cards that can go to a set, from which no run grows
    seeds = usable & run_ends  # cards that can go into a run: their neighbours may follow
    if may_meld:
        spades, hearts, diamonds, clubs = (
            usable & SUIT_BITS,
            usable >> 14 & SUIT_BITS,
            usable >> 28 & SUIT_BITS,
            usable >> 42,
        )
        threes = (spades & hearts & (diamonds | clubs)) | ((spades | hearts) & diamonds & clubs)  # ranks, as bits
        in_sets |= usable & (threes | threes << 14 | threes << 28 | threes << 42)
        starts = usable & below(usable) & below(below(usable))  # the lowest of three in sequence
        seeds |= starts | above(starts) | above(above(starts))
    standard = card not in SPECIAL_NAMES
    bit = CARD_BITS[card] if standard else 0
    if in_sets & bit:
        return True
    in_runs = suit_closure(seeds, usable)
    transitions = hand.count(TRANSITION)
    if standard and (in_runs & bit or not transitions):
        return (in_runs & bit) != 0
    followers = 0
    for step in range(transitions):  # each Transition of the hand lets one more step change suit
        following = may_follow_transition(in_runs, followers, usable, high_ends, low_ends, end_ranks)
        if standard and step == transitions - 1:
            # The last step brings the card's run of its suit (``suit_closure``) into a run, or nothing of it.
            return (suit_closure(bit, usable) & in_hand & following) != 0
        new = in_hand & ~in_runs & following
        if not new:
            break
        followers |= new
        in_runs |= suit_closure(new, usable)
        if standard and in_runs & bit:
            return True
    placed = in_runs | in_sets
    if card == TRANSITION:
        return (in_hand & may_follow_transition(in_runs, followers, usable, high_ends, low_ends, end_ranks)) != 0
    if card == PROTECTED:
        return PROTECTED in board.accepts or placed != 0
    if card in SPECIAL_NAMES:  # the Hot Potato: played only with at most one other card left in hand
        return card_count(in_hand & ~placed) <= 1
    return (placed & bit) != 0


def suit_closure(seeds: int, usable: int) -> int:
    """``seeds`` and every card of ``usable`` joined to them by an unbroken sequence of their suit, as bits."""
    placed = seeds
    while True:
        grown = placed | ((above(placed) | below(placed)) & usable)
        if grown == placed:
            return placed
        placed = grown


def may_follow_transition(
    in_runs: int, followers: int, usable: int, high_ends: int, low_ends: int, end_ranks: int
) -> int:
    """The cards (as bits) that may follow a Transition: of a rank an open run end needs (``end_ranks``, a bit
    per rank), or one rank above (below) a card, of any suit, that got into a run and can be its high (low) end.

    A card can be the high end of a run that grows from below it if it fits such an end on the board or followed a
    Transition, or if the card below it is usable and either does so too or has a usable card below it (two cards
    of its suit there: a new run); the same for a low end."""
    fits_high = high_ends | followers
    fits_low = low_ends | followers
    may_end_high = fits_high | above(usable & (fits_high | above(usable)))
    may_end_low = fits_low | below(usable & (fits_low | below(usable)))
    ranks = end_ranks | above(rank_bits(in_runs & may_end_high)) | below(rank_bits(in_runs & may_end_low))
    return ranks | ranks << 14 | ranks << 28 | ranks << 42


def rank_bits(cards: int) -> int:
    """The ranks of ``cards`` (bits), one bit each (``RANK_BITS``)."""
    return (cards | cards >> 14 | cards >> 28 | cards >> 42) & SUIT_BITS


def card_count(cards: int) -> int:
    return (
        BIT_COUNTS[cards & SUIT_BITS]
        + BIT_COUNTS[cards >> 14 & SUIT_BITS]
        + BIT_COUNTS[cards >> 28 & SUIT_BITS]
        + BIT_COUNTS[cards >> 42]
    )


# The bits of every standard card (``CARD_BITS``), of the Kings and of the Aces.
ALL_CARD_BITS: Final = sum(SUIT_BITS - 1 << 14 * index for index in range(4))
KING_BITS: Final = sum(1 << 13 + 14 * index for index in range(4))
ACE_BITS: Final = sum(1 << 1 + 14 * index for index in range(4))


def above(cards: int) -> int:
    """The cards next above ``cards`` in their suits (``NEXT_IN_SUIT``: the Ace after the King), as bits."""
    return (cards << 1 | (cards & KING_BITS) >> 12) & ALL_CARD_BITS


def below(cards: int) -> int:
    """The cards next below ``cards`` in their suits (``PREVIOUS_IN_SUIT``: the King before the Ace), as bits."""
    return (cards >> 1 | (cards & ACE_BITS) << 12) & ALL_CARD_BITS


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


def in_suit_closure(seeds: set[str], usable: set[str]) -> set[str]:
    """``seeds`` and every card of ``usable`` joined to them by an unbroken sequence of their suit."""
    placed = set(seeds)
    queue = list(seeds)
    while queue:
        for other in SAME_SUIT_NEIGHBOURS[queue.pop()]:
            if other in usable and other not in placed:
                placed.add(other)
                queue.append(other)
    return placed


def relevant_cards(card: str, hand: list[str], extra_cards: frozenset[str]) -> frozenset[str] | None:
    """The cards whose plays can help bring a standard ``card`` of the hand to the board this turn, or None (any
    play may help a special card). A card reaches the board in a set of its rank, or in a run next to a card of its
    suit (of any suit after each Transition of the hand) that got there before it, and so on back: only the cards
    of its rank and its chain of neighbours count, and only in a group with the card's rank or in its run. Any other
    play only uses up cards, the turn's group or a group's far end, so leaving it out of a sequence of plays that
    brings the card to the board leaves one that still does: the search only tries plays of these cards."""
    if card not in SAME_SUIT_NEIGHBOURS:
        return None
    usable = set(hand).difference(SPECIAL_NAMES) | extra_cards
    chain = in_suit_closure({card}, usable)
    for _ in range(hand.count(TRANSITION)):  # each Transition lets the chain change suit once
        hop = {other for held in chain for other in ANY_SUIT_NEIGHBOURS[held] if other in usable} - chain
        if not hop:
            break
        chain |= in_suit_closure(hop, usable)
    return frozenset(chain.union(held for held in SET_CARDS[RANK_OF[card[0]]] if held in usable))
