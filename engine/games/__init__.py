"""The built-in games. Importing this package registers each of them."""

from engine.games import dracula

__all__ = ["dracula"]
