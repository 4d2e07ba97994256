"""The audit of a stored game: ``cardengine replay GAME_ID`` rebuilds a match from its store and checks it.

A stored game carries everything a replay needs: its creation record (``GameMeta``: game type, number of players,
seed, resolved options) and its log, one entry per version with the seat and the canonical notation of the move
applied (``LogEntry``). ``audit_stored_game`` feeds them to ``engine.replay``, which applies every move again
through the rules, then compares what it rebuilt with what the store holds: the events of the deal and of every
move against the log, and the final state against the stored snapshot. The first difference is reported with the
move it belongs to (``move N (seat S: 'notation')``; move N is the one that made version N).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import orjson

import engine
from service.core import errors, forfeit, seating
from service.core.stored import GameMeta, LogEntry
from service.storage.store import GameStore, StoredGame


@dataclass(frozen=True, slots=True)
class AuditReport:
    """The outcome of an audit: ``ok`` when the rebuilt match equals the stored one, else ``problem`` says where it
    first differs."""

    game_id: str
    game_type: str
    players: int
    moves: int
    version: int
    finished: bool
    problem: str | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None

    def summary(self) -> str:
        if self.problem is not None:
            return f"game {self.game_id} ({self.game_type}, {self.players} players): replay failed: {self.problem}"
        state = "finished" if self.finished else "in progress"
        return (
            f"game {self.game_id} ({self.game_type}, {self.players} players): {self.moves} moves replayed; the "
            f"rebuilt state equals the stored snapshot (version {self.version}, {state})."
        )


def describe_move(entry: LogEntry) -> str:
    return f"move {entry.version} (seat {entry.seat}: '{entry.move}')"


def _records(events: Sequence[engine.Event]) -> list[bytes]:
    return [orjson.dumps(event.to_record(), option=orjson.OPT_SORT_KEYS) for event in events]


def creation_parameters(meta: GameMeta, stored: StoredGame) -> tuple[int, dict[str, Any]]:
    """The seed and options the match was created with: from its creation record, or, for games created before
    the record kept them, from the snapshot (which carries both unchanged from creation)."""
    if meta.seed is not None and meta.options is not None:
        return meta.seed, meta.options
    state = engine.decode(stored.snapshot)
    return state.seed, dict(state.options)


def first_divergence(rebuilt: engine.Replay, entries: Sequence[LogEntry]) -> str | None:
    """Where the events of the rebuilt match first differ from the log, if they do."""
    if _records(rebuilt.setup_events) != _records(entries[0].events):
        return "the deal (version 0) differs from the stored one: the creation record does not rebuild it."
    for entry, events in zip(entries[1:], rebuilt.move_events, strict=False):
        if _records(events) != _records(entry.events):
            return f"{describe_move(entry)} gives other events than the stored ones."
    return None


def audit_stored_game(store: GameStore, game_id: str) -> AuditReport:
    """Rebuilds ``game_id`` from ``store`` with ``engine.replay`` and compares it with the stored game. Raises
    ``ServiceError`` (game/not_found) for an unknown game and ``StoreUnavailableError`` when the store is down."""
    stored = store.load(game_id)
    if stored is None:
        raise errors.game_not_found(game_id)
    meta = GameMeta.decode(stored.meta)
    entries = [LogEntry.decode(raw) for raw in store.log(game_id, -1)][: stored.version + 1]

    def report(moves: int, problem: str | None = None) -> AuditReport:
        return AuditReport(game_id, meta.game_type, meta.players, moves, stored.version, stored.finished, problem)

    problem = log_problem(entries, stored)
    if problem is not None:
        return report(0, problem)
    # Seats taken from the lobby are versions without a move (service/core/seating.py): the rules never saw them.
    entries = [entry for entry in entries if not seating.is_join_entry(entry.move, entry.seat, entry.events)]
    moves = [(entry.seat, entry.move) for entry in entries[1:] if entry.seat is not None and entry.move is not None]
    try:
        seed, options = creation_parameters(meta, stored)
    except engine.EngineError as error:
        return report(0, f"the creation parameters could not be read: {error.reason}")
    feed = MoveFeed(moves)
    try:
        rebuilt = engine.replay(meta.game_type, meta.players, seed, options, feed)
    except engine.ReplayError as error:
        accepted = feed.handed - 1  # the last move handed over is the refused one
        return report(accepted, refusal_problem(meta, seed, options, moves[:accepted], entries, error))
    except engine.EngineError as error:
        return report(0, f"the match could not be set up again: {error.reason}")
    problem = first_divergence(rebuilt, entries) or snapshot_problem(stored, rebuilt, entries)
    return report(len(moves), problem)


def log_problem(entries: Sequence[LogEntry], stored: StoredGame) -> str | None:
    """What makes the log unfit to replay (a missing, misnumbered or incomplete entry), if anything."""
    if len(entries) != stored.version + 1:
        return f"the log holds {len(entries)} entries but the game is at version {stored.version}."
    for index, entry in enumerate(entries):
        if entry.version != index:
            return f"log entry {index} is marked version {entry.version}."
        # A forfeit (service/core/forfeit.py) is the last entry of a finished match: no move, the ``forfeited`` event.
        if seating.is_join_entry(entry.move, entry.seat, entry.events):
            continue  # a seat taken from the lobby: no move
        forfeited = entry.move is None and forfeit.forfeit_of(entry.events) is not None
        if forfeited and (index != len(entries) - 1 or not stored.finished):
            return f"log entry {index} is a forfeit but not the last entry of a finished match."
        if index and not forfeited and (entry.seat is None or entry.move is None):
            return f"log entry {index} names no seat or no move."
    return None


class MoveFeed:
    """The moves handed to ``engine.replay`` one at a time, counted."""

    def __init__(self, moves: Sequence[tuple[int, str]]) -> None:
        self.moves = moves
        self.handed = 0

    def __iter__(self) -> Iterator[tuple[int, str]]:
        for move in self.moves:
            self.handed += 1
            yield move


def refusal_problem(
    meta: GameMeta,
    seed: int,
    options: dict[str, Any],
    accepted: Sequence[tuple[int, str]],
    entries: Sequence[LogEntry],
    error: engine.ReplayError,
) -> str:
    """Why the replay stopped at a refused move; an earlier move may already have diverged (a changed move that
    was legal), which is named first."""
    rebuilt = engine.replay(meta.game_type, meta.players, seed, options, accepted)
    divergence = first_divergence(rebuilt, entries)
    if divergence is not None:
        return divergence
    return f"{describe_move(entries[len(accepted) + 1])} is refused by the rules: {error.reason}"


def snapshot_problem(stored: StoredGame, rebuilt: engine.Replay, entries: Sequence[LogEntry]) -> str | None:
    """Where the rebuilt final state differs from the stored snapshot, if it does."""
    try:
        stored_state = engine.decode(stored.snapshot)
    except engine.EngineError as error:
        return f"the stored snapshot cannot be compared: {error.reason}"
    if stored_state == rebuilt.state:
        return None
    last = describe_move(entries[-1]) if len(entries) > 1 else "the deal (version 0)"
    fields = [
        name
        for name in ("players", "options", "seed", "rng_state", "step", "table")
        if getattr(stored_state, name) != getattr(rebuilt.state, name)
    ]
    return (
        f"every move gives the stored events, but the state after {last} differs from the stored snapshot "
        f"({', '.join(fields) or 'its header'})."
    )
