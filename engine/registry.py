"""Finds games by id: the one list of games. Two sources fill it:

- the built-in games: every package under ``engine/games/``, found when the registry is first imported (the package
  exports its ``Game`` subclass, the one in its ``__all__``);
- plugin games: every entry point of the group ``cardengine.games`` (``PLUGIN_GROUP``) of the installed
  distributions, loaded the first time the list is read (not at import, so a plugin may import the engine). The
  entry point is named by the game's id and points at its ``Game`` subclass (``gin_rummy =
  "gin_rummy.game:GinRummyGame"``); docs/engine.md, "Games as plugins".

``register`` adds others at run time. Adding a game is adding its package, or installing a plugin: nothing else
lists games (the catalog, the CLI, the conformance suite, ``cardengine certify``, the golden files, the benchmarks
and the web table all ask here)."""

from __future__ import annotations

import importlib
import pkgutil
from importlib import metadata

import engine.games
from engine.errors import UnknownGameError
from engine.game import Game

PLUGIN_GROUP = "cardengine.games"


class PluginError(ImportError):
    """A ``cardengine.games`` entry point that does not name a game: the message says which and why."""


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


def plugin_game(entry_point: metadata.EntryPoint) -> Game:
    """The game an entry point of ``PLUGIN_GROUP`` names: its ``Game`` subclass (instantiated) or an instance; its
    name must be the game's id."""
    where = f"The entry point '{entry_point.name} = {entry_point.value}' of the group {PLUGIN_GROUP}"
    try:
        loaded = entry_point.load()
    except Exception as error:  # a plugin's own import error, reported with the entry point that caused it
        raise PluginError(f"{where} could not be loaded: {type(error).__name__}: {error}.") from error
    game = loaded() if isinstance(loaded, type) and issubclass(loaded, Game) else loaded
    if not isinstance(game, Game):
        raise PluginError(f"{where} names {loaded!r}, which is neither a Game subclass nor a Game.")
    if game.id != entry_point.name:
        raise PluginError(f"{where} names the game '{game.id}'; the entry point must be named by the game's id.")
    return game


def plugin_games() -> tuple[Game, ...]:
    """The games of every installed distribution's ``cardengine.games`` entry points, by id."""
    found = sorted(metadata.entry_points(group=PLUGIN_GROUP), key=lambda point: point.name)
    return tuple(plugin_game(point) for point in found)


BUILT_IN_GAMES: tuple[Game, ...] = built_in_games()
_GAMES: dict[str, Game] = {game.id: game for game in BUILT_IN_GAMES}
_plugins_loaded = False


def _games() -> dict[str, Game]:
    """Every registered game by id, the plugins loaded on the first call."""
    global _plugins_loaded
    if not _plugins_loaded:
        _plugins_loaded = True
        for game in plugin_games():
            if game.id in _GAMES and _GAMES[game.id] is not game:
                raise PluginError(f"The plugin game '{game.id}' has the id of a game already registered.")
            _GAMES[game.id] = game
    return _GAMES


def register(game: Game) -> Game:
    games = _games()
    if game.id in games:
        raise ValueError(f"Game id '{game.id}' is already registered.")
    games[game.id] = game
    return game


def unregister(game_id: str) -> None:
    """Removes a game registered at run time (tests that register copies of a game)."""
    _games().pop(game_id, None)


def get_game(game_id: str) -> Game:
    game = _GAMES.get(game_id) if _plugins_loaded else _games().get(game_id)
    if game is None:
        known = ", ".join(sorted(_games()))
        raise UnknownGameError(f"Unknown game '{game_id}'; registered games: {known}.")
    return game


def all_games() -> list[Game]:
    games = _games()
    return [games[key] for key in sorted(games)]
