"""Match scores: running totals per seat, a breakdown per round, and the winners."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson


@dataclass(frozen=True, slots=True)
class RoundScore:
    """Points scored by each seat in one round (deal, hand, coffin), with the game's own details."""

    label: str
    points: tuple[int, ...]
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "points": list(self.points), "details": dict(self.details)}


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    totals: tuple[int, ...]
    rounds: tuple[RoundScore, ...]
    finished: bool
    winners: tuple[int, ...] = ()
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "totals": list(self.totals),
            "rounds": [r.to_dict() for r in self.rounds],
            "finished": self.finished,
            "winners": list(self.winners),
            "details": dict(self.details),
        }


def highest_scorers(totals: Sequence[int]) -> tuple[int, ...]:
    """Every seat with the highest total (ties share the win)."""
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


def totals_from_rounds(rounds: Iterable[Sequence[int]], players: int, start: Sequence[int] | None = None) -> list[int]:
    """Each seat's running total: ``start`` (zeros by default) plus its points in every round."""
    totals = [0] * players if start is None else list(start)
    for points in rounds:
        for seat in range(players):
            totals[seat] += points[seat]
    return totals


def packed(value: Any) -> str:
    """A round's explanation as kept in ``state.table``: JSON text with ``'`` for ``"``. Nested objects in a
    snapshot cost its encode and decode several times their size; one string without quotes to escape costs
    almost nothing (a rummy match's explanations: some 130 us per encode and decode as objects, 6 as this text).
    The values hold card codes, kinds and numbers only, never a quote."""
    text = orjson.dumps(value).decode()
    if "'" in text:
        raise ValueError("An explanation to pack holds a quote.")
    return text.replace('"', "'")


def unpacked(text: str) -> Any:
    """The value of ``packed``."""
    return orjson.loads(text.replace("'", '"'))
