"""A tournament's stored state (``TournamentState``, the director's record in the store's ``TournamentStore``) and
the values the use cases answer with (``Tournament`` and its parts; service/edges/tournament_answers.py maps them to
the proto's messages and REST's JSON once).

The stored state holds a secret the answers never show: ``salt``, from which each deal's seed is derived, so that
nobody can compute a deal before its game is over. Seat tokens are never stored: each goes once to its key's stream
(the ``tournament_round`` event).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

import orjson

WAITING, RUNNING, FINISHED = "waiting", "running", "finished"
ROUND_ROBIN, SWISS = "round_robin", "swiss"
BOT_PREFIX = "bot:"  # an entrant that is a server bot level: "bot:easy" ("bot:easy.1", "bot:easy.2": one level twice)


def bot_labels(levels: tuple[str, ...]) -> tuple[str, ...]:
    """The entrant names of server bots: "bot:<level>", numbered ("bot:<level>.<n>") when a level comes twice."""
    return tuple(
        BOT_PREFIX + level + (f".{levels[: index + 1].count(level)}" if levels.count(level) > 1 else "")
        for index, level in enumerate(levels)
    )


def bot_level(entrant: str) -> str:
    """The bot level of a server bot's entrant name; "" for an API key's."""
    return entrant.removeprefix(BOT_PREFIX).split(".")[0] if entrant.startswith(BOT_PREFIX) else ""


@dataclass(slots=True)
class PlayedGame:
    """One game of a tournament: its round, its group (pairing) in the round, its deal and seat rotation, the entrant
    (index) in each seat, and its result once finished."""

    game_id: str
    round: int
    group: int
    deal: int
    rotation: int
    seats: tuple[int, ...]
    finished: bool = False
    totals: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()

    def to_record(self) -> dict[str, Any]:
        return {
            "g": self.game_id, "r": self.round, "p": self.group, "d": self.deal, "o": self.rotation,
            "s": list(self.seats), "f": self.finished, "t": list(self.totals), "w": list(self.winners),
        }  # fmt: skip

    @classmethod
    def from_record(cls, raw: dict[str, Any]) -> PlayedGame:
        return cls(
            raw["g"], raw["r"], raw["p"], raw["d"], raw["o"], tuple(raw["s"]), raw["f"], tuple(raw["t"]),
            tuple(raw["w"]),
        )  # fmt: skip


@dataclass(slots=True)
class TournamentState:
    """What the director and the readers share through the store (one record per tournament)."""

    tournament_id: str
    creator: str
    game_type: str
    players: int
    options: dict[str, Any]
    format: str
    rounds: int  # the rounds to play (a round robin's: its schedule's)
    deals: int
    duplicate: bool
    turn_seconds: int
    rated: bool
    entrants: tuple[str, ...]  # key ids, and "bot:<level>" for server bots
    entered: tuple[bool, ...]
    created_at: int  # epoch ms
    salt: str  # hex, secret: each deal's seed is derived from it
    state: str = WAITING
    round: int = 0  # the round under way (0: none yet)
    games: list[PlayedGame] = field(default_factory=list)
    byes: list[tuple[int, int]] = field(default_factory=list)  # (round, entrant)

    def encode(self) -> bytes:
        record = {
            name.name: getattr(self, name.name) for name in dataclasses.fields(self) if name.name not in ("games",)
        }
        record["games"] = [game.to_record() for game in self.games]
        return orjson.dumps(record)

    @classmethod
    def decode(cls, data: bytes) -> TournamentState:
        raw = orjson.loads(data)
        raw["entrants"] = tuple(raw["entrants"])
        raw["entered"] = tuple(raw["entered"])
        raw["games"] = [PlayedGame.from_record(game) for game in raw["games"]]
        raw["byes"] = [(int(r), int(e)) for r, e in raw["byes"]]
        return cls(**raw)


# ----- the answers ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Interval:
    """A mean with its 95% confidence interval over ``samples`` duplicate groups (with fewer than two, ``low`` and
    ``high`` are the mean: no interval can be told)."""

    mean: float
    low: float
    high: float
    samples: int


@dataclass(frozen=True, slots=True)
class Entrant:
    entrant: str  # the key id, or "bot:<level>"
    entered: bool


@dataclass(frozen=True, slots=True)
class TournamentGame:
    game_id: str
    round: int
    group: int
    deal: int
    rotation: int
    entrants: tuple[str, ...]  # the entrant in each seat
    finished: bool
    totals: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Bye:
    round: int
    entrant: str


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    entrant: str
    points: float  # win shares of its games (ties shared), plus par for each bye
    games: int
    byes: int
    win_rate: Interval
    score_difference: Interval


@dataclass(frozen=True, slots=True)
class Tournament:
    tournament_id: str
    game_type: str
    players: int
    options: dict[str, Any]
    format: str
    rounds: int
    round: int
    deals: int
    duplicate: bool
    turn_seconds: int
    rated: bool
    state: str
    creator: str
    created_at: int
    entrants: tuple[Entrant, ...]
    games: tuple[TournamentGame, ...]
    byes: tuple[Bye, ...]
    standings: tuple[Standing, ...]


@dataclass(frozen=True, slots=True)
class TournamentList:
    tournaments: tuple[Tournament, ...]
    next_page_token: str = ""
