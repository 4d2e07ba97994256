"""Standings of matches between players with 95% confidence intervals: the statistics of ``cardengine arena``
(service/cli/arena.py) and of tournaments (service/tournaments/), computed one way for both.

A match is seen as the label of the player in each seat (``seats``), the final totals and the winning seats. Per
player, over the matches it played:

- its **win share** of a match: its part of the winners (ties shared: one of two winners gets 1/2; partners who win
  together get the whole win);
- its **score difference**: the mean final total of its seats minus the mean final total of the other seats;
- both averaged per duplicate group (a deal played in every rotation of the seats: one value per deal, the mean
  over its rotations, so that the deal's luck is out of the spread), with a 95% confidence interval of the mean over
  the groups (Student's t; a win rate's interval cut to 0..1; no interval with fewer than two groups).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

# Student's t, two-sided 95%, by degrees of freedom (1.96 beyond the table).
T_975 = {
    1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
    11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110, 18: 2.101, 19: 2.093, 20: 2.086,
    22: 2.074, 24: 2.064, 26: 2.056, 28: 2.048, 30: 2.042, 40: 2.021, 60: 2.000, 120: 1.980,
}  # fmt: skip


class Played(Protocol):
    """A finished match as the standings see it."""

    @property
    def seats(self) -> Sequence[str]: ...  # the label of the player in each seat

    @property
    def totals(self) -> Sequence[int]: ...

    @property
    def winners(self) -> Sequence[int]: ...


def t_quantile(degrees: int) -> float:
    """The 97.5% quantile of Student's t with ``degrees`` degrees of freedom (the next smaller tabled one)."""
    if degrees > 120:
        return 1.96
    return T_975[max(d for d in T_975 if d <= degrees)]


@dataclass(frozen=True, slots=True)
class Interval:
    mean: float
    low: float
    high: float


def mean_interval(values: Sequence[float]) -> Interval:
    """The mean and its 95% confidence interval (Student's t); no spread with fewer than two values."""
    mean = statistics.fmean(values) if values else math.nan
    if len(values) < 2:
        return Interval(mean, math.nan, math.nan)
    half = t_quantile(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return Interval(mean, mean - half, mean + half)


def clamped(interval: Interval, low: float, high: float) -> Interval:
    """The interval cut to the values a quantity can take (a win rate: 0 to 1)."""
    if math.isnan(interval.low):
        return interval
    return Interval(interval.mean, max(low, interval.low), min(high, interval.high))


def win_share(result: Played, label: str) -> float:
    """The player's share of the match's winners (ties shared)."""
    if not result.winners:
        return 0.0
    return sum(1 for seat in result.winners if result.seats[seat] == label) / len(result.winners)


def score_difference(result: Played, label: str) -> float:
    """The mean total of the player's seats minus the mean total of the other seats (0 when it holds every seat)."""
    own = [total for total, seated in zip(result.totals, result.seats, strict=True) if seated == label]
    others = [total for total, seated in zip(result.totals, result.seats, strict=True) if seated != label]
    if not own or not others:
        return 0.0
    return statistics.fmean(own) - statistics.fmean(others)


def group_intervals(groups: Sequence[Sequence[Played]], label: str) -> tuple[Interval, Interval]:
    """The player's win rate (cut to 0..1) and score difference with their 95% intervals over duplicate ``groups``
    (each the matches of one deal, in its rotations; only groups in which the player sat)."""
    wins = [statistics.fmean(win_share(result, label) for result in group) for group in groups if group]
    differences = [statistics.fmean(score_difference(result, label) for result in group) for group in groups if group]
    return clamped(mean_interval(wins), 0.0, 1.0), mean_interval(differences)
