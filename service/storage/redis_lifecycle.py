"""The Redis store's lifecycle part (``RedisStore.lifecycle``), on a Redis or a Redis Cluster:

- ``<prefix>{<game id>}:inv:<sha256 of the code>``: an invitation's record, expiring with the game; redeemed with
  GETDEL, so a code is used once even when two replicas redeem it at the same moment;
- ``<prefix>{<game id>}:members``: a hash of the API keys that joined the game by invitation (key id -> record);
- ``<prefix>{owner:<key id>}:games`` (a sorted set of game ids by the time listed, ms) and
  ``<prefix>{owner:<key id>}:records`` (game id -> the key's record of it): the key's list of games;
- ``<prefix>{owner:<key id>}:events``: a Redis stream of the key's events, the last 1000 kept (XADD MAXLEN ~),
  read with XREAD (polled while a reader waits).

A game's keys share its slot and a key's keys share the key's slot, so every command here names one slot.
"""

from __future__ import annotations

import time
from typing import Any

from service.storage.protocols import OwnedGame
from service.storage.redis_client import guarded

KEY_STREAM_LENGTH = 1000
OWNER_TTL_SECONDS = 30 * 24 * 3600  # a key's list and stream expire a month after its last game or event
POLL_SECONDS = 0.25  # how often a waiting reader looks for new events: 4 reads a second per open stream


class RedisLifecycle:
    def __init__(self, client: Any, prefix: str) -> None:
        self.client = client
        self.prefix = prefix

    def invitation_key(self, game_id: str, code_hash: str) -> str:
        return f"{self.prefix}{{{game_id}}}:inv:{code_hash}"

    def members_key(self, game_id: str) -> str:
        return f"{self.prefix}{{{game_id}}}:members"

    def _owner(self, owner: str, what: str) -> str:
        return f"{self.prefix}{{owner:{owner}}}:{what}"

    def put_invitation(self, game_id: str, code_hash: str, record: bytes, ttl_seconds: float) -> None:
        key = self.invitation_key(game_id, code_hash)
        guarded(lambda: self.client.set(key, record, px=max(1, int(ttl_seconds * 1000))))

    def take_invitation(self, game_id: str, code_hash: str) -> bytes | None:
        found = guarded(lambda: self.client.getdel(self.invitation_key(game_id, code_hash)))
        return None if found is None else bytes(found)

    def add_member(self, game_id: str, owner: str, record: bytes, ttl_seconds: float) -> None:
        key = self.members_key(game_id)

        def write() -> None:
            with self.client.pipeline(transaction=True) as pipe:
                pipe.hset(key, owner, record)
                pipe.pexpire(key, max(1, int(ttl_seconds * 1000)))
                pipe.execute()

        guarded(write)

    def members(self, game_id: str) -> dict[str, bytes]:
        raw = guarded(lambda: self.client.hgetall(self.members_key(game_id)))
        return {name.decode(): bytes(value) for name, value in raw.items()}

    def index_game(self, owner: str, game_id: str, at_ms: int, record: bytes) -> None:
        games, records = self._owner(owner, "games"), self._owner(owner, "records")

        def write() -> None:
            with self.client.pipeline(transaction=True) as pipe:
                pipe.zadd(games, {game_id: at_ms}, nx=True)
                pipe.hset(records, game_id, record)
                pipe.expire(games, OWNER_TTL_SECONDS)
                pipe.expire(records, OWNER_TTL_SECONDS)
                pipe.execute()

        guarded(write)

    def unindex_game(self, owner: str, game_id: str) -> None:
        games, records = self._owner(owner, "games"), self._owner(owner, "records")

        def write() -> None:
            with self.client.pipeline(transaction=True) as pipe:
                pipe.zrem(games, game_id)
                pipe.hdel(records, game_id)
                pipe.execute()

        guarded(write)

    def owner_games(self, owner: str, before: tuple[int, str] | None, limit: int) -> list[OwnedGame]:
        games, records = self._owner(owner, "games"), self._owner(owner, "records")
        top = "+inf" if before is None else before[0]
        skipped = 0
        while True:
            # Ties at one millisecond are ordered by game id here, so a page may start inside a tie.
            count = limit + skipped + 1
            rows = self._newest(games, top, count)
            entries = sorted(((int(score), name.decode()) for name, score in rows), reverse=True)
            if before is not None:
                entries = [entry for entry in entries if entry < before]
            if len(entries) >= limit or len(rows) < count:
                break
            skipped += len(rows)
        entries = entries[:limit]
        if not entries:
            return []
        values = guarded(lambda: self.client.hmget(records, [game_id for _, game_id in entries]))
        return [
            OwnedGame(game_id, at, bytes(value or b"")) for (at, game_id), value in zip(entries, values, strict=True)
        ]

    def _newest(self, games: str, top: int | str, count: int) -> list[tuple[bytes, float]]:
        rows = guarded(lambda: self.client.zrevrangebyscore(games, top, "-inf", start=0, num=count, withscores=True))
        return list(rows)

    def append_key_event(self, owner: str, payload: bytes) -> str:
        key = self._owner(owner, "events")

        def write() -> Any:
            with self.client.pipeline(transaction=True) as pipe:
                pipe.xadd(key, {"e": payload}, maxlen=KEY_STREAM_LENGTH, approximate=True)
                pipe.expire(key, OWNER_TTL_SECONDS)
                return pipe.execute()[0]

        found = guarded(write)
        return found.decode() if isinstance(found, bytes) else str(found)

    def key_events(self, owner: str, after: str, limit: int, wait_seconds: float) -> list[tuple[str, bytes]]:
        """Polled every ``POLL_SECONDS`` while waiting, never XREAD BLOCK: a blocked read would hold a connection of
        the pool the moves use, and hundreds of open streams could take them all."""
        key = self._owner(owner, "events")
        deadline = time.monotonic() + wait_seconds
        while True:
            reply = guarded(lambda: self.client.xread({key: after}, count=limit))
            if reply or time.monotonic() + POLL_SECONDS > deadline:
                break
            time.sleep(POLL_SECONDS)
        found: list[tuple[str, bytes]] = []
        for _, entries in reply or []:
            for event_id, fields in entries:
                found.append((event_id.decode() if isinstance(event_id, bytes) else str(event_id), fields[b"e"]))
        return found

    def key_stream_position(self, owner: str) -> str:
        """The stream's last generated id (XINFO STREAM would answer it too, but fails on a missing key)."""
        newest = guarded(lambda: self.client.xrevrange(self._owner(owner, "events"), "+", "-", count=1))
        if not newest:
            return "0"
        event_id = newest[0][0]
        return event_id.decode() if isinstance(event_id, bytes) else str(event_id)
