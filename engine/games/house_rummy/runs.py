"""Run positions and spans: the rank at a run position is ``(position - 1) % 13 + 1``; a span is every run of 3
to 13 positions over a suit's ranks (the Ace inside a span only as a KA2 card of the New Card Rules)."""

from __future__ import annotations

from typing import Final

from engine.cards import RANKS, SUITS
from engine.games.house_rummy.cards import KA2_ACES, RANK_OF

# Each suit's cards by rank index (Ace 0 ... King 12).
SUIT_CARDS: Final = {suit: tuple(rank + suit for rank in RANKS) for suit in SUITS}


def rank_at(position: int) -> int:
    return (position - 1) % 13 + 1


def card_at(position: int, suit: str) -> str:
    return RANKS[rank_at(position) - 1] + suit


def is_ka2(card: str, *, new_cards: bool) -> bool:
    return new_cards and card in KA2_ACES


KA2_SUITS: Final = frozenset(card[1] for card in KA2_ACES)  # the suits whose Ace is a KA2 card


def ace_wraps(ranks: int, suit: str, *, new_cards: bool) -> bool:
    """Whether a run of ``suit`` over the bits of ``ranks`` may pass its Ace (it holds one, and it is a KA2 card)."""
    return new_cards and ranks & ACE_BIT != 0 and suit in KA2_SUITS


RANK_BITS: Final = {rank: 1 << RANK_OF[rank] for rank in RANKS}  # Ace bit 1 ... King bit 13


BIT_COUNTS: Final = tuple(bin(mask).count("1") for mask in range(1 << 14))


ACE_BIT: Final = 1 << 1


POSITION_RANKS: Final = (1 << 14) - 2  # the rank bits, Ace 1 ... King 13


# The positions a run can hold, one bit each (``positions`` below): those of the ranks from the Ace (1) to the Ace
# above the King (14); when the Ace wraps, on round to position 26 (a span of 13 starts at position 13 at the latest).


def run_spans_of(ranks: int, *, wrap: bool) -> tuple[tuple[int, int, int], ...]:
    """Every span of 3 to 13 positions whose ranks are all among the bits of ``ranks`` (``RANK_BITS``), as (low,
    high, its ranks as bits), by low position, then length.

    An Ace can only be inside a span (between a King and a Two) when ``wrap`` (its suit's Ace is a KA2 card).
    Thirteen-card spans are given once (starting from the lowest position).
    """
    spans: list[tuple[int, int, int]] = []
    positions = ranks | ranks << 13 if wrap else ranks | (ranks & ACE_BIT) << 13
    full_seen = False
    while positions:
        lowest = positions & -positions
        row = positions & ~(positions + lowest)  # the lowest row of held positions
        positions ^= row
        start = lowest.bit_length() - 1
        if start > 13:
            break
        end = start + row.bit_count()  # (one past the row's last position)
        for low in range(start, min(end - 2, 14)):
            for high in range(low + 2, min(end, low + 13)):
                if high - low == 12:
                    if full_seen:
                        break
                    full_seen = True
                held = (1 << high + 1) - (1 << low)
                spans.append((low, high, (held | held >> 13) & POSITION_RANKS))
    return tuple(spans)


def has_span_through(ranks: int, *, wrap: bool, through: int) -> bool:
    """Whether ``run_spans_of(ranks, wrap=wrap)`` holds a span with every rank of the bits of ``through``: whether a
    longest row of held positions, 3 or more, holds them all (a row of 13 or more holds every rank)."""
    positions = ranks | ranks << 13 if wrap else ranks | (ranks & ACE_BIT) << 13
    while positions:
        row = positions & ~(positions + (positions & -positions))  # the lowest row of held positions
        positions ^= row
        if row.bit_count() >= 3 and (row | row >> 13) & through == through:
            return True
    return False


def has_run_through(ranks: int, suit: str, *, new_cards: bool, through: int) -> bool:
    """Whether ``suit_runs`` of ``ranks`` holds a run with every rank of the bits of ``through``."""
    return has_span_through(ranks, wrap=ace_wraps(ranks, suit, new_cards=new_cards), through=through)


def suit_may_run(ranks: int, suit: str, *, new_cards: bool) -> bool:
    """Whether ``suit_runs`` of a suit's ranks (one bit each) holds a run."""
    around = ranks | ranks << 13  # (three in a row, the Ace after the King too, or no run at all)
    return (
        (around & around >> 1 & around >> 2) != 0
        and BIT_COUNTS[ranks] >= 3
        and has_span_through(ranks, wrap=ace_wraps(ranks, suit, new_cards=new_cards), through=0)
    )
