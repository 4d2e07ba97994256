"""The in-memory store's lifecycle part (``MemoryStore.lifecycle``): invitations, members, each API key's list of
games and its event stream, in one process's dicts with the meaning of the Redis ones
(service/storage/redis_lifecycle.py)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from service.storage.protocols import OwnedGame

KEY_STREAM_LENGTH = 1000  # events kept per API key


class MemoryLifecycle:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Condition()
        self._invitations: dict[tuple[str, str], tuple[bytes, float]] = {}  # (game, code hash) -> record, expiry
        self._members: dict[str, dict[str, bytes]] = {}
        self._owned: dict[str, dict[str, tuple[int, bytes]]] = {}  # owner -> game -> (at ms, record)
        self._streams: dict[str, list[tuple[int, bytes]]] = {}
        self._next_id = 0

    def put_invitation(self, game_id: str, code_hash: str, record: bytes, ttl_seconds: float) -> None:
        with self._lock:
            now = self._clock()
            for known in [k for k, (_, expiry) in self._invitations.items() if expiry <= now]:
                del self._invitations[known]
            self._invitations[(game_id, code_hash)] = (record, now + ttl_seconds)

    def take_invitation(self, game_id: str, code_hash: str) -> bytes | None:
        with self._lock:
            found = self._invitations.pop((game_id, code_hash), None)
            return None if found is None or found[1] <= self._clock() else found[0]

    def add_member(self, game_id: str, owner: str, record: bytes, ttl_seconds: float) -> None:
        with self._lock:
            self._members.setdefault(game_id, {})[owner] = record

    def members(self, game_id: str) -> dict[str, bytes]:
        with self._lock:
            return dict(self._members.get(game_id, {}))

    def forget_game(self, game_id: str) -> None:
        """The game was deleted: its invitations and members go with it."""
        with self._lock:
            self._members.pop(game_id, None)
            for known in [k for k in self._invitations if k[0] == game_id]:
                del self._invitations[known]

    def index_game(self, owner: str, game_id: str, at_ms: int, record: bytes) -> None:
        with self._lock:
            games = self._owned.setdefault(owner, {})
            at = games[game_id][0] if game_id in games else at_ms
            games[game_id] = (at, record)

    def unindex_game(self, owner: str, game_id: str) -> None:
        with self._lock:
            self._owned.get(owner, {}).pop(game_id, None)

    def owner_games(self, owner: str, before: tuple[int, str] | None, limit: int) -> list[OwnedGame]:
        with self._lock:
            entries = sorted(
                ((at, game_id, record) for game_id, (at, record) in self._owned.get(owner, {}).items()), reverse=True
            )
        if before is not None:
            entries = [entry for entry in entries if (entry[0], entry[1]) < before]
        return [OwnedGame(game_id, at, record) for at, game_id, record in entries[:limit]]

    def append_key_event(self, owner: str, payload: bytes) -> str:
        with self._lock:
            self._next_id += 1
            stream = self._streams.setdefault(owner, [])
            stream.append((self._next_id, payload))
            del stream[:-KEY_STREAM_LENGTH]
            self._lock.notify_all()
            return str(self._next_id)

    def key_events(self, owner: str, after: str, limit: int, wait_seconds: float) -> list[tuple[str, bytes]]:
        since = int(after.split("-")[0] or 0)
        with self._lock:
            self._lock.wait_for(lambda: self._newest(owner) > since, wait_seconds)
            found = [(str(number), payload) for number, payload in self._streams.get(owner, []) if number > since]
        return found[:limit]

    def key_stream_position(self, owner: str) -> str:
        with self._lock:
            return str(self._newest(owner))

    def _newest(self, owner: str) -> int:
        stream = self._streams.get(owner)
        return stream[-1][0] if stream else 0

    def wake_all(self) -> None:
        with self._lock:
            self._lock.notify_all()
