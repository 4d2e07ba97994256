"""The Redis store's lobby part (``RedisStore.lobby``), on a Redis or a Redis Cluster:

- ``<prefix>{lobby}:all``: a sorted set of the listed game ids by the time listed (ms);
- ``<prefix>{lobby}:type:<game type>``: the same, per game type;
- ``<prefix>{lobby}:records``: a hash, game id -> the core's record of it (its type first, for ``unlist_game``).

Every key shares the ``{lobby}`` slot, so listing and unlisting are one MULTI each, on a Redis Cluster too. Only a
listing: a seat is taken by the game's own compare-and-set (the commit script, in the game's slot), and the core
unlists a game once it has no open seat; a reader unlists any listed game it finds closed or gone.
"""

from __future__ import annotations

from typing import Any

from service.storage.protocols import ListedGame
from service.storage.redis_client import guarded

LISTED_TTL_SECONDS = 30 * 24 * 3600  # the listing expires a month after its last write (games expire sooner)


class RedisLobby:
    def __init__(self, client: Any, prefix: str) -> None:
        self.client = client
        self.prefix = prefix

    def _key(self, what: str) -> str:
        return f"{self.prefix}{{lobby}}:{what}"

    def _index(self, game_type: str) -> str:
        return self._key(f"type:{game_type}") if game_type else self._key("all")

    def list_game(self, game_id: str, game_type: str, at_ms: int, record: bytes) -> None:
        keys = (self._key("all"), self._index(game_type), self._key("records"))

        def write() -> None:
            with self.client.pipeline(transaction=True) as pipe:
                pipe.zadd(keys[0], {game_id: at_ms}, nx=True)
                pipe.zadd(keys[1], {game_id: at_ms}, nx=True)
                pipe.hset(keys[2], game_id, record)
                for key in keys:
                    pipe.expire(key, LISTED_TTL_SECONDS)
                pipe.execute()

        guarded(write)

    def unlist_game(self, game_id: str, game_type: str) -> None:
        all_games, by_type, records = self._key("all"), self._index(game_type), self._key("records")

        def write() -> None:
            with self.client.pipeline(transaction=True) as pipe:
                pipe.zrem(all_games, game_id)
                pipe.zrem(by_type, game_id)
                pipe.hdel(records, game_id)
                pipe.execute()

        guarded(write)

    def listed_games(self, game_type: str, after: tuple[int, str] | None, limit: int) -> list[ListedGame]:
        index = self._index(game_type)
        low: int | str = "-inf" if after is None else after[0]
        skipped = 0
        while True:
            # Ties at one millisecond are ordered by game id here, so a page may start inside a tie.
            count = limit + skipped + 1
            rows = self._oldest(index, low, count)
            entries = sorted((int(score), name.decode()) for name, score in rows)
            if after is not None:
                entries = [entry for entry in entries if entry > after]
            if len(entries) >= limit or len(rows) < count:
                break
            skipped += len(rows)
        entries = entries[:limit]
        if not entries:
            return []
        values = guarded(lambda: self.client.hmget(self._key("records"), [game_id for _, game_id in entries]))
        pairs = zip(entries, values, strict=True)
        return [ListedGame(game_id, at, bytes(value or b"")) for (at, game_id), value in pairs]

    def _oldest(self, index: str, low: int | str, count: int) -> list[tuple[bytes, float]]:
        rows = guarded(lambda: self.client.zrangebyscore(index, low, "+inf", start=0, num=count, withscores=True))
        return list(rows)
