"""Finds games by id: every built-in game is registered here, and ``register`` adds others."""

from __future__ import annotations

from engine.errors import UnknownGameError
from engine.game import Game
from engine.games.dracula.game import DraculaGame
from engine.games.dragon_rummy.game import DragonRummyGame
from engine.games.draw_blood.game import DrawBloodGame
from engine.games.house_rummy.game import HouseRummyGame
from engine.games.rummy_battle.game import RummyBattleGame

BUILT_IN_GAMES: tuple[Game, ...] = (
    DraculaGame(),
    DragonRummyGame(),
    DrawBloodGame(),
    HouseRummyGame(),
    RummyBattleGame(),
)
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
