"""Moves: frozen values with a canonical, round-trippable text notation.

A move is a kind followed by arguments, separated by single spaces: ``place QH b1``, ``declare across``,
``meld 7H,8H,9H``. ``str(move)`` gives the notation and ``Move.parse`` reads it back. Each game declares its
move kinds (``MoveKind``) so that parsing can reject malformed moves before legality is even asked, and so
that the structured (JSON) form can name each argument.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from engine.errors import InvalidMoveError

LIST_SEPARATOR = ","


@dataclass(frozen=True, slots=True)
class MoveKind:
    """Declares one kind of move: its argument names, which of them are lists, and what it means."""

    name: str
    params: tuple[str, ...] = ()
    list_params: frozenset[str] = frozenset()
    description: str = ""


class Move(NamedTuple):
    """One move: an immutable value. Arguments are text tokens; list arguments are comma-joined.

    A named tuple rather than a frozen dataclass because games build thousands of them per second.
    """

    kind: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.kind, *self.args)) if self.args else self.kind

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @property
    def notation(self) -> str:
        return str(self)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Reads a move's notation. Only the shape is checked here; see ``Game.parse_move`` for arity."""
        if not isinstance(text, str) or not text.strip():
            raise InvalidMoveError(f"A move must be non-empty text; got {text!r}.")
        tokens = text.split()
        if " ".join(tokens) != text:
            raise InvalidMoveError(f"Move {text!r} is not in canonical form: tokens are separated by single spaces.")
        return cls(tokens[0], tuple(tokens[1:]))

    def structured(self, kind: MoveKind) -> dict[str, Any]:
        """The JSON form: ``{"kind": ..., "args": {name: value}}``, list arguments as lists."""
        args: dict[str, Any] = {}
        for name, value in zip(kind.params, self.args, strict=True):
            args[name] = value.split(LIST_SEPARATOR) if name in kind.list_params else value
        return {"kind": self.kind, "args": args}

    @classmethod
    def from_structured(cls, data: Mapping[str, Any], kinds: Mapping[str, MoveKind]) -> Move:
        """Builds a move from its JSON form, checking the kind and argument names."""
        kind_name = data.get("kind")
        if not isinstance(kind_name, str) or kind_name not in kinds:
            raise InvalidMoveError(f"Unknown move kind {kind_name!r}; known kinds: {', '.join(sorted(kinds))}.")
        kind = kinds[kind_name]
        raw_args = data.get("args") or {}
        if not isinstance(raw_args, Mapping) or set(raw_args) != set(kind.params):
            raise InvalidMoveError(f"Move kind '{kind_name}' takes arguments {list(kind.params)}; got {raw_args!r}.")
        tokens: list[str] = []
        for name in kind.params:
            value = raw_args[name]
            if name in kind.list_params and isinstance(value, list):
                value = LIST_SEPARATOR.join(str(v) for v in value)
            tokens.append(str(value))
        return cls.parse(" ".join((kind_name, *tokens)))
