"""The levels of play each game offers (``easy``, ``medium``, ``hard``: ``engine.bots.levels.LEVELS``) with their
ratings measured on the game's ladder (``cardengine ladder --ratings``, docs/bots.md), for the catalog.

The ratings are package data: ``ladder_ratings.json`` beside this module, one entry per game the ladder has rated
(``{"games": {game_id: {"ratings": {player: {"rating", "low", "high", "games"}}, "command", ...}}}``: Elo, random =
0, with a 95% interval). A level the file does not rate (a game not yet on the ladder) is listed with no rating.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from service.core.bot_kinds import LEVEL_KINDS

RATINGS_FILE = Path(__file__).with_name("ladder_ratings.json")


def load_ratings(path: Path | None = None) -> dict[str, dict[str, Any]]:
    """Each rated game's ratings by player, from ``path`` (default ``RATINGS_FILE``; nothing when it is missing)."""
    try:
        document = json.loads((path or RATINGS_FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    games: dict[str, Any] = document.get("games", {})
    return {game_id: dict(entry.get("ratings", {})) for game_id, entry in games.items()}


def game_levels(game_id: str, ratings: Mapping[str, Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The game's levels, weakest first, in the catalog's JSON names: ``name``, and when the ladder rated it
    ``rating`` with its 95% interval ``ratingLow``..``ratingHigh`` and ``ratedMatches`` (the matches it played);
    an unrated level has ``rating`` None (and 0 matches)."""
    rated = ratings.get(game_id, {})
    levels = []
    for level in LEVEL_KINDS:
        measured = rated.get(level)
        levels.append(
            {
                "name": level,
                "rating": None if measured is None else float(measured["rating"]),
                "ratingLow": None if measured is None else float(measured["low"]),
                "ratingHigh": None if measured is None else float(measured["high"]),
                "ratedMatches": 0 if measured is None else int(measured["games"]),
            }
        )
    return levels
