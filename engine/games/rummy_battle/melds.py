"""Runs and Sets: finding every legal new group in a hand, reading a group's notation, and laying off.

A Run is three or more cards of one suit in sequence; the Ace is low (A-2-3) or high (Q-K-A), never both in one
Run, so a Run covers positions 1..13 or 2..14 at most. A Set is three or more cards of one rank (with two decks,
two identical cards may sit in one Set). A Joker stands for any card, but a group needs at least one natural
card, and in a new Run a Joker stands only for a card the player does not hold (he lays the natural card
itself); this keeps one canonical way to lay each group.

Notation (``moves.canonical_group``): a Run lists its cards from low to high with each Joker written as the card
it stands for (``5H,JK=6H,7H``); a Set lists its natural cards by suit (spades, hearts, diamonds, clubs) and its
Jokers as ``JK`` last (``7S,7H,JK``). A Run of all thirteen ranks is written Ace low (it takes nothing more either
way).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product
from typing import Final, NamedTuple, TypedDict

from engine.cards import ACE_HIGH, ACE_LOW, RANKS, SUITS, rank_number, run_positions
from engine.errors import Refusal
from engine.games.rummy_battle.cards import (
    JOKER,
    JOKER_AS,
    NATURALS,
    POSITION_OF_RANK,
    SUIT_ORDER,
    card_at,
    stand_in,
)
from engine.games.rummy_battle.moves import canonical_group

MIN_GROUP: Final = 3

# CARD_AT[suit][position] and JOKER_AT[suit][position]: the tokens of a Run position.
CARD_AT: Final = {suit: [""] + [card_at(position, suit) for position in range(1, 15)] for suit in SUITS}
JOKER_AT: Final = {suit: [""] + [JOKER_AS + card_at(position, suit) for position in range(1, 15)] for suit in SUITS}


class Group(TypedDict):
    """A Run or Set on the table. ``cards`` holds naturals and ``JK``; ``by`` the seat that played each card."""

    owner: int  # who laid the group down (or stole it with a Thief)
    run: bool
    key: str  # the suit of a Run, the rank of a Set
    low: int  # the position of a Run's first card (1: low Ace); 0 for a Set
    cards: list[str]
    by: list[int]


class Meld(NamedTuple):
    run: bool
    key: str
    low: int
    cards: tuple[str, ...]  # naturals and JK


def group_tokens(key: str, low: int, cards: Iterable[str], *, run: bool) -> list[str]:
    """The notation tokens of a group: Jokers in a Run are written as the card they stand for."""
    if not run:
        return list(cards)
    jokers = JOKER_AT[key]
    return [jokers[low + offset] if card == JOKER else card for offset, card in enumerate(cards)]


# ----- finding melds -----------------------------------------------------------------------------------------
def find_melds(hand: Iterable[str]) -> list[str]:
    """Every new group the hand can lay, each once, as its canonical notation."""
    jokers = 0
    suit_masks = [0, 0, 0, 0]
    # Per rank index: the count of each suit in a 6-bit field, the total from bit 24; ``ranks`` in the order of
    # their first card in the hand (the order the Sets are listed in).
    rank_counts = [0] * len(RANKS)
    ranks: list[int] = []
    for card in hand:
        info = MELD_INFO.get(card)
        if info is None:
            if card == JOKER:
                jokers += 1
            continue
        rank_index = info[0]
        suit_index = info[1]
        suit_masks[suit_index] |= info[2]
        packed = rank_counts[rank_index]
        if not packed:
            ranks.append(rank_index)
        rank_counts[rank_index] = packed + COUNT_UNIT[suit_index]
    found: list[str] = []
    for suit_index in range(4):
        mask = suit_masks[suit_index]
        if mask:
            key = (mask << 8 | jokers) << 2 | suit_index
            runs = RUNS_FOUND.get(key)
            if runs is None:
                runs = remember(RUNS_FOUND, key, runs_of_suit(SUITS[suit_index], mask, jokers), RUNS_MEMO_SIZE)
            found.extend(runs)
    for rank_index in ranks:
        packed = rank_counts[rank_index]
        if (packed >> TOTAL_SHIFT) + jokers >= MIN_GROUP:
            key = packed << 8 | jokers
            sets_found = SETS_FOUND[rank_index]
            sets = sets_found.get(key)
            if sets is None:
                counts = tuple(packed >> (COUNT_BITS * suit_index) & COUNT_MASK for suit_index in range(4))
                sets = remember(sets_found, key, sets_of_rank(RANKS[rank_index], counts, jokers), SETS_MEMO_SIZE)
            found.extend(sets)
    return found


def remember(cache: dict[int, tuple[str, ...]], key: int, value: tuple[str, ...], size: int) -> tuple[str, ...]:
    """Stores a pure result in a bounded memo (emptied when it holds ``size`` entries)."""
    if len(cache) >= size:
        cache.clear()
    cache[key] = value
    return value


# The memos of find_melds (they save 20% of a Rummy Battle playout's instructions; docs/performance.md):
# RUNS_FOUND[(mask << 8 | jokers) << 2 | suit index] and SETS_FOUND[rank index][packed counts << 8 | jokers], kept
# small for a long-lived server (about 0.5 MiB and 13 x 0.2 MiB at most).
RUNS_MEMO_SIZE: Final = 4096
SETS_MEMO_SIZE: Final = 512
RUNS_FOUND: Final[dict[int, tuple[str, ...]]] = {}
SETS_FOUND: Final[list[dict[int, tuple[str, ...]]]] = [{} for _ in RANKS]
COUNT_BITS: Final = 6
COUNT_MASK: Final = (1 << COUNT_BITS) - 1
TOTAL_SHIFT: Final = 4 * COUNT_BITS
COUNT_UNIT: Final = [(1 << (COUNT_BITS * suit_index)) | (1 << TOTAL_SHIFT) for suit_index in range(4)]

# Bit ``position`` of a suit's mask is set when the hand holds that position's card (the Ace sets 1 and 14).
RUN_BITS: Final = {
    rank: (1 << position) | ((1 << ACE_HIGH) if position == ACE_LOW else 0)
    for rank, position in POSITION_OF_RANK.items()
}


def runs_of_suit(suit: str, mask: int, jokers: int) -> tuple[str, ...]:
    """Every Run of one suit: naturals where held, Jokers in the gaps (pure; ``find_melds`` memoizes it)."""
    naturals_at = CARD_AT[suit]
    jokers_at = JOKER_AT[suit]
    found: list[str] = []
    for low in range(1, 13):
        if not jokers and not mask >> low & 1:
            continue
        top = 13 if low == ACE_LOW else 14
        tokens: list[str] = []
        missing = 0
        naturals = 0
        for position in range(low, top + 1):
            if mask >> position & 1:
                naturals += 1
                tokens.append(naturals_at[position])
            else:
                missing += 1
                if missing > jokers:
                    break
                tokens.append(jokers_at[position])
            if naturals and len(tokens) >= MIN_GROUP and not (low == ACE_LOW + 1 and position == ACE_HIGH):
                found.append(",".join(tokens))
    return tuple(found)


def sets_of_rank(rank: str, counts: tuple[int, ...], jokers: int) -> tuple[str, ...]:
    """Every Set of one rank from the naturals held (counts by suit) and Jokers (pure; ``find_melds`` memoizes
    it)."""
    cards = [rank + suit for suit in SUITS]
    found: list[str] = []
    for chosen in product(*(range(count + 1) for count in counts)):
        naturals = sum(chosen)
        if not naturals:
            continue
        base = [card for card, times in zip(cards, chosen, strict=True) for _ in range(times)]
        for added in range(max(0, MIN_GROUP - naturals), jokers + 1):
            found.append(",".join(base + [JOKER] * added))
    return tuple(found)


def melds_with(hand: list[str], card: str) -> list[str]:
    """Every new group of ``hand`` plus ``card`` that contains ``card`` (the card taken from the discard pile)."""
    melds = find_melds([*hand, card])
    if card == JOKER:
        return [m for m in melds if JOKER in m]
    return [m for m in melds if card in m.split(",")]


# WINDOWS[rank]: the bit masks of the three-card Runs that hold a card of that rank (the Ace at either end).
WINDOWS: Final = {
    rank: tuple(
        (1 << low) | (1 << (low + 1)) | (1 << (low + 2))
        for at in ((ACE_LOW, ACE_HIGH) if position == ACE_LOW else (position,))
        for low in range(max(1, at - 2), min(at, 12) + 1)
    )
    for rank, position in POSITION_OF_RANK.items()
}


class MeldChecker:
    """Answers fast, card by card, whether a card could go into a new group with the cards seen so far.

    Used to decide how deep a player may take from the discard pile: the deepest card taken must be playable at
    once. Cards are added one at a time (the hand, then the pile from the top down).
    """

    __slots__ = ("jokers", "rank_counts", "suit_masks")

    def __init__(self, hand: Iterable[str]) -> None:
        jokers = 0
        rank_counts = [0] * len(RANKS)
        suit_masks = [0, 0, 0, 0]
        for card in hand:
            info = CHECK_INFO.get(card)
            if info is None:
                if card == JOKER:
                    jokers += 1
                continue
            rank_counts[info[0]] += 1
            suit_masks[info[1]] |= info[2]
        self.jokers = jokers
        self.rank_counts = rank_counts
        self.suit_masks = suit_masks

    def add(self, card: str) -> None:
        info = CHECK_INFO.get(card)
        if info is None:
            if card == JOKER:
                self.jokers += 1
            return
        self.rank_counts[info[0]] += 1
        self.suit_masks[info[1]] |= info[2]

    def can_meld(self, card: str) -> bool:
        """Whether ``card`` (already added) fits a new group of the cards added: a Joker fits when some group
        ``find_melds`` lists of those cards holds a Joker."""
        info = CHECK_INFO.get(card)
        jokers = self.jokers
        if info is None:
            if card != JOKER:
                return False  # an Action Card
            for count in self.rank_counts:
                if count and count + jokers >= MIN_GROUP:
                    return True  # a Set of that rank's naturals and every Joker
            # Loops, not any() of a generator: this runs for every card of the discard pile.
            for mask in self.suit_masks:  # noqa: SIM110
                if mask and runs_take_joker(mask, jokers):
                    return True
            return False
        if self.rank_counts[info[0]] + jokers >= MIN_GROUP:
            return True
        mask = self.suit_masks[info[1]]
        for window in info[3]:  # noqa: SIM110
            if (mask & window).bit_count() + jokers >= MIN_GROUP:
                return True
        return False


# MELD_INFO[card]: (rank index, suit index, run bits) of each natural card.
MELD_INFO: Final[dict[str, tuple[int, int, int]]] = {
    rank + suit: (RANKS.index(rank), SUIT_ORDER[suit], RUN_BITS[rank]) for rank in RANKS for suit in SUITS
}
# CHECK_INFO[card]: (rank index, suit index, run bits, the windows of its rank) of each natural card.
CHECK_INFO: Final[dict[str, tuple[int, int, int, tuple[int, ...]]]] = {
    rank + suit: (RANKS.index(rank), SUIT_ORDER[suit], RUN_BITS[rank], WINDOWS[rank])
    for rank in RANKS
    for suit in SUITS
}


def runs_take_joker(mask: int, jokers: int) -> bool:
    """Whether some Run ``runs_of_suit`` lists for a suit's mask holds a Joker (the same for every suit)."""
    return any(JOKER in run for run in runs_of_suit(SUITS[0], mask, jokers))


# ----- reading a meld ----------------------------------------------------------------------------------------
def read_meld(tokens: list[str]) -> Meld | Refusal:
    """Reads a group's notation: the Meld it lays, or the Refusal saying why it is no Run or Set."""
    if len(tokens) < MIN_GROUP:
        return Refusal("move/group_too_small", f"a Run or Set needs at least {MIN_GROUP} cards, not {len(tokens)}")
    for token in tokens:
        if token != JOKER and stand_in(token) is None:
            return Refusal("move/not_a_play_card", f"'{token}' is not a Play Card (a card like 7H, JK or JK=7H)")
    canonical = canonical_group(tuple(tokens))
    if tuple(tokens) != canonical:
        return Refusal("move/not_canonical", f"write the group in its canonical order: {','.join(canonical)}")
    naturals = [token for token in tokens if token in NATURALS]
    if not naturals:
        return Refusal("move/jokers_only", "a Run or Set needs at least one natural card besides its Jokers")
    if len(naturals) + tokens.count(JOKER) == len(tokens) and len({card[0] for card in naturals}) == 1:
        return Meld(run=False, key=naturals[0][0], low=0, cards=tuple(tokens))
    if JOKER in tokens:
        return Refusal("move/joker_unplaced", "in a Run each Joker is written as the card it stands for, e.g. JK=7H")
    represented = [token.removeprefix(JOKER_AS) for token in tokens]
    if len({card[1] for card in represented}) != 1:
        return Refusal("move/not_a_group", "the cards are neither a Set (one rank) nor a Run (one suit in sequence)")
    positions = run_positions(rank_number(card) for card in represented)
    if positions is None:
        return Refusal(
            "move/not_in_sequence",
            "the cards of a Run must be in sequence from low to high (the Ace is low or high, not both)",
        )
    cards = tuple(JOKER if token.startswith(JOKER_AS) else token for token in tokens)
    return Meld(run=True, key=represented[0][1], low=positions[0], cards=cards)


def meld_of(notation: str) -> Meld | Refusal:
    """``read_meld`` of a group's notation."""
    return read_meld(notation.split(","))


# ----- laying off --------------------------------------------------------------------------------------------
def lay_off_options(group: Group) -> tuple[tuple[str, str], ...]:
    """The cards a group accepts: (notation token, card taken from the hand) pairs, each once."""
    return group_accepts(group["key"], group["low"], len(group["cards"]), run=group["run"])


def group_accepts(key: str, low: int, length: int, *, run: bool) -> tuple[tuple[str, str], ...]:
    if not run:
        return (*((key + suit, key + suit) for suit in SUITS), (JOKER, JOKER))
    suit = key
    high = low + length - 1
    options: list[tuple[str, str]] = []
    if low > ACE_LOW and not (low - 1 == ACE_LOW and high == ACE_HIGH):
        options.append((CARD_AT[suit][low - 1], CARD_AT[suit][low - 1]))
        options.append((JOKER_AT[suit][low - 1], JOKER))
    if high < ACE_HIGH and not (low == ACE_LOW and high + 1 == ACE_HIGH):
        natural = CARD_AT[suit][high + 1]
        if not options or options[0][0] != natural:  # an Ace fits both ends of 2..K: once, at the low end
            options.append((natural, natural))
            options.append((JOKER_AT[suit][high + 1], JOKER))
    return tuple(options)


def cards_accepted(key: str, low: int, length: int, *, run: bool) -> frozenset[str]:
    """The cards from a hand a group accepts (``JK`` if it takes a Joker), whatever end they go to."""
    return frozenset(card for _, card in group_accepts(key, low, length, run=run))


def lay_off(group: Group, token: str, seat: int) -> None:
    """Adds a card to a group (the token is one of ``lay_off_options``); the card stays the player's."""
    if not group["run"]:
        group["cards"].append(token)
        group["by"].append(seat)
        return
    card = token.removeprefix(JOKER_AS)
    played = JOKER if token.startswith(JOKER_AS) else token
    low = group["low"]
    if low > ACE_LOW and CARD_AT[group["key"]][low - 1] == card:
        group["cards"].insert(0, played)
        group["by"].insert(0, seat)
        group["low"] = low - 1
    else:
        group["cards"].append(played)
        group["by"].append(seat)
