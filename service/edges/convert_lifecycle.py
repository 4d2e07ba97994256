"""The lifecycle's values (service/core/lifecycle.py, service/core/key_events.py) as protobuf messages and as the JSON
that protobuf's JSON mapping prints for them, beside ``service.edges.convert``."""

from __future__ import annotations

from typing import Any

from cardengine.v1 import game_engine_pb2 as pb

from service.core import records as core
from service.edges import convert


def resign_message(result: core.MoveResult) -> pb.ResignSeatResponse:
    return pb.ResignSeatResponse(
        version=result.version,
        game=convert.game_message(result.game),
        events=[convert.event_message(event) for event in result.events],
    )


def resign_json(result: core.MoveResult) -> dict[str, Any]:
    return {
        "version": result.version,
        "game": convert.game_json(result.game),
        "events": [convert.event_json(event) for event in result.events],
    }


def end_message(result: core.MoveResult) -> pb.EndGameResponse:
    return pb.EndGameResponse(version=result.version, game=convert.game_message(result.game))


def end_json(result: core.MoveResult) -> dict[str, Any]:
    return {"version": result.version, "game": convert.game_json(result.game)}


def summary_message(summary: core.GameSummary) -> pb.GameSummary:
    return pb.GameSummary(
        game_id=summary.game_id,
        game_type=summary.game_type,
        players=summary.players,
        version=summary.version,
        to_act=summary.to_act,
        finished=summary.finished,
        seat_names=summary.seat_names,
        bots=summary.bots,
        role=summary.role,
        seats=summary.seats,
        created_at=float(summary.created_at),
    )


def summary_json(summary: core.GameSummary) -> dict[str, Any]:
    return {
        "gameId": summary.game_id,
        "gameType": summary.game_type,
        "players": summary.players,
        "version": summary.version,
        "toAct": list(summary.to_act),
        "finished": summary.finished,
        "seatNames": list(summary.seat_names),
        "bots": list(summary.bots),
        "role": summary.role,
        "seats": list(summary.seats),
        "createdAt": summary.created_at,
    }


def game_list_message(games: core.GameList) -> pb.ListGamesResponse:
    return pb.ListGamesResponse(
        games=[summary_message(summary) for summary in games.games], next_page_token=games.next_page_token
    )


def game_list_json(games: core.GameList) -> dict[str, Any]:
    return {"games": [summary_json(summary) for summary in games.games], "nextPageToken": games.next_page_token}


def redeemed_message(redeemed: core.Redeemed, game_id: str) -> pb.RedeemInvitationResponse:
    return pb.RedeemInvitationResponse(
        game_id=game_id,
        seat=pb.SeatToken(seat=redeemed.seat.seat, token=redeemed.seat.token),
        game=convert.game_message(redeemed.game),
    )


def redeemed_json(redeemed: core.Redeemed, game_id: str) -> dict[str, Any]:
    return {
        "gameId": game_id,
        "seat": {"seat": redeemed.seat.seat, "token": redeemed.seat.token},
        "game": convert.game_json(redeemed.game),
    }


def key_event_message(event: core.KeyEvent) -> pb.KeyEvent:
    return pb.KeyEvent(
        id=event.event_id,
        kind=event.kind,
        game_id=event.game_id,
        game_type=event.game_type,
        version=event.version,
        seats=event.seats,
        winners=event.winners,
        to_act=event.to_act,
    )


def key_event_json(event: core.KeyEvent) -> dict[str, Any]:
    return {
        "id": event.event_id,
        "kind": event.kind,
        "gameId": event.game_id,
        "gameType": event.game_type,
        "version": event.version,
        "seats": list(event.seats),
        "winners": list(event.winners),
        "toAct": list(event.to_act),
    }
