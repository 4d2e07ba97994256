"""The ratings' answers (GetRating, ListLeaderboard), written to the wire by the edges (service/edges/convert.py)."""

from __future__ import annotations

from dataclasses import dataclass

KIND_PLAYER = "player"  # one of the calling key's players
KIND_BOT_KEY = "bot_key"  # an API key playing itself (player ``@key``), any key's
KIND_SERVER_BOT = "server_bot"  # a server bot (``random``, the levels ``easy``, ``medium``, ``hard``, ...)


@dataclass(frozen=True, slots=True)
class PlayerRating:
    game_type: str
    player: str
    rating: int  # ``mu`` rounded
    mu: float
    sigma: float
    games: int  # rated games applied


@dataclass(frozen=True, slots=True)
class LeaderboardEntry:
    rank: int  # 1 for the first of the calling key's board
    kind: str  # KIND_PLAYER, KIND_BOT_KEY or KIND_SERVER_BOT
    player: str  # the key's own player id; "@key" for a bot key; empty for a server bot
    name: str  # a bot key's name, a server bot's kind; empty for the key's own players
    rating: int
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True, slots=True)
class Leaderboard:
    game_type: str
    entries: tuple[LeaderboardEntry, ...]
    next_page_token: str = ""
