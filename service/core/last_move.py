"""The last move of a game as one caller may know it (issue 27), for the game's header (``GameView.last_move``)
and each watched version (``VersionUpdate.last_move``), so a page can mark it.

The seat that moved is public (every event names it). The notation is shown to the seat that moved, and to anyone
else only when every card it names is among the cards that caller's events of that version show: a discarded or
melded card is public, a card given in secret is not, so its notation is left empty for the others. The
description is the text of the first event of that version the caller sees (the engine's words, redacted for the
caller, "Time ran out, ..." for a timed-out move)."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

import engine
from service.core.records import EventView, LastMove


@functools.cache
def card_codes(game_type: str) -> frozenset[str]:
    """Every card code of a game: its catalog's cards and the default deck."""
    game = engine.get_game(game_type)
    catalog = {str(card["code"]) for card in game.catalog_entry().get("cards", ())}
    return frozenset(catalog | set(game.deck(game.default_state())))


def names_a_card(token: str, codes: frozenset[str]) -> bool:
    """Whether a notation token names a card (``+5H``, ``JK=9S`` and the like included)."""
    return token in codes or any(code in token for code in codes)


def strings_of(value: Any, found: set[str]) -> None:
    """Every string in a JSON-like value, and each part of a comma-joined one, into ``found``."""
    if isinstance(value, str):
        found.add(value)
        if "," in value:
            found.update(value.split(","))
    elif isinstance(value, dict):
        for item in value.values():
            strings_of(item, found)
    elif isinstance(value, list | tuple):
        for item in value:
            strings_of(item, found)


def notation_seen(game_type: str, notation: str, events: Iterable[EventView]) -> bool:
    """Whether every card ``notation`` names is shown by ``events`` (the caller's redacted events of the move)."""
    codes = card_codes(game_type)
    cards = [token for arg in notation.split()[1:] for token in arg.split(",") if names_a_card(token, codes)]
    if not cards:
        return True
    shown: set[str] = set()
    for event in events:
        strings_of(event.data, shown)
    return all(card in shown for card in cards)


def last_move_of(
    game_type: str,
    seat_names: Sequence[str],
    entry: tuple[int, int | None, str | None, bool],
    events: Sequence[EventView],
    viewer: int | None,
) -> LastMove | None:
    """The last move of a log entry ``(version, seat, move, timed_out)`` for ``viewer``, from the entry's events as
    the viewer sees them; None for the deal (no seat)."""
    version, seat, move, timed_out = entry
    if seat is None:
        return None
    notation = move or ""
    if notation and viewer != seat and not notation_seen(game_type, notation, events):
        notation = ""
    description = ""
    for event in events:  # the first text (a loop, not a generator: this runs for every answer)
        if event.text:
            description = event.text
            break
    if not description:
        name = seat_names[seat] if seat < len(seat_names) and seat_names[seat] else f"Seat {seat}"
        description = f"{name} moved."
    return LastMove(version, seat, notation, description, timed_out)
