"""Conversions of requests to the core's values, and the tables of the core's results (``GameView``, ``MoveResult``,
...) as answers (``convert_table.py``): each gives a protobuf message for gRPC (``*_message``; its wire bytes,
``TABLE.wire``, which gRPC's ApplyMove and GetGame send) and a JSON object for REST (``*_json``), the one protobuf's
JSON mapping prints for the message (camelCase names, default values included, integral numbers as JSON integers).
A new field is one row here."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from cardengine.v1 import game_engine_pb2 as pb
from google.protobuf import json_format, struct_pb2

from service.core import clocks, errors
from service.core import records as core
from service.edges.convert_table import Row, Table, steady
from service.edges.convert_table import plain as plain  # the edges' and tests' name for it


def struct_of(data: Mapping[str, Any]) -> struct_pb2.Struct:
    """The Struct of a JSON-like dict; TypeError for a value JSON cannot hold (a set, an object)."""
    struct = struct_pb2.Struct()
    try:
        struct.update(data)
    except ValueError as error:  # protobuf says ValueError for a value of a type it cannot hold
        raise TypeError(f"not a JSON value: {error}") from None
    return struct


def dict_of(struct: struct_pb2.Struct, field: str = "options") -> dict[str, Any]:
    """A Struct (the options of CreateGame) as a dict; INVALID_ARGUMENT for a number that is NaN or infinite,
    which JSON cannot hold (protobuf's binary form can)."""
    for key, value in struct.fields.items():
        check_finite(value, f"{field}.{key[: errors.QUOTE_CHARS]}")
    result: dict[str, Any] = plain(json_format.MessageToDict(struct))
    return result


def check_finite(value: struct_pb2.Value, field: str) -> None:
    kind = value.WhichOneof("kind")
    if kind == "number_value" and not math.isfinite(value.number_value):
        raise errors.invalid_argument(
            f"{field} must be a finite number; got {value.number_value}.", field=field, code="options/not_finite"
        )
    if kind == "struct_value":
        for key, item in value.struct_value.fields.items():
            check_finite(item, f"{field}.{key[: errors.QUOTE_CHARS]}")
    elif kind == "list_value":
        for index, item in enumerate(value.list_value.values):
            check_finite(item, f"{field}[{index}]")


def seat_specs(seats: Any) -> tuple[core.SeatSpec, ...]:
    """CreateGameRequest.seats as the core's SeatSpecs."""
    return tuple(core.SeatSpec(name=seat.name, bot=seat.bot, open=seat.open, player=seat.player) for seat in seats)


def structured_move_of(request: pb.ApplyMoveRequest) -> dict[str, Any] | None:
    """ApplyMove's ``structured_move`` as ``{kind, args}`` (service/core/structured_moves.py); None when absent."""
    if not request.HasField("structured_move"):
        return None
    move = request.structured_move
    return {"kind": move.kind, "args": dict_of(move.args, "structuredMove.args")}


def clock_of(request: pb.CreateGameRequest) -> clocks.ClockSpec | None:
    """CreateGameRequest.clock as the core's checked ClockSpec (None: no clock)."""
    if not request.HasField("clock"):
        return None
    clock = request.clock
    return clocks.clock_spec(clock.turn_seconds, clock.match_seconds, clock.on_timeout)


# ----- the answers, one table each ---------------------------------------------------------------------------------

LAST_MOVE = Table(pb.LastMove, "version seat notation description timed_out")
SEAT_RATING = Table(pb.SeatRating, "seat rating mu sigma settled new_rating change")  # service/ratings/
GAME = Table(
    pb.Game,
    steady("game_id game_type players"),
    "version to_act finished",
    steady("seat_names bots seed_commitment seed_source"),
    "seat",
    Row("view", "None if view_json else r.view"),  # None: left out on request (omit_view), the header only
    Row("view_json", "orjson.dumps(r.view).decode() if view_json and r.view is not None else ''", grpc_only=True),
    "clock last_move",
    "open_seats rated seat_players",
    "ratings",
)
EVENT = Table(pb.Event, "version sequence kind data text timed_out seat")
MOVE_RESULT = Table(pb.ApplyMoveResponse, "version game events replayed")
SEAT_TOKEN = Table(pb.SeatToken, "seat token")
INVITATION = Table(pb.Invitation, "seat code")
CREATED = Table(pb.CreateGameResponse, "game_id version seats game invitations")
MOVE = Table(pb.Move, "notation kind args description")
LEGAL_MOVES = Table(pb.ListLegalMovesResponse, "game_id version seat moves")
ROUND_SCORE = Table(pb.RoundScore, "label points details")
FAIRNESS = Table(pb.Fairness, "seed_source seed_commitment revealed seed salt")
SCORE = Table(pb.Score, "game_id version totals rounds finished winners details fairness")
EVENT_LOG = Table(pb.GetEventsResponse, "game_id version events finished next_page_token")
UPDATE = Table(pb.WatchGameResponse, "version seat events to_act finished last_move")
# The catalog (ListGameTypes) from the catalog's entries (``Catalog.list_game_types``: mappings in the JSON names).
OPTION_FIELDS = ("name type", Row("default_value", 'r["default"]'), "description choices minimum maximum")
OPTION = Table(pb.GameOption, *OPTION_FIELDS, keyed=True)
MOVE_KIND = Table(pb.MoveKind, "name params description", keyed=True)
CARD = Table(pb.CardInfo, "code name suit rank count description option option_count points", keyed=True)
GAME_TYPE_FIELDS = "id title description min_players max_players default_players rules_version options move_kinds"
BOT_LEVEL = Table(pb.BotLevel, "name rating rating_low rating_high rated_matches", keyed=True)
GAME_TYPE = Table(pb.GameType, GAME_TYPE_FIELDS, "player_counts cards schemas levels", keyed=True)
CATALOG = Table(pb.ListGameTypesResponse, Row("game_types", "r[0]"), Row("bot_kinds", "r[1]"))

# The lifecycle's answers (service/core/lifecycle.py, service/core/key_events.py).
RESIGN = Table(pb.ResignSeatResponse, "version game events")
END = Table(pb.EndGameResponse, "version game")
SUMMARY_FIELDS = "game_id game_type players version to_act finished seat_names bots role seats created_at"
SUMMARY = Table(pb.GameSummary, SUMMARY_FIELDS)
GAME_LIST = Table(pb.ListGamesResponse, "games next_page_token")
REDEEMED = Table(pb.RedeemInvitationResponse, Row("game_id", "r[1]"), *(Row(f, f"r[0].{f}") for f in ("seat", "game")))
KEY_EVENT = Table(
    pb.KeyEvent,
    Row("id", "r.event_id"),
    "kind game_id game_type version seats winners to_act tournament_id round token",
    "ticket_id",
)
# Hints (service/core/hints.py): a suggestion's move is a MOVE row's LegalMove.
SUGGESTION = Table(pb.Suggestion, "move visits expected_reward")
HINTS = Table(pb.SuggestMovesResponse, "game_id version seat suggestions iterations")
# Review after the match (service/core/review.py): the moves are MOVE rows' LegalMoves.
REVIEWED = Table(pb.ReviewedDecision, "version made best made_reward best_reward cost rank legal_moves timed_out")
REVIEW = Table(pb.ReviewMatchResponse, "game_id seat decisions iterations next_page_token")

game_message, game_json, last_move_message = GAME.message, GAME.json, LAST_MOVE.message
move_result_message, move_result_json = MOVE_RESULT.message, MOVE_RESULT.json
created_message, created_json = CREATED.message, CREATED.json
legal_moves_message, legal_moves_json = LEGAL_MOVES.message, LEGAL_MOVES.json
score_message, score_json = SCORE.message, SCORE.json
event_log_message, event_log_json = EVENT_LOG.message, EVENT_LOG.json
update_message, update_json = UPDATE.message, UPDATE.json
resign_message, resign_json, end_message, end_json = RESIGN.message, RESIGN.json, END.message, END.json
game_list_message, game_list_json = GAME_LIST.message, GAME_LIST.json
key_event_message, key_event_json = KEY_EVENT.message, KEY_EVENT.json
hints_message, hints_json = HINTS.message, HINTS.json
review_message, review_json = REVIEW.message, REVIEW.json
# The lobby (service/core/lobby.py).
OPEN_GAME_FIELDS = "game_id game_type players open_seats seat_names bots rated min_rating max_rating options created_at"
OPEN_GAME = Table(pb.OpenGame, OPEN_GAME_FIELDS)
OPEN_GAMES = Table(pb.ListOpenGamesResponse, "games next_page_token")
JOINED = Table(pb.JoinGameResponse, "game_id seat game")
open_games_message, open_games_json = OPEN_GAMES.message, OPEN_GAMES.json
joined_message, joined_json = JOINED.message, JOINED.json


def catalog_message(entries: list[dict[str, Any]], bot_kinds: list[str]) -> pb.ListGameTypesResponse:
    """The catalog (ListGameTypes): every game type and the kinds of bot a seat can be given."""
    return CATALOG.message((entries, bot_kinds))


def catalog_json(entries: list[dict[str, Any]], bot_kinds: list[str]) -> dict[str, Any]:
    return CATALOG.json((entries, bot_kinds))


def redeemed_message(redeemed: core.Redeemed, game_id: str) -> pb.RedeemInvitationResponse:
    return REDEEMED.message((redeemed, game_id))


def redeemed_json(redeemed: core.Redeemed, game_id: str) -> dict[str, Any]:
    return REDEEMED.json((redeemed, game_id))
