"""The parsing edges of issue 15 (items 6 and 7), through real servers: only ASCII digits are numbers, non-finite
options and undecodable protobuf are INVALID_ARGUMENT, oversized headers get the JSON error shape, and a REST body
field the OpenAPI document does not list (a ``gameId`` of another game) is refused, not ignored."""

from __future__ import annotations

import contextlib
import http.client
import math
import socket
from typing import Any

import grpc
import orjson
import pytest
from cardengine.v1 import game_engine_pb2 as pb
from cardengine.v1 import game_engine_pb2_grpc as pb_grpc

from service.edges.openapi import openapi_document
from tests.service.conftest import LiveServer

GAME = {"gameType": "dracula", "players": 2, "seed": 7}


def create(live: LiveServer) -> tuple[str, list[str]]:
    status, body = live.rest.post("/v1/games", GAME)
    assert status == 201, body
    return body["gameId"], [seat["token"] for seat in body["seats"]]


def stream_status(port: int, path: str, headers: dict[str, str]) -> tuple[int, Any]:
    """The status and JSON body of an event-stream request that is refused (or 200 and None)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        if response.status == 200:
            return 200, None
        return response.status, orjson.loads(response.read())
    finally:
        connection.close()


# ----- 6: numbers are ASCII digits --------------------------------------------------------------------------------


@pytest.mark.parametrize("after", ["%C2%B2", "%D9%A3", "%EF%BC%93", "99999999999999999999", "4294967296", "-1"])
def test_after_takes_only_ascii_digits(live: LiveServer, after: str) -> None:
    game_id, _ = create(live)
    for follow in ("", "&follow=true"):
        status, body = live.rest.get(f"/v1/games/{game_id}/events?after={after}{follow}")
        assert status == 400, body
        assert body["error"]["code"] == "request/invalid"
        assert body["error"]["details"] == {"field": "after"}
        assert "ASCII digits" in body["error"]["message"]


def test_page_size_takes_only_ascii_digits(live: LiveServer) -> None:
    game_id, _ = create(live)
    status, body = live.rest.get(f"/v1/games/{game_id}/events?pageSize=%D9%A3")
    assert status == 400, body
    assert body["error"]["details"] == {"field": "pageSize"}


@pytest.mark.parametrize("value", ["\xb2", "\u0663", "99999999999999999999", "10000000000", "1e3", "+1", " 1 2"])
def test_last_event_id_takes_only_ascii_digits(live: LiveServer, value: str) -> None:
    """On the embedded store and on Redis: a typed 400, never a 500 (a header's bytes arrive as latin-1)."""
    game_id, _ = create(live)
    headers = {"Accept": "text/event-stream"}
    if value.isascii() or value == "\xb2":
        headers["Last-Event-ID"] = value
        status, body = stream_status(live.server.http_port, f"/v1/games/{game_id}/events", headers)
    else:  # a non-latin-1 character travels as its UTF-8 bytes
        raw = raw_header_request(
            live.server.http_port, f"/v1/games/{game_id}/events", b"Last-Event-ID: " + value.encode() + b"\r\n"
        )
        status, body = raw
    assert status == 400, body
    assert body["error"]["code"] == "request/invalid"
    assert body["error"]["details"] == {"field": "Last-Event-ID"}


@pytest.mark.parametrize("last_event_id", ["4294967295", "9999999999"])
def test_largest_version_is_accepted(live: LiveServer, last_event_id: str) -> None:
    """4294967295 (the largest uint32) is an ``after`` like any other, and any 10 digits a Last-Event-ID (the
    OpenAPI pattern): the stream resumes after it (nothing to send; the match goes on, so it stays open: 200)."""
    game_id, _ = create(live)
    status, body = stream_status(
        live.server.http_port,
        f"/v1/games/{game_id}/events",
        {"Accept": "text/event-stream", "Last-Event-ID": last_event_id},
    )
    assert status == 200, body
    status, body = live.rest.get(f"/v1/games/{game_id}/events?after=4294967295")
    assert status == 200, body
    assert body["events"] == []


def raw_header_request(port: int, path: str, extra: bytes) -> tuple[int, Any]:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(
            b"GET " + path.encode() + b" HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n" + extra + b"\r\n"
        )
        data = b""
        while b"\r\n\r\n" not in data:
            data += sock.recv(65536)
        head, _, body = data.partition(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length = next(
            (int(line.split(b":", 1)[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")),
            0,
        )
        while len(body) < length:
            body += sock.recv(65536)
        return status, orjson.loads(body) if length else None


def grpc_stub(live: LiveServer) -> tuple[grpc.Channel, pb_grpc.GameEngineStub]:
    channel = grpc.insecure_channel(f"127.0.0.1:{live.server.grpc_port}")
    return channel, pb_grpc.GameEngineStub(channel)


@pytest.mark.parametrize("number", [math.nan, math.inf, -math.inf])
def test_non_finite_option_is_invalid_argument(live: LiveServer, number: float) -> None:
    channel, stub = grpc_stub(live)
    with channel:
        for nested in (False, True):
            request = pb.CreateGameRequest(game_type="dracula", players=2)
            if nested:
                request.options.fields["deals"].list_value.values.add().number_value = number
            else:
                request.options.fields["deals"].number_value = number
            with pytest.raises(grpc.RpcError) as raised:
                stub.CreateGame(request, timeout=10)
            assert raised.value.code() is grpc.StatusCode.INVALID_ARGUMENT, raised.value.details()
            assert "must be a finite number" in (raised.value.details() or "")


def nested_struct(depth: int) -> bytes:
    """A Struct nested ``depth`` levels deep ({"a": {"a": ...}}), in wire form."""

    def length_prefixed(tag: int, payload: bytes) -> bytes:
        size, varint = len(payload), b""
        while True:
            byte = size & 0x7F
            size >>= 7
            varint += bytes([byte | (0x80 if size else 0)])
            if not size:
                break
        return bytes([tag]) + varint + payload

    struct = b""
    for _ in range(depth):
        value = length_prefixed(0x2A, struct)  # Value.struct_value
        entry = length_prefixed(0x0A, b"a") + length_prefixed(0x12, value)  # map entry: key, value
        struct = length_prefixed(0x0A, entry)  # Struct.fields
    return struct


@pytest.mark.parametrize(
    ("method", "payload"),
    [
        ("GetGame", b"\xff\xff\xff\xff"),
        ("CreateGame", b"\x0a\x07dracula\x22\x05ab"),  # a field longer than the bytes left
        ("CreateGame", b"\x0a\x07dracula" + b"\x22" + bytes([len(nested_struct(1))]) + nested_struct(1)[:-2]),
        ("WatchGame", b"\x0a\xff\xff\xff\x0f"),
    ],
)
def test_garbage_protobuf_is_invalid_argument(live: LiveServer, method: str, payload: bytes) -> None:
    channel = grpc.insecure_channel(f"127.0.0.1:{live.server.grpc_port}")
    with channel:
        path = f"/cardengine.v1.GameEngine/{method}"
        with pytest.raises(grpc.RpcError) as raised:
            if method == "WatchGame":
                list(channel.unary_stream(path, None, None)(payload, timeout=10))
            else:
                channel.unary_unary(path, None, None)(payload, timeout=10)
        assert raised.value.code() is grpc.StatusCode.INVALID_ARGUMENT, raised.value.details()
        assert "not a valid protobuf message" in (raised.value.details() or "")


def test_too_deeply_nested_protobuf_is_invalid_argument(live: LiveServer) -> None:
    """protobuf refuses messages nested more than 100 levels deep: INVALID_ARGUMENT, not INTERNAL."""
    options = nested_struct(150)
    payload = b"\x0a\x07dracula\x10\x02" + b"\x22" + encode_varint(len(options)) + options
    channel = grpc.insecure_channel(f"127.0.0.1:{live.server.grpc_port}")
    with channel:
        with pytest.raises(grpc.RpcError) as raised:
            channel.unary_unary("/cardengine.v1.GameEngine/CreateGame", None, None)(payload, timeout=10)
        assert raised.value.code() is grpc.StatusCode.INVALID_ARGUMENT, raised.value.details()
        # A shallow nesting of the same form is a message (its options are then judged by the game).
        shallow = nested_struct(3)
        payload = b"\x0a\x07dracula\x10\x02" + b"\x22" + encode_varint(len(shallow)) + shallow
        with pytest.raises(grpc.RpcError) as raised:
            channel.unary_unary("/cardengine.v1.GameEngine/CreateGame", None, None)(payload, timeout=10)
        assert raised.value.code() is grpc.StatusCode.INVALID_ARGUMENT
        assert "not a valid protobuf message" not in (raised.value.details() or "")


def encode_varint(number: int) -> bytes:
    out = b""
    while True:
        byte = number & 0x7F
        number >>= 7
        out += bytes([byte | (0x80 if number else 0)])
        if not number:
            return out


def test_huge_header_gets_the_json_error_shape(live: LiveServer) -> None:
    """A 1 MB header: 431 with the API's JSON error body (the server's own refusal, before the app)."""
    with socket.create_connection(("127.0.0.1", live.server.http_port), timeout=10) as sock:
        request = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (1024 * 1024) + b"\r\n\r\n"
        with contextlib.suppress(OSError):  # the server may answer and close before reading it all
            sock.sendall(request)
        data = b""
        with contextlib.suppress(ConnectionResetError):
            while chunk := sock.recv(65536):
                data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    assert head.split(b" ", 2)[1] == b"431", data[:200]
    assert b"content-type: application/json" in head.lower()
    error = orjson.loads(body)["error"]
    assert error["code"] == "request/headers_too_large"
    assert error["status"] == "RESOURCE_EXHAUSTED"
    assert error["details"] == {"field": "headers"}


# ----- 7: unknown body fields -------------------------------------------------------------------------------------


def test_apply_move_refuses_a_game_id_in_the_body(live: LiveServer) -> None:
    """``gameId`` of another game in the body is an error (the OpenAPI body has no gameId), and nothing moves."""
    game_id, tokens = create(live)
    other_id, _ = create(live)
    status, game = live.rest.get(f"/v1/games/{game_id}")
    seat = game["toAct"][0]
    status, legal = live.rest.get(f"/v1/games/{game_id}/moves", token=tokens[seat])
    move = legal["moves"][0]["notation"]
    for extra in ({"gameId": other_id}, {"game_id": game_id}, {"gameID": game_id}, {"unknown": 1}):
        body = {"move": move, "expectedVersion": 0, **extra}
        status, answer = live.rest.post(f"/v1/games/{game_id}/moves", body, token=tokens[seat])
        assert status == 400, answer
        assert answer["error"]["code"] == "request/invalid"
        assert answer["error"]["details"] == {"field": next(iter(extra))}
    assert live.rest.get(f"/v1/games/{game_id}")[1]["version"] == 0
    assert live.rest.get(f"/v1/games/{other_id}")[1]["version"] == 0
    status, answer = live.rest.post(
        f"/v1/games/{game_id}/moves", {"move": move, "expectedVersion": 0}, token=tokens[seat]
    )
    assert status == 200, answer
    assert answer["version"] == 1


def test_every_rest_body_matches_its_openapi_schema() -> None:
    """Every request body of the OpenAPI document is a closed object (additionalProperties false), and ApplyMove's
    has no gameId: the server refuses exactly what the document forbids (the test above)."""
    document = openapi_document()
    schemas = document["components"]["schemas"]
    bodies = []
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if "requestBody" not in operation:
                continue
            ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
            bodies.append((path, method, ref.rsplit("/", 1)[-1]))
    assert sorted(name for _, _, name in bodies) == [
        "ApplyMoveBody",
        "CreateGameRequest",
        "CreateTicketRequest",
        "CreateTournamentRequest",
        "JoinGameBody",
        "RedeemInvitationBody",
        "RegisterWebhookRequest",
    ]
    for _, _, name in bodies:
        assert schemas[name]["additionalProperties"] is False
    assert "gameId" not in schemas["ApplyMoveBody"]["properties"]


def test_create_game_refuses_unknown_fields(live: LiveServer) -> None:
    status, body = live.rest.post("/v1/games", {**GAME, "gameID": "x" * 5000})
    assert status == 400, body
    assert body["error"]["details"] == {"field": "gameID"}
    status, body = live.rest.post("/v1/games", {**GAME, "y" * 5000: 1})
    assert status == 400, body
    assert len(body["error"]["message"]) < 300
    assert body["error"]["details"]["field"] == "y" * 40


def test_the_openapi_document_names_the_limits() -> None:
    """413 on the routes that read a body, 429 on the event stream (stream/too_many), as the server answers."""
    paths = openapi_document()["paths"]
    for path in ("/v1/games", "/v1/games/{gameId}/moves"):
        assert "request/too_large" in paths[path]["post"]["responses"]["413"]["description"]
    assert "stream/too_many" in paths["/v1/games/{gameId}/events"]["get"]["responses"]["429"]["description"]
