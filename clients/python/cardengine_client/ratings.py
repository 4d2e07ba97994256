"""Ratings and leaderboards (docs/api.md "Ratings"): ``get_rating`` and ``leaderboard`` (``RatingCalls``, part of
``GameEngineClient``) and their values. A rated game's seats' ratings are in its ``GameView.ratings``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardengine_client._proto import game_engine_pb2 as pb
from cardengine_client._proto import game_engine_pb2_grpc as pb_grpc


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """A player's rating in a game type: ``rating`` is ``mu`` rounded (Elo-like: 200 points apart is about a 76%
    chance of winning), ``sigma`` its uncertainty, ``games`` the rated games applied."""

    game_type: str
    player: str
    rating: int
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True, slots=True)
class LeaderboardEntry:
    """``kind``: "player" (one of the key's players), "bot_key" (a key playing itself: ``player`` "@key",
    ``name`` the key's) or "server_bot" (``name`` its kind: "random", "easy", "medium", "hard", ...)."""

    rank: int
    kind: str
    player: str
    name: str
    rating: int
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    game_type: str
    entries: tuple[LeaderboardEntry, ...]
    next_page_token: str  # "" on the last page


@dataclass(frozen=True, slots=True)
class SeatRating:
    """A seat's rating in a rated game (``GameView.ratings``): before the match, and once its result is applied
    (``settled``) after it with the change."""

    seat: int
    rating: int
    mu: float
    sigma: float
    settled: bool
    new_rating: int
    change: int


def seat_ratings_of(message: pb.Game) -> tuple[SeatRating, ...]:
    return tuple(
        SeatRating(r.seat, r.rating, r.mu, r.sigma, r.settled, r.new_rating, r.change) for r in message.ratings
    )


class RatingCalls:
    """GetRating and ListLeaderboard, for the client's API key."""

    _stub: pb_grpc.GameEngineStub
    _call: Callable[..., Any]

    def get_rating(self, game_type: str, player: str) -> PlayerRating:
        """The rating of one of the key's players (``"@key"``: the key itself); a new player's default until a
        rated game of it finished. NOT_FOUND ``game/unknown`` for an unknown game type."""
        response = self._call(self._stub.GetRating, pb.GetRatingRequest(game_type=game_type, player=player))
        return PlayerRating(
            response.game_type, response.player, response.rating, response.mu, response.sigma, response.games
        )

    def leaderboard(self, game_type: str, page_size: int = 0, page_token: str = "") -> LeaderboardPage:
        """One page of the game type's leaderboard, highest first: the key's players, bot keys and the server's
        bots (never another key's players); pass ``next_page_token`` for the next page."""
        request = pb.ListLeaderboardRequest(game_type=game_type, page_size=page_size, page_token=page_token)
        response = self._call(self._stub.ListLeaderboard, request)
        entries = tuple(
            LeaderboardEntry(e.rank, e.kind, e.player, e.name, e.rating, e.mu, e.sigma, e.games)
            for e in response.entries
        )
        return LeaderboardPage(response.game_type, entries, response.next_page_token)
