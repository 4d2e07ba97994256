"""Dracula, by David Parlett: a coffin of nine cards scored across by one side and down by the other."""

from engine.games.dracula.game import DraculaGame
from engine.registry import register

GAME = register(DraculaGame())

__all__ = ["GAME", "DraculaGame"]
