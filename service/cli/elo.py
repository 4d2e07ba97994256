"""Elo ratings by maximum likelihood (the Bradley-Terry model on the Elo scale), for ``cardengine ladder``.

A game between players ``i`` and ``j`` scores ``s`` for ``i`` (1 a win, 0 a loss, 1/2 a tie or a shared win) and
``1 - s`` for ``j``; the model gives ``i`` the expected score

    p_ij = 1 / (1 + 10 ** ((r_j - r_i) / 400)).

The ratings ``r`` maximize the log-likelihood ``sum over games of s log p_ij + (1 - s) log (1 - p_ij)`` (a score of
1/2 counts as half a win and half a loss, as in BayesElo and OpenSpiel's ``evaluation``), with the anchor's rating
fixed (random = 0 on the ladder): only differences are defined. Two guards:

- **The prior.** A pair whose games are all wins has no finite maximum (the winner's rating runs away). So every
  pair that played gets ``prior_draws`` virtual draws (1 by default), as BayesElo's default prior does: 3 wins and 1
  loss then count as 3.5 out of 5, and 4 wins out of 4 as 4.5 out of 5, finite. Its weight fades as games are added.
- **Connection.** A player no chain of pairs links to the anchor has no defined rating: refused (ValueError).

The 95% interval of each rating is ``r +- 1.96 * se``, with ``se`` the square root of the diagonal of the inverse of
the observed Fisher information: minus the Hessian of the (prior-including) log-likelihood at its maximum, the anchor's
row and column left out (it is fixed). Solved by Newton's method, which the concave log-likelihood lets converge from
zero; numpy only.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

ELO_PER_NATURAL = 400 / math.log(10)
"""Elo points per natural-log unit of odds: p = 1 / (1 + exp(-(r_i - r_j) / ELO_PER_NATURAL))."""
Z_95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game between two players: ``score`` is the first player's (1 a win, 0 a loss, 0.5 a tie)."""

    first: str
    second: str
    score: float


@dataclass(frozen=True, slots=True)
class Rating:
    player: str
    rating: float
    low: float  # the 95% interval (the anchor's: its rating, exactly)
    high: float
    games: int
    score: float  # the player's total score over its (real) games


def expected_score(rating: float, opponent: float) -> float:
    return 1 / (1 + 10 ** ((opponent - rating) / 400))


def pair_tables(
    players: Sequence[str], results: Iterable[GameResult], prior_draws: float
) -> tuple[np.ndarray, np.ndarray]:
    """``wins[i, j]``: player i's score against j (with the prior's half points); ``games[i, j]``: their games (with
    the prior's draws), for every pair that played at least once."""
    index = {player: position for position, player in enumerate(players)}
    size = len(players)
    wins = np.zeros((size, size))
    games = np.zeros((size, size))
    for result in results:
        if not 0 <= result.score <= 1:
            raise ValueError(f"a score is from 0 to 1; got {result.score}.")
        if result.first == result.second:
            raise ValueError(f"{result.first!r} cannot play itself.")
        i, j = index[result.first], index[result.second]
        wins[i, j] += result.score
        wins[j, i] += 1 - result.score
        games[i, j] += 1
        games[j, i] += 1
    played = games > 0
    wins += played * prior_draws / 2
    games += played * prior_draws
    return wins, games


def connected_to(anchor: int, games: np.ndarray) -> set[int]:
    reached, frontier = {anchor}, [anchor]
    while frontier:
        player = frontier.pop()
        for other in np.flatnonzero(games[player] > 0):
            if int(other) not in reached:
                reached.add(int(other))
                frontier.append(int(other))
    return reached


def log_likelihood(strengths: np.ndarray, wins: np.ndarray, games: np.ndarray) -> float:
    """The log-likelihood of natural-unit strengths (Elo / ELO_PER_NATURAL)."""
    gaps = strengths[:, None] - strengths[None, :]
    # wins[i, j] log p_ij over ordered pairs counts each game's both outcomes once; log p = -log(1 + e^-gap).
    return float(-(wins * np.logaddexp(0.0, -gaps)).sum())


def fit(
    players: Sequence[str],
    results: Sequence[GameResult],
    anchor: str,
    prior_draws: float = 1.0,
    anchor_rating: float = 0.0,
) -> list[Rating]:
    """Every player's maximum-likelihood Elo rating with its 95% interval, ``anchor`` fixed at ``anchor_rating``; in
    the order of ``players``. ValueError for a player no pair links to the anchor (or no anchor among them)."""
    players = list(dict.fromkeys(players))
    if anchor not in players:
        raise ValueError(f"the anchor {anchor!r} is not among the players.")
    wins, games = pair_tables(players, results, prior_draws)
    fixed = players.index(anchor)
    apart = [player for position, player in enumerate(players) if position not in connected_to(fixed, games)]
    if apart:
        raise ValueError(f"no pair of games links {', '.join(map(repr, apart))} to the anchor {anchor!r}.")
    free = [position for position in range(len(players)) if position != fixed]
    strengths = np.zeros(len(players))
    for _ in range(200):
        gradient, hessian = derivatives(strengths, wins, games)
        step = np.linalg.solve(hessian[np.ix_(free, free)], -gradient[free])
        # Newton's step, halved while it lowers the likelihood (never needed near the maximum; a guard far from it).
        before, scale = log_likelihood(strengths, wins, games), 1.0
        while True:
            trial = strengths.copy()
            trial[free] += scale * step
            if log_likelihood(trial, wins, games) >= before - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        strengths = trial
        if float(np.max(np.abs(scale * step), initial=0.0)) < 1e-12:
            break
    _, hessian = derivatives(strengths, wins, games)
    covariance = np.linalg.inv(-hessian[np.ix_(free, free)])
    errors = np.zeros(len(players))
    errors[free] = np.sqrt(np.diag(covariance))
    real_games, real_scores = real_totals(players, results)
    ratings = []
    for position, player in enumerate(players):
        rating = anchor_rating + ELO_PER_NATURAL * float(strengths[position])
        half = Z_95 * ELO_PER_NATURAL * float(errors[position])
        ratings.append(Rating(player, rating, rating - half, rating + half, real_games[player], real_scores[player]))
    return ratings


def derivatives(strengths: np.ndarray, wins: np.ndarray, games: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The gradient and the Hessian of the log-likelihood in natural units."""
    gaps = strengths[:, None] - strengths[None, :]
    expected = 1 / (1 + np.exp(-gaps))
    gradient = (wins - games * expected).sum(axis=1)
    information = games * expected * (1 - expected)  # symmetric: p(1-p) is the same from either side
    hessian = information - np.diag(information.sum(axis=1))
    return gradient, hessian


def real_totals(players: Sequence[str], results: Iterable[GameResult]) -> tuple[dict[str, int], dict[str, float]]:
    games = dict.fromkeys(players, 0)
    scores = dict.fromkeys(players, 0.0)
    for result in results:
        games[result.first] += 1
        games[result.second] += 1
        scores[result.first] += result.score
        scores[result.second] += 1 - result.score
    return games, scores
