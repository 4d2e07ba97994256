"""Rummy Battle, with its Action Cards: Runs and Sets with Jokers, five rounds, a Marker in the stock."""

from engine.games.rummy_battle.game import RummyBattleGame

__all__ = ["RummyBattleGame"]
