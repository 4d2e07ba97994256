"""Draw Blood (Draw Blood Rummy), with the Immunity expansion: Monsters, Melds, Kill cards and Triple Skulls."""

from engine.games.draw_blood.game import DrawBloodGame

__all__ = ["DrawBloodGame"]
