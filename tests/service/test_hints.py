"""Hints through real servers (service/core/hints.py): GET /v1/games/{id}/hints and gRPC SuggestMoves answer the
seat's best few legal moves with the search's estimates, the same over both transports, on any replica and again
from the cache; a game created with hints off, a finished game, a seat not to act, a missing or wrong token and a
bad count are refused with typed errors; the hint rate per caller answers 429 limit/hint_rate."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from cardengine_client import GameEngineError

from service.access.limits import LimitSettings
from service.storage.store import MemoryStore
from tests.service.conftest import LiveServer, live_server, raw_request

ITERATIONS = 24  # a cheap search: the tests check the plumbing; the engine's tests check the search


@pytest.fixture(scope="module")
def live() -> Iterator[LiveServer]:
    with live_server(MemoryStore(), "memory", hint_iterations=ITERATIONS) as running:
        yield running


def create(live: LiveServer, body: dict[str, Any] | None = None) -> dict[str, Any]:
    """A two-player Dracula game after its first move (the dealer's declaration): a seat with many moves to act."""
    status, created = live.rest.post("/v1/games", {"gameType": "dracula", "players": 2, "seed": 11, **(body or {})})
    assert status == 201, created
    tokens = tokens_by_seat(created)
    dealer = created["game"]["toAct"][0]
    status, moved = live.rest.post(
        f"/v1/games/{created['gameId']}/moves", {"move": "declare down", "expectedVersion": 0}, tokens[dealer]
    )
    assert status == 200, moved
    created["game"] = moved["game"]
    answer: dict[str, Any] = created
    return answer


def tokens_by_seat(created: dict[str, Any]) -> dict[int, str]:
    return {seat["seat"]: seat["token"] for seat in created["seats"]}


def to_act(created: dict[str, Any]) -> tuple[int, str, int, str]:
    """(seat to act, its token, a seat not to act, its token)."""
    tokens = tokens_by_seat(created)
    seat = created["game"]["toAct"][0]
    other = 1 - seat
    return seat, tokens[seat], other, tokens[other]


def test_rest_and_grpc_answer_the_same_hint_of_legal_moves(live: LiveServer) -> None:
    created = create(live)
    game_id = created["gameId"]
    seat, token, _, _ = to_act(created)
    status, hints = live.rest.get(f"/v1/games/{game_id}/hints", token)
    assert status == 200, hints
    assert (hints["gameId"], hints["version"], hints["seat"], hints["iterations"]) == (game_id, 1, seat, ITERATIONS)
    assert len(hints["suggestions"]) == 3  # the default count
    _, legal = live.rest.get(f"/v1/games/{game_id}/moves", token)
    for suggestion in hints["suggestions"]:
        assert suggestion["move"] in legal["moves"]  # notation, kind, args and description as ListLegalMoves lists
        assert 0.0 <= suggestion["expectedReward"] <= 1.0
    visits = [suggestion["visits"] for suggestion in hints["suggestions"]]
    assert visits == sorted(visits, reverse=True) and sum(visits) <= ITERATIONS and visits[0] > 0

    answer = live.grpc.suggest_moves(game_id, token)
    assert (answer.game_id, answer.version, answer.seat, answer.iterations) == (game_id, 1, seat, ITERATIONS)
    assert [
        (s.move.notation, s.move.kind, s.move.args, s.move.description, s.visits, s.expected_reward)
        for s in answer.suggestions
    ] == [
        (s["move"]["notation"], s["move"]["kind"], s["move"]["args"], s["move"]["description"], s["visits"],
         s["expectedReward"])
        for s in hints["suggestions"]
    ]  # fmt: skip
    assert answer.best.notation == hints["suggestions"][0]["move"]["notation"]

    status, five = live.rest.get(f"/v1/games/{game_id}/hints?count=5", token)
    assert status == 200 and five["suggestions"][:3] == hints["suggestions"] and len(five["suggestions"]) == 5
    status, one = live.rest.get(f"/v1/games/{game_id}/hints?count=1", token)
    assert status == 200 and one["suggestions"] == hints["suggestions"][:1]


def test_another_replica_computes_the_same_hint_and_a_played_hint_moves_the_game_on(live: LiveServer) -> None:
    created = create(live, {"seed": 12})
    game_id = created["gameId"]
    _, token, _, _ = to_act(created)
    _, first = live.rest.get(f"/v1/games/{game_id}/hints?count=4", token)
    with live_server(live.server.service.store, "memory", hint_iterations=ITERATIONS) as replica:
        status, again = replica.rest.get(f"/v1/games/{game_id}/hints?count=4", token)
    assert status == 200 and again == first
    best = first["suggestions"][0]["move"]["notation"]
    status, moved = live.rest.post(f"/v1/games/{game_id}/moves", {"move": best, "expectedVersion": 1}, token)
    assert status == 200, moved
    assert moved["version"] == 2


def test_hints_off_at_creation_are_refused_typed_over_both_transports(live: LiveServer) -> None:
    created = create(live, {"hints": False})
    game_id = created["gameId"]
    _, token, _, _ = to_act(created)
    status, body = live.rest.get(f"/v1/games/{game_id}/hints", token)
    assert status == 422
    assert body["error"]["code"] == "hints/disabled"
    assert body["error"]["message"] == (
        f"Game '{game_id}' was created with hints off (rated play): no seat may ask for a hint in it."
    )
    with pytest.raises(GameEngineError) as raised:
        live.grpc.suggest_moves(game_id, token)
    assert (raised.value.status, raised.value.code) == (grpc.StatusCode.FAILED_PRECONDITION, "hints/disabled")
    # The Python SDK's create_game takes the option too; a game created without it has hints on.
    sdk_game = live.grpc.create_game("dracula", 2, seed=3, hints=False)
    sdk_seat = sdk_game.game.to_act[0]  # the dealer, to declare: two legal moves, yet no hint
    sdk_token = {seat.seat: seat.token for seat in sdk_game.seats}[sdk_seat]
    with pytest.raises(GameEngineError) as raised:
        live.grpc.suggest_moves(sdk_game.game_id, sdk_token)
    assert raised.value.code == "hints/disabled"


def test_hints_off_survive_a_rematch(live: LiveServer) -> None:
    created = create(live, {"hints": False, "seed": 5})
    game_id = created["gameId"]
    seat, token, _, _ = to_act(created)
    status, _ = live.rest.post(f"/v1/games/{game_id}/resign", {}, token)
    assert status == 200
    status, rematch = live.rest.post(f"/v1/games/{game_id}/rematch", {}, token)
    assert status in (200, 201), rematch
    new_token = {entry["seat"]: entry["token"] for entry in rematch["seats"]}[seat]
    status, body = live.rest.get(f"/v1/games/{rematch['gameId']}/hints", new_token)
    assert (status, body["error"]["code"]) == (422, "hints/disabled")


def test_bad_requests_are_refused_typed(live: LiveServer) -> None:
    created = create(live, {"seed": 21})
    game_id = created["gameId"]
    _, token, other, other_token = to_act(created)
    cases = [
        (f"/v1/games/{game_id}/hints", None, 401, "auth/missing_token"),
        (f"/v1/games/{game_id}/hints", "not-a-token", 401, "auth/invalid_token"),
        (f"/v1/games/{game_id}/hints", other_token, 403, "move/not_your_turn"),
        (f"/v1/games/{game_id}/hints?count=11", token, 400, "request/invalid"),
        (f"/v1/games/{game_id}/hints?count=two", token, 400, "request/invalid"),
        (f"/v1/games/{game_id}/hints?cuont=2", token, 400, "request/invalid"),
        ("/v1/games/nosuchgame/hints", token, 404, "game/not_found"),
    ]
    for path, sent, status, code in cases:
        got, body = live.rest.get(path, sent)
        assert (got, body["error"]["code"]) == (status, code), path
    got, body = live.rest.get(f"/v1/games/{game_id}/hints", other_token)
    assert body["error"]["message"] == (
        f"Seat {other} has no decision to make in game '{game_id}' now: a hint is for a seat to act."
    )
    with pytest.raises(GameEngineError) as raised:
        live.grpc.suggest_moves(game_id, other_token)
    assert (raised.value.status, raised.value.code) == (grpc.StatusCode.PERMISSION_DENIED, "move/not_your_turn")
    with pytest.raises(GameEngineError) as raised:
        live.grpc.suggest_moves(game_id, token, count=11)
    assert (raised.value.status, raised.value.code) == (grpc.StatusCode.INVALID_ARGUMENT, "request/invalid")

    status, _ = live.rest.post(f"/v1/games/{game_id}/resign", {}, token)
    assert status == 200
    got, body = live.rest.get(f"/v1/games/{game_id}/hints", token)
    assert (got, body["error"]["code"]) == (422, "game/finished")
    with pytest.raises(GameEngineError) as raised:
        live.grpc.suggest_moves(game_id, token)
    assert (raised.value.status, raised.value.code) == (grpc.StatusCode.FAILED_PRECONDITION, "game/finished")


def test_the_hint_rate_answers_429_and_cached_hints_cost_nothing() -> None:
    limits = LimitSettings(hint_rate=0.01, hint_burst=2)  # two hints, then one every 100 s
    with live_server(MemoryStore(), "memory", hint_iterations=ITERATIONS, limits=limits) as live:
        games = [create(live, {"seed": 30 + n}) for n in range(3)]
        first = games[0]
        _, token, _, _ = to_act(first)
        path = f"/v1/games/{first['gameId']}/hints"
        assert live.rest.get(path, token)[0] == 200
        assert live.rest.get(path + "?count=2", token)[0] == 200  # the cache: nothing taken
        _, second_token, _, _ = to_act(games[1])
        assert live.rest.get(f"/v1/games/{games[1]['gameId']}/hints", second_token)[0] == 200
        _, third_token, _, _ = to_act(games[2])
        refused = raw_request(
            live.rest.port,
            "GET",
            f"/v1/games/{games[2]['gameId']}/hints",
            {"Authorization": f"Bearer {third_token}"},
        )
        assert refused.status == 429
        error = refused.json()["error"]
        assert (error["code"], error["details"]["scope"]) == ("limit/hint_rate", "address")
        assert int(refused.headers["Retry-After"]) >= 1
        with pytest.raises(GameEngineError) as raised:
            live.grpc.suggest_moves(games[2]["gameId"], third_token)
        assert (raised.value.status, raised.value.code) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "limit/hint_rate")
        assert live.rest.get(path, token)[0] == 200  # a cached hint is still answered
        # Other calls are not held back by the hint rate.
        assert live.rest.get(f"/v1/games/{games[2]['gameId']}/moves", third_token)[0] == 200
