"""The built-in games, one package each; ``engine.registry`` holds one instance of each game class."""

from engine.games import dracula, dragon_rummy, draw_blood, house_rummy, rummy_battle

__all__ = ["dracula", "dragon_rummy", "draw_blood", "house_rummy", "rummy_battle"]
