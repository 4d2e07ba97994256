"""Issue 30: versions never go backwards for a client. A read (GetGame, ListLegalMoves) sent with the highest
version the client has seen (REST header ``X-Min-Version``, gRPC metadata ``x-min-version``) answers that version
or a newer one, or ``503 store/behind`` with the version the store holds; a malformed value is a 400 and changes
nothing. (The failover that makes a store go back is in tests/cluster/test_cluster_failover.py.)"""

from __future__ import annotations

import grpc
import pytest
from cardengine.v1 import game_engine_pb2 as pb
from cardengine.v1 import game_engine_pb2_grpc as pb_grpc
from cardengine_client import GameEngineError

from tests.service.conftest import LiveServer


def played_game(live: LiveServer) -> tuple[str, str]:
    """A dracula game at version 1; (game id, the token of the seat to act at version 1)."""
    status, created = live.rest.post("/v1/games", {"gameType": "dracula", "players": 2, "seed": 3})
    assert status == 201
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    game_id = created["gameId"]
    seat = created["game"]["toAct"][0]
    status, legal = live.rest.get(f"/v1/games/{game_id}/moves", token=tokens[seat])
    body = {"move": legal["moves"][0]["notation"], "expectedVersion": 0}
    status, applied = live.rest.post(f"/v1/games/{game_id}/moves", body, token=tokens[seat])
    assert (status, applied["version"]) == (200, 1)
    return game_id, tokens[applied["game"]["toAct"][0]]


def test_rest_reads_with_a_min_version(live: LiveServer) -> None:
    game_id, token = played_game(live)
    for seen in ("0", "1", " 1 "):
        status, game = live.rest.call("GET", f"/v1/games/{game_id}", headers={"X-Min-Version": seen})
        assert (status, game["version"]) == (200, 1)
    status, answer = live.rest.call("GET", f"/v1/games/{game_id}", headers={"X-Min-Version": "4"})
    assert (status, answer["error"]["code"]) == (503, "store/behind")
    assert answer["error"]["details"] == {"currentVersion": 1, "minVersion": 4}
    assert "version 1" in answer["error"]["message"] and "version 4" in answer["error"]["message"]
    path = f"/v1/games/{game_id}/moves"
    status, answer = live.rest.call("GET", path, token=token, headers={"X-Min-Version": "2"})
    assert (status, answer["error"]["code"]) == (503, "store/behind")
    status, legal = live.rest.call("GET", path, token=token, headers={"X-Min-Version": "1"})
    assert (status, legal["version"]) == (200, 1)
    for bad in ("-1", "one", "1.0", "9" * 30):
        status, answer = live.rest.call("GET", f"/v1/games/{game_id}", headers={"X-Min-Version": bad})
        assert (status, answer["error"]["code"], answer["error"]["details"]["field"]) == (
            400,
            "request/invalid",
            "minVersion",
        )


def test_grpc_reads_with_a_min_version(live: LiveServer) -> None:
    game_id, token = played_game(live)
    with grpc.insecure_channel(f"127.0.0.1:{live.server.grpc_port}") as channel:
        check_grpc_reads(pb_grpc.GameEngineStub(channel), game_id, token)


def check_grpc_reads(stub: pb_grpc.GameEngineStub, game_id: str, token: str) -> None:
    game = stub.GetGame(pb.GetGameRequest(game_id=game_id), metadata=(("x-min-version", "1"),), timeout=10)
    assert game.version == 1
    with pytest.raises(grpc.RpcError) as raised:
        stub.GetGame(pb.GetGameRequest(game_id=game_id), metadata=(("x-min-version", "3"),), timeout=10)
    error = GameEngineError.from_rpc_error(raised.value)
    assert (error.status, error.code, error.details) == (
        grpc.StatusCode.UNAVAILABLE,
        "store/behind",
        {"currentVersion": "1", "minVersion": "3"},
    )
    metadata: tuple[tuple[str, str | bytes], ...] = (("x-min-version", "2"), ("authorization", f"Bearer {token}"))
    with pytest.raises(grpc.RpcError) as raised:
        stub.ListLegalMoves(pb.ListLegalMovesRequest(game_id=game_id), metadata=metadata, timeout=10)
    assert GameEngineError.from_rpc_error(raised.value).code == "store/behind"
