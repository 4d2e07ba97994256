"""What each seat knows of the other hands, kept by ``flow.py`` in two compact records of ``state.table`` and read
by ``determinize.py``:

- ``known_cards[holder]``: cards everyone knows ``holder`` holds;
- ``privately_known[observer]``: entries ``"<holder>:<card>"``, cards only ``observer`` knows ``holder`` holds
  (besides ``known_cards[holder]``; never about the observer's own hand, which it sees).

They only ever hold facts: for every observer, ``known_cards[holder]`` plus its private entries about ``holder``
are part of ``holder``'s hand (as a multiset). How they change:

- Cards taken from the face-up discard pile (``take``, a Hoard) are seen by everyone.
- A card leaving a hand face up (a group, a lay-off, a discard, an Action Card played) is one known copy fewer for
  every observer (copies of the two decks are equal, so the others of that code surely stay).
- Pickpocket: the victim learns the card now in the thief's hand; the thief knows which card left the victim, so it
  still knows the rest of what it knew; a third seat cannot tell which card moved, so it forgets what it knew of the
  victim's hand (it can be sure of none of it now, and keeping what happens to be still true would tell it which
  card was taken).
- Switcheroo: what everyone knew of the two hands follows them, and each of the two players knows the whole hand it
  gave away.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from engine.games.rummy_battle.table import RummyTable

SEPARATOR: Final = ":"


def nobody_knows(players: int) -> list[list[str]]:
    return [[] for _ in range(players)]


def entry(holder: int, card: str) -> str:
    return f"{holder}{SEPARATOR}{card}"


def known_by(table: RummyTable, observer: int, holder: int) -> list[str]:
    """Every card ``observer`` knows ``holder`` holds (nothing of its own hand, which it sees)."""
    if observer == holder:
        return []
    prefix = entry(holder, "")
    private = [item[len(prefix) :] for item in table["privately_known"][observer] if item.startswith(prefix)]
    return table["known_cards"][holder] + private


def seen_taking(table: RummyTable, holder: int, cards: list[str]) -> None:
    """``holder`` took ``cards`` into his hand in everyone's sight."""
    table["known_cards"][holder].extend(cards)


def seen_leaving(table: RummyTable, holder: int, card: str) -> None:
    """``card`` left ``holder``'s hand face up: one known copy fewer for everyone who knew of one."""
    public = table["known_cards"][holder]
    if card in public:
        public.remove(card)
        return
    privately_known = table["privately_known"]
    if not any(privately_known):
        return
    item = entry(holder, card)
    for private in privately_known:
        if item in private:
            private.remove(item)


def pickpocketed(table: RummyTable, thief: int, victim: int, card: str) -> None:
    """``thief`` took ``card`` from ``victim``'s hand (``table["hands"]`` already shows it)."""
    thief_knows = known_by(table, thief, victim)
    if card in thief_knows:
        thief_knows.remove(card)
    table["known_cards"][victim] = []
    prefix = entry(victim, "")
    privately_known = table["privately_known"]
    for observer, private in enumerate(privately_known):
        if observer != victim and any(item.startswith(prefix) for item in private):
            privately_known[observer] = [item for item in private if not item.startswith(prefix)]
    privately_known[thief].extend(entry(victim, known) for known in thief_knows)
    privately_known[victim].append(entry(thief, card))


def switched(table: RummyTable, player: int, victim: int) -> None:
    """The hands of ``player`` and ``victim`` were swapped (``table["hands"]`` already shows the swap)."""
    public = table["known_cards"]
    public[player], public[victim] = public[victim], public[player]
    swap = {player: victim, victim: player}
    privately_known = table["privately_known"]
    for observer, private in enumerate(privately_known):
        relabelled = []
        for item in private:
            holder, card = read_entry(item)
            relabelled.append((swap.get(holder, holder), card))
        if observer in swap:
            # It sees its new hand and knows all of the one it gave away.
            other = swap[observer]
            relabelled = [(holder, card) for holder, card in relabelled if holder not in swap]
            given = Counter(table["hands"][other])
            given.subtract(public[other])
            relabelled.extend((other, card) for card in given.elements())
        privately_known[observer] = [entry(holder, card) for holder, card in relabelled]


def read_entry(item: str) -> tuple[int, str]:
    holder, _, card = item.partition(SEPARATOR)
    return int(holder), card
