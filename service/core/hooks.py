"""What runs after a commit. The write paths (creating a game, a move, a forfeit) commit a version, then hand a
``Commit`` to ``CommitHooks.run``; each concern registers its own hook (metrics and the move log here, the bot
queue in ``service/core/bot_turns.py``, the turn clock in ``service/core/clocks.py``) and the write paths name none.

A hook runs after the version stands: it must not raise for a store failure of its own (it logs, and its sweep or
the next commit repairs). A hook may return fields of the answer's ``GameView`` header (the clock hook: ``clock``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import engine
from service.core import telemetry
from service.core.stored import GameMeta

log = logging.getLogger("cardengine.service")
MOVE_LOG_SECONDS = 1.0


class Commit(NamedTuple):
    """A version just committed: a game's creation (version 0, no seat), a move, or a forfeit (a seat, no move)."""

    game_id: str
    meta: GameMeta
    version: int
    seat: int | None
    move: engine.Move | None
    to_act: tuple[int, ...]
    finished: bool
    timed_out: bool = False  # a move the service played (or a forfeit) for a seat whose clock ran out


CommitHook = Callable[[Commit], Mapping[str, Any] | None]
CreateHook = Callable[[str, GameMeta], None]
"""Runs before a game is stored (game id, meta): what must be known of a game before it can exist (the ratings'
pending games, service/ratings/). A failure fails the create, before anything is stored."""


class CommitHooks:
    """The hooks run after every commit, in the order registered."""

    def __init__(self) -> None:
        self._hooks: list[CommitHook] = []
        self._before_create: list[CreateHook] = []

    def register(self, hook: CommitHook) -> None:
        self._hooks.append(hook)

    def register_before_create(self, hook: CreateHook) -> None:
        self._before_create.append(hook)

    def before_create(self, game_id: str, meta: GameMeta) -> None:
        """Runs the hooks of a game about to be stored, in the order registered."""
        for hook in self._before_create:
            hook(game_id, meta)

    def run(self, commit: Commit) -> dict[str, Any]:
        """Runs every hook; returns the header fields they give the answer's ``GameView`` (empty: none)."""
        fields: dict[str, Any] = {}
        for hook in self._hooks:
            given = hook(commit)
            if given:
                fields.update(given)
        return fields


def count_commit(commit: Commit) -> None:
    """Metrics: a game created (version 0) or a move applied (a forfeit counts as the match's last move)."""
    if commit.version == 0:
        telemetry.game_created(commit.meta.game_type, commit.finished)
    else:
        telemetry.move_applied(commit.meta.game_type, commit.finished)


class MoveLog:
    """The move log: each move at DEBUG with its text; at INFO a sample with the move's kind, never its text (a
    private move is a secret): a match's last move, and at most one other per ``MOVE_LOG_SECONDS``. A line per move
    at INFO costs a fifth of a move's server CPU or more (docs/performance.md)."""

    def __init__(self) -> None:
        self._next_info = 0.0  # when the next move may be logged at INFO

    def __call__(self, commit: Commit) -> None:
        move = commit.move
        if move is None:
            return
        if log.isEnabledFor(logging.DEBUG):
            log.debug("move applied", extra=self._fields(commit, move) | {"move": str(move)})
            return
        now = time.monotonic()
        if commit.finished or now >= self._next_info:
            self._next_info = now + MOVE_LOG_SECONDS
            log.info("move applied", extra=self._fields(commit, move))

    @staticmethod
    def _fields(commit: Commit, move: engine.Move) -> dict[str, Any]:
        return {"game_id": commit.game_id, "seat": commit.seat, "version": commit.version, "kind": move.kind}
