"""The in-memory store's lobby part (``MemoryStore.lobby``): the games with an open seat, in one process's dict with
the meaning of the Redis one (service/storage/redis_lobby.py)."""

from __future__ import annotations

import threading

from service.storage.protocols import ListedGame


class MemoryLobby:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._games: dict[str, tuple[str, int, bytes]] = {}  # game id -> (game type, at ms, record)

    def list_game(self, game_id: str, game_type: str, at_ms: int, record: bytes) -> None:
        with self._lock:
            known = self._games.get(game_id)
            self._games[game_id] = (game_type, known[1] if known is not None else at_ms, record)

    def unlist_game(self, game_id: str, game_type: str) -> None:
        with self._lock:
            self._games.pop(game_id, None)

    def listed_games(self, game_type: str, after: tuple[int, str] | None, limit: int) -> list[ListedGame]:
        with self._lock:
            entries = sorted(
                (at, game_id, record)
                for game_id, (listed_type, at, record) in self._games.items()
                if not game_type or listed_type == game_type
            )
        if after is not None:
            entries = [entry for entry in entries if (entry[0], entry[1]) > after]
        return [ListedGame(game_id, at, record) for at, game_id, record in entries[:limit]]

    def forget_game(self, game_id: str) -> None:
        """The game was deleted: it leaves the lobby."""
        with self._lock:
            self._games.pop(game_id, None)
