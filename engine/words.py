"""Wording shared by every game's texts: seats as the viewer reads them, lists, counts and plurals.

An event text is written for one viewer from the event as that viewer sees it (``Event.for_seat``): the viewer's
own seat is "You"/"you"/"your", any other seat its display name or "Seat 2". A move description is read only by
the mover and has no display names: "your" or "Seat 1's". Game-specific words (card names, melds) stay in each
game's ``views.py``; only what is the same in every game is here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.cards import RANK_NAMES

# One sentence for an event, from the event as the viewer sees it, the viewer (None: a spectator) and the seats'
# display names. Each game maps its event kinds to functions of this type (``EVENT_TEXTS`` in its views.py).
EventText = Callable[[Mapping[str, Any], int | None, Sequence[str]], str]

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


# ----- lists, counts, plurals -----------------------------------------------------------------------------------
def join_words(words: Sequence[str]) -> str:
    """``["a"]`` -> ``a``; ``["a", "b", "c"]`` -> ``a, b and c``."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def count_words(count: int, most: int = len(NUMBER_WORDS) - 1) -> str:
    """A count in words up to ``most`` ("no", "one", ... "twelve" at the most), else in digits: "13"."""
    return NUMBER_WORDS[count] if 0 <= count <= most else str(count)


def plural(count: int, word: str) -> str:
    """The count and the word, with an "s" unless the count is one: "1 card", "-1 point", "0 cards", "7 cards"."""
    return f"{count} {word}" if count in (1, -1) else f"{count} {word}s"


def upper_first(words: str) -> str:
    """The words with their first letter in upper case, to open a sentence: "your turn" -> "Your turn"."""
    return words[:1].upper() + words[1:]


def rank_plural(rank: str) -> str:
    """The plural of a standard rank code: "Aces", "Kings", "10s", "7s"."""
    return f"{RANK_NAMES[rank]}s"


# ----- seats, for a viewer ----------------------------------------------------------------------------------------
def seat_subject(seat: object, viewer: int | None, seat_names: Sequence[str]) -> str:
    """ "You" for the viewer's own seat, else the seat's display name ("Seat 2" when it has none); "" for no seat."""
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        return ""
    if seat == viewer:
        return "You"
    return seat_names[seat] if seat < len(seat_names) and seat_names[seat] else f"Seat {seat}"


def who(seat: int, viewer: int | None, names: Sequence[str], *, start: bool = False) -> str:
    """ "You" (or "you" inside a sentence, unless ``start``) for the viewer's seat, else the seat's display name or
    "Seat 2"."""
    subject = seat_subject(seat, viewer, names)
    return subject if start or seat != viewer else "you"


def subject(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    """The seat of ``event`` opening a sentence: "You", "Seat 2" or its display name."""
    return who(event["seat"], viewer, names, start=True)


def whose(seat: int, viewer: int | None, names: Sequence[str]) -> str:
    """ "your" for the viewer's seat, else "Seat 2's" (or the display name's)."""
    return "your" if seat == viewer else f"{seat_subject(seat, viewer, names)}'s"


def their(seat: int, viewer: int | None) -> str:
    """The possessive pronoun of a seat already named: "your" for the viewer's seat, else "their"."""
    return "your" if seat == viewer else "their"


def verb(seat: int | Sequence[int], viewer: int | None, plural: str, singular: str) -> str:
    """The verb agreeing with the subject, one seat or several: "you score", "Seat 1 scores", "Seat 0 and Seat 1
    share"."""
    seats = [seat] if isinstance(seat, int) else list(seat)
    return plural if len(seats) > 1 or viewer in seats else singular


def seats_in_words(seats: Sequence[int], viewer: int | None, names: Sequence[str], *, start: bool = False) -> str:
    """Several seats joined: "you, Seat 1 and Seat 3" ("You, ..." with ``start``)."""
    return join_words([who(seat, viewer, names, start=start and index == 0) for index, seat in enumerate(seats)])


def amounts_for_seats(amounts: Sequence[int], viewer: int | None, names: Sequence[str]) -> str:
    """One amount per seat, by seat: "4 for you, -1 for Seat 1 and 0 for Seat 2"."""
    return join_words([f"{amount} for {who(seat, viewer, names)}" for seat, amount in enumerate(amounts)])


# ----- seats, for the mover ---------------------------------------------------------------------------------------
def possessive_for_mover(seat: int, mover: int) -> str:
    """A seat's possessive in a move description, which only the mover reads: "your" for the mover, else "Seat
    1's"."""
    return "your" if seat == mover else f"Seat {seat}'s"
