"""Structured moves: ApplyMove's ``structuredMove`` (``{kind, args}``, the form ListLegalMoves answers) turned into
the move's canonical notation, so that it is applied, logged and made idempotent exactly like the notation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import engine
from engine.moves import Move
from service.core import errors

FIELD = "structuredMove"


def _invalid(message: str, field: str = FIELD) -> errors.ServiceError:
    return errors.invalid_argument(message, field=field, code="move/invalid_structure")


def notation_of(game_type: str, structured: Mapping[str, Any]) -> str:
    """The canonical notation of ``{kind, args}`` in ``game_type``; INVALID_ARGUMENT ``move/invalid_structure``
    for an unknown kind, missing or extra arguments, or a value that is no string (a list of strings for a list
    argument); the engine's own code for a move that does not parse."""
    game = engine.get_game(game_type)
    kind = structured.get("kind")
    if not isinstance(kind, str) or kind not in game.move_kinds:
        known = ", ".join(sorted(game.move_kinds))
        shown = errors.quote(kind) if isinstance(kind, str) else repr(type(kind).__name__)
        message = f"structuredMove.kind {shown} is no move kind of {game_type}; the kinds are {known}."
        raise _invalid(message, f"{FIELD}.kind")
    move_kind = game.move_kinds[kind]
    args = structured.get("args") or {}
    if not isinstance(args, Mapping):
        raise _invalid("structuredMove.args must be an object of the move kind's arguments by name.", f"{FIELD}.args")
    if set(args) != set(move_kind.params):
        expected = ", ".join(move_kind.params) or "none"
        given = ", ".join(sorted(str(name) for name in args)) or "none"
        raise _invalid(
            f"Move kind '{kind}' takes the arguments {expected}; structuredMove.args has {given}.", f"{FIELD}.args"
        )
    for name in move_kind.params:
        value = args[name]
        is_list = name in move_kind.list_params
        fine = (
            isinstance(value, list) and bool(value) and all(isinstance(item, str) and item for item in value)
            if is_list
            else isinstance(value, str) and bool(value)
        )
        if not fine:
            wanted = "a non-empty list of non-empty strings" if is_list else "a non-empty string"
            raise _invalid(f"structuredMove.args.{name} must be {wanted}.", f"{FIELD}.args.{name}")
    move = Move.from_structured({"kind": kind, "args": dict(args)}, game.move_kinds)
    return game.parse_move(move.notation).notation
