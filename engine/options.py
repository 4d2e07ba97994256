"""Typed game options: declared once per game, validated once, with errors that name the option."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from engine.errors import InvalidOptionError

OptionValue = bool | int | str
OptionKind = Literal["bool", "int", "choice"]


@dataclass(frozen=True, slots=True, kw_only=True)
class OptionSpec:
    """One option of a game: its name, type, default and meaning."""

    name: str
    kind: OptionKind
    default: OptionValue
    description: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def coerce(self, value: object) -> OptionValue:
        """Returns ``value`` as this option's type, or raises InvalidOptionError naming the option."""
        if self.kind == "bool":
            return self._coerce_bool(value)
        if self.kind == "int":
            return self._coerce_int(value)
        return self._coerce_choice(value)

    def _fail(self, value: object, expected: str) -> InvalidOptionError:
        return InvalidOptionError(f"Option '{self.name}' must be {expected}; got {value!r}.", option=self.name)

    def _coerce_bool(self, value: object) -> bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "false"):
            return value.lower() == "true"
        raise self._fail(value, "a boolean (true or false)")

    def _coerce_int(self, value: object) -> int:
        number: int
        if isinstance(value, bool):
            raise self._fail(value, "an integer")
        if isinstance(value, int):
            number = value
        elif (isinstance(value, float) and value.is_integer()) or (
            isinstance(value, str) and value.strip().lstrip("-").isdigit()
        ):
            number = int(value)
        else:
            raise self._fail(value, "an integer")
        if self.minimum is not None and number < self.minimum:
            raise self._fail(value, f"at least {self.minimum}")
        if self.maximum is not None and number > self.maximum:
            raise self._fail(value, f"at most {self.maximum}")
        return number

    def _coerce_choice(self, value: object) -> str:
        if isinstance(value, str) and value in self.choices:
            return value
        raise self._fail(value, "one of " + ", ".join(repr(c) for c in self.choices))


def resolve_options(specs: Sequence[OptionSpec], given: Mapping[str, object] | None) -> dict[str, OptionValue]:
    """Validates ``given`` against ``specs`` and fills in defaults."""
    by_name = {spec.name: spec for spec in specs}
    resolved: dict[str, OptionValue] = {spec.name: spec.default for spec in specs}
    for name, value in (given or {}).items():
        spec = by_name.get(name)
        if spec is None:
            known = ", ".join(sorted(by_name)) or "none"
            raise InvalidOptionError(f"Unknown option '{name}'; this game's options are: {known}.", option=name)
        resolved[name] = spec.coerce(value)
    return resolved
