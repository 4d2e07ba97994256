"""A tournament's standings, computed as the arena computes its table (service/core/standings.py): per entrant its
win rate and score difference with 95% confidence intervals over the duplicate groups it played (a group: one deal
of one pairing in every seat rotation; without duplicate deals each game is a group of its own), and its points.

Points: the entrant's win shares over its finished games (one win: 1; a tie shares it), plus par for each Swiss bye
(the games its pairing would have played, over the players: what an entrant of equal strength expects). The order:
points, then the mean score difference, then the order the entrants were given in.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from service.core import standings
from service.tournaments.formats import rotations
from service.tournaments.records import Interval, PlayedGame, Standing, TournamentState


@dataclass(frozen=True, slots=True)
class Result:
    """A finished game as the shared statistics see it (``standings.Played``)."""

    seats: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]


def interval_of(interval: standings.Interval, samples: int) -> Interval:
    if math.isnan(interval.low):
        mean = 0.0 if math.isnan(interval.mean) else interval.mean
        return Interval(mean, mean, mean, samples)
    return Interval(interval.mean, interval.low, interval.high, samples)


def table(state: TournamentState) -> tuple[Standing, ...]:
    """The standings of the tournament so far (finished games only)."""
    labels = state.entrants
    groups: dict[tuple[int, int, int], list[Result]] = {}
    for game in state.games:
        if game.finished and len(game.totals) == len(game.seats):
            result = Result(tuple(labels[entrant] for entrant in game.seats), game.totals, game.winners)
            groups.setdefault((game.round, game.group, game.deal), []).append(result)
    par = len(rotations(state.players, state.duplicate)) * state.deals / state.players
    rows = []
    for index, label in enumerate(labels):
        played = [group for group in groups.values() if label in group[0].seats]
        win_rate, difference = standings.group_intervals(played, label)
        byes = sum(1 for _, entrant in state.byes if entrant == index)
        points = sum(standings.win_share(result, label) for group in played for result in group) + byes * par
        games = sum(len(group) for group in played)
        rows.append((points, difference, index, games, byes, win_rate, len(played)))
    rows.sort(key=lambda row: (-row[0], -(row[1].mean if not math.isnan(row[1].mean) else -math.inf), row[2]))
    return tuple(
        Standing(rank, labels[index], round(points, 6), games, byes, interval_of(rate, n), interval_of(diff, n))
        for rank, (points, diff, index, games, byes, rate, n) in enumerate(rows, start=1)
    )


def swiss_ranking(state: TournamentState) -> list[int]:
    """The entrants (indexes) in the order of the standings so far: the Swiss pairing's order."""
    order = {label: rank for rank, label in enumerate(row.entrant for row in table(state))}
    return sorted(range(len(state.entrants)), key=lambda index: order[state.entrants[index]])


def groups_played(games: Sequence[PlayedGame]) -> list[tuple[int, ...]]:
    """Each pairing played so far once (its entrants in the order of its first rotation)."""
    seen: dict[tuple[int, int], tuple[int, ...]] = {}
    for game in games:
        if game.rotation == 0:
            seen.setdefault((game.round, game.group), game.seats)
    return list(seen.values())
