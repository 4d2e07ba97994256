"""Gin Rummy as a cardengine plugin game: OpenSpiel's gin_rummy move for move, and the classic match to 100."""

from cardengine_gin_rummy.game import GinRummyGame

__all__ = ["GinRummyGame"]
