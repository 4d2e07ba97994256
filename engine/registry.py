"""Finds games by id. Games register themselves when ``engine.games`` is imported."""

from __future__ import annotations

from engine.errors import UnknownGameError
from engine.game import Game

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    if game.id in _GAMES:
        raise ValueError(f"Game id '{game.id}' is already registered.")
    _GAMES[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    game = _GAMES.get(game_id)
    if game is None:
        _load_builtin_games()
        game = _GAMES.get(game_id)
    if game is None:
        known = ", ".join(sorted(_GAMES))
        raise UnknownGameError(f"Unknown game '{game_id}'; registered games: {known}.")
    return game


def all_games() -> list[Game]:
    _load_builtin_games()
    return [_GAMES[key] for key in sorted(_GAMES)]


def _load_builtin_games() -> None:
    import engine.games  # noqa: F401  (registers every built-in game)
