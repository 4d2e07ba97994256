"""Draw Blood (Draw Blood Rummy), with the Immunity expansion: Monsters, Melds, Kill cards and Triple Skulls."""

from engine.games.draw_blood.game import DrawBloodGame
from engine.registry import register

GAME = register(DrawBloodGame())

__all__ = ["GAME", "DrawBloodGame"]
