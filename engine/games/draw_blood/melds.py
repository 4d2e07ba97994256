"""Pure meld combinatorics: which cards form a Meld, which Melds a hand holds, what may be played off a Meld.

Melds are Sets (two to six of one number), Runs (three or more numbers in sequence, each number once, no
wrapping from the highest number to 1), Monster Sets (two or more of one Monster), the Monster Run (one of each
Monster), Kill Sets (a pair or three Kill cards) and the Immunity Run (all three Immunity cards). Three different
numbers of one colour (a "flush") are no Meld. Card tuples are always in the fixed order of ``sort_cards``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from engine.games.draw_blood.cards import (
    COFFIN,
    FULL_MOON,
    IMMUNITIES,
    KILL,
    MAX_KILL_SET_SIZE,
    MAX_SET_SIZE,
    MONSTERS,
    NUMBER_CARDS,
    NUMBER_OF_CARD,
    VAMPIRE,
    WATER,
    WATER_MONSTER,
    WEREWOLF,
)

SET: Final = "set"
RUN: Final = "run"
MONSTER_SET: Final = "monster_set"
MONSTER_RUN: Final = "monster_run"
KILL_SET: Final = "kill_set"
IMMUNITY_RUN: Final = "immunity_run"
MELD_KINDS: Final = (SET, RUN, MONSTER_SET, MONSTER_RUN, KILL_SET, IMMUNITY_RUN)
SET_KINDS: Final = frozenset((SET, MONSTER_SET, KILL_SET))  # more of one card may be played off these

Counts = Mapping[str, int]


def meld_kind(cards: Sequence[str], highest_number: int) -> str | None:
    """The kind of Meld ``cards`` (in ``sort_cards`` order) form, or None if they are no Meld."""
    size = len(cards)
    if size < 2:
        return None
    first = cards[0]
    if all(card == first for card in cards):
        if first in NUMBER_OF_CARD:
            return SET if size <= MAX_SET_SIZE and NUMBER_OF_CARD[first] <= highest_number else None
        if first in MONSTERS:
            return MONSTER_SET
        if first == KILL:
            return KILL_SET if size <= MAX_KILL_SET_SIZE else None
        return None
    if tuple(cards) == MONSTERS:
        return MONSTER_RUN
    if tuple(cards) == IMMUNITIES:
        return IMMUNITY_RUN
    if size >= 3 and all(card in NUMBER_OF_CARD for card in cards):
        numbers = [NUMBER_OF_CARD[card] for card in cards]
        if numbers[-1] <= highest_number and numbers == list(range(numbers[0], numbers[0] + size)):
            return RUN
    return None


def melds_in_hand(counts: Counts, highest_number: int, required: str | None = None) -> list[tuple[str, ...]]:
    """Every Meld the hand can lay down, each once (identical cards give one Meld): Sets by number, Runs by their
    lowest then highest number, Monster Sets, the Monster Run, Kill Sets, the Immunity Run. With ``required``,
    only those that hold that card (the same Melds in the same order, those without it skipped unbuilt)."""
    get = counts.get
    found: list[tuple[str, ...]] = []
    numbers = NUMBER_CARDS[:highest_number]
    if required is None or required in NUMBER_OF_CARD:
        held = [get(card, 0) for card in numbers]
        for index in range(highest_number):
            count = held[index]
            if count >= 2:
                card = numbers[index]
                if required is None or required == card:
                    for size in range(2, min(count, MAX_SET_SIZE) + 1):
                        found.append((card,) * size)
        # A Run from ``start`` reaches as far as the numbers held go on without a gap: ``ends`` is where that ends.
        reach = highest_number
        ends = [0] * highest_number
        for index in range(highest_number - 1, -1, -1):
            if not held[index]:
                reach = index
            ends[index] = reach
        # With a required number, only the Runs from at most its index to beyond it.
        last_start = highest_number - 3 if required is None else min(highest_number - 3, NUMBER_OF_CARD[required] - 1)
        first_end = 0 if required is None else NUMBER_OF_CARD[required]
        for start in range(last_start + 1):
            for end in range(max(start + 3, first_end), ends[start] + 1):
                found.append(numbers[start:end])
    if required is None or required in MONSTERS:
        for monster in MONSTERS:
            if required is None or required == monster:
                for size in range(2, get(monster, 0) + 1):
                    found.append((monster,) * size)
        if get(VAMPIRE, 0) and get(WEREWOLF, 0) and get(WATER_MONSTER, 0):
            found.append(MONSTERS)
    if required is None or required == KILL:
        for size in range(2, min(get(KILL, 0), MAX_KILL_SET_SIZE) + 1):
            found.append((KILL,) * size)
    if (required is None or required in IMMUNITIES) and get(COFFIN, 0) and get(FULL_MOON, 0) and get(WATER, 0):
        found.append(IMMUNITIES)
    return found


def lay_offs(kind: str, meld: Sequence[str], counts: Counts, highest_number: int) -> list[tuple[str, ...]]:
    """Every group of cards from the hand that may be played off ``meld`` in one move.

    Sets take more of their card up to six (Kill Sets up to three, Monster Sets without limit); Runs take the
    next numbers at either end or both, each slot of the sequence once. The Monster Run and the Immunity Run are
    complete.
    """
    found: list[tuple[str, ...]] = []
    if kind in SET_KINDS:
        card = meld[0]
        available = counts.get(card, 0)
        if not available:
            return found
        if kind == SET:
            available = min(available, MAX_SET_SIZE - len(meld))
        elif kind == KILL_SET:
            available = min(available, MAX_KILL_SET_SIZE - len(meld))
        for extra in range(1, available + 1):
            found.append((card,) * extra)
    elif kind == RUN:
        low = NUMBER_OF_CARD[meld[0]]
        high = NUMBER_OF_CARD[meld[-1]]
        below: list[str] = []
        number = low - 1
        while number >= 1 and counts.get(NUMBER_CARDS[number - 1], 0):
            below.insert(0, NUMBER_CARDS[number - 1])
            number -= 1
        above: list[str] = []
        number = high + 1
        while number <= highest_number and counts.get(NUMBER_CARDS[number - 1], 0):
            above.append(NUMBER_CARDS[number - 1])
            number += 1
        if not below and not above:
            return found
        for taken_below in range(len(below) + 1):
            for taken_above in range(len(above) + 1):
                if taken_below or taken_above:
                    found.append((*below[len(below) - taken_below :], *above[:taken_above]))
    return found


def extend_meld(kind: str, meld: list[str], owners: list[int], added: Sequence[str], seat: int) -> None:
    """Adds ``added`` (played off by ``seat``) to ``meld`` in place, keeping the card order and who placed each."""
    pairs = [*zip(meld, owners, strict=True), *((card, seat) for card in added)]
    if kind == RUN:
        pairs.sort(key=lambda pair: NUMBER_OF_CARD[pair[0]])
    meld[:] = [card for card, _ in pairs]
    owners[:] = [owner for _, owner in pairs]
