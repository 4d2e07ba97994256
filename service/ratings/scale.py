"""The rating scale: openskill's Bradley-Terry model (``BradleyTerryFull``) set so that a difference of ``mu`` reads
as an Elo difference, and the server's bots on the same scale, seeded from the ladder (docs/ratings.md).

- Bradley-Terry gives seat *i* the chance ``1 / (1 + exp(-(mu_i - mu_q) / c))`` of beating seat *q*, with
  ``c = sqrt(sigma_i^2 + sigma_q^2 + 2 beta^2)``; Elo's is ``1 / (1 + 10^(-d / 400))``, that is ``c = 400 / ln 10``.
  ``BETA = 400 / (ln 10 * sqrt 2)`` (about 122.8) makes the two agree once the sigmas are small: 200 points of
  ``mu`` mean about a 76% chance, as in Elo. The model's other settings are openskill's defaults scaled by the
  same factor (``SCALE``: sigma is 2 beta and tau sigma / 100, as openskill's 25 / 3, 25 / 6 and 25 / 300).
- A player's displayed ``rating`` is its ``mu``, rounded; ``sigma`` is the uncertainty. A new player starts at
  ``DEFAULT_MU`` (1200) with ``DEFAULT_SIGMA`` (about 245.7).
- The server's bots (``random``, ``greedy`` and the levels ``easy``, ``medium``, ``hard``) are rated on the ladder in
  Elo with ``random`` = 0 (service/core/ladder_ratings.json, ``cardengine ladder``). Here they are ``LEVEL_OFFSET``
  (1000) above it: ``random`` reads 1000. A bot's sigma is its ladder interval's half-width over 1.96 (at least
  ``MIN_BOT_SIGMA``). Bots are anchors: a game against one moves the player's rating, never the bot's (its play is
  fixed code measured over hundreds of ladder matches, and one scale shared by every API key stays put).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from openskill.models import BradleyTerryFull

from service.core import level_ratings

ELO_C = 400.0 / math.log(10.0)
BETA = ELO_C / math.sqrt(2.0)
SCALE = BETA / (25.0 / 6.0)  # openskill's defaults are mu 25, sigma 25/3, beta 25/6, tau 25/300
DEFAULT_MU = 1200.0
DEFAULT_SIGMA = 2.0 * BETA
TAU = DEFAULT_SIGMA / 100.0
LEVEL_OFFSET = 1000.0
MIN_BOT_SIGMA = 25.0
Z_95 = 1.96


@dataclass(frozen=True, slots=True)
class Rating:
    """A rating on the service's scale: ``rating`` is ``mu`` rounded (what a page shows), ``games`` the rated
    games that made it (for a server bot: its ladder matches)."""

    rating: int
    mu: float
    sigma: float
    games: int = 0

    @classmethod
    def of(cls, mu: float, sigma: float, games: int = 0) -> Rating:
        return cls(round(mu), mu, sigma, games)


NEW_PLAYER = Rating.of(DEFAULT_MU, DEFAULT_SIGMA)


@functools.cache
def model() -> BradleyTerryFull:
    """The one openskill model every rating goes through."""
    return BradleyTerryFull(mu=DEFAULT_MU, sigma=DEFAULT_SIGMA, beta=BETA, tau=TAU)


@functools.cache
def _ladder() -> dict[str, dict[str, Rating]]:
    rated: dict[str, dict[str, Rating]] = {}
    for game_type, players in level_ratings.load_ratings().items():
        rated[game_type] = {}
        for name, measured in players.items():
            half_width = (float(measured["high"]) - float(measured["low"])) / 2.0
            sigma = max(MIN_BOT_SIGMA, half_width / Z_95)
            mu = LEVEL_OFFSET + float(measured["rating"])
            rated[game_type][name] = Rating.of(mu, sigma, int(measured["games"]))
    return rated


def bot_rating(game_type: str, kind: str) -> Rating | None:
    """A server bot's rating in ``game_type`` (``kind`` as a seat names it: ``random``, ``easy``, ...), None for a
    kind the ladder has not rated in that game."""
    return _ladder().get(game_type, {}).get(kind)


def level_rating(game_type: str, level: str) -> Rating | None:
    """The rating of a level (``easy``, ``medium``, ``hard``) in ``game_type`` on the players' scale: the ladder's
    Elo plus ``LEVEL_OFFSET``; None when the ladder has not rated it. For matchmaking: the level nearest a player's
    ``rating_of(...).mu`` is the bot to seat beside it."""
    return bot_rating(game_type, level)


def rated_bots(game_type: str) -> dict[str, Rating]:
    """Every server bot the ladder rated in ``game_type``, by kind."""
    return dict(_ladder().get(game_type, {}))
