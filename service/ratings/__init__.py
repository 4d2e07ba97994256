"""Ratings and leaderboards (docs/ratings.md): rated games update every seated player's rating once when the match
finishes, per (API key, player, game type), with openskill on an Elo-like scale where the server's bots are rated
from the ladder (``scale.py``).

For other rooms (matchmaking): ``service.ratings.reads.rating_of(store, key_id, player, game_type) -> Rating`` (the
player's ``rating``, ``mu``, ``sigma`` and ``games``; a new player's default when it has none) and
``service.ratings.scale.level_rating(game_type, level) -> Rating | None`` on the same scale: compare ``mu`` with
``mu``.

- ``scale.py``: the model, the scale, the bots' ratings; ``store.py``: the store protocol, ``backends.py`` the store
  of a game store, with ``memory_ratings.py`` and ``redis_ratings.py``; ``reads.py``: a player's rating;
- ``results.py``: a finished game as sides and ranks; ``ratings.py``: the hooks that apply a rated game once at its
  end, the game header's ratings, and the sweep that settles what a killed process left; ``boards.py`` with
  ``records.py``: GetRating and ListLeaderboard.
"""
