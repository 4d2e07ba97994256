"""The ratings' answers (service/ratings/boards.py), each declared once as a table (service/edges/convert_table.py)
from which the REST JSON and the gRPC message are derived. A rated game's seats' ratings (``Game.ratings``) are a
row of the game's own table (``convert.SEAT_RATING``)."""

from __future__ import annotations

from cardengine.v1 import game_engine_pb2 as pb

from service.edges.convert_table import Table

PLAYER_RATING = Table(pb.PlayerRating, "game_type player rating mu sigma games")
LEADERBOARD_ENTRY = Table(pb.LeaderboardEntry, "rank kind player name rating mu sigma games")
LEADERBOARD = Table(pb.ListLeaderboardResponse, "game_type entries next_page_token")

player_rating_message, player_rating_json = PLAYER_RATING.message, PLAYER_RATING.json
leaderboard_message, leaderboard_json = LEADERBOARD.message, LEADERBOARD.json
