"""Ratings as quick match reads them, from the ratings room's read API (service/ratings/: one scale for players and
the server's bot levels): a player's rating in a game type, and the bot level nearest to a rating."""

from __future__ import annotations

from service.core.bot_kinds import LEVEL_KINDS
from service.ratings.reads import rating_of
from service.ratings.scale import level_rating
from service.storage.protocols import GameStore

FALLBACK_LEVEL = "medium"  # the level of a game the ladder has not rated


def player_rating(store: GameStore, key_id: str | None, player: str, game_type: str) -> int:
    """The player's displayed rating in ``game_type`` (a new player's default until a rated game is applied)."""
    return rating_of(store, key_id, player, game_type).rating


def nearest_level(game_type: str, rating: float) -> str:
    """The server bot level (``easy``, ``medium``, ``hard``) whose rating is nearest ``rating`` (a tie: the weaker
    level); ``FALLBACK_LEVEL`` when the ladder rated none of them in this game."""
    rated = [(level, level_rating(game_type, level)) for level in LEVEL_KINDS]
    known = [(abs(found.mu - rating), index, level) for index, (level, found) in enumerate(rated) if found]
    return min(known)[2] if known else FALLBACK_LEVEL
