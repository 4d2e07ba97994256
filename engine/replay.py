"""Replays: a match rebuilt from its set-up and its move list, the way the service and the golden games use it.

A match is fully determined by its game id, player count, seed, options and the moves in order (each with the
seat that made it): chance lives in the seeded RNG of the snapshot. ``replay`` plays the moves through
``engine.api.apply``, so every move is checked again, and names the step of the first move that is refused.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from engine.api import apply, new_game
from engine.errors import EngineError, ReplayError
from engine.events import Event
from engine.moves import Move
from engine.state import GameState

SeatMove = tuple[int, Move | str]


@dataclass(slots=True)
class Replay:
    """The state after every move of a replayed match, and the events of set-up and of each move."""

    state: GameState
    setup_events: list[Event] = field(default_factory=list)
    move_events: list[list[Event]] = field(default_factory=list)


def parse_seat_move(entry: SeatMove | str) -> tuple[int, Move | str]:
    """Reads ``(seat, move)`` or the text form ``"SEAT MOVE"`` (``"0 meld 6H,7H,8H"``)."""
    if isinstance(entry, str):
        seat_text, _, move_text = entry.partition(" ")
        if not seat_text.isascii() or not seat_text.isdigit() or not move_text:
            raise ReplayError(f"A replayed move is written 'SEAT MOVE', e.g. '0 draw'; got {entry[:80]!r}.")
        return int(seat_text), move_text
    seat, move = entry
    return seat, move


def replay(
    game_id: str,
    players: int | None,
    seed: int,
    options: Mapping[str, object] | None,
    moves: Iterable[SeatMove | str],
) -> Replay:
    """Rebuilds a match from its set-up and moves; raises ReplayError naming the first move that is refused."""
    state, setup_events = new_game(game_id, players, seed, options)
    result = Replay(state, setup_events)
    for index, entry in enumerate(moves):
        seat, move = parse_seat_move(entry)
        try:
            result.state, events = apply(result.state, seat, move)
        except EngineError as error:
            raise ReplayError(
                f"Move {index + 1} ('{seat} {move}') could not be replayed: {error.reason}", code=error.code
            ) from error
        result.move_events.append(events)
    return result
