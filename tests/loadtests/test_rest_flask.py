"""The Flask app of ``loadtests/flask_router.py`` answers ApplyMove exactly as ours does (status and JSON body), so
that the comparison measures equal work: both over one service, each on its own game of the same seed."""

from __future__ import annotations

from typing import Any

import orjson

import engine
from loadtests.rest_flask import create_flask_app
from loadtests.rest_layers import incoming
from service.core.game_service import GameService
from service.edges.http_server import App
from service.edges.rest import create_app
from service.edges.wsgi import served_wsgi
from service.storage.store import MemoryStore


def answers(service: GameService, app: App) -> list[tuple[int, Any]]:
    """A legal move, an illegal one (malformed; the seat not to act) and a stale version, on a new game."""
    created = service.creation.create_game("dracula", 2, 7, engine.get_game("dracula").playout_options)
    tokens = {seat.seat: f"Bearer {seat.token}" for seat in created.seats}
    mover = created.game.to_act[0]
    legal = service.reads.legal_moves(created.game_id, tokens[mover].split()[1]).moves[0].notation
    path = f"/v1/games/{created.game_id}/moves"
    sent = [
        (mover, {"move": "zz", "expectedVersion": 0}),
        (1 - mover, {"move": legal, "expectedVersion": 0}),
        (mover, {"move": legal, "expectedVersion": 0, "idempotencyKey": "k0"}),
        (1 - mover, {"move": legal, "expectedVersion": 0}),
    ]
    answered = []
    for seat, body in sent:
        response = app(incoming("POST", path, orjson.dumps(body), tokens[seat]))
        assert response.headers.get("Content-Type") == "application/json"
        answered.append((response.status_code, orjson.loads(response.body.replace(created.game_id.encode(), b"ID"))))
    return answered


def test_the_flask_app_answers_apply_move_as_ours() -> None:
    service = GameService(MemoryStore())
    ours = create_app(service, web_root=None)
    flask_app = served_wsgi(create_flask_app(ours.context))
    expected = answers(service, ours)
    assert [status for status, _ in expected] == [400, 403, 200, 409]
    assert answers(service, flask_app) == expected
    for path in ("/healthz", "/v1/games/none", "/v1/games/none/moves"):
        mine, theirs = ours(incoming("GET", path)), flask_app(incoming("GET", path))
        assert (theirs.status_code, orjson.loads(theirs.body)) == (mine.status_code, orjson.loads(mine.body))
