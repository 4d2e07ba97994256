"""The values of the lobby's calls (docs/api.md "Lobby"): a seat of ``create_game``, a game of ``list_open_games``
and its page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Seat:
    """How ``create_game`` fills one seat (docs/api.md "Lobby"): a display name, a bot kind ("" for a person),
    ``open`` (taken later by ``join_game`` from the lobby) and the ``player`` (an id of the key's own users)."""

    name: str = ""
    bot: str = ""
    open: bool = False
    player: str = ""


@dataclass(frozen=True, slots=True)
class OpenGame:
    """A game of the lobby (``list_open_games``)."""

    game_id: str
    game_type: str
    players: int
    open_seats: tuple[int, ...]
    seat_names: tuple[str, ...]
    bots: tuple[str, ...]
    rated: bool
    min_rating: int
    max_rating: int
    options: dict[str, Any]
    created_at: float  # milliseconds since the Unix epoch


@dataclass(frozen=True, slots=True)
class OpenGamesPage:
    games: tuple[OpenGame, ...]
    next_page_token: str
