"""Finds games by id: the one list of games. Every package under ``engine/games/`` is a game, found here when the
registry is first imported: the package exports its ``Game`` subclass (the one in its ``__all__``) and the registry
holds one instance of it. ``register`` adds others at run time. Adding a game is adding its package."""

from __future__ import annotations

import importlib
import pkgutil

import engine.games
from engine.errors import UnknownGameError
from engine.game import Game


def game_class(package_name: str) -> type[Game]:
    """The one ``Game`` subclass that the package ``package_name`` exports in its ``__all__``."""
    package = importlib.import_module(package_name)
    exported = [getattr(package, name) for name in getattr(package, "__all__", ())]
    classes = [value for value in exported if isinstance(value, type) and issubclass(value, Game)]
    if len(classes) != 1:
        raise ImportError(
            f"The game package {package_name} must export exactly one Game subclass in __all__; it exports "
            f"{len(classes)}."
        )
    return classes[0]


def built_in_games() -> tuple[Game, ...]:
    """One instance of each game package's ``Game`` subclass, in the packages' order by name."""
    packages = sorted(info.name for info in pkgutil.iter_modules(engine.games.__path__) if info.ispkg)
    return tuple(game_class(f"engine.games.{name}")() for name in packages)


BUILT_IN_GAMES: tuple[Game, ...] = built_in_games()
_GAMES: dict[str, Game] = {game.id: game for game in BUILT_IN_GAMES}


def register(game: Game) -> Game:
    if game.id in _GAMES:
        raise ValueError(f"Game id '{game.id}' is already registered.")
    _GAMES[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    game = _GAMES.get(game_id)
    if game is None:
        known = ", ".join(sorted(_GAMES))
        raise UnknownGameError(f"Unknown game '{game_id}'; registered games: {known}.")
    return game


def all_games() -> list[Game]:
    return [_GAMES[key] for key in sorted(_GAMES)]
