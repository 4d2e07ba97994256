"""Caps on live streams (SSE event streams, gRPC WatchGame): per server edge, per game and per client address.

A stream holds one worker thread of its edge for its whole life, so each edge runs its streams on threads added to
its pool for them (``StreamLimits.per_server`` of them) and refuses a stream past a cap with RESOURCE_EXHAUSTED
``stream/too_many`` (HTTP 429): requests and health checks always find a free worker, whatever spectators do.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from service.core import errors

DEFAULT_STREAMS_PER_SERVER = 256
DEFAULT_STREAMS_PER_GAME = 128
DEFAULT_STREAMS_PER_CLIENT = 32


@dataclass(frozen=True, slots=True, kw_only=True)
class StreamLimits:
    """The caps of one edge (REST's event streams, or gRPC's WatchGame); each at least 1."""

    per_server: int = DEFAULT_STREAMS_PER_SERVER
    per_game: int = DEFAULT_STREAMS_PER_GAME
    per_client: int = DEFAULT_STREAMS_PER_CLIENT

    def __post_init__(self) -> None:
        if min(self.per_server, self.per_game, self.per_client) < 1:
            raise ValueError("stream limits must be at least 1.")


class StreamSlots:
    """Counts the live streams of one edge; ``acquire`` takes a slot or raises ``stream/too_many``."""

    def __init__(self, limits: StreamLimits) -> None:
        self.limits = limits
        self._lock = threading.Lock()
        self._total = 0
        self._games: dict[str, int] = {}
        self._clients: dict[str, int] = {}

    @property
    def live(self) -> int:
        return self._total

    def acquire(self, game_id: str, client: str) -> Callable[[], None]:
        """A slot for a stream of ``game_id`` from ``client`` (its address); returns the slot's release, which
        may be called more than once."""
        with self._lock:
            if self._total >= self.limits.per_server:
                raise errors.too_many_streams("server", self.limits.per_server)
            if self._games.get(game_id, 0) >= self.limits.per_game:
                raise errors.too_many_streams("game", self.limits.per_game)
            if self._clients.get(client, 0) >= self.limits.per_client:
                raise errors.too_many_streams("client", self.limits.per_client)
            self._total += 1
            self._games[game_id] = self._games.get(game_id, 0) + 1
            self._clients[client] = self._clients.get(client, 0) + 1
        released = threading.Event()

        def release() -> None:
            with self._lock:
                if released.is_set():
                    return
                released.set()
                self._total -= 1
                for counts, key in ((self._games, game_id), (self._clients, client)):
                    counts[key] -= 1
                    if not counts[key]:
                        del counts[key]

        return release
