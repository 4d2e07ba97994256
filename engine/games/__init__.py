"""The built-in games. Importing this package registers each of them."""

from engine.games import dracula, dragon_rummy, draw_blood, house_rummy, rummy_battle

__all__ = ["dracula", "dragon_rummy", "draw_blood", "house_rummy", "rummy_battle"]
