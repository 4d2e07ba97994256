"""The REST edge's HTTP/1.1 server (``service.edges.http_server``) as any HTTP client meets it, over a raw socket:
kept-alive connections, pipelined requests answered in order, HEAD, ``Expect: 100-continue``, chunked bodies, and a
malformed request answered 400 in the API's JSON error shape before the connection closes."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import orjson
import pytest

from service.storage.store import MemoryStore
from tests.service.conftest import LiveServer, live_server


@pytest.fixture(scope="module")
def live() -> Iterator[LiveServer]:
    with live_server(MemoryStore(), "memory") as running:
        yield running


class Reader:
    """Answers read off one connection: status, headers (lower-cased names) and body by Content-Length."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock, self.buffer = sock, b""

    def _fill(self) -> None:
        data = self.sock.recv(65536)
        if not data:
            raise ConnectionError("closed")
        self.buffer += data

    def head(self) -> tuple[int, dict[str, str]]:
        while b"\r\n\r\n" not in self.buffer:
            self._fill()
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        fields = dict(line.split(": ", 1) for line in lines[1:])
        return int(lines[0].split(" ")[1]), {name.lower(): value for name, value in fields.items()}

    def answer(self, *, head_only: bool = False) -> tuple[int, dict[str, str], bytes]:
        status, fields = self.head()
        length = 0 if head_only else int(fields.get("content-length", "0"))
        while len(self.buffer) < length:
            self._fill()
        body, self.buffer = self.buffer[:length], self.buffer[length:]
        return status, fields, body

    def closed(self) -> bool:
        try:
            return self.buffer == b"" and self.sock.recv(1) == b""
        except ConnectionResetError:
            return True


def connect(live: LiveServer) -> tuple[socket.socket, Reader]:
    sock = socket.create_connection(("127.0.0.1", live.server.http_port), timeout=10)
    return sock, Reader(sock)


def test_one_connection_serves_pipelined_requests_in_order(live: LiveServer) -> None:
    sock, reader = connect(live)
    with sock:
        sock.sendall(
            b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
            b"GET /v1/games/nosuchgame HTTP/1.1\r\nHost: x\r\n\r\n"
            b"GET /readyz HTTP/1.1\r\nHost: x\r\n\r\n"
        )
        answers = [reader.answer() for _ in range(3)]
        assert [status for status, _, _ in answers] == [200, 404, 200]
        assert orjson.loads(answers[0][2]) == {"status": "ok"}
        assert orjson.loads(answers[1][2])["error"]["code"] == "game/not_found"
        assert orjson.loads(answers[2][2]) == {"status": "ready"}
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")  # still open: kept alive
        assert reader.answer()[0] == 200


def test_head_answers_the_headers_of_get_without_a_body(live: LiveServer) -> None:
    sock, reader = connect(live)
    with sock:
        sock.sendall(b"HEAD /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        status, fields, _ = reader.answer(head_only=True)
        assert (status, fields["content-length"], fields["content-type"]) == (200, "15", "application/json")
        assert reader.answer()[2] == b'{"status":"ok"}'


def test_a_client_that_expects_100_continue_is_told_to_send_its_body(live: LiveServer) -> None:
    body = orjson.dumps({"gameType": "dracula", "players": 2, "seed": 3})
    sock, reader = connect(live)
    with sock:
        sock.sendall(
            b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nExpect: 100-continue\r\n"
            b"Content-Length: %d\r\n\r\n" % len(body)
        )
        assert reader.head() == (100, {})
        sock.sendall(body)
        status, fields, answer = reader.answer()
        assert status == 201 and fields["location"] == f"/v1/games/{orjson.loads(answer)['gameId']}"


def test_a_chunked_body_is_read(live: LiveServer) -> None:
    body = orjson.dumps({"gameType": "dracula", "players": 2, "seed": 3})
    first, second = body[:10], body[10:]
    sock, reader = connect(live)
    with sock:
        sock.sendall(
            b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
            b"%x\r\n%s\r\n%x\r\n%s\r\n0\r\n\r\n" % (len(first), first, len(second), second)
        )
        status, _, answer = reader.answer()
        assert status == 201 and orjson.loads(answer)["game"]["gameType"] == "dracula"


def test_a_malformed_request_gets_400_in_the_json_shape_and_the_connection_closes(live: LiveServer) -> None:
    sock, reader = connect(live)
    with sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n")
        status, fields, body = reader.answer()
        error = orjson.loads(body)["error"]
        assert (status, fields["connection"], error["code"], error["status"]) == (
            400,
            "close",
            "http/400",
            "INVALID_ARGUMENT",
        )
        assert reader.closed()


def test_http_1_0_closes_after_its_answer(live: LiveServer) -> None:
    sock, reader = connect(live)
    with sock:
        sock.sendall(b"GET /healthz HTTP/1.0\r\n\r\n")
        status, fields, _ = reader.answer()
        assert (status, fields["connection"]) == (200, "close")
        assert reader.closed()
