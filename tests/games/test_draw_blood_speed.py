"""Draw Blood's fast paths give exactly what the plain rules give: Melds in hand that use a required card are the
Melds in hand that hold it, in the same order."""

from __future__ import annotations

import random
from collections import Counter

from engine.games.draw_blood.cards import CARD_ORDER
from engine.games.draw_blood.melds import meld_kind, melds_in_hand


def test_melds_in_hand_with_a_required_card_are_those_that_hold_it() -> None:
    chooser = random.Random(5)
    cards = list(CARD_ORDER)
    for _ in range(1500):
        counts = Counter(chooser.choices(cards, k=chooser.randint(0, 25)))
        highest = chooser.choice([5, 6, 7, 8, 9])
        every = list(melds_in_hand(counts, highest))
        assert all(meld_kind(list(meld), highest) is not None for meld in every)
        for required in cards:
            assert list(melds_in_hand(counts, highest, required)) == [meld for meld in every if required in meld]


def test_melds_in_hand_lists_sets_runs_then_monsters_kills_immunities() -> None:
    counts = Counter(["1S", "2H", "2H", "3S", "4H", "VAMPIRE", "WEREWOLF", "WATERMONSTER", "KILL", "KILL"])
    assert list(melds_in_hand(counts, 7)) == [
        ("2H", "2H"),
        ("1S", "2H", "3S"),
        ("1S", "2H", "3S", "4H"),
        ("2H", "3S", "4H"),
        ("VAMPIRE", "WEREWOLF", "WATERMONSTER"),
        ("KILL", "KILL"),
    ]
    assert list(melds_in_hand(counts, 7, "3S")) == [("1S", "2H", "3S"), ("1S", "2H", "3S", "4H"), ("2H", "3S", "4H")]
