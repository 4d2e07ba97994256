"""Forfeits (turn clocks with ``onTimeout: "forfeit"``): a seat whose turn clock runs out loses the match.

The service, not the engine, ends such a match: the sweeper commits one more version (through the store's
compare-and-set, like any move) whose log entry has no move and carries one public service-level event,
``forfeited`` (seat: the seat out of time; data ``{"reason": "time"}``); the snapshot stays the engine state it
was, and the stored record says finished. The winners are every other seat; the score is the engine's score sheet
with ``finished: true``, those winners and ``details.forfeit = {seat, reason}``. The audits (``cardengine replay`` and
``verify``) accept such an entry as the last one of the log.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import engine

FORFEIT_EVENT = "forfeited"
REASON_TIME = "time"
REASON_RESIGNED = "resigned"  # ResignSeat (docs/api.md "Lifecycle")
REASON_LEFT = "left"
REASONS = (REASON_TIME, REASON_RESIGNED, REASON_LEFT)
ENDED_EVENT = "ended"  # EndGame: the creating API key ended the match; no seat, no winner
REASON_CREATOR = "creator"


def forfeit_event(seat: int, reason: str = REASON_TIME) -> engine.Event:
    return engine.Event(FORFEIT_EVENT, seat, {"reason": reason})


def ended_event() -> engine.Event:
    return engine.Event(ENDED_EVENT, None, {"reason": REASON_CREATOR})


def is_forfeit(event: engine.Event) -> bool:
    return event.kind == FORFEIT_EVENT


def is_service_end(event: engine.Event) -> bool:
    """A forfeit (a seat out of time, resigned or gone) or the creator's end: the service's events that end a match."""
    return (event.kind == FORFEIT_EVENT and event.seat is not None) or event.kind == ENDED_EVENT


def forfeit_text(seat: int, seat_names: Sequence[str], reason: str = REASON_TIME) -> str:
    name = seat_names[seat] if seat < len(seat_names) and seat_names[seat] else f"Seat {seat}"
    if reason == REASON_RESIGNED:
        return f"{name} resigns the match"
    if reason == REASON_LEFT:
        return f"{name} left the match"
    return f"{name} ran out of time and forfeits the match"


def service_end_text(event: engine.Event, seat_names: Sequence[str]) -> str:
    if event.kind == ENDED_EVENT or event.seat is None:
        return "The match was ended by its creator"
    return forfeit_text(event.seat, seat_names, str(event.data.get("reason", REASON_TIME)))


def winners(players: int, seat: int) -> tuple[int, ...]:
    """Every other seat, in every game (the proto's and README's "Turn clocks" contract), partnerships included."""
    return tuple(other for other in range(players) if other != seat)


def forfeited_sheet(sheet: engine.ScoreSheet, players: int, seat: int | None, reason: str) -> engine.ScoreSheet:
    """The engine's score sheet of a forfeited match: finished, won by every other seat, ``details.forfeit``; of a
    match its creator ended (``seat`` None): finished, no winner, ``details.ended``."""
    if seat is None:
        ended = dict(sheet.details) | {"ended": {"reason": reason}}
        return dataclasses.replace(sheet, finished=True, winners=(), details=ended)
    details = dict(sheet.details) | {"forfeit": {"seat": seat, "reason": reason}}
    return dataclasses.replace(sheet, finished=True, winners=winners(players, seat), details=details)


def forfeit_of(events: Sequence[engine.Event]) -> tuple[int | None, str] | None:
    """The seat and reason of a forfeit entry's events (seat None: the creator ended the match), or None."""
    for event in events:
        if is_service_end(event):
            return event.seat, str(event.data.get("reason", REASON_TIME))
    return None


def forfeit_record(events: Sequence[Any]) -> tuple[int | None, str] | None:
    """The seat and reason of the ``forfeited`` (or ``ended``: seat None) event among a record's public events
    (JSON), or None."""
    for event in events:
        if isinstance(event, dict) and event.get("kind") == FORFEIT_EVENT and isinstance(event.get("seat"), int):
            return int(event["seat"]), str(event.get("data", {}).get("reason", REASON_TIME))
        if isinstance(event, dict) and event.get("kind") == ENDED_EVENT:
            return None, str(event.get("data", {}).get("reason", REASON_CREATOR))
    return None
