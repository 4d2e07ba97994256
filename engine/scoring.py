"""Match scores: running totals per seat, a breakdown per round, and the winners."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


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
