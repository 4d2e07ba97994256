"""Helpers of the key and limit tests: a REST call with any headers, a gRPC call with any metadata that keeps the
trailing metadata of a failure, and a keys file."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
from cardengine.v1 import game_engine_pb2 as pb
from cardengine.v1 import game_engine_pb2_grpc as pb_grpc
from cardengine_client import GameEngineError

from tests.service.conftest import LiveServer, RawResponse, raw_request

ALICE = "alice-key-0123456789abcdef"
BOB = "bob-key-0123456789abcdefgh"


def keys_file(directory: Path) -> Path:
    path = directory / "keys.txt"
    path.write_text(f"# the keys of this test\n{ALICE} alice\n\n{BOB} bob  # a comment\n", encoding="utf-8")
    return path


def rest(
    live: LiveServer, method: str, path: str, *, key: str | None = None, token: str | None = None, body: Any = None
) -> RawResponse:
    import orjson

    headers: dict[str, str] = {}
    if key is not None:
        headers["x-api-key"] = key
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    payload = None
    if body is not None:
        payload = orjson.dumps(body)
        headers["Content-Type"] = "application/json"
    return raw_request(live.rest.port, method, path, headers, payload)


@dataclass
class GrpcFailure:
    error: GameEngineError
    trailing: dict[str, str] = field(default_factory=dict)


class Grpc:
    """Raw stub calls with chosen metadata; a failure is returned (not raised) with its trailing metadata."""

    def __init__(self, live: LiveServer) -> None:
        self.channel = grpc.insecure_channel(f"127.0.0.1:{live.server.grpc_port}")
        self.stub = pb_grpc.GameEngineStub(self.channel)

    def close(self) -> None:
        self.channel.close()

    def call(self, method: str, request: Any, *, key: str | None = None, token: str | None = None) -> Any:
        metadata: list[tuple[str, str]] = []
        if key is not None:
            metadata.append(("x-api-key", key))
        if token is not None:
            metadata.append(("authorization", f"Bearer {token}"))
        try:
            return getattr(self.stub, method)(request, timeout=30, metadata=tuple(metadata))
        except grpc.RpcError as error:
            assert isinstance(error, grpc.Call)
            trailing = {item.key: item.value for item in error.trailing_metadata() or () if isinstance(item.value, str)}
            return GrpcFailure(GameEngineError.from_rpc_error(error), trailing)

    def create(self, key: str | None = None, **fields: Any) -> Any:
        return self.call("CreateGame", pb.CreateGameRequest(game_type="dracula", players=2, **fields), key=key)
