"""The built-in games. Importing this package registers each of them."""

from engine.games import dracula, dragon_rummy, draw_blood

__all__ = ["dracula", "dragon_rummy", "draw_blood"]
