"""The moves a seat may make with its cards (every move but drawing, discarding and ending the turn).

One function lists them, ``action_moves``; the turn flow uses it for the legal moves and for the test whether the
top card of the Discard Pile could be used at once (``required``: only moves that use that card).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from engine.games.draw_blood.cards import (
    IMMUNITIES,
    KILL,
    MONSTERS,
    NUMBER_OF_CARD,
    SLOT_OF_IMMUNITY,
    SLOT_OF_MONSTER,
    SLOTS,
)
from engine.games.draw_blood.melds import SET, lay_offs, melds_in_hand
from engine.games.draw_blood.move_kinds import (
    KILL_MONSTER,
    LAY_OFF,
    MELD,
    PAIR_KILL,
    PAIR_REVIVE,
    PLAY_IMMUNITY,
    PLAY_MONSTER,
    TRIPLE_KILL,
    TRIPLE_REVIVE,
)
from engine.games.draw_blood.table import DrawBloodTable, Slot, is_dead, is_immune
from engine.moves import LIST_SEPARATOR, Move


def kill_card_targets(rows: list[list[Slot]], seat: int) -> Iterator[tuple[int, int]]:
    """Opponents' live Monsters: a Kill card kills them, or cancels their Immunity."""
    for other, row in enumerate(rows):
        if other != seat:
            for index, slot in enumerate(row):
                if slot["alive"]:
                    yield other, index


def triple_kill_targets(rows: list[list[Slot]], seat: int) -> Iterator[tuple[int, int]]:
    """Opponents' live Monsters without Immunity: Triple Skulls kill them."""
    for other, row in enumerate(rows):
        if other != seat:
            for index, slot in enumerate(row):
                if slot["alive"] and not is_immune(slot):
                    yield other, index


def dead_monsters(row: list[Slot]) -> list[int]:
    return [index for index, slot in enumerate(row) if is_dead(slot)]


def action_moves(
    table: DrawBloodTable, seat: int, hand: list[str], highest_number: int, required: str | None = None
) -> Iterator[Move]:
    """Every move with cards from ``hand``; with ``required``, only those that use that card."""
    counts = Counter(hand)
    rows = table["rows"]
    row = rows[seat]
    for monster in MONSTERS:
        if counts[monster] and not row[SLOT_OF_MONSTER[monster]]["alive"] and required in (None, monster):
            yield Move(PLAY_MONSTER, (monster,))
    if counts[KILL] and required in (None, KILL):
        for other, index in kill_card_targets(rows, seat):
            yield Move(KILL_MONSTER, (str(other), SLOTS[index]))
    for immunity in IMMUNITIES:
        slot = row[SLOT_OF_IMMUNITY[immunity]]
        if counts[immunity] and slot["alive"] and not slot["shield"] and required in (None, immunity):
            yield Move(PLAY_IMMUNITY, (immunity,))
    yield from _triples(table, seat, counts, required)
    if not any(slot["alive"] for slot in row):
        return  # a Meld, and playing off a Meld, need a live Monster
    for meld in melds_in_hand(counts, highest_number):
        if required is None or required in meld:
            yield Move(MELD, (LIST_SEPARATOR.join(meld),))
    for existing in table["melds"]:
        for cards in lay_offs(existing["kind"], existing["cards"], counts, highest_number):
            if required is None or required in cards:
                yield Move(LAY_OFF, (str(existing["id"]), LIST_SEPARATOR.join(cards)))


def _triples(table: DrawBloodTable, seat: int, counts: Counter[str], required: str | None) -> Iterator[Move]:
    """Triple Skulls and Triple Hearts from the hand, and Pairs on the table completed to use them so."""
    if required is not None and required not in NUMBER_OF_CARD:
        return
    rows = table["rows"]
    killable = list(triple_kill_targets(rows, seat))
    revivable = dead_monsters(rows[seat])
    if not killable and not revivable:
        return
    for card, count in counts.items():
        if count < 3 or card not in NUMBER_OF_CARD or required not in (None, card):
            continue
        cards = LIST_SEPARATOR.join((card,) * 3)
        if NUMBER_OF_CARD[card] % 2:
            for other, index in killable:
                yield Move(TRIPLE_KILL, (cards, str(other), SLOTS[index]))
        else:
            for index in revivable:
                yield Move(TRIPLE_REVIVE, (cards, SLOTS[index]))
    for meld in table["melds"]:
        card = meld["cards"][0]
        if meld["kind"] != SET or len(meld["cards"]) != 2 or not counts[card] or required not in (None, card):
            continue
        meld_id = str(meld["id"])
        if NUMBER_OF_CARD[card] % 2:
            for other, index in killable:
                yield Move(PAIR_KILL, (meld_id, card, str(other), SLOTS[index]))
        else:
            for index in revivable:
                yield Move(PAIR_REVIVE, (meld_id, card, SLOTS[index]))
