"""Events: what happened, with what each seat may learn about it.

An event has public data, seen by its whole audience, and optionally secret data seen only by ``secret_to``
seats (everyone sees that seat 2 drew from the stock; only seat 2 sees the card). ``audience`` limits who sees
the event at all (a private reveal of a hand to one seat); ``None`` means everyone, spectators included.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    seat: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    secret: Mapping[str, Any] = field(default_factory=dict)
    secret_to: tuple[int, ...] = ()
    audience: tuple[int, ...] | None = None

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
