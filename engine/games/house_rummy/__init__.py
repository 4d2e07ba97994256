"""House Rummy: the "Rummy Base Rules" with the New Card Rules and their Card List (57 cards)."""

from engine.games.house_rummy.game import HouseRummyGame
from engine.registry import register

GAME = register(HouseRummyGame())

__all__ = ["GAME", "HouseRummyGame"]
