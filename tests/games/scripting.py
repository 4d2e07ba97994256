"""Helpers for scripted hands: fix a deal by editing a fresh state's table, then play exact moves."""

from __future__ import annotations

from collections.abc import Iterable

import engine
from engine import Event, GameState


def edited(state: GameState) -> GameState:
    """Call after editing ``state.table`` by hand: forgets the memoized legal moves."""
    state.legal_cache.clear()
    return state


def play(state: GameState, moves: Iterable[tuple[int, str]]) -> tuple[GameState, list[Event]]:
    """Applies ``(seat, notation)`` moves in order through the public engine API; returns the last state and
    every event."""
    events: list[Event] = []
    for seat, notation in moves:
        state, new_events = engine.apply(state, seat, notation)
        events.extend(new_events)
    return state, events


def events_of(events: Iterable[Event], kind: str) -> list[Event]:
    return [event for event in events if event.kind == kind]
