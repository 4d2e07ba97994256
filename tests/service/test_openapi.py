"""The OpenAPI document served at /openapi.json: it covers exactly the REST app's routes, its schemas are the
API's messages, schemathesis finds no server error nor any answer outside the document (bounded in time), and the
answers of matches really played (moves, events, scores, the key's events) validate against its per-game schemas."""

from __future__ import annotations

import re
from typing import Any

import hypothesis
import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, given, settings

from service.access.limits import LimitSettings
from service.core.game_service import GameService
from service.edges.openapi import openapi_document
from service.edges.rest import create_app
from service.storage.store import MemoryStore
from tests.service.conftest import LiveServer, live_server

EXAMPLES_PER_OPERATION = 12


def app_routes() -> set[tuple[str, str]]:
    app = create_app(GameService(MemoryStore()))
    return {(path, method.lower()) for path, method in app.served()}


def test_the_document_covers_exactly_the_routes() -> None:
    document = openapi_document()
    documented = {(path, method) for path, item in document["paths"].items() for method in item}
    assert documented == app_routes()
    assert document["openapi"].startswith("3.")


def test_every_reference_resolves_and_every_message_has_a_schema() -> None:
    document = openapi_document()
    schemas = document["components"]["schemas"]
    references = set(re.findall(r'"#/components/schemas/(\w+)"', str(document).replace("'", '"')))
    assert references <= set(schemas)
    for name in ("Game", "CreateGameResponse", "ApplyMoveResponse", "Score", "GetEventsResponse", "Error"):
        assert name in schemas
    game = schemas["Game"]["properties"]
    assert {"gameId", "version", "toAct", "finished", "seat", "view"} <= set(game)
    assert "seat" not in schemas["Game"]["required"]  # absent for a spectator
    assert schemas["SeatToken"]["required"] == ["seat", "token"]


def test_the_reads_that_take_a_minimum_version_document_its_header() -> None:
    paths = openapi_document()["paths"]
    taking = {
        (path, method)
        for path, item in paths.items()
        for method, operation in item.items()
        if any(p["name"] == "X-Min-Version" and p["in"] == "header" for p in operation.get("parameters", ()))
    }
    assert taking == {("/v1/games/{gameId}", "get"), ("/v1/games/{gameId}/moves", "get")}


def test_the_served_document_is_the_document(live: LiveServer) -> None:
    status, served = live.rest.get("/openapi.json")
    assert status == 200 and served == openapi_document()


@pytest.fixture(scope="module")
def memory_server() -> Any:
    with live_server(MemoryStore(), "memory") as running:
        yield running


OPERATIONS = [
    (path, method) for path, item in openapi_document()["paths"].items() for method in item if path != "/openapi.json"
]


@pytest.mark.parametrize(("path", "method"), OPERATIONS, ids=[f"{m} {p}" for p, m in OPERATIONS])
def test_schemathesis_against_the_live_server(memory_server: LiveServer, path: str, method: str) -> None:
    schema = schemathesis.openapi.from_dict(openapi_document())
    operation = schema[path][method.upper()]
    base_url = f"http://127.0.0.1:{memory_server.rest.port}"
    # Which player counts and options a game type takes depends on the game type: a schema-valid CreateGame
    # body may still be INVALID_ARGUMENT (naming the option), as documented.
    # So may a schema-valid CreateTicket body (it asks for such a game), and a JoinGame name (a seat's name must be
    # printable: a rule of Unicode categories that the schema's pattern language cannot state).
    checked_by_the_service = (
        ("/v1/games", "post"),
        ("/v1/matchmaking/tickets", "post"),
        ("/v1/games/{gameId}/join", "post"),
    )
    excluded = [schemathesis.checks.positive_data_acceptance] if (path, method) in checked_by_the_service else []

    @given(case=operation.as_strategy())
    @settings(
        max_examples=EXAMPLES_PER_OPERATION,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
        phases=[hypothesis.Phase.generate],
    )
    def check(case: Any) -> None:
        case.call_and_validate(base_url=base_url, timeout=10, excluded_checks=excluded)

    check()


@pytest.fixture(scope="module")
def keyed_server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    keys = tmp_path_factory.mktemp("keys") / "keys.txt"
    keys.write_text(f"{API_KEY} typed\n")
    with live_server(MemoryStore(), "memory", api_keys_file=keys, limits=LimitSettings(key_rate=0)) as running:
        yield running


API_KEY = "typed-answers-key-0123456789"
MOVES_PER_GAME = 12


def answer(server: LiveServer, method: str, path: str, token: str = "", body: Any = None) -> requests.Response:
    headers = {"x-api-key": API_KEY} | ({"Authorization": f"Bearer {token}"} if token else {})
    url = f"http://127.0.0.1:{server.rest.port}{path}"
    response = requests.request(method, url, json=body, headers=headers, timeout=30)
    assert response.status_code < 300, response.text
    return response


@pytest.mark.parametrize("game_type", ["dracula", "dragon_rummy", "draw_blood", "house_rummy", "rummy_battle"])
def test_real_answers_follow_the_typed_schemas(keyed_server: LiveServer, game_type: str) -> None:
    """A match played over REST: its legal moves (Move.args by kind), its moves' and the log's events (Event.data
    by kind, the service's forfeited and seed_revealed included), its score sheet and the key's page of events all
    validate against the served document, whose Move, Event, Score and KeyEventsPage are the per-game schemas."""
    schema = schemathesis.openapi.from_dict(openapi_document())

    def checked(method: str, path: str, template: str, token: str = "", body: Any = None) -> Any:
        response = answer(keyed_server, method, path, token, body)
        schema[template][method].validate_response(response)
        return response.json()

    created = checked("POST", "/v1/games", "/v1/games", body={"gameType": game_type, "players": 2, "seed": "7"})
    game_id, tokens = created["gameId"], {seat["seat"]: seat["token"] for seat in created["seats"]}
    moves_path, kinds = f"/v1/games/{game_id}/moves", set()
    for _ in range(MOVES_PER_GAME):
        game = checked("GET", f"/v1/games/{game_id}", "/v1/games/{gameId}", tokens[0])
        seat = game["toAct"][0]
        legal = checked("GET", moves_path, "/v1/games/{gameId}/moves", tokens[seat])
        move = legal["moves"][-1]
        body = {"structuredMove": {"kind": move["kind"], "args": move["args"]}, "expectedVersion": game["version"]}
        checked("POST", moves_path, "/v1/games/{gameId}/moves", tokens[seat], body)
        kinds.add(move["kind"])
    checked("POST", f"/v1/games/{game_id}/resign", "/v1/games/{gameId}/resign", tokens[1], {})
    log = checked("GET", f"/v1/games/{game_id}/events?pageSize=1000", "/v1/games/{gameId}/events", tokens[0])
    assert {"forfeited", "seed_revealed"} <= {event["kind"] for event in log["events"]}
    assert len({event["kind"] for event in log["events"]}) >= 4 and kinds
    score = checked("GET", f"/v1/games/{game_id}/score", "/v1/games/{gameId}/score", tokens[0])
    assert score["finished"] is True and score["winners"] == [0]
    page = checked("GET", "/v1/key-events?cursor=0", "/v1/key-events")
    assert {"game_created", "game_finished"} <= {event["kind"] for event in page["events"]}
