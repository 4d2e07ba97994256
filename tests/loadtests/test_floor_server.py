"""The floor server's REST door (loadtests/floor_server.py) and the peer benchmark's verdicts on issue 42's targets
(loadtests/peer/report.py)."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest

from loadtests.floor_server import Floor, floor_rest_app
from loadtests.peer.report import Config, Row, verdicts
from loadtests.rest_layers import incoming
from service.core.game_service import GameService
from service.edges.http_server import App
from service.edges.rest import create_app
from service.storage.redis_store import RedisStore

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def floor_http(redis_url: str) -> Iterator[str]:
    command = [sys.executable, "-m", "loadtests.floor_server", "--redis-url", redis_url, "--host", "127.0.0.1"]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    serving = json.loads(process.stdout.readline())
    try:
        yield f"http://127.0.0.1:{serving['httpPort']}"
    finally:
        process.terminate()
        process.wait(timeout=10)


def call(url: str, method: str, body: dict[str, Any] | None = None, token: str = "", **headers: str) -> Any:
    data = None if body is None else json.dumps(body).encode()
    sent = {"Content-Type": "application/json", **headers} | ({"Authorization": f"Bearer {token}"} if token else {})
    request = urllib.request.Request(url, data=data, method=method, headers=sent)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


def test_the_rest_floor_commits_a_move_and_answers_its_version(floor_http: str) -> None:
    status, created = call(f"{floor_http}/v1/games", "POST", {"gameType": "dracula", "players": 2, "seed": 3})
    assert status == 201
    game_id, seat = created["gameId"], created["game"]["toAct"][0]
    token = created["seats"][seat]["token"]
    moves = f"{floor_http}/v1/games/{game_id}/moves"
    _, legal = call(moves, "GET", token=token)
    first, second = legal["moves"][0]["notation"], legal["moves"][1]["notation"]
    # rules only: judged and answered, but not committed
    status, answer = call(moves, "POST", {"move": first, "expectedVersion": 0}, token, **{"x-floor": "rules-only"})
    assert (status, answer) == (200, {"version": 1, "gameId": game_id})
    assert call(f"{floor_http}/v1/games/{game_id}", "GET")[1]["version"] == 0
    status, answer = call(moves, "POST", {"move": second, "expectedVersion": 0}, token)
    assert (status, answer) == (200, {"version": 1, "gameId": game_id})
    _, game = call(f"{floor_http}/v1/games/{game_id}", "GET", token=token)
    assert game["version"] == 1 and game["view"]["seat"] == seat
    status, refused = call(moves, "POST", {"move": first, "expectedVersion": 1}, "not-a-seat-token")
    assert status == 400 and "auth/invalid_token" in refused["error"]["message"]


def row(key: str, cpu_us: float, p99: float) -> Row:
    return Row(Config(key, key, key, "rest"), 1000, 1000.0, cpu_us, 0.0, 1.0, p99, 1.0, 0.0, None, 0.5, [1000.0], [])


def test_the_verdicts_judge_each_door_against_the_peer_and_its_floor() -> None:
    rows = [
        row("bgio-mem", 200.0, 10.0),
        row("ce-rest-redis", 150.0, 9.0),  # 0.75x, p99 better: met; 1.25x its floor: missed
        row("ce-rest-floor", 120.0, 4.0),
        row("ce-grpc-redis", 230.0, 11.0),  # 1.15x: missed (and its p99 is worse); 1.15x its floor: met
        row("ce-grpc-floor", 200.0, 7.0),
        row("ce-grpc-floor-answered", 250.0, 8.0),  # 1.25x the floor; ApplyMove 0.92x it
    ]
    assert verdicts(rows) == [
        "REST on Redis: 0.75x boardgame.io's CPU per move (target <= 0.8x), p99 9.00 ms against 10.00 ms: met; "
        "its floor: 0.60x",
        "REST ApplyMove: 1.25x its floor's CPU per move (150 against 120 us; target <= 1.15x): missed",
        "gRPC on Redis: 1.15x boardgame.io's CPU per move (target <= 1.0x), p99 11.00 ms against 10.00 ms: missed; "
        "its floor: 1.00x",
        "gRPC ApplyMove: 1.15x its floor's CPU per move (230 against 200 us; target <= 1.15x): met",
        "gRPC floor answering the view and events: 1.25x the floor; ApplyMove 0.92x it",
    ]
    assert verdicts([row("ce-rest-redis", 150.0, 9.0)]) == []


def test_the_answered_floor_answers_a_move_as_the_rest_app_does(redis_url: str) -> None:
    """``--answered``: the floor's answer to a move is the REST app's own for the same move of a game of the same
    seed, byte for byte but for the game's id (its content is what the v1 API obliges)."""
    store = RedisStore.from_url(redis_url)
    service = GameService(store)
    real = create_app(service, web_root=None)
    floor = floor_rest_app(Floor(service, store, answered=True), real)
    games = [service.creation.create_game("dracula", 2, 11, {}) for _ in range(2)]
    tokens = [{seat.seat: seat.token for seat in created.seats} for created in games]
    moves = 0
    for version in range(12):
        seat = service.reads.get_game(games[0].game_id, None).to_act[0]
        notation = service.reads.legal_moves(games[0].game_id, tokens[0][seat]).moves[version % 2].notation
        answers = []
        doors: tuple[App, App] = (real, floor)
        for app, created, seat_tokens in zip(doors, games, tokens, strict=True):
            body = orjson.dumps({"move": notation, "expectedVersion": version})
            path = f"/v1/games/{created.game_id}/moves"
            response = app(incoming("POST", path, body, f"Bearer {seat_tokens[seat]}"))
            assert response.status_code == 200
            answers.append(response.body.replace(created.game_id.encode(), b"GAME"))
        assert answers[0] == answers[1]
        moves += 1
    assert moves == 12 and b'"events":[{' in answers[0] and b'"view":{' in answers[0]
