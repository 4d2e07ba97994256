"""The events the plays record most often, made by small functions."""

from __future__ import annotations

from typing import Final

from engine.events import Event

# The events a play records; None in the hypothetical plays of the bottom-card search (``SEARCH_PLAYS``), which
# change the state exactly as the real plays do but make no events and leave the knowledge records (``knowledge``,
# never read by the search) as they were.
Events = list[Event] | None


# Events are values (frozen, their data read only): the frequent ones, whose data take few values, are made once and
# shared (making an ``Event`` costs more than most plays' own work).
EVENTS_KEPT: Final = 4096


_events: Final[dict[tuple[object, ...], Event]] = {}


def keep_event(key: tuple[object, ...], event: Event) -> Event:
    if len(_events) >= EVENTS_KEPT:
        _events.clear()
    _events[key] = event
    return event


def seat_event(kind: str, seat: int) -> Event:
    """``Event(kind, seat=seat)``, made once."""
    key = (kind, seat)
    return _events.get(key) or keep_event(key, Event(kind, seat=seat))


def item_event(kind: str, seat: int, name: str, value: str | int | bool) -> Event:
    """``Event(kind, seat=seat, data={name: value})``, made once (a kind's ``name`` has values of one type)."""
    key = (kind, seat, name, value)
    return _events.get(key) or keep_event(key, Event(kind, seat=seat, data={name: value}))


def discarded_event(seat: int, card: str, pile: int, new_pile: bool) -> Event:
    key = ("discarded", seat, card, pile, new_pile)
    return _events.get(key) or keep_event(
        key, Event("discarded", seat=seat, data={"card": card, "pile": pile, "newPile": new_pile})
    )


def drew_event(seat: int, reason: str, stock_count: int) -> Event:
    key = ("drew", seat, reason, stock_count)
    return _events.get(key) or keep_event(
        key, Event("drew", seat=seat, data={"reason": reason, "stockCount": stock_count})
    )


def drew_card_event(seat: int, card: str) -> Event:
    key = ("drew_card", seat, card)
    return _events.get(key) or keep_event(key, Event("drew_card", seat=seat, data={"card": card}, audience=(seat,)))
