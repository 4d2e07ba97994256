"""CreateGame's seats (issue 12): display names (trimmed, bounded, printable) and bot kinds (only those of
service/core/bot_kinds.py), stored with the game and shown in every Game; a bot seat gets no token."""

from __future__ import annotations

from typing import Any

import pytest

from service.core.bot_kinds import BOT_KINDS
from tests.service.conftest import LiveServer


def create(live: LiveServer, body: dict[str, Any]) -> tuple[int, Any]:
    return live.rest.post("/v1/games", {"gameType": "dracula", "seed": 2, **body})


def test_names_and_bots_are_kept_and_shown(live: LiveServer) -> None:
    status, created = create(live, {"seats": [{"name": "  Ann Smith "}, {"name": "Robo", "bot": "random"}]})
    assert status == 201
    assert [seat["seat"] for seat in created["seats"]] == [0]  # the bot seat has no token
    game = created["game"]
    assert game["players"] == 2 and game["seatNames"] == ["Ann Smith", "Robo"] and game["bots"] == ["", "random"]
    game_id, token = created["gameId"], created["seats"][0]["token"]
    for answer in (live.rest.get(f"/v1/games/{game_id}"), live.rest.get(f"/v1/games/{game_id}", token)):
        assert answer[1]["seatNames"] == ["Ann Smith", "Robo"] and answer[1]["bots"] == ["", "random"]
    over_grpc = live.grpc.get_game(game_id, token)
    assert over_grpc.seat_names == ("Ann Smith", "Robo") and over_grpc.bots == ("", "random")


def test_seats_over_grpc_and_default_seats(live: LiveServer) -> None:
    created = live.grpc.create_game("dracula", 0, seed=3, seats=[("A", ""), ("B", ""), ("C", ""), ("D", "")])
    assert created.game.players == 4 and [seat.seat for seat in created.seats] == [0, 1, 2, 3]
    assert created.game.seat_names == ("A", "B", "C", "D")
    plain = live.grpc.create_game("dracula", 2, seed=3)
    assert plain.game.seat_names == ("", "") and plain.game.bots == ("", "") and len(plain.seats) == 2
    status, named = create(live, {"players": 2, "seats": [{"name": "x" * 32}, {}]})
    assert status == 201 and named["game"]["seatNames"] == ["x" * 32, ""]


@pytest.mark.parametrize(
    ("seats", "players", "code", "field"),
    [
        ([{"name": "x" * 33}, {}], 2, "seats/invalid_name", "seats[0].name"),
        ([{}, {"name": "Bell\u0007"}], 2, "seats/invalid_name", "seats[1].name"),
        ([{}, {"name": "zero\u200bwidth"}], 2, "seats/invalid_name", "seats[1].name"),
        ([{}, {"bot": "alphazero"}], 2, "seats/unknown_bot", "seats[1].bot"),
        ([{}, {"bot": "Random"}], 2, "seats/unknown_bot", "seats[1].bot"),
        ([{}, {}], 4, "seats/wrong_count", "seats"),
    ],
)
def test_bad_seats_are_typed_errors(
    live: LiveServer, seats: list[dict[str, str]], players: int, code: str, field: str
) -> None:
    status, body = create(live, {"players": players, "seats": seats})
    assert status == 400
    error = body["error"]
    assert (error["status"], error["code"], error["details"]["field"]) == ("INVALID_ARGUMENT", code, field)
    if code == "seats/unknown_bot":
        assert all(repr(kind) in error["message"] for kind in BOT_KINDS)


def test_the_seat_count_must_be_one_the_game_accepts(live: LiveServer) -> None:
    status, body = create(live, {"seats": [{}, {}, {}]})  # Dracula plays 2 or 4
    assert status == 400 and body["error"]["code"] == "game/invalid_players"
