"""Rummy Battle, with its Action Cards: Runs and Sets with Jokers, five rounds, a Marker in the stock."""

from engine.games.rummy_battle.game import RummyBattleGame
from engine.registry import register

GAME = register(RummyBattleGame())

__all__ = ["GAME", "RummyBattleGame"]
