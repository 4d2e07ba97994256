"""How search policies value a sampled state: by the game's own score sheet (``engine.score``), never by a guess.

The *margin* of a seat is its total minus the mean of the other seats' totals. It is the difference the arena
reports, and unlike "own total minus the best opponent's" it also sees a partnership's gains: in four-player
Dracula a seat's partner always has the seat's own total, so the best other total would hide every point the
partnership scores while it leads.

A *reward* is a value in [0, 1] per seat, the quantity IS-MCTS backs up. It is measured against the margins at
the root of the search (``baseline``), so that a lead won before the decision neither saturates nor hides what the
decision itself changes:

- the *margin reward*: 0.5 plus half the change of the seat's margin since the root, over ``scale`` and squashed
  into (-1, 1) by ``x / (1 + |x|)``; ``scale`` is the typical size of a round's points in this match
  (``reward_scale``), so gaining one round's worth of points is worth 0.75;
- an unfinished state (a rollout cut at its depth limit or at the end of a round) gets the margin reward;
- a finished match is valued by its winners first: half of the reward is 1 for a winner, 0 for a loser and 0.5
  for everyone when every seat wins (a tie; partners who win together both get 1), the other half is the margin
  reward, so that a bot that has the match won (or lost) still plays for the score.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.events import Event
from engine.scoring import ScoreSheet

MIN_SCALE = 10.0
"""The smallest margin scale: a round's points are tens in every registered game, never fractions."""


def margins(totals: Sequence[float]) -> list[float]:
    """Each seat's total minus the mean of the other seats' totals."""
    players = len(totals)
    if players < 2:
        return [0.0] * players
    whole = sum(totals)
    return [total - (whole - total) / (players - 1) for total in totals]


def rewards(sheet: ScoreSheet, scale: float, baseline: Sequence[float], win_weight: float = 0.5) -> list[float]:
    """A reward in [0, 1] per seat for a score sheet, against the root's margins ``baseline`` (see the module's
    docstring; ``win_weight`` is the part of a finished match's reward its result decides, a half by default)."""
    players = len(sheet.totals)
    shares = margin_rewards(sheet.totals, scale, baseline)
    if not (sheet.finished and sheet.winners):
        return shares
    rest = 1.0 - win_weight
    if len(sheet.winners) == players:
        return [0.5 * win_weight + rest * share for share in shares]
    return [(win_weight if seat in sheet.winners else 0.0) + rest * share for seat, share in enumerate(shares)]


def margin_rewards(totals: Sequence[float], scale: float, baseline: Sequence[float]) -> list[float]:
    """The margin reward of each seat for these totals (see the module's docstring)."""
    return [
        0.5 * (1.0 + (margin - base) / scale / (1.0 + abs((margin - base) / scale)))
        for margin, base in zip(margins(totals), baseline, strict=True)
    ]


def reward_scale(sheet: ScoreSheet) -> float:
    """The size of a typical round's points in this match: the mean absolute points per seat and round so far
    (at least ``MIN_SCALE``; ``MIN_SCALE`` before any round is scored)."""
    points = [abs(value) for record in sheet.rounds for value in record.points]
    if not points:
        return MIN_SCALE
    return max(MIN_SCALE, sum(points) / len(points))


def scores_a_round(events: Sequence[Event], players: int) -> bool:
    """Whether these events end a scored round: every game announces one with a public event carrying the round's
    points per seat (``coffin_scored``, ``hand_ended``, ``hand_scored``, ``round_ended``) or ends the match."""
    for event in events:
        if event.kind == "match_finished":
            return True
        if event.audience is None:
            points = event.data.get("points")
            if isinstance(points, list) and len(points) == players:
                return True
    return False
