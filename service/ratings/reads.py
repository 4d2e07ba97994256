"""Reading a player's rating: ``rating_of`` (the small read API other rooms use, e.g. matchmaking)."""

from __future__ import annotations

import orjson

from service.ratings.backends import ratings_store
from service.ratings.scale import NEW_PLAYER, Rating
from service.ratings.store import member_of
from service.storage.protocols import GameStore


def decode_record(record: bytes) -> Rating:
    """A member's stored record as a Rating (b"": a new player's)."""
    if not record:
        return NEW_PLAYER
    raw = orjson.loads(record)
    return Rating.of(float(raw["mu"]), float(raw["sigma"]), int(raw["games"]))


def encode_record(mu: float, sigma: float, games: int) -> bytes:
    return orjson.dumps({"mu": mu, "sigma": sigma, "games": games})


def rating_of(store: GameStore, key_id: str | None, player: str, game_type: str) -> Rating:
    """The rating of ``player`` (an id of the API key ``key_id``'s users; None: no API keys) in ``game_type``: the
    default ``scale.NEW_PLAYER`` until a rated game of it was applied. Raises the store's errors."""
    record = ratings_store(store).records(game_type, [member_of(key_id or "", player)])[0]
    return decode_record(record)
