"""Melds, deadwood and lay-offs: pure functions over card ids, exactly as OpenSpiel 2.0.2's ``GinRummyUtils``.

A meld is a set (three or four cards of one rank) or a run (three to five cards of one suit in sequence, the Ace
low); a longer run is two melds. The 185 melds have OpenSpiel's ids (``MELD_CARDS[meld_id]``; the action of laying
one is ``56 + meld_id``): the 65 sets by rank, then the runs of three, four and five by suit and lowest rank.

Deadwood follows OpenSpiel to the card: a 10-card hand's deadwood is its value less the most its disjoint melds
can hold; an 11-card hand (a card just drawn) then also discards its highest-ranked deadwood card, the deadwood
being that of the first best arrangement in OpenSpiel's order of melds (``meld_ids_in_order``), which decides which
card that is when two arrangements hold the same value.
"""

from __future__ import annotations

from typing import Final

from cardengine_gin_rummy.cards import NUM_RANKS, VALUES, rank_of, suit_of

HAND_SIZE: Final = 10
RANK_MELDS: Final = 65
SUIT_MELDS_OF_THREE: Final = 44
SUIT_MELDS_OF_FOUR: Final = 40
NUM_MELDS: Final = 185


def meld_id(cards: tuple[int, ...]) -> int:
    """OpenSpiel's id of a meld (``MeldToInt``); ``cards`` in card-id order."""
    if rank_of(cards[0]) == rank_of(cards[-1]):
        if len(cards) == 4:
            return rank_of(cards[0]) * 5 + 4
        missing = ({0, 1, 2, 3} - {suit_of(card) for card in cards}).pop()
        return rank_of(cards[0]) * 5 + missing
    low, suit = rank_of(cards[0]), suit_of(cards[0])
    if len(cards) == 3:
        return RANK_MELDS + suit * (NUM_RANKS - 2) + low
    if len(cards) == 4:
        return RANK_MELDS + SUIT_MELDS_OF_THREE + suit * (NUM_RANKS - 3) + low
    return RANK_MELDS + SUIT_MELDS_OF_THREE + SUIT_MELDS_OF_FOUR + suit * (NUM_RANKS - 4) + low


SUIT_BITS: Final = (1 << NUM_RANKS) - 1


def hand_mask(hand: list[int]) -> int:
    mask = 0
    for card in hand:
        mask |= 1 << card
    return mask


def bits(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def run_id(size: int, suit: int, low: int) -> int:
    if size == 3:
        return RANK_MELDS + suit * (NUM_RANKS - 2) + low
    if size == 4:
        return RANK_MELDS + SUIT_MELDS_OF_THREE + suit * (NUM_RANKS - 3) + low
    return RANK_MELDS + SUIT_MELDS_OF_THREE + SUIT_MELDS_OF_FOUR + suit * (NUM_RANKS - 4) + low


def suit_runs(suit: int, cards: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The ids of the runs of five, four and three (each by lowest rank) in one suit's 13-bit mask of ranks."""
    runs3 = cards & cards >> 1 & cards >> 2
    runs4 = runs3 & cards >> 3
    runs5 = runs4 & cards >> 4
    return (
        tuple(run_id(5, suit, low) for low in bits(runs5)),
        tuple(run_id(4, suit, low) for low in bits(runs4)),
        tuple(run_id(3, suit, low) for low in bits(runs3)),
    )


# Per suit and 13-bit mask of the ranks held (the key ``suit << 13 | cards``): its runs of five, four and three,
# each worked out the first time a hand holds it (at most 4 x 8,192 entries; a playout meets a few hundred).
SUIT_RUNS: dict[int, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = {}


def runs_of(suit: int, cards: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    key = suit << NUM_RANKS | cards
    found = SUIT_RUNS.get(key)
    if found is None:
        found = SUIT_RUNS[key] = suit_runs(suit, cards)
    return found


def meld_ids_in_order(mask: int) -> list[int]:
    """The ids of every meld of at most five cards in the hand ``mask``, in OpenSpiel's order (``AllMelds``): each
    four of a kind with two of its sets (those without the diamond and without the club) by rank, then the other
    sets by rank, then the runs of five, four and three by card id."""
    s0, s1, s2, s3 = (mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS, mask >> 39 & SUIT_BITS)
    threes = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    melds: list[int] = []
    if threes:
        fours = s0 & s1 & s2 & s3
        for rank in bits(fours):  # (a, b, c, d), (a, b, d), (a, c, d): missing none, the diamond, the club
            melds += [rank * 5 + 4, rank * 5 + 2, rank * 5 + 1]
        for rank in bits(threes):
            if fours >> rank & 1:  # (a, b, c) and (b, c, d): missing the heart, the spade
                melds += [rank * 5 + 3, rank * 5]
            else:
                missing = 0 if not s0 >> rank & 1 else 1 if not s1 >> rank & 1 else 2 if not s2 >> rank & 1 else 3
                melds.append(rank * 5 + missing)
    if (s0 & s0 >> 1 & s0 >> 2) | (s1 & s1 >> 1 & s1 >> 2) | (s2 & s2 >> 1 & s2 >> 2) | (s3 & s3 >> 1 & s3 >> 2):
        runs = (runs_of(0, s0), runs_of(1, s1), runs_of(2, s2), runs_of(3, s3))
        for size in (0, 1, 2):  # fives, fours, threes
            for suit_runs_of in runs:
                melds += suit_runs_of[size]
    return melds


def best_arrangement(melds: list[int]) -> tuple[int, int]:
    """The most value disjoint melds (ids) can hold and the cards (a mask) of the first arrangement holding it in
    OpenSpiel's order (the lexicographically least list of positions in ``melds``)."""
    best = [0, 0]
    count = len(melds)
    masks = [MELD_MASKS[meld] for meld in melds]
    values = [MELD_VALUES[meld] for meld in melds]

    def search(start: int, used: int, value: int) -> None:
        if value > best[0]:
            best[0], best[1] = value, used
        for index in range(start, count):
            if not masks[index] & used:
                search(index + 1, used | masks[index], value + values[index])

    search(0, 0, 0)
    return best[0], best[1]


def highest_value(mask: int) -> int:
    """The value of the highest-ranked card of ``mask`` (0 for none)."""
    ranks = (mask | mask >> 13 | mask >> 26 | mask >> 39) & SUIT_BITS
    return min(10, ranks.bit_length())


def min_deadwood(hand: list[int]) -> int:
    """OpenSpiel's ``MinDeadwood``: the deadwood of ``hand``; with 11 cards, less its highest-ranked deadwood
    card (the one it would discard)."""
    total = 0
    mask = 0
    for card in hand:
        total += VALUES[card]
        mask |= 1 << card
    melds = meld_ids_in_order(mask)
    if not melds:
        return total - highest_value(mask) if len(hand) == HAND_SIZE + 1 else total
    value, used = best_arrangement(melds)
    if len(hand) == HAND_SIZE + 1:
        return total - value - highest_value(mask & ~used)
    return total - value


def total_value(cards: list[int]) -> int:
    return sum(VALUES[card] for card in cards)


def legal_melds(hand: list[int], knock_card: int) -> list[int]:
    """OpenSpiel's ``LegalMelds``: the ids of the melds of ``hand`` that belong to some arrangement leaving at
    most ``knock_card`` points of deadwood, in id order."""
    melds = meld_ids_in_order(hand_mask(hand))
    need = total_value(hand) - knock_card  # the value an arrangement must hold
    usable: set[int] = set()
    count = len(melds)

    def search(start: int, used: int, value: int, chosen: tuple[int, ...]) -> None:
        if value >= need and chosen:
            usable.update(chosen)
        for index in range(start, count):
            meld = melds[index]
            if not MELD_MASKS[meld] & used:
                search(index + 1, used | MELD_MASKS[meld], value + MELD_VALUES[meld], (*chosen, meld))

    search(0, 0, 0, ())
    return sorted(usable)


def all_meld_ids(hand: list[int]) -> list[int]:
    """The ids of every meld in ``hand`` (the defender may lay any of them), in id order."""
    return sorted(meld_ids_in_order(hand_mask(hand)))


def legal_knock_discards(hand: list[int], knock_card: int) -> list[int]:
    """OpenSpiel's ``LegalDiscards``: the cards of an 11-card hand whose discard leaves a 10-card hand of at most
    ``knock_card`` deadwood, in card-id order."""
    return sorted(card for card in hand if min_deadwood([other for other in hand if other != card]) <= knock_card)


def run_ends(cards: list[int]) -> list[int]:
    """The cards that extend a run (``SuitMeldLayoffs``): one below its lowest, one above its highest."""
    low, high = min(cards), max(cards)
    ends = []
    if rank_of(low) > 0:
        ends.append(low - 1)
    if rank_of(high) < NUM_RANKS - 1:
        ends.append(high + 1)
    return ends


def all_layoffs(melds: list[int], laid_off: list[int]) -> set[int]:
    """OpenSpiel's ``AllLayoffs``: the cards that may be laid off on the knocker's ``melds`` (ids), given the
    cards ``laid_off`` so far: the fourth card of a set of three; a card extending a run, the run counted with the
    cards laid off at its ends (one step: OpenSpiel's reading)."""
    cards: set[int] = set()
    for meld in melds:
        members = list(MELD_CARDS[meld])
        if meld < RANK_MELDS:
            if len(members) == 3:
                missing = ({0, 1, 2, 3} - {suit_of(card) for card in members}).pop()
                cards.add(rank_of(members[0]) + missing * NUM_RANKS)
            continue
        ends = run_ends(members)
        members += [card for card in laid_off if card in ends]
        cards.update(run_ends(members))
    return cards


def all_melds_of_the_pack() -> list[tuple[int, ...]]:
    """The 185 melds, each as its cards in card-id order: sets of three and four of each rank, runs of 3-5."""
    melds: list[tuple[int, ...]] = []
    for rank in range(NUM_RANKS):
        cards = [suit * NUM_RANKS + rank for suit in range(4)]
        melds += [tuple(card for card in cards if card != left) for left in cards]
        melds.append(tuple(cards))
    for size in (3, 4, 5):
        for suit in range(4):
            melds += [tuple(range(suit * NUM_RANKS + low, suit * NUM_RANKS + low + size)) for low in range(14 - size)]
    return melds


MELD_CARDS: Final[tuple[tuple[int, ...], ...]] = tuple(
    meld for _, meld in sorted((meld_id(meld), meld) for meld in all_melds_of_the_pack())
)
MELD_MASKS: Final[tuple[int, ...]] = tuple(hand_mask(list(meld)) for meld in MELD_CARDS)
MELD_VALUES: Final[tuple[int, ...]] = tuple(sum(VALUES[card] for card in meld) for meld in MELD_CARDS)
