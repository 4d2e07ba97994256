"""House Rummy: the "Rummy Base Rules" with the New Card Rules and their Card List (57 cards)."""

from engine.games.house_rummy.game import HouseRummyGame

__all__ = ["HouseRummyGame"]
