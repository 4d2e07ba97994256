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


def forfeit_event(seat: int, reason: str = REASON_TIME) -> engine.Event:
    return engine.Event(FORFEIT_EVENT, seat, {"reason": reason})


def is_forfeit(event: engine.Event) -> bool:
    return event.kind == FORFEIT_EVENT


def forfeit_text(seat: int, seat_names: Sequence[str]) -> str:
    name = seat_names[seat] if seat < len(seat_names) and seat_names[seat] else f"Seat {seat}"
    return f"{name} ran out of time and forfeits the match"


def winners(players: int, seat: int) -> tuple[int, ...]:
    return tuple(other for other in range(players) if other != seat)


def forfeited_sheet(sheet: engine.ScoreSheet, players: int, seat: int, reason: str) -> engine.ScoreSheet:
    """The engine's score sheet of a forfeited match: finished, won by every other seat, ``details.forfeit``."""
    details = dict(sheet.details) | {"forfeit": {"seat": seat, "reason": reason}}
    return dataclasses.replace(sheet, finished=True, winners=winners(players, seat), details=details)


def forfeit_of(events: Sequence[engine.Event]) -> tuple[int, str] | None:
    """The seat and reason of a forfeit entry's events, or None."""
    for event in events:
        if is_forfeit(event) and event.seat is not None:
            return event.seat, str(event.data.get("reason", REASON_TIME))
    return None


def forfeit_record(events: Sequence[Any]) -> tuple[int, str] | None:
    """The seat and reason of the ``forfeited`` event among a record's public events (JSON), or None."""
    for event in events:
        if isinstance(event, dict) and event.get("kind") == FORFEIT_EVENT and isinstance(event.get("seat"), int):
            return int(event["seat"]), str(event.get("data", {}).get("reason", REASON_TIME))
    return None
