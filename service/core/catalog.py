"""The catalog: the game types this server plays, with their JSON Schemas and their levels of play (each with its
rating on the game's ladder, service/core/level_ratings.py), and the kinds of bot a seat can be."""

from __future__ import annotations

from typing import Any

import engine
from service.core import errors
from service.core.bot_kinds import BOT_KINDS
from service.core.level_ratings import game_levels, load_ratings
from service.core.service_events import with_service_events


class Catalog:
    def __init__(self) -> None:
        self._entries: list[dict[str, Any]] | None = None

    def list_game_types(self) -> list[dict[str, Any]]:
        """Every game's catalog entry (cards included) with its JSON Schemas and its levels (``levels``: name and
        ladder rating, service/core/level_ratings.py); built once (the games and the committed ratings are fixed for
        the life of the process)."""
        if self._entries is None:
            ratings = load_ratings()
            self._entries = [
                {
                    **game.catalog_entry(),
                    "schemas": with_service_events(engine.game_schemas(game.id)),
                    "levels": game_levels(game.id, ratings),
                }
                for game in engine.all_games()
            ]
        return self._entries

    def bot_kinds(self) -> list[str]:
        """The kinds of bot a seat can be given at CreateGame (``SeatConfig.bot``): ``BOT_KINDS`` of
        service/core/bot_kinds.py, in its order, the same for every game type."""
        return list(BOT_KINDS)

    def game_schemas(self, game_type: str) -> dict[str, Any]:
        """The JSON Schemas of one game type; NOT_FOUND for an id that is not in the catalog."""
        for entry in self.list_game_types():
            if entry["id"] == game_type:
                schemas: dict[str, Any] = entry["schemas"]
                return schemas
        raise errors.game_type_not_found(game_type)
