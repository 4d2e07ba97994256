"""Dracula, by David Parlett: a coffin of nine cards scored across by one side and down by the other."""

from engine.games.dracula.game import DraculaGame

__all__ = ["DraculaGame"]
