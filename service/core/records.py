"""The values the core's use cases answer with: immutable, compared by their fields, written to the wire by the edges
(``service/edges/convert.py``). Those built on every move (GameView, EventView, MoveResult) are NamedTuples, the
cheapest immutable value to build; change one with ``_replace``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

import engine.bots as engine_bots
from service.core import fairness


@dataclass(frozen=True, slots=True)
class SeatToken:
    seat: int
    token: str


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """How CreateGame fills one seat: a display name (may be empty), a bot kind (empty: a person), whether it is open
    to join from the lobby, and the player who holds it (service/core/seating.py)."""

    name: str = ""
    bot: str = ""
    open: bool = False
    player: str = ""
    key: str = ""  # the API key id holding the seat (a tournament's entrant); empty: the creator, for a player


@dataclass(frozen=True, slots=True)
class StreamTicket:
    """A short-lived grant of one seat's event stream of one game, for URLs (never the seat token itself)."""

    ticket: str
    game_id: str
    seat: int
    expires_in: float
    expires_at: float  # seconds since the epoch


class LastMove(NamedTuple):
    """The last move of a game as one caller may know it (``service/core/last_move.py``)."""

    version: int
    seat: int
    notation: str  # empty when it names a card the caller may not see, and for a forfeit
    description: str
    timed_out: bool = False


@dataclass(frozen=True, slots=True)
class SeatRating:
    """A seat's rating in a rated game (service/ratings/): ``rating`` (``mu`` rounded) before the match, and once
    the match's result is applied (``settled``) the rating after it and the change."""

    seat: int
    rating: int
    mu: float
    sigma: float
    settled: bool = False
    new_rating: int = 0
    change: int = 0


class GameView(NamedTuple):
    game_id: str
    game_type: str
    players: int
    version: int
    seat: int | None
    to_act: tuple[int, ...]
    finished: bool
    view: dict[str, Any] | None  # None: left out on request (``ApplyMoveRequest.omit_view``), the header only
    seat_names: tuple[str, ...] = ()
    bots: tuple[str, ...] = ()
    seed_commitment: str = ""  # provably fair deals (service/core/fairness.py): empty for a client seed
    seed_source: str = ""  # "server" or "client"; empty for games created before commitments
    clock: dict[str, Any] | None = None  # turn clocks (service/core/clocks.py ``clock_view``); None: no clock
    last_move: LastMove | None = None  # None: no move yet
    open_seats: tuple[int, ...] = ()  # the lobby (service/core/lobby.py): seats still open; the match waits
    rated: bool = False
    seat_players: tuple[str, ...] = ()  # the caller's own seat's player id, others empty (core/seating.py)
    ratings: tuple[SeatRating, ...] = ()  # a rated game's seats' ratings (service/ratings/); empty: none shown


@dataclass(frozen=True, slots=True)
class Invitation:
    """A code that redeems (once) to the token of ``seat`` (service/core/lifecycle.py)."""

    seat: int
    code: str


@dataclass(frozen=True, slots=True)
class CreatedGame:
    game_id: str
    version: int
    seats: tuple[SeatToken, ...]
    game: GameView
    invitations: tuple[Invitation, ...] = ()


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One game of an API key's list (ListGames)."""

    game_id: str
    game_type: str
    players: int
    version: int
    to_act: tuple[int, ...]
    finished: bool
    seat_names: tuple[str, ...]
    bots: tuple[str, ...]
    role: str  # "created" or "joined"
    seats: tuple[int, ...]  # the seats joined by invitation ("joined")
    created_at: int  # epoch ms


@dataclass(frozen=True, slots=True)
class GameList:
    games: tuple[GameSummary, ...]
    next_page_token: str = ""


@dataclass(frozen=True, slots=True)
class OpenGame:
    """One game of the lobby (ListOpenGames)."""

    game_id: str
    game_type: str
    players: int
    open_seats: tuple[int, ...]
    seat_names: tuple[str, ...]
    bots: tuple[str, ...]
    rated: bool
    min_rating: int
    max_rating: int
    options: dict[str, Any]
    created_at: int  # epoch ms: when it entered the lobby


@dataclass(frozen=True, slots=True)
class OpenGameList:
    games: tuple[OpenGame, ...]
    next_page_token: str = ""


@dataclass(frozen=True, slots=True)
class Joined:
    """A seat taken from the lobby (JoinGame): the seat's token and the game as that seat sees it."""

    game_id: str
    seat: SeatToken
    game: GameView


@dataclass(frozen=True, slots=True)
class KeyEvent:
    """One event of an API key's stream (WatchKeyEvents)."""

    event_id: str
    kind: str  # game_created, game_joined, your_turn, game_finished; game_in_progress (a stream's start)
    game_id: str
    game_type: str
    version: int
    seats: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    to_act: tuple[int, ...] = ()  # your_turn, game_in_progress: the game's seats to act at ``version``
    # tournament_round (service/tournaments/): the tournament, its round and the seat's token (this key's alone)
    tournament_id: str = ""
    round: int = 0
    token: str = ""
    ticket_id: str = ""  # match_found (service/matchmaking/): the ticket matched; the seat's token in ``token``


@dataclass(frozen=True, slots=True)
class Redeemed:
    """A redeemed invitation: the seat's token and the game as that seat sees it."""

    seat: SeatToken
    game: GameView


@dataclass(frozen=True, slots=True)
class LegalMove:
    notation: str
    kind: str
    args: dict[str, Any]
    description: str


@dataclass(frozen=True, slots=True)
class LegalMoves:
    game_id: str
    version: int
    seat: int
    moves: tuple[LegalMove, ...]


class EventView(NamedTuple):
    version: int
    sequence: int
    kind: str
    seat: int | None
    data: dict[str, Any]
    text: str = ""
    timed_out: bool = False  # the event of a move the service played for a seat whose turn clock ran out


class MoveResult(NamedTuple):
    version: int
    game: GameView
    events: tuple[EventView, ...]
    replayed: bool = False


@dataclass(frozen=True, slots=True)
class RoundScore:
    label: str
    points: tuple[int, ...]
    details: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Score:
    game_id: str
    version: int
    totals: tuple[int, ...]
    rounds: tuple[RoundScore, ...]
    finished: bool
    winners: tuple[int, ...]
    details: dict[str, Any]
    fairness: fairness.Fairness = fairness.NO_CLAIM  # the commitment; the seed and salt once the match is over


@dataclass(frozen=True, slots=True)
class EventLog:
    game_id: str
    version: int
    events: tuple[EventView, ...]
    finished: bool
    next_page_token: str = ""


@dataclass(frozen=True, slots=True)
class VersionUpdate:
    """One version of a watched game, as the watcher may see it."""

    version: int
    seat: int | None
    events: tuple[EventView, ...]
    to_act: tuple[int, ...]
    finished: bool
    last_move: LastMove | None = None  # the move that made this version; None for the deal


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A game as a bot worker sees it: its version, and the bot seat to play (None: no bot is to act) with its
    kind, the seed of its generator (the game's seed) and its seat-scoped input."""

    game_id: str
    version: int
    finished: bool
    seat: int | None = None
    kind: str = ""
    seed: int | str = 0
    seat_input: engine_bots.SeatInput | None = None
