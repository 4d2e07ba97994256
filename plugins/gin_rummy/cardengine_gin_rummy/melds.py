"""Melds, deadwood and lay-offs: pure functions over card ids, exactly as OpenSpiel 2.0.2's ``GinRummyUtils``.

A meld is a set (three or four cards of one rank) or a run (three to five cards of one suit in sequence, the Ace
low); a longer run is two melds. The 185 melds have OpenSpiel's ids (``MELD_CARDS[meld_id]``; the action of laying
one is ``56 + meld_id``): the 65 sets by rank, then the runs of three, four and five by suit and lowest rank.

Deadwood follows OpenSpiel to the card: a 10-card hand's deadwood is its value less the most its disjoint melds
can hold; an 11-card hand (a card just drawn) then also discards its highest-ranked deadwood card, the deadwood
being that of the first best arrangement in OpenSpiel's order of melds (``melds_in_order``), which decides which
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


def melds_in_order(hand: list[int]) -> list[tuple[int, ...]]:
    """Every meld of at most five cards in ``hand``, in OpenSpiel's order (``AllMelds``): four of a kind (with two
    of its sets) by rank, the other sets by rank, then runs of five, four and three by card id. Each meld's cards
    are in card-id order."""
    by_rank = sorted(hand, key=lambda card: (rank_of(card), card))
    melds: list[tuple[int, ...]] = []
    count = len(by_rank)
    for i in range(count - 3):
        if rank_of(by_rank[i]) == rank_of(by_rank[i + 3]):
            a, b, c, d = by_rank[i : i + 4]
            melds += [(a, b, c, d), (a, b, d), (a, c, d)]
    for i in range(count - 2):
        if rank_of(by_rank[i]) == rank_of(by_rank[i + 2]):
            melds.append(tuple(by_rank[i : i + 3]))
    by_id = sorted(hand)
    for size in (5, 4, 3):
        for i in range(count - size + 1):
            first, last = by_id[i], by_id[i + size - 1]
            if last - first == size - 1 and suit_of(first) == suit_of(last):
                melds.append(tuple(by_id[i : i + size]))
    return melds


def masks_and_values(melds: list[tuple[int, ...]]) -> tuple[list[int], list[int]]:
    return [sum(1 << card for card in meld) for meld in melds], [sum(VALUES[card] for card in meld) for meld in melds]


def best_arrangement(melds: list[tuple[int, ...]]) -> tuple[int, tuple[int, ...]]:
    """The most value disjoint melds can hold and the first arrangement holding it in OpenSpiel's order (the
    lexicographically least list of indices into ``melds``)."""
    masks, values = masks_and_values(melds)
    best: list[tuple[int, tuple[int, ...]]] = [(0, ())]
    count = len(melds)

    def search(start: int, used: int, value: int, chosen: tuple[int, ...]) -> None:
        if value > best[0][0]:
            best[0] = (value, chosen)
        for index in range(start, count):
            if not masks[index] & used:
                search(index + 1, used | masks[index], value + values[index], (*chosen, index))

    search(0, 0, 0, ())
    return best[0]


def min_deadwood(hand: list[int]) -> int:
    """OpenSpiel's ``MinDeadwood``: the deadwood of ``hand``; with 11 cards, less its highest-ranked deadwood
    card (the one it would discard)."""
    total = sum(VALUES[card] for card in hand)
    melds = melds_in_order(hand)
    if not melds:
        if len(hand) == HAND_SIZE + 1:
            return total - VALUES[max(hand, key=rank_of)]
        return total
    value, chosen = best_arrangement(melds)
    deadwood = total - value
    if len(hand) == HAND_SIZE + 1:
        melded = {card for index in chosen for card in melds[index]}
        left = [card for card in hand if card not in melded]
        if left:
            deadwood -= VALUES[max(left, key=rank_of)]
    return deadwood


def total_value(cards: list[int]) -> int:
    return sum(VALUES[card] for card in cards)


def legal_melds(hand: list[int], knock_card: int) -> list[int]:
    """OpenSpiel's ``LegalMelds``: the ids of the melds of ``hand`` that belong to some arrangement leaving at
    most ``knock_card`` points of deadwood, in id order."""
    melds = melds_in_order(hand)
    if not melds:
        return []
    masks, values = masks_and_values(melds)
    need = total_value(hand) - knock_card  # the value an arrangement must hold
    usable: set[int] = set()
    count = len(melds)

    def search(start: int, used: int, value: int, chosen: tuple[int, ...]) -> None:
        if value >= need and chosen:
            usable.update(chosen)
        for index in range(start, count):
            if not masks[index] & used:
                search(index + 1, used | masks[index], value + values[index], (*chosen, index))

    search(0, 0, 0, ())
    return sorted({meld_id(melds[index]) for index in usable})


def all_meld_ids(hand: list[int]) -> list[int]:
    """The ids of every meld in ``hand`` (the defender may lay any of them), in id order."""
    return sorted({meld_id(meld) for meld in melds_in_order(hand)})


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


MELD_CARDS: Final[tuple[tuple[int, ...], ...]] = tuple(
    meld for _, meld in sorted((meld_id(meld), meld) for meld in melds_in_order(list(range(52))) if len(meld) <= 5)
)
