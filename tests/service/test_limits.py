"""Request size limits (issue 15 item 4), through real servers: a REST body over the limit is refused with 413 and
the JSON error shape before it is read (from Content-Length) or while it is read (chunked); fields over their
documented maxima are INVALID_ARGUMENT; errors quote at most a short prefix of the bad input; nothing long is ever
echoed into gRPC trailers, and GameEngineClient raises its typed error for every such answer."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable
from typing import Any

import grpc
import orjson
import pytest
from cardengine_client import GameEngineError

from service.cli import build_parser, request_limit_settings
from service.core import errors
from service.core.creation import MAX_GAME_TYPE_CHARS
from service.core.moves import MAX_MOVE_CHARS
from service.edges.http_server import ConnectionLimits
from service.edges.rest import MAX_BODY_BYTES
from service.edges.streams import StreamLimits
from tests.service.conftest import LiveServer, live_server, make_store

QUOTED = errors.QUOTE_CHARS + 10  # a quoted prefix: its repr, quotes and "…"


def http_exchange(port: int, head: bytes, body_parts: list[bytes]) -> tuple[int, dict[str, str], Any]:
    """Sends ``head`` and then ``body_parts`` (stopping if the server closes), and reads the whole answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(head)
        for part in body_parts:
            try:
                sock.sendall(part)
            except OSError:
                break
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            assert chunk, data
            data += chunk
        raw_head, _, body = data.partition(b"\r\n\r\n")
        lines = raw_head.decode("latin-1").split("\r\n")
        headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
        length = int(headers.get("content-length", "0"))
        while len(body) < length:
            chunk = sock.recv(65536)
            if not chunk:
                break
            body += chunk
    return int(lines[0].split(" ", 2)[1]), headers, orjson.loads(body) if body else None


def create(live: LiveServer) -> tuple[str, list[str]]:
    status, body = live.rest.post("/v1/games", {"gameType": "dracula", "players": 2, "seed": 3})
    assert status == 201, body
    return body["gameId"], [seat["token"] for seat in body["seats"]]


def assert_too_large(status: int, headers: dict[str, str], body: Any) -> None:
    assert status == 413, body
    assert headers["content-type"] == "application/json"
    assert body["error"]["code"] == "request/too_large"
    assert body["error"]["status"] == "RESOURCE_EXHAUSTED"
    assert body["error"]["details"] == {"field": "body", "maxBytes": MAX_BODY_BYTES}


@pytest.mark.parametrize("path", ["/v1/games", "/v1/games/abc/moves", "/v1/games/abc/stream-tickets"])
def test_a_declared_50_mb_body_is_refused_before_it_is_read(live: LiveServer, path: str) -> None:
    """Content-Length 50 MB and only 1 KB sent: the 413 comes at once (the server does not wait for the rest)."""
    head = (
        f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {50 * 1024 * 1024}"
        "\r\n\r\n"
    ).encode()
    started = time.monotonic()
    status, headers, body = http_exchange(live.server.http_port, head, [b"{" + b" " * 1023])
    assert_too_large(status, headers, body)
    assert time.monotonic() - started < 2


def test_a_chunked_body_is_refused_while_it_is_read(live: LiveServer) -> None:
    head = b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    chunk = b'{"gameType": "' + b"x" * 8000
    parts = [b"%x\r\n%s\r\n" % (len(chunk), chunk)] + [b"%x\r\n%s\r\n" % (8000, b"x" * 8000)] * 12 + [b"0\r\n\r\n"]
    status, headers, body = http_exchange(live.server.http_port, head, parts)
    assert_too_large(status, headers, body)


def test_a_body_at_the_limit_is_read(live: LiveServer) -> None:
    """A body of exactly MAX_BODY_BYTES (padded with spaces) is parsed and answered as usual."""
    payload = orjson.dumps({"gameType": "dracula", "players": 2})
    payload += b" " * (MAX_BODY_BYTES - len(payload))
    status, body = live.rest.call("POST", "/v1/games", body=payload)
    assert status == 201, body


def test_a_long_game_type_is_refused_with_a_short_quote(live: LiveServer) -> None:
    game_type = "g" * 10_000
    status, body = live.rest.post("/v1/games", {"gameType": game_type, "players": 2})
    assert status == 400, body
    error = body["error"]
    assert error["code"] == "request/too_long"
    assert error["details"] == {"field": "gameType", "maxLength": MAX_GAME_TYPE_CHARS}
    assert "'" + "g" * errors.QUOTE_CHARS + "'…" in error["message"]
    assert "g" * (errors.QUOTE_CHARS + 1) not in error["message"]
    with pytest.raises(GameEngineError) as raised:
        live.grpc.create_game(game_type, 2)
    assert raised.value.status is grpc.StatusCode.INVALID_ARGUMENT
    assert raised.value.code == "request/too_long"
    assert "g" * (errors.QUOTE_CHARS + 1) not in raised.value.message


def test_a_long_move_is_refused_with_a_short_quote(live: LiveServer) -> None:
    game_id, tokens = create(live)
    seat = live.grpc.get_game(game_id).to_act[0]
    move = "discard " + "9D" * 20_000  # 40 KB: under the body limit, over the move's
    status, body = live.rest.post(
        f"/v1/games/{game_id}/moves", {"move": move, "expectedVersion": 0}, token=tokens[seat]
    )
    assert status == 400, body
    assert body["error"]["code"] == "request/too_long"
    assert body["error"]["details"] == {"field": "move", "maxLength": MAX_MOVE_CHARS}
    assert len(body["error"]["message"]) < 200
    with pytest.raises(GameEngineError) as raised:
        live.grpc.apply_move(game_id, tokens[seat], move, 0)
    assert raised.value.status is grpc.StatusCode.INVALID_ARGUMENT
    assert raised.value.code == "request/too_long"
    assert len(raised.value.message) < 200
    assert live.grpc.get_game(game_id).version == 0


def test_a_3_mb_move_is_refused_by_grpc_and_the_client_raises_its_typed_error(live: LiveServer) -> None:
    """Over the gRPC receive limit (1 MiB): RESOURCE_EXHAUSTED from gRPC itself, as the client's GameEngineError."""
    game_id, tokens = create(live)
    with pytest.raises(GameEngineError) as raised:
        live.grpc.apply_move(game_id, tokens[0], "x" * (3 * 1024 * 1024), 0)
    assert raised.value.status is grpc.StatusCode.RESOURCE_EXHAUSTED
    assert raised.value.code == "resource_exhausted"
    assert live.grpc.get_game(game_id).version == 0


@pytest.mark.parametrize("length", [100_000, 900_000])
def test_long_strings_are_never_echoed_into_grpc_trailers(live: LiveServer, length: int) -> None:
    """A long game id, seat bot kind or game type under the receive limit: INVALID_ARGUMENT with a short message
    and short details (trailers over the client's metadata limit would break the call)."""
    text = "z" * length
    calls: list[Callable[[], object]] = [
        lambda: live.grpc.get_game(text),
        lambda: live.grpc.legal_moves(text, "token"),
        lambda: live.grpc.create_game("dracula", 2, seats=[("", text), ("", "")]),
        lambda: live.grpc.create_game(text),
    ]
    for call in calls:
        with pytest.raises(GameEngineError) as raised:
            call()
        assert raised.value.status is grpc.StatusCode.INVALID_ARGUMENT, raised.value
        assert len(raised.value.message) <= errors.MAX_MESSAGE_CHARS
        assert "z" * (errors.QUOTE_CHARS + 1) not in raised.value.message
        assert all(len(value) <= errors.MAX_DETAIL_CHARS for value in raised.value.details.values())


def test_limits_are_configurable(request: pytest.FixtureRequest) -> None:
    """``max_body_bytes`` and ``grpc_max_message_bytes`` of ServeConfig (``serve`` flags) move the limits."""
    with live_server(make_store("memory", request), "memory", max_body_bytes=100, grpc_max_message_bytes=4096) as live:
        payload = orjson.dumps({"gameType": "dracula", "players": 2, "seats": [{"name": "a" * 80}, {}]})
        status, body = live.rest.call("POST", "/v1/games", body=payload)
        assert status == 413, body
        assert body["error"]["details"] == {"field": "body", "maxBytes": 100}
        with pytest.raises(GameEngineError) as raised:
            live.grpc.apply_move("abc", "t", "x" * 5000, 0)
        assert raised.value.status is grpc.StatusCode.RESOURCE_EXHAUSTED


def test_serve_flags_set_the_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """``cardengine serve`` flags (or their environment variables) become the ServeConfig limits; 0 is refused."""
    monkeypatch.setenv("MAX_STREAMS_PER_GAME", "7")
    parser = build_parser()
    flags = "--max-body-bytes 1000 --max-header-bytes 2000 --grpc-max-message-bytes 3000 --max-streams 40"
    flags += " --max-connections-per-address 0 --max-connections 500 --header-timeout-seconds 2.5"
    args = parser.parse_args(["serve", *flags.split(), "--max-streams-per-client", "5"])
    assert request_limit_settings(args) == {
        "connection_limits": ConnectionLimits(per_address=0, total=500, header_seconds=2.5),
        "max_body_bytes": 1000,
        "max_header_bytes": 2000,
        "grpc_max_message_bytes": 3000,
        "stream_limits": StreamLimits(per_server=40, per_game=7, per_client=5),
    }
    defaults = request_limit_settings(build_parser().parse_args(["serve"]))
    assert defaults["max_body_bytes"] == MAX_BODY_BYTES == 65536
    assert defaults["stream_limits"] == StreamLimits(per_server=256, per_game=7, per_client=32)
    assert defaults["connection_limits"] == ConnectionLimits(
        per_address=128, total=4096, header_seconds=10.0, body_seconds=30.0, idle_seconds=30.0
    )
    with pytest.raises(SystemExit) as exited:
        parser.parse_args(["serve", "--max-streams", "0"])
    assert exited.value.code == 2


@pytest.mark.parametrize("move", ["x" * 500, "discard " + "9D" * 200, "meld " + ",".join(["9D"] * 150)])
def test_a_bad_move_under_the_limit_is_quoted_short(live: LiveServer, move: str) -> None:
    """The engine's reason quotes the move it refuses; the answer quotes at most 40 characters of it."""
    game_id, tokens = create(live)
    seat = live.grpc.get_game(game_id).to_act[0]
    status, body = live.rest.post(
        f"/v1/games/{game_id}/moves", {"move": move, "expectedVersion": 0}, token=tokens[seat]
    )
    assert status in (400, 422), body
    assert move[: errors.QUOTE_CHARS + 1] not in body["error"]["message"]
    assert repr(move[: errors.QUOTE_CHARS]) + "…" in body["error"]["message"]
    with pytest.raises(GameEngineError) as raised:
        live.grpc.apply_move(game_id, tokens[seat], move, 0)
    assert raised.value.message == body["error"]["message"]


@pytest.mark.parametrize("megabytes", [0.1, 1, 5, 20])
def test_a_client_sending_a_whole_oversized_body_reads_its_413(live: LiveServer, megabytes: float) -> None:
    """Issue 36: a client that writes its whole body before reading (as most HTTP clients do) reads the 413 at
    every size: the server answers at the headers, then drops the rest of the body until the client is done,
    instead of closing with the body unread (which resets the connection and loses the answer)."""
    size = int(megabytes * 1024 * 1024)
    head = (
        f"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {size}\r\n\r\n"
    ).encode()
    with socket.create_connection(("127.0.0.1", live.server.http_port), timeout=10) as sock:
        sock.sendall(head + b"{" + b" " * (size - 2) + b"}")  # every byte written, none refused by a reset
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    raw_head, _, body = data.partition(b"\r\n\r\n")
    lines = raw_head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
    assert_too_large(int(lines[0].split(" ", 2)[1]), headers, orjson.loads(body))
