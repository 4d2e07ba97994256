"""Conversions between the core's results and the API's protobuf messages, shared by the gRPC and REST edges.

REST prints the same messages with protobuf's JSON mapping (``to_json``): camelCase names, default values
included (a version or a seat of 0, ``finished: false``), integral numbers as JSON integers.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import orjson
from cardengine.v1 import game_engine_pb2 as pb
from google.protobuf import json_format, struct_pb2
from google.protobuf.message import Message

from service.core import clocks, errors
from service.core import game_service as core
from service.core.fairness import Fairness


def plain(value: Any) -> Any:
    """A JSON-like value with integral floats as ints (protobuf's Struct keeps numbers as doubles)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    return value


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


# Fields of the gRPC API only: REST is JSON already, so its Game has no ``viewJson`` (its ``view`` is the JSON).
GRPC_ONLY_GAME_FIELDS = ("viewJson",)


def to_dict(message: Message) -> dict[str, Any]:
    """A message in protobuf's JSON mapping, every field present but the gRPC-only ones (``GRPC_ONLY_GAME_FIELDS``
    of a Game, or of the ``game`` a response holds). Our messages have no double fields, so every float is a
    Struct number, and integral ones print as integers."""
    result: dict[str, Any] = plain(json_format.MessageToDict(message, always_print_fields_with_no_presence=True))
    games = (
        [result] if isinstance(message, pb.Game) else [result["game"]] if isinstance(result.get("game"), dict) else []
    )
    for game in games:
        for name in GRPC_ONLY_GAME_FIELDS:
            game.pop(name, None)
    return result


def to_json(message: Message) -> bytes:
    return orjson.dumps(to_dict(message))


# ----- results to messages ----------------------------------------------------------------------------------------


def catalog_message(entries: list[dict[str, Any]], bot_kinds: list[str]) -> pb.ListGameTypesResponse:
    """The catalog (ListGameTypes): every game type and the kinds of bot a seat can be given."""
    return pb.ListGameTypesResponse(game_types=[game_type_message(entry) for entry in entries], bot_kinds=bot_kinds)


def game_type_message(entry: Mapping[str, Any]) -> pb.GameType:
    message = pb.GameType(
        id=entry["id"],
        title=entry["title"],
        description=entry["description"],
        min_players=entry["minPlayers"],
        max_players=entry["maxPlayers"],
        default_players=entry["defaultPlayers"],
        rules_version=entry["rulesVersion"],
        player_counts=entry["playerCounts"],
    )
    for option in entry["options"]:
        added = message.options.add(
            name=option["name"],
            type=option["type"],
            description=option["description"],
            choices=option.get("choices", []),
        )
        added.default_value.CopyFrom(struct_of({"v": option["default"]}).fields["v"])
        if "minimum" in option:
            added.minimum = option["minimum"]
        if "maximum" in option:
            added.maximum = option["maximum"]
    for kind in entry["moveKinds"]:
        message.move_kinds.add(name=kind["name"], params=kind["params"], description=kind["description"])
    for card in entry.get("cards", ()):
        message.cards.append(card_message(card))
    if "schemas" in entry:
        message.schemas.CopyFrom(struct_of(entry["schemas"]))
    return message


def card_message(card: Mapping[str, Any]) -> pb.CardInfo:
    """A card of the engine's catalog (``CardInfo.to_dict``) as the API's CardInfo."""
    message = pb.CardInfo(
        code=card["code"],
        name=card["name"],
        suit=card.get("suit") or "",
        rank=card.get("rank") or "",
        count=card["count"],
        description=card.get("description") or "",
        option=card.get("option") or "",
        option_count=card.get("optionCount", 0),
    )
    if card.get("points") is not None:
        message.points = card["points"]
    return message


def seat_specs(seats: Any) -> tuple[core.SeatSpec, ...]:
    """CreateGameRequest.seats as the core's SeatSpecs."""
    return tuple(core.SeatSpec(name=seat.name, bot=seat.bot) for seat in seats)


def clock_of(request: pb.CreateGameRequest) -> clocks.ClockSpec | None:
    """CreateGameRequest.clock as the core's checked ClockSpec (None: no clock)."""
    if not request.HasField("clock"):
        return None
    clock = request.clock
    return clocks.clock_spec(clock.turn_seconds, clock.match_seconds, clock.on_timeout)


def view_json_text(view: Mapping[str, Any]) -> str:
    """A view as the JSON text of ``Game.view_json`` (the same object as the Struct ``Game.view``)."""
    return orjson.dumps(view).decode("utf-8")


def game_message(view: core.GameView, *, view_json: bool = False) -> pb.Game:
    """``view_json``: the view goes in ``view_json`` as JSON text instead of the Struct ``view``."""
    message = pb.Game(
        game_id=view.game_id,
        game_type=view.game_type,
        players=view.players,
        version=view.version,
        to_act=view.to_act,
        finished=view.finished,
        seat_names=view.seat_names,
        bots=view.bots,
        seed_commitment=view.seed_commitment,
        seed_source=view.seed_source,
    )
    if view.view is not None and view_json:
        message.view_json = view_json_text(view.view)
    elif view.view is not None:  # None: left out on request (omit_view), the header only
        message.view.update(view.view)
    if view.seat is not None:
        message.seat = view.seat
    if view.clock is not None:
        clock = view.clock
        message.clock.turn_seconds = clock["turnSeconds"]
        message.clock.match_seconds = clock["matchSeconds"]
        message.clock.on_timeout = clock["onTimeout"]
        for deadline in clock["deadlines"]:
            message.clock.deadlines.add(
                seat=deadline["seat"], deadline=deadline["deadline"], remaining_ms=deadline["remainingMs"]
            )
        message.clock.match_remaining_ms.extend(clock["matchRemainingMs"])
        message.clock.paused = clock["paused"]
    return message


# ----- results straight to JSON (REST) ----------------------------------------------------------------------------
# The same objects ``to_dict`` prints for the messages above (protobuf's JSON mapping, every field present), built
# from the core's results without a message in between: engine views and event data are JSON values whose numbers
# are ints, which the mapping prints unchanged. tests/service/test_rest_json.py checks they are equal.


def game_json(view: core.GameView) -> dict[str, Any]:
    game: dict[str, Any] = {
        "gameId": view.game_id,
        "gameType": view.game_type,
        "players": view.players,
        "version": view.version,
        "toAct": list(view.to_act),
        "finished": view.finished,
        "seatNames": list(view.seat_names),
        "bots": list(view.bots),
        "seedCommitment": view.seed_commitment,
        "seedSource": view.seed_source,
    }
    if view.seat is not None:
        game["seat"] = view.seat
    if view.view is not None:
        game["view"] = view.view
    if view.clock is not None:  # whole-number deadlines: protobuf prints the double as an integer
        game["clock"] = view.clock
    return game


def event_json(event: core.EventView) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "version": event.version,
        "sequence": event.sequence,
        "kind": event.kind,
        "data": event.data,
        "text": event.text,
        "timedOut": event.timed_out,
    }
    if event.seat is not None:
        shown["seat"] = event.seat
    return shown


def move_result_json(result: core.MoveResult) -> bytes:
    """ApplyMoveResponse in protobuf's JSON mapping, as ``to_json(move_result_message(result))`` prints it."""
    return orjson.dumps(
        {
            "version": result.version,
            "game": game_json(result.game),
            "events": [event_json(event) for event in result.events],
            "replayed": result.replayed,
        }
    )


def created_message(created: core.CreatedGame) -> pb.CreateGameResponse:
    return pb.CreateGameResponse(
        game_id=created.game_id,
        version=created.version,
        seats=[pb.SeatToken(seat=seat.seat, token=seat.token) for seat in created.seats],
        game=game_message(created.game),
    )


def legal_moves_message(moves: core.LegalMoves) -> pb.ListLegalMovesResponse:
    return pb.ListLegalMovesResponse(
        game_id=moves.game_id,
        version=moves.version,
        seat=moves.seat,
        moves=[
            pb.Move(notation=m.notation, kind=m.kind, args=struct_of(m.args), description=m.description)
            for m in moves.moves
        ],
    )


def event_message(event: core.EventView) -> pb.Event:
    message = pb.Event(
        version=event.version,
        sequence=event.sequence,
        kind=event.kind,
        data=struct_of(event.data),
        text=event.text,
        timed_out=event.timed_out,
    )
    if event.seat is not None:
        message.seat = event.seat
    return message


def move_result_message(result: core.MoveResult, *, view_json: bool = False) -> pb.ApplyMoveResponse:
    return pb.ApplyMoveResponse(
        version=result.version,
        game=game_message(result.game, view_json=view_json),
        events=[event_message(event) for event in result.events],
        replayed=result.replayed,
    )


def score_message(score: core.Score) -> pb.Score:
    return pb.Score(
        game_id=score.game_id,
        version=score.version,
        totals=score.totals,
        rounds=[pb.RoundScore(label=r.label, points=r.points, details=struct_of(r.details)) for r in score.rounds],
        finished=score.finished,
        winners=score.winners,
        details=struct_of(score.details),
        fairness=fairness_message(score.fairness),
    )


def fairness_message(fair: Fairness) -> pb.Fairness:
    return pb.Fairness(
        seed_source=fair.seed_source,
        seed_commitment=fair.seed_commitment,
        revealed=fair.revealed,
        seed=fair.seed,
        salt=fair.salt,
    )


def event_log_message(event_log: core.EventLog) -> pb.GetEventsResponse:
    return pb.GetEventsResponse(
        game_id=event_log.game_id,
        version=event_log.version,
        events=[event_message(event) for event in event_log.events],
        finished=event_log.finished,
        next_page_token=event_log.next_page_token,
    )


def update_message(update: core.VersionUpdate) -> pb.WatchGameResponse:
    message = pb.WatchGameResponse(
        version=update.version,
        events=[event_message(event) for event in update.events],
        to_act=update.to_act,
        finished=update.finished,
    )
    if update.seat is not None:
        message.seat = update.seat
    return message
