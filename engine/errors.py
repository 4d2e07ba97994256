"""Typed engine errors. Each carries a stable, namespaced ``code`` and a full-sentence ``reason``.

The service maps these codes to gRPC and HTTP statuses in one table (``service/core/errors.py``); nothing else in
the engine knows about transports.
"""

from __future__ import annotations

from typing import NamedTuple


class EngineError(ValueError):
    """Base of every error the engine raises on purpose."""

    code: str = "engine/error"

    def __init__(self, reason: str, *, code: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        if code is not None:
            self.code = code

    def __str__(self) -> str:
        return self.reason


class UnknownGameError(EngineError):
    """No game is registered under the requested id."""

    code = "game/unknown"


class InvalidOptionError(EngineError):
    """An option name is unknown, or its value has the wrong type or is out of range."""

    code = "game/invalid_option"

    def __init__(self, reason: str, *, option: str) -> None:
        super().__init__(reason)
        self.option = option


class InvalidPlayersError(EngineError):
    """The number of players is not one the game supports."""

    code = "game/invalid_players"


class InvalidMoveError(EngineError):
    """The move text or structure is malformed: it cannot be a move of this game at all."""

    code = "move/malformed"


class IllegalMoveError(EngineError):
    """The move is well formed but not legal for this seat in this state.

    ``code`` is a stable sub-code such as ``move/not_in_hand``; ``reason`` names the move and the position.
    """

    code = "move/illegal"


class Refusal(NamedTuple):
    """Why a rule does not allow a move: a stable ``code`` (``move/...``) and a ``reason``, a clause without the
    move and without a final full stop. Every game's legality predicates return one (or ``None``: allowed), and
    ``error`` is the one way a refusal becomes an ``IllegalMoveError``. A named tuple, because legal-move
    generators meet refusals on most calls and a tuple is cheap to build."""

    code: str
    reason: str

    def error(self, move: object, *, position: str = "", **details: object) -> IllegalMoveError:
        """The error for ``move``: "'<move>': <reason> (<position>)." (without the brackets when ``position`` is
        empty). ``details``, if any, fill the reason's ``{placeholders}``; the sentence must name no card the
        seat cannot see."""
        reason = self.reason.format(**details) if details else self.reason
        where = f" ({position})" if position else ""
        return IllegalMoveError(f"'{move}': {reason}{where}.", code=self.code)


class NotYourTurnError(IllegalMoveError):
    """The seat has no decision to make now."""

    code = "move/not_your_turn"


class GameFinishedError(IllegalMoveError):
    """The match is over; no move is legal any more."""

    code = "game/finished"


class ReplayError(EngineError):
    """A recorded move list could not be replayed; ``code`` is the refused move's own code."""

    code = "replay/failed"


class RulesVersionError(EngineError):
    """A snapshot was written under another rules version of its game; it is never played under new rules."""

    code = "snapshot/rules_version"


class CorruptSnapshotError(EngineError):
    """A snapshot could not be decoded."""

    code = "snapshot/corrupt"
