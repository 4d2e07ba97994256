"""Tournaments for bots (docs/api.md "Tournaments"): the calls that create, enter, read and list them
(``TournamentCalls``, part of ``GameEngineClient``) and their values.

An entrant plays its tournament games from its key's stream like any other game: each game comes as a
``tournament_round`` event with the key's seat and the seat's token (``KeyEvent.token``);
``cardengine_client.bot.serve`` keeps the token and plays the seat's turns.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from google.protobuf import json_format

from cardengine_client._proto import game_engine_pb2 as pb
from cardengine_client._proto import game_engine_pb2_grpc as pb_grpc

ROUND_ROBIN, SWISS = "round_robin", "swiss"


@dataclass(frozen=True, slots=True)
class ConfidenceInterval:
    """A mean with its 95% interval over ``samples`` duplicate groups (fewer than two: low and high are the mean)."""

    mean: float
    low: float
    high: float
    samples: int


@dataclass(frozen=True, slots=True)
class TournamentGame:
    game_id: str
    round: int
    group: int
    deal: int
    rotation: int
    entrants: tuple[str, ...]  # the entrant (key id, or "bot:<level>") in each seat
    finished: bool
    totals: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TournamentStanding:
    rank: int
    entrant: str
    points: float  # win shares (ties shared), plus par for each bye
    games: int
    byes: int
    win_rate: ConfidenceInterval
    score_difference: ConfidenceInterval


@dataclass(frozen=True, slots=True)
class Tournament:
    tournament_id: str
    game_type: str
    players: int
    options: dict[str, Any]
    format: str
    rounds: int
    round: int  # the round under way (0: none yet)
    deals: int
    duplicate: bool
    turn_seconds: int
    rated: bool
    state: str  # "waiting" (for named keys to enter), "running", "finished"
    creator: str
    created_at: float  # milliseconds since the Unix epoch
    entrants: tuple[tuple[str, bool], ...]  # (entrant, entered)
    games: tuple[TournamentGame, ...]
    byes: tuple[tuple[int, str], ...]  # (round, entrant)
    standings: tuple[TournamentStanding, ...]


@dataclass(frozen=True, slots=True)
class TournamentsPage:
    tournaments: tuple[Tournament, ...]
    next_page_token: str


def interval_of(message: pb.ConfidenceInterval) -> ConfidenceInterval:
    return ConfidenceInterval(message.mean, message.low, message.high, message.samples)


def tournament_of(message: pb.Tournament) -> Tournament:
    games = tuple(
        TournamentGame(
            game.game_id,
            game.round,
            game.group,
            game.deal,
            game.rotation,
            tuple(game.entrants),
            game.finished,
            tuple(game.totals),
            tuple(game.winners),
        )
        for game in message.games
    )
    standings = tuple(
        TournamentStanding(
            row.rank,
            row.entrant,
            row.points,
            row.games,
            row.byes,
            interval_of(row.win_rate),
            interval_of(row.score_difference),
        )
        for row in message.standings
    )
    return Tournament(
        message.tournament_id, message.game_type, message.players, json_format.MessageToDict(message.options),
        message.format, message.rounds, message.round, message.deals, message.duplicate, message.turn_seconds,
        message.rated, message.state, message.creator, message.created_at,
        tuple((entrant.entrant, entrant.entered) for entrant in message.entrants), games,
        tuple((bye.round, bye.entrant) for bye in message.byes), standings,
    )  # fmt: skip


class TournamentCalls:
    """CreateTournament, EnterTournament, GetTournament, ListTournaments; each but GetTournament needs the client's
    API key."""

    _stub: pb_grpc.GameEngineStub
    _call: Callable[..., Any]

    def create_tournament(
        self,
        game_type: str,
        entrants: Sequence[str],
        *,
        format: str = ROUND_ROBIN,
        rounds: int = 0,
        players: int = 0,
        options: Mapping[str, Any] | None = None,
        bot_levels: Sequence[str] = (),
        deals: int = 1,
        duplicate: bool = False,
        turn_seconds: int = 0,
        rated: bool = False,
    ) -> Tournament:
        """A tournament of the key ids ``entrants`` (and server bots of ``bot_levels``); the key is entered when it
        names itself, every other named key enters with ``enter_tournament``. Round robin: ``rounds`` 0; Swiss:
        the number of rounds. ``turn_seconds``: each seat's turn clock (0: 30), a seat out of time forfeits."""
        request = pb.CreateTournamentRequest(
            game_type=game_type, players=players, format=format, rounds=rounds, entrants=list(entrants),
            bot_levels=list(bot_levels), deals=deals, duplicate=duplicate, turn_seconds=turn_seconds, rated=rated,
        )  # fmt: skip
        request.options.update(dict(options or {}))
        return tournament_of(self._call(self._stub.CreateTournament, request))

    def enter_tournament(self, tournament_id: str) -> Tournament:
        """The key enters a tournament that names it (again: nothing changes)."""
        request = pb.EnterTournamentRequest(tournament_id=tournament_id)
        return tournament_of(self._call(self._stub.EnterTournament, request))

    def get_tournament(self, tournament_id: str) -> Tournament:
        """The tournament's state, games and standings (never a seat token)."""
        request = pb.GetTournamentRequest(tournament_id=tournament_id)
        return tournament_of(self._call(self._stub.GetTournament, request))

    def list_tournaments(self, page_size: int = 0, page_token: str = "") -> TournamentsPage:
        """The key's tournaments (created or named in), newest first."""
        request = pb.ListTournamentsRequest(page_size=page_size, page_token=page_token)
        response = self._call(self._stub.ListTournaments, request)
        return TournamentsPage(tuple(tournament_of(t) for t in response.tournaments), response.next_page_token)
