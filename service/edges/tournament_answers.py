"""The tournaments' request (``spec_of``) and answers (service/tournaments/records.py), one table each
(``convert_table.py``): a protobuf message for gRPC and a JSON object for REST from the same rows."""

from __future__ import annotations

from cardengine.v1 import game_engine_pb2 as pb

from service.edges import convert
from service.edges.convert_table import Table
from service.tournaments.records import ROUND_ROBIN
from service.tournaments.tournaments import TournamentSpec

INTERVAL = Table(pb.ConfidenceInterval, "mean low high samples")
ENTRANT = Table(pb.TournamentEntrant, "entrant entered")
GAME = Table(pb.TournamentGame, "game_id round group deal rotation entrants finished totals winners")
BYE = Table(pb.TournamentBye, "round entrant")
STANDING = Table(pb.TournamentStanding, "rank entrant points games byes win_rate score_difference")
TOURNAMENT = Table(
    pb.Tournament,
    "tournament_id game_type players options format rounds round deals duplicate turn_seconds rated state creator",
    "created_at entrants games byes standings",
)
TOURNAMENTS = Table(pb.ListTournamentsResponse, "tournaments next_page_token")

tournament_message, tournament_json = TOURNAMENT.message, TOURNAMENT.json
tournaments_message, tournaments_json = TOURNAMENTS.message, TOURNAMENTS.json


def spec_of(message: pb.CreateTournamentRequest) -> TournamentSpec:
    """CreateTournamentRequest as the room's spec (both edges)."""
    return TournamentSpec(
        game_type=message.game_type,
        players=message.players,
        options=convert.dict_of(message.options),
        format=message.format or ROUND_ROBIN,
        rounds=message.rounds,
        entrants=tuple(message.entrants),
        bot_levels=tuple(message.bot_levels),
        deals=message.deals or 1,
        duplicate=message.duplicate,
        turn_seconds=message.turn_seconds,
        rated=message.rated,
    )
