"""Conversions of requests to the core's values, and of the core's results (typed values: ``GameView``,
``MoveResult``, ``EventView``, ...) to answers, written one way per protocol: a protobuf message for gRPC
(``*_message``) and a JSON object for REST (``*_json``), the object protobuf's JSON mapping prints for that message
(camelCase names, default values included, integral numbers as JSON integers).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import orjson
from cardengine.v1 import game_engine_pb2 as pb
from google.protobuf import json_format, struct_pb2

from service.core import clocks, errors
from service.core import records as core
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
    if view.last_move is not None:
        message.last_move.CopyFrom(last_move_message(view.last_move))
    return message


def last_move_message(last: core.LastMove) -> pb.LastMove:
    return pb.LastMove(
        version=last.version,
        seat=last.seat,
        notation=last.notation,
        description=last.description,
        timed_out=last.timed_out,
    )


def created_message(created: core.CreatedGame) -> pb.CreateGameResponse:
    return pb.CreateGameResponse(
        game_id=created.game_id,
        version=created.version,
        seats=[pb.SeatToken(seat=seat.seat, token=seat.token) for seat in created.seats],
        game=game_message(created.game),
        invitations=[pb.Invitation(seat=invitation.seat, code=invitation.code) for invitation in created.invitations],
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
    if update.last_move is not None:
        message.last_move.CopyFrom(last_move_message(update.last_move))
    return message


# ----- results to JSON (REST) -------------------------------------------------------------------------------------
# The objects protobuf's JSON mapping prints for the messages above (every field present, camelCase names; REST has
# no ``viewJson``: its view is JSON already), built from the core's results without a message in between: engine
# views, arguments and event data are JSON values whose numbers are ints, which the mapping prints unchanged.
# tests/service/test_rest_json.py checks each against the mapping of its message.


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
    if view.last_move is not None:
        game["lastMove"] = last_move_json(view.last_move)
    return game


def last_move_json(last: core.LastMove) -> dict[str, Any]:
    return {
        "version": last.version,
        "seat": last.seat,
        "notation": last.notation,
        "description": last.description,
        "timedOut": last.timed_out,
    }


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


def move_result_json(result: core.MoveResult) -> dict[str, Any]:
    return {
        "version": result.version,
        "game": game_json(result.game),
        "events": [event_json(event) for event in result.events],
        "replayed": result.replayed,
    }


def catalog_json(entries: list[dict[str, Any]], bot_kinds: list[str]) -> dict[str, Any]:
    return {"gameTypes": [game_type_json(entry) for entry in entries], "botKinds": list(bot_kinds)}


def game_type_json(entry: Mapping[str, Any]) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "id": entry["id"],
        "title": entry["title"],
        "description": entry["description"],
        "minPlayers": entry["minPlayers"],
        "maxPlayers": entry["maxPlayers"],
        "defaultPlayers": entry["defaultPlayers"],
        "rulesVersion": entry["rulesVersion"],
        "options": [option_json(option) for option in entry["options"]],
        "moveKinds": [
            {"name": kind["name"], "params": list(kind["params"]), "description": kind["description"]}
            for kind in entry["moveKinds"]
        ],
        "playerCounts": list(entry["playerCounts"]),
        "cards": [card_json(card) for card in entry.get("cards", ())],
    }
    if "schemas" in entry:
        shown["schemas"] = plain(entry["schemas"])
    return shown


def option_json(option: Mapping[str, Any]) -> dict[str, Any]:
    """A game option; its default as a Struct Value prints it (integral numbers as integers)."""
    shown: dict[str, Any] = {
        "name": option["name"],
        "type": option["type"],
        "defaultValue": plain(option["default"]),
        "description": option["description"],
        "choices": list(option.get("choices", [])),
    }
    for bound in ("minimum", "maximum"):
        if bound in option:
            shown[bound] = option[bound]
    return shown


def card_json(card: Mapping[str, Any]) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "code": card["code"],
        "name": card["name"],
        "suit": card.get("suit") or "",
        "rank": card.get("rank") or "",
        "count": card["count"],
        "description": card.get("description") or "",
        "option": card.get("option") or "",
        "optionCount": card.get("optionCount", 0),
    }
    if card.get("points") is not None:
        shown["points"] = card["points"]
    return shown


def created_json(created: core.CreatedGame) -> dict[str, Any]:
    return {
        "gameId": created.game_id,
        "version": created.version,
        "seats": [{"seat": seat.seat, "token": seat.token} for seat in created.seats],
        "game": game_json(created.game),
        "invitations": [{"seat": invitation.seat, "code": invitation.code} for invitation in created.invitations],
    }


def legal_moves_json(moves: core.LegalMoves) -> dict[str, Any]:
    return {
        "gameId": moves.game_id,
        "version": moves.version,
        "seat": moves.seat,
        "moves": [
            {"notation": move.notation, "kind": move.kind, "args": move.args, "description": move.description}
            for move in moves.moves
        ],
    }


def score_json(score: core.Score) -> dict[str, Any]:
    return {
        "gameId": score.game_id,
        "version": score.version,
        "totals": list(score.totals),
        "rounds": [
            {"label": round_score.label, "points": list(round_score.points), "details": round_score.details}
            for round_score in score.rounds
        ],
        "finished": score.finished,
        "winners": list(score.winners),
        "details": score.details,
        "fairness": fairness_json(score.fairness),
    }


def fairness_json(fair: Fairness) -> dict[str, Any]:
    return {
        "seedSource": fair.seed_source,
        "seedCommitment": fair.seed_commitment,
        "revealed": fair.revealed,
        "seed": fair.seed,
        "salt": fair.salt,
    }


def event_log_json(event_log: core.EventLog) -> dict[str, Any]:
    return {
        "gameId": event_log.game_id,
        "version": event_log.version,
        "events": [event_json(event) for event in event_log.events],
        "finished": event_log.finished,
        "nextPageToken": event_log.next_page_token,
    }


def update_json(update: core.VersionUpdate) -> dict[str, Any]:
    shown: dict[str, Any] = {"version": update.version}
    if update.seat is not None:
        shown["seat"] = update.seat
    shown |= {
        "events": [event_json(event) for event in update.events],
        "toAct": list(update.to_act),
        "finished": update.finished,
    }
    if update.last_move is not None:
        shown["lastMove"] = last_move_json(update.last_move)
    return shown
