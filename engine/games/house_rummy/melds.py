"""Finding new groups: every set and run a hand can start, alone or with one board card, as melds or as their
``meld`` moves, and yes/no answers from the same parts."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import Final

from engine.games.house_rummy.board import Extra
from engine.games.house_rummy.card_bits import CARD_PARTS, STANDARD_CARDS, SUIT_BITS, SUIT_INDEX, hand_bits, standard_of
from engine.games.house_rummy.cards import RANK_OF, SPECIAL_NAMES
from engine.games.house_rummy.moves import meld_move
from engine.games.house_rummy.runs import (
    BIT_COUNTS,
    RANK_BITS,
    SUIT_CARDS,
    ace_wraps,
    has_run_through,
    run_spans_of,
    suit_may_run,
)
from engine.moves import Move


def find_melds(
    hand: Iterable[str], extras: Iterable[Extra], *, new_cards: bool, required: str = ""
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
    return list(new_melds(standard, tuple(extras), new_cards=new_cards, required=required))


def new_melds(
    standard: tuple[str, ...], extras: tuple[Extra, ...], *, new_cards: bool, required: str
) -> tuple[tuple[str, ...], ...]:
    """``find_melds`` of the hand's distinct standard cards, sorted: the sets of each rank, the runs of each
    suit, then the groups with each board card."""
    return tuple(meld_parts(standard, extras, new_cards=new_cards, required=required))


def meld_parts(
    standard: tuple[str, ...],
    extras: tuple[Extra, ...],
    *,
    new_cards: bool,
    required: str,
) -> list[tuple[str, ...]]:
    """The one walk of ``new_melds`` and ``meld_moves_of`` over ``standard`` (distinct standard cards, sorted: the
    cards of a rank are next to each other): the cards of each rank and each suit's ranks (a bit per rank), then
    the melds in order: the sets of each rank, the runs of each suit, then with each board card its sets and its
    runs."""
    items: list[tuple[str, ...]] = []
    by_suit: dict[str, int] = {}  # the suit's ranks, one bit each, the suits in the order they first come
    first_of_rank = 0  # where the cards of the rank of ``standard[index]`` start
    count = len(standard)
    for index in range(count):
        rank, suit, bit = CARD_PARTS[standard[index]]
        by_suit[suit] = by_suit.get(suit, 0) | bit
        if index + 1 == count or standard[index + 1][0] != rank:  # the last card of its rank
            if index + 1 - first_of_rank >= 3 and (not required or rank == required[0]):
                items.extend(set_melds(standard[first_of_rank : index + 1], required))
            first_of_rank = index + 1
    needed = RANK_OF[required[0]] if required else 0
    for suit, ranks in by_suit.items():
        if (not required or suit == required[1]) and BIT_COUNTS[ranks] >= 3:
            items.extend(suit_runs(ranks, suit, new_cards=new_cards, first=needed, second=0))
    for extra, as_set, as_run in extras:
        rank, suit = extra[0], extra[1]
        if as_set and (not required or rank == required[0]):
            same_rank = tuple([card for card in standard if card[0] == rank])
            if len(same_rank) >= 2:
                items.extend(extra_set_melds(extra, same_rank, required))
        ranks = by_suit.get(suit, 0)
        if as_run and BIT_COUNTS[ranks] >= 2 and (not required or suit == required[1]):
            items.extend(
                suit_runs(ranks | RANK_BITS[rank], suit, new_cards=new_cards, first=RANK_OF[rank], second=needed)
            )
    return items


# For each standard card: the standard cards of its rank or its suit (itself too).
RELATED_CARDS: Final = {
    card: frozenset(other for other in STANDARD_CARDS if other[0] == card[0] or other[1] == card[1])
    for card in STANDARD_CARDS
}


def has_meld_with(held: int, extras: Iterable[Extra], *, new_cards: bool, required: str) -> bool:
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
    if in_suit >= 3 and has_run_through(ranks, suit, new_cards=new_cards, through=rank_bit):
        return True
    for extra, as_set, as_run in extras:
        if as_set and same_rank >= 2 and extra[0] == rank:
            return True
        if as_run and in_suit >= 2 and extra[1] == suit:
            with_extra = RANK_BITS[extra[0]]
            if has_run_through(ranks | with_extra, suit, new_cards=new_cards, through=rank_bit | with_extra):
                return True
    return False


def set_melds(cards: tuple[str, ...], required: str) -> tuple[tuple[str, ...], ...]:
    """The sets of three or more of ``cards`` (one rank's, sorted), holding ``required`` if given."""
    melds: list[tuple[str, ...]] = []
    for size in range(3, len(cards) + 1):
        melds.extend(combo for combo in combinations(cards, size) if not required or required in combo)
    return tuple(melds)


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


def suit_runs(ranks: int, suit: str, *, new_cards: bool, first: int, second: int) -> tuple[tuple[str, ...], ...]:
    """The runs of ``suit`` among the ranks of the bits of ``ranks``, holding the ranks ``first`` and ``second``
    (0: none), in ``run_spans_of`` order."""
    through = (1 << first if first else 0) | (1 << second if second else 0)
    wrap = ace_wraps(ranks, suit, new_cards=new_cards)
    return tuple(
        run_cards(low, high, suit) for low, high, span in run_spans_of(ranks, wrap=wrap) if span & through == through
    )


def run_cards(low: int, high: int, suit: str) -> tuple[str, ...]:
    """The cards of a run of ``suit`` over positions ``low`` to ``high``, sorted."""
    cards = SUIT_CARDS[suit]  # (``card_at``: the card at a position)
    return tuple(sorted([cards[(position - 1) % 13] for position in range(low, high + 1)]))


def meld_moves(hand: list[str], extras: list[Extra], *, new_cards: bool, required: str = "") -> tuple[Move, ...]:
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
        if not may_meld(held, extras, new_cards=new_cards):
            return ()
        standard = standard_of(held)
    return meld_moves_of(standard, usable, new_cards=new_cards, required=required)


def may_meld(held: int, extras: list[Extra], *, new_cards: bool) -> bool:
    """Whether ``meld_moves(hand, extras, new_cards)`` holds a meld (``held``: ``hand_bits(hand)``), as a yes/no
    from the same parts as ``meld_moves_of`` (no meld is made): three of a rank, a run of a suit, or a board card
    with two of its rank or in a run of its suit."""
    spades, hearts, diamonds, clubs = held & SUIT_BITS, held >> 14 & SUIT_BITS, held >> 28 & SUIT_BITS, held >> 42
    if (spades & hearts & (diamonds | clubs)) | ((spades | hearts) & diamonds & clubs):
        return True  # three of a rank
    if (
        suit_may_run(spades, "S", new_cards=new_cards)
        or suit_may_run(hearts, "H", new_cards=new_cards)
        or suit_may_run(diamonds, "D", new_cards=new_cards)
        or suit_may_run(clubs, "C", new_cards=new_cards)
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
        if (
            as_run
            and BIT_COUNTS[ranks] >= 2
            and has_run_through(ranks | bit, extra[1], new_cards=new_cards, through=bit)
        ):
            return True
    return False


def meld_moves_of(
    standard: tuple[str, ...], extras: tuple[Extra, ...], *, new_cards: bool, required: str
) -> tuple[Move, ...]:
    """The moves of ``new_melds``, in its order."""
    return tuple([meld_move(meld) for meld in meld_parts(standard, extras, new_cards=new_cards, required=required)])
