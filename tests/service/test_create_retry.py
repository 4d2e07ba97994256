"""Issue 15, defect 2: "a retried CreateGame answered INTERNAL (`Game '...' already exists`) and left an orphan game
nobody holds tokens for." CreateGame with a ``request_id`` (REST: ``requestId`` or ``Idempotency-Key``) is safe to
retry: the same id and parameters give the same game with the same seat tokens and create nothing; the same id with
other parameters is INVALID_ARGUMENT ``idempotency/key_reused``. A store call re-sent after a lost answer (the same
create twice) is recognised by the store and answered as created, never as an error."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from cardengine.v1 import game_engine_pb2 as pb
from cardengine.v1 import game_engine_pb2_grpc as pb_grpc

from service.core.game_service import GameService
from service.storage.store import GameExistsError, GameStore, MemoryStore, StoredGame
from tests.service.conftest import LiveServer, make_store


@pytest.fixture
def stub(live: LiveServer) -> Iterator[pb_grpc.GameEngineStub]:
    with grpc.insecure_channel(f"127.0.0.1:{live.server.grpc_port}") as channel:
        yield pb_grpc.GameEngineStub(channel)


def create(stub: pb_grpc.GameEngineStub, request_id: str, seed: int | None = 7, **fields: Any) -> pb.CreateGameResponse:
    request = pb.CreateGameRequest(game_type="dracula", players=2, request_id=request_id, **fields)
    if seed is not None:
        request.seed = seed
    response: pb.CreateGameResponse = stub.CreateGame(request, timeout=10)
    return response


def tokens_of(created: pb.CreateGameResponse) -> list[tuple[int, str]]:
    return [(seat.seat, seat.token) for seat in created.seats]


def test_same_request_id_returns_the_same_game_and_tokens(stub: pb_grpc.GameEngineStub, live: LiveServer) -> None:
    first = create(stub, "req-1")
    again = create(stub, "req-1")
    assert again.game_id == first.game_id
    assert tokens_of(again) == tokens_of(first)
    assert len(first.seats) == 2 and first.seats[0].token != first.seats[1].token
    # The tokens of the retry act for their seats.
    for seat, token in tokens_of(again):
        game = stub.GetGame(pb.GetGameRequest(game_id=again.game_id), metadata=(("authorization", f"Bearer {token}"),))
        assert game.seat == seat
    other = create(stub, "req-2")
    assert other.game_id != first.game_id


def test_unseeded_keyed_create_deals_the_same_game_again(stub: pb_grpc.GameEngineStub) -> None:
    first = create(stub, "no-seed", seed=None)
    again = create(stub, "no-seed", seed=None)
    assert again.game_id == first.game_id and tokens_of(again) == tokens_of(first)
    assert again.game.view == first.game.view


def test_same_request_id_other_parameters_is_refused(stub: pb_grpc.GameEngineStub) -> None:
    first = create(stub, "req-3", seed=7)
    with pytest.raises(grpc.RpcError) as caught:
        create(stub, "req-3", seed=8)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "requestId 'req-3' was already used" in (caught.value.details() or "")
    # The first game is untouched.
    game = stub.GetGame(pb.GetGameRequest(game_id=first.game_id))
    assert game.version == 0


def test_retry_after_moves_returns_the_game_as_it_is(stub: pb_grpc.GameEngineStub) -> None:
    first = create(stub, "req-4")
    seat = first.game.to_act[0]
    token = dict(tokens_of(first))[seat]
    auth = (("authorization", f"Bearer {token}"),)
    legal = stub.ListLegalMoves(pb.ListLegalMovesRequest(game_id=first.game_id), metadata=auth)
    move = pb.ApplyMoveRequest(game_id=first.game_id, move=legal.moves[0].notation, expected_version=0)
    stub.ApplyMove(move, metadata=auth)
    again = create(stub, "req-4")
    assert again.game_id == first.game_id and tokens_of(again) == tokens_of(first)
    assert again.version == 1 and again.game.version == 1


def test_bad_request_id_is_invalid(stub: pb_grpc.GameEngineStub) -> None:
    with pytest.raises(grpc.RpcError) as caught:
        create(stub, "has space")
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_rest_request_id_in_body_or_header(live: LiveServer) -> None:
    body = {"gameType": "dracula", "players": 2, "seed": "5"}
    status, first = live.rest.call("POST", "/v1/games", body={**body, "requestId": "rest-1"})
    assert status == 201
    status, again = live.rest.call("POST", "/v1/games", body=body, headers={"Idempotency-Key": "rest-1"})
    assert status == 201
    assert again["gameId"] == first["gameId"] and again["seats"] == first["seats"]
    status, error = live.rest.call(
        "POST", "/v1/games", body={**body, "requestId": "rest-1"}, headers={"Idempotency-Key": "rest-2"}
    )
    assert status == 400 and error["error"]["details"]["field"] == "requestId"
    status, error = live.rest.call("POST", "/v1/games", body={**body, "seed": "6", "requestId": "rest-1"})
    assert status == 400 and error["error"]["code"] == "idempotency/key_reused"


def test_secret_decides_the_derived_game() -> None:
    store = MemoryStore()
    one, same, other = (GameService(store, secret=s) for s in (b"one", b"one", b"two"))
    first = one.creation.create_game("dracula", 2, request_id="r")
    again = same.creation.create_game("dracula", 2, request_id="r")
    assert (again.game_id, again.seats) == (first.game_id, first.seats)
    elsewhere = other.creation.create_game("dracula", 2, request_id="r")
    assert elsewhere.game_id != first.game_id
    assert {s.token for s in elsewhere.seats}.isdisjoint({s.token for s in first.seats})
    # API keys (the creator) scope request ids: another key's same id is another game.
    assert one.creation.keyed_game_id("r", None) == first.game_id
    assert one.creation.keyed_game_id("r", "key-a") not in (first.game_id, one.creation.keyed_game_id("r", "key-b"))


@pytest.mark.parametrize("kind", ["memory", "redis"])
def test_store_tells_a_resent_create_from_another_game(kind: str, request: pytest.FixtureRequest) -> None:
    store: GameStore = make_store(kind, request)
    try:
        game = StoredGame("g1", 0, b"snapshot", 1, False, b'{"h":["a"]}')
        store.create(game, b"entry-0")
        with pytest.raises(GameExistsError) as resent:
            store.create(game, b"entry-0")
        assert resent.value.same is True
        with pytest.raises(GameExistsError) as other:
            store.create(StoredGame("g1", 0, b"other", 1, False, b'{"h":["b"]}'), b"other-0")
        assert other.value.same is False
        assert store.load("g1") == game
        assert store.log("g1", -1) == [b"entry-0"]
    finally:
        store.close()
