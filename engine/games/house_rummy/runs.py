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


RANK_BITS: Final = {rank: 1 << RANK_OF[rank] for rank in RANKS}  # Ace bit 1 ... King bit 13


BIT_COUNTS: Final = tuple(bin(mask).count("1") for mask in range(1 << 14))


ACE_BIT: Final = 1 << 1


POSITION_RANKS: Final = (1 << 14) - 2  # the rank bits, Ace 1 ... King 13


def position_bits(ranks: int, *, wrap: bool) -> int:
    """The positions a run can hold, one bit each: those of ``ranks`` from the Ace (1) to the Ace above the King
    (14); when ``wrap`` on round, to position 26 (a span of 13 starts at the latest at position 13)."""
    if wrap:
        return ranks | ranks << 13
    return ranks | (ranks & ACE_BIT) << 13


def run_spans_of(ranks: int, *, wrap: bool) -> tuple[tuple[int, int, int], ...]:
    """Every span of 3 to 13 positions whose ranks are all among the bits of ``ranks`` (``RANK_BITS``), as (low,
    high, its ranks as bits), by low position, then length.

    An Ace can only be inside a span (between a King and a Two) when ``wrap`` (its suit's Ace is a KA2 card).
    Thirteen-card spans are given once (starting from the lowest position).
    """
    spans: list[tuple[int, int, int]] = []
    positions = position_bits(ranks, wrap=wrap)
    full_seen = False
    for low in range(1, 14):
        if not ranks >> low & 1:
            continue
        above = positions >> low
        length = (~above & above + 1).bit_length() - 1  # the positions held in a row from ``low``
        if length < 3:
            continue
        for high in range(low + 2, low + min(length, 13)):
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
    positions = position_bits(ranks, wrap=wrap)
    while positions:
        row = positions & ~(positions + (positions & -positions))  # the lowest row of held positions
        positions ^= row
        if row.bit_count() >= 3 and (row | row >> 13) & through == through:
            return True
    return False


def has_run_through(ranks: int, suit: str, *, new_cards: bool, through: int) -> bool:
    """Whether ``suit_runs`` of ``ranks`` holds a run with every rank of the bits of ``through``."""
    return has_span_through(
        ranks, wrap=bool(ranks & ACE_BIT) and is_ka2("A" + suit, new_cards=new_cards), through=through
    )


def suit_may_run(ranks: int, suit: str, *, new_cards: bool) -> bool:
    """Whether ``suit_runs`` of a suit's ranks (one bit each) holds a run."""
    around = ranks | ranks << 13  # (three in a row, the Ace after the King too, or no run at all)
    return (
        (around & around >> 1 & around >> 2) != 0
        and BIT_COUNTS[ranks] >= 3
        and has_span_through(ranks, wrap=(ranks & ACE_BIT) != 0 and is_ka2("A" + suit, new_cards=new_cards), through=0)
    )
