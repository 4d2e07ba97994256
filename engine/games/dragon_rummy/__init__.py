"""Dragon Mystery Rummy: The Case of the Rare Dragon, by Mike Fitzgerald: set collection with forty dragons."""

from engine.games.dragon_rummy.game import DragonRummyGame

__all__ = ["DragonRummyGame"]
