"""Every error of the table, over gRPC and REST, with its status, its machine-readable code and its details; plus
idempotency, seat tokens, secrecy between seats, spectators and the JSON names of the REST mapping."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

import engine
from service.storage.redis_store import RedisStore
from tests.service.conftest import LiveServer, free_port, live_server
from tests.service.drivers import HTTP_OF_STATUS, ApiError, Created, Driver, GrpcDriver, RestDriver

TRANSPORTS = ["grpc", "rest"]


@pytest.fixture(params=TRANSPORTS)
def api(live: LiveServer, request: pytest.FixtureRequest) -> Driver:
    return GrpcDriver(live.grpc) if request.param == "grpc" else RestDriver(live.rest)


def expect_error(call: Callable[[], Any], status: str, code: str | None = None) -> ApiError:
    with pytest.raises(ApiError) as caught:
        call()
    error = caught.value
    assert error.status == status, error
    if error.http is not None:
        assert error.http == HTTP_OF_STATUS[status]
    if code is not None:
        assert error.code == code, error
    assert error.message
    return error


def new_dracula(api: Driver, seed: int = 5) -> Created:
    return api.create("dracula", 2, seed)


# ----- INVALID_ARGUMENT ---------------------------------------------------------------------------------------------


def test_create_with_bad_arguments_names_the_option(api: Driver) -> None:
    error = expect_error(lambda: api.create("no_such_game"), "INVALID_ARGUMENT", "game/unknown")
    assert error.details["field"] == "gameType"
    error = expect_error(lambda: api.create("dracula", options={"deals": 9}), "INVALID_ARGUMENT", "game/invalid_option")
    assert error.details["option"] == "deals" and "deals" in error.message
    error = expect_error(lambda: api.create("dracula", options={"colour": "red"}), "INVALID_ARGUMENT")
    assert error.details["option"] == "colour"
    error = expect_error(lambda: api.create("dracula", players=3), "INVALID_ARGUMENT", "game/invalid_players")
    assert error.details["option"] == "players"
    expect_error(lambda: api.create(""), "INVALID_ARGUMENT", "request/invalid")


def test_malformed_moves_and_requests(api: Driver) -> None:
    created = new_dracula(api)
    token = created.tokens[0]
    error = expect_error(lambda: api.apply(created.game_id, token, "fly away", 0), "INVALID_ARGUMENT", "move/malformed")
    assert error.details["field"] == "move"
    expect_error(lambda: api.apply(created.game_id, token, "declare  across", 0), "INVALID_ARGUMENT", "move/malformed")
    error = expect_error(lambda: api.apply(created.game_id, token, "declare across", None), "INVALID_ARGUMENT")
    assert error.details["field"] == "expectedVersion"
    expect_error(lambda: api.apply(created.game_id, token, "", 0), "INVALID_ARGUMENT")
    expect_error(lambda: api.apply(created.game_id, token, "declare across", 0, key="has space"), "INVALID_ARGUMENT")
    expect_error(lambda: api.game("bad{id}"), "INVALID_ARGUMENT")
    assert api.game(created.game_id).version == 0  # nothing was applied


def test_rest_rejects_bodies_that_are_not_the_message(live: LiveServer) -> None:
    for body in (b"not json", b"[1, 2]", b'{"gameType": "dracula", "colour": 1}', b'{"gameType": 7}'):
        status, data = live.rest.post("/v1/games", body)
        assert status == 400 and data["error"]["status"] == "INVALID_ARGUMENT", (body, data)
    for query in ("after=minus", "after=-1", "follow=maybe"):
        status, data = live.rest.get(f"/v1/games/x/events?{query}")
        assert status == 400 and data["error"]["details"]["field"] == query.split("=")[0], data
    status, data = live.rest.get("/v1/no-such-route")
    assert status == 404 and data["error"]["status"] == "NOT_FOUND"


# ----- UNAUTHENTICATED, PERMISSION_DENIED ---------------------------------------------------------------------------


def test_tokens(api: Driver) -> None:
    created = new_dracula(api)
    other = new_dracula(api)
    expect_error(lambda: api.legal(created.game_id, None), "UNAUTHENTICATED", "auth/missing_token")
    expect_error(lambda: api.apply(created.game_id, None, "declare across", 0), "UNAUTHENTICATED", "auth/missing_token")
    expect_error(lambda: api.legal(created.game_id, "forged"), "UNAUTHENTICATED", "auth/invalid_token")
    expect_error(lambda: api.game(created.game_id, other.tokens[0]), "UNAUTHENTICATED", "auth/invalid_token")
    expect_error(
        lambda: api.apply(created.game_id, other.tokens[0], "declare across", 0),
        "UNAUTHENTICATED",
        "auth/invalid_token",
    )
    assert api.game(created.game_id, created.tokens[1]).seat == 1
    assert api.game(created.game_id).seat is None  # no token: a spectator


def test_bad_authorization_header_is_not_a_spectator(live: LiveServer) -> None:
    created = RestDriver(live.rest).create("dracula", 2, 1)
    for header in ("Basic abc", "Bearer", "Token x"):
        status, data = live.rest.call("GET", f"/v1/games/{created.game_id}", headers={"Authorization": header})
        assert status == 401 and data["error"]["code"] == "auth/invalid_token", header


def test_another_seats_move_is_permission_denied(api: Driver) -> None:
    created = new_dracula(api)
    assert api.game(created.game_id).to_act == [0]
    error = expect_error(
        lambda: api.apply(created.game_id, created.tokens[1], "declare across", 0),
        "PERMISSION_DENIED",
        "move/not_your_turn",
    )
    assert "Seat 1" in error.message
    assert api.legal(created.game_id, created.tokens[1]).notations == []  # nothing to decide, not an error


# ----- NOT_FOUND, ABORTED, FAILED_PRECONDITION ----------------------------------------------------------------------


def test_unknown_game(api: Driver) -> None:
    for call in (
        lambda: api.game("NoSuchGame123"),
        lambda: api.legal("NoSuchGame123", "token"),
        lambda: api.apply("NoSuchGame123", "token", "declare across", 0),
        lambda: api.score("NoSuchGame123"),
        lambda: api.events("NoSuchGame123"),
    ):
        expect_error(call, "NOT_FOUND", "game/not_found")


def test_stale_version_is_aborted_with_the_current_version(api: Driver) -> None:
    created = new_dracula(api)
    api.apply(created.game_id, created.tokens[0], "declare across", 0)
    legal = api.legal(created.game_id, created.tokens[1])
    error = expect_error(
        lambda: api.apply(created.game_id, created.tokens[1], legal.notations[0], 0), "ABORTED", "version/stale"
    )
    assert int(error.details["currentVersion"]) == 1
    error = expect_error(
        lambda: api.apply(created.game_id, created.tokens[1], legal.notations[0], 7), "ABORTED", "version/stale"
    )
    assert int(error.details["currentVersion"]) == 1
    assert api.apply(created.game_id, created.tokens[1], legal.notations[0], 1).version == 2


def test_illegal_move_carries_the_engine_code_and_reason(api: Driver) -> None:
    created = new_dracula(api)
    error = expect_error(
        lambda: api.apply(created.game_id, created.tokens[0], "declare sideways", 0),
        "FAILED_PRECONDITION",
        "move/bad_direction",
    )
    assert error.details["engineCode"] == "move/bad_direction" and "sideways" in error.message
    expect_error(
        lambda: api.apply(created.game_id, created.tokens[0], "place QH b1", 0),
        "FAILED_PRECONDITION",
        "move/wrong_phase",
    )
    api.apply(created.game_id, created.tokens[0], "declare across", 0)
    hand = api.game(created.game_id, created.tokens[1]).view["hand"]
    missing = next(card for card in ("2C", "3C", "4C", "5C", "6C") if card not in hand)
    expect_error(
        lambda: api.apply(created.game_id, created.tokens[1], f"place {missing} a1", 1),
        "FAILED_PRECONDITION",
        "move/card_not_in_hand",
    )
    assert api.game(created.game_id).version == 1


def test_a_finished_match_takes_no_move(api: Driver) -> None:
    created = api.create("dracula", 2, 3, {"deals": 1})
    version = 0
    while not (game := api.game(created.game_id)).finished:
        seat = game.to_act[0]
        move = api.legal(created.game_id, created.tokens[seat]).notations[0]
        version = api.apply(created.game_id, created.tokens[seat], move, version).version
    assert api.legal(created.game_id, created.tokens[0]).notations == []
    error = expect_error(
        lambda: api.apply(created.game_id, created.tokens[0], "declare across", version), "FAILED_PRECONDITION"
    )
    assert error.code == "game/finished"


# ----- UNAVAILABLE --------------------------------------------------------------------------------------------------


@pytest.fixture
def store_down() -> Iterator[LiveServer]:
    """A server whose Redis does not answer (nothing listens on its port)."""
    store = RedisStore.from_url(f"redis://127.0.0.1:{free_port()}/0")
    with live_server(store, "redis-down") as running:
        yield running


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_store_down_is_unavailable(store_down: LiveServer, transport: str) -> None:
    api: Driver = GrpcDriver(store_down.grpc) if transport == "grpc" else RestDriver(store_down.rest)
    expect_error(lambda: api.create("dracula"), "UNAVAILABLE", "store/unavailable")
    expect_error(lambda: api.game("SomeGame"), "UNAVAILABLE", "store/unavailable")
    expect_error(lambda: api.apply("SomeGame", "t", "declare across", 0), "UNAVAILABLE", "store/unavailable")
    if transport == "rest":
        status, data = store_down.rest.get("/readyz")
        assert status == 503 and data["error"]["status"] == "UNAVAILABLE"
        assert store_down.rest.get("/healthz")[0] == 200
    else:
        with grpc.insecure_channel(f"127.0.0.1:{store_down.server.grpc_port}") as channel:
            reply = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(service=""), timeout=5)
            assert reply.status == health_pb2.HealthCheckResponse.NOT_SERVING


def test_health_and_readiness_when_the_store_answers(live: LiveServer) -> None:
    assert live.rest.get("/healthz") == (200, {"status": "ok"})
    assert live.rest.get("/readyz") == (200, {"status": "ready"})
    with grpc.insecure_channel(f"127.0.0.1:{live.server.grpc_port}") as channel:
        for name in ("", "cardengine.v1.GameEngine"):
            reply = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(service=name), timeout=5)
            assert reply.status == health_pb2.HealthCheckResponse.SERVING


# ----- idempotency --------------------------------------------------------------------------------------------------


def test_a_retry_with_the_same_key_applies_nothing_twice(api: Driver) -> None:
    created = new_dracula(api)
    first = api.apply(created.game_id, created.tokens[0], "declare across", 0, key="move-1")
    again = api.apply(created.game_id, created.tokens[0], "declare across", 0, key="move-1")
    assert not first.replayed and again.replayed
    assert (again.version, again.game, again.events) == (first.version, first.game, first.events)
    assert api.game(created.game_id).version == 1
    assert len([e for e in api.events(created.game_id).events if e.kind == "declared"]) == 1
    error = expect_error(
        lambda: api.apply(created.game_id, created.tokens[0], "declare down", 0, key="move-1"),
        "INVALID_ARGUMENT",
        "idempotency/key_reused",
    )
    assert "declare across" in error.message
    # Keys are per seat: seat 1 may use the same key for its own move.
    move = api.legal(created.game_id, created.tokens[1]).notations[0]
    assert api.apply(created.game_id, created.tokens[1], move, 1, key="move-1").version == 2
    # A retry after later moves still returns the first result.
    assert api.apply(created.game_id, created.tokens[0], "declare across", 0, key="move-1").version == 1


# ----- views, secrecy, events ---------------------------------------------------------------------------------------


def test_a_seat_never_sees_another_seats_hand(api: Driver) -> None:
    created = new_dracula(api, seed=11)
    api.apply(created.game_id, created.tokens[0], "declare down", 0)
    hands = [api.game(created.game_id, token).view["hand"] for token in created.tokens]
    assert all(len(hand) == 4 for hand in hands) and not set(hands[0]) & set(hands[1])
    for seat, token in enumerate(created.tokens):
        other = set(hands[1 - seat])
        shown_view = api.game(created.game_id, token).view
        shown_events = api.events(created.game_id, token).events
        assert not other & set(strings(shown_view)), f"seat {seat} sees the other hand in its view"
        assert not other & set(strings([e.data for e in shown_events])), f"seat {seat} sees it in its events"
        assert set(hands[seat]) <= set(strings([e.data for e in shown_events]))  # its own deal, it does see
    spectator_events = api.events(created.game_id).events
    assert not (set(hands[0]) | set(hands[1])) & set(strings([e.data for e in spectator_events]))
    assert api.game(created.game_id).view["hand"] is None


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def test_events_after_a_version(api: Driver) -> None:
    created = new_dracula(api, seed=4)
    dealer = api.game(created.game_id).to_act[0]
    token = created.tokens[dealer]
    deal = api.events(created.game_id, token)
    assert deal.version == 0 and deal.events and {e.version for e in deal.events} == {0}
    applied = api.apply(created.game_id, token, "declare across", 0)
    after = api.events(created.game_id, token, after=0)
    assert after.version == 1 and after.events == applied.events
    assert api.events(created.game_id, token, after=1).events == []
    everything = api.events(created.game_id, token)
    assert everything.events == deal.events + applied.events


def test_catalog_lists_every_game(live: LiveServer) -> None:
    catalog = {game.id: game for game in live.grpc.list_game_types()}
    assert set(catalog) == {game.id for game in engine.all_games()}
    dracula = catalog["dracula"]
    assert (dracula.min_players, dracula.max_players, dracula.default_players) == (2, 4, 2)
    deals = next(option for option in dracula.options if option.name == "deals")
    assert (deals.type, deals.default, deals.minimum, deals.maximum) == ("int", 6, 1, 6)
    status, data = live.rest.get("/v1/game-types")
    assert status == 200 and [g["id"] for g in data["gameTypes"]] == sorted(catalog)


def test_rest_json_names_and_default_values_are_present(live: LiveServer) -> None:
    status, created = live.rest.post("/v1/games", {"gameType": "dracula", "players": 2, "seed": "12"})
    assert status == 201
    assert created["version"] == 0 and created["gameId"]
    assert [seat["seat"] for seat in created["seats"]] == [0, 1] and all(seat["token"] for seat in created["seats"])
    token = created["seats"][0]["token"]
    status, game = live.rest.get(f"/v1/games/{created['gameId']}", token)
    assert status == 200
    assert game["seat"] == 0 and game["version"] == 0 and game["finished"] is False and game["toAct"] == [0]
    status, moves = live.rest.get(f"/v1/games/{created['gameId']}/moves", token)
    assert [m["notation"] for m in moves["moves"]] == ["declare across", "declare down"]
    assert moves["moves"][0]["args"] == {"direction": "across"} and moves["moves"][0]["kind"] == "declare"
    assert moves["seat"] == 0 and moves["version"] == 0
    status, spectator = live.rest.get(f"/v1/games/{created['gameId']}")
    assert "seat" not in spectator  # a spectator has no seat
    status, applied = live.rest.post(
        f"/v1/games/{created['gameId']}/moves", {"expectedVersion": 0, "move": "declare across"}, token
    )
    assert status == 200 and applied["version"] == 1 and applied["replayed"] is False
    assert isinstance(applied["game"]["view"]["step"], int)  # integral numbers print as JSON integers


def test_reflection_describes_the_service(live: LiveServer) -> None:
    from grpc_reflection.v1alpha.proto_reflection_descriptor_database import ProtoReflectionDescriptorDatabase

    with grpc.insecure_channel(f"127.0.0.1:{live.server.grpc_port}") as channel:
        database = ProtoReflectionDescriptorDatabase(channel)
        assert "cardengine.v1.GameEngine" in set(database.get_services())
        service = database.FindFileContainingSymbol("cardengine.v1.GameEngine")
        assert service.name == "cardengine/v1/game_engine.proto"
