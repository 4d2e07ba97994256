"""The lifecycle's values (service/core/lifecycle.py, service/core/key_events.py) as answers, one table each
(``service/edges/convert_table.py``), beside ``service.edges.convert``."""

from __future__ import annotations

from typing import Any

from cardengine.v1 import game_engine_pb2 as pb

from service.core import records as core
from service.edges import convert  # noqa: F401 - the tables of Game, Event and SeatToken, which these hold
from service.edges.convert_table import Row, Table

RESIGN = Table(pb.ResignSeatResponse, "version game events")
END = Table(pb.EndGameResponse, "version game")
SUMMARY = Table(
    pb.GameSummary, "game_id game_type players version to_act finished seat_names bots role seats created_at"
)
GAME_LIST = Table(pb.ListGamesResponse, "games next_page_token")
# A redeemed invitation with its game's id: the pair (Redeemed, game id).
REDEEMED = Table(
    pb.RedeemInvitationResponse, Row("game_id", "r[1]"), Row("seat", "r[0].seat"), Row("game", "r[0].game")
)
KEY_EVENT = Table(pb.KeyEvent, Row("id", "r.event_id"), "kind game_id game_type version seats winners to_act")

resign_message, resign_json, end_message, end_json = RESIGN.message, RESIGN.json, END.message, END.json
game_list_message, game_list_json = GAME_LIST.message, GAME_LIST.json
key_event_message, key_event_json = KEY_EVENT.message, KEY_EVENT.json


def redeemed_message(redeemed: core.Redeemed, game_id: str) -> pb.RedeemInvitationResponse:
    return REDEEMED.message((redeemed, game_id))


def redeemed_json(redeemed: core.Redeemed, game_id: str) -> dict[str, Any]:
    return REDEEMED.json((redeemed, game_id))
