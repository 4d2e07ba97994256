"""Events: what happened, with what each seat may learn about it.

An event has public data, seen by its whole audience, and optionally secret data seen only by ``secret_to``
seats (everyone sees that seat 2 drew from the stock; only seat 2 sees the card). ``audience`` limits who sees
the event at all (a private reveal of a hand to one seat); ``None`` means everyone, spectators included.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Final

_NO_DATA: Mapping[str, Any] = MappingProxyType({})


class Event:
    """One event. A plain class with slots rather than a frozen dataclass: a match makes one or more per move, and a
    frozen dataclass's ``__init__`` costs one ``object.__setattr__`` per field. Its fields are ``Final`` (type
    checkers refuse an assignment; the engine never changes an event); it compares, hashes and prints like a frozen
    dataclass. ``data`` and ``secret`` default to one shared empty, read-only mapping."""

    __slots__ = ("audience", "data", "kind", "seat", "secret", "secret_to")
    __match_args__: ClassVar = ("kind", "seat", "data", "secret", "secret_to", "audience")

    def __init__(
        self,
        kind: str,
        seat: int | None = None,
        data: Mapping[str, Any] = _NO_DATA,
        secret: Mapping[str, Any] = _NO_DATA,
        secret_to: tuple[int, ...] = (),
        audience: tuple[int, ...] | None = None,
    ) -> None:
        self.kind: Final = kind
        self.seat: Final = seat
        self.data: Final = data
        self.secret: Final = secret
        self.secret_to: Final = secret_to
        self.audience: Final = audience

    def _fields(self) -> tuple[Any, ...]:
        return (self.kind, self.seat, self.data, self.secret, self.secret_to, self.audience)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"Event(kind={self.kind!r}, seat={self.seat!r}, data={dict(self.data)!r}, secret={dict(self.secret)!r}, "
            f"secret_to={self.secret_to!r}, audience={self.audience!r})"
        )

    def visible_to(self, seat: int | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)

    def for_seat(self, seat: int | None) -> dict[str, Any] | None:
        """The event as ``seat`` may see it (``None``: a spectator), or ``None`` if it may not see it at all."""
        if not self.visible_to(seat):
            return None
        shown: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            shown["seat"] = self.seat
        shown.update(self.data)
        if seat is not None and seat in self.secret_to:
            shown.update(self.secret)
        return shown

    def to_record(self) -> dict[str, Any]:
        """The full, unredacted form for storage. Never sent to a client."""
        record: dict[str, Any] = {"k": self.kind}
        if self.seat is not None:
            record["s"] = self.seat
        if self.data:
            record["d"] = dict(self.data)
        if self.secret:
            record["x"] = dict(self.secret)
            record["xt"] = list(self.secret_to)
        if self.audience is not None:
            record["a"] = list(self.audience)
        return record

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Event:
        audience = record.get("a")
        return cls(
            kind=record["k"],
            seat=record.get("s"),
            data=record.get("d", {}),
            secret=record.get("x", {}),
            secret_to=tuple(record.get("xt", ())),
            audience=None if audience is None else tuple(audience),
        )
