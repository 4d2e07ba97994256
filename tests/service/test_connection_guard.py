"""One REST client cannot block the port (issue 29): 1,000 idle connections from one address take only that
address's share and are told so (429 limit/connections); slowloris clients, trickling a header or a body, are cut
at the deadline; meanwhile ``/healthz`` and another client's moves are answered. The flood comes from 127.0.0.2,
another address of the loopback, so that the other client (127.0.0.1) is another address, as on a network."""

from __future__ import annotations

import contextlib
import select
import socket
import threading
import time
from collections.abc import Iterator

import orjson

from service.edges.http_server import ConnectionLimits
from service.storage.store import MemoryStore
from tests.service.conftest import LiveServer, live_server

FLOOD_ADDRESS = "127.0.0.2"


def connect_from(address: str, port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(address, 0))


def play_moves(live: LiveServer, count: int) -> int:
    """``count`` moves of a new Dracula match over REST (another client); the moves answered 200."""
    status, created = live.rest.post("/v1/games", {"gameType": "dracula", "players": 2, "seed": 5})
    assert status == 201, created
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    game_id, answered = created["gameId"], 0
    for _ in range(count):
        status, game = live.rest.get(f"/v1/games/{game_id}")
        assert status == 200 and not game["finished"], game
        seat = game["toAct"][0]
        status, legal = live.rest.get(f"/v1/games/{game_id}/moves", tokens[seat])
        body = {"move": legal["moves"][0]["notation"], "expectedVersion": legal["version"]}
        status, applied = live.rest.post(f"/v1/games/{game_id}/moves", body, tokens[seat])
        assert status == 200, applied
        answered += 1
    return answered


def readable(connections: list[socket.socket], timeout: float) -> list[socket.socket]:
    """The connections with something to read (or closed), waiting at most ``timeout`` (poll: select() stops at
    descriptor 1024)."""
    poller = select.poll()
    by_fd = {connection.fileno(): connection for connection in connections}
    for fd in by_fd:
        poller.register(fd, select.POLLIN)
    return [by_fd[fd] for fd, _ in poller.poll(timeout * 1000)]


def closed_by_server(connection: socket.socket) -> bool:
    """True when the server closed ``connection`` (EOF or reset), reading whatever it sent first."""
    try:
        while connection.recv(65536):
            pass
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False
    return True


@contextlib.contextmanager
def guarded_server(limits: ConnectionLimits) -> Iterator[LiveServer]:
    with live_server(MemoryStore(), "memory", connection_limits=limits) as live:
        yield live


def test_a_thousand_idle_connections_from_one_address_take_only_its_share() -> None:
    limits = ConnectionLimits(header_seconds=120)  # the kept ones stay open while the test looks at them
    with guarded_server(limits) as live:
        flood = [connect_from(FLOOD_ADDRESS, live.rest.port) for _ in range(1000)]
        try:
            assert live.rest.get("/healthz")[0] == 200
            assert play_moves(live, 10) == 10
            # Every connection past the address's share got the 429 and was closed; the others wait, unanswered.
            answers: dict[socket.socket, bytes] = {}
            deadline = time.monotonic() + 30
            while len(answers) < 1000 - limits.per_address and time.monotonic() < deadline:
                for connection in readable([c for c in flood if c not in answers], 1.0):
                    connection.settimeout(5)
                    data = b""
                    with contextlib.suppress(ConnectionResetError):
                        while chunk := connection.recv(65536):
                            data += chunk
                    answers[connection] = data
            assert len(answers) == 1000 - limits.per_address
            head, _, body = next(iter(answers.values())).partition(b"\r\n\r\n")
            assert all(data == b"" or data.startswith(b"HTTP/1.1 429 ") for data in answers.values())
            assert head.startswith(b"HTTP/1.1 429 Too Many Requests") and b"Retry-After: 1" in head
            error = orjson.loads(body)["error"]
            assert error["code"] == "limit/connections" and error["details"]["limit"] == limits.per_address
            assert f"already holds {limits.per_address} open connections" in error["message"]
            waiting = [c for c in flood if c not in answers]
            assert readable(waiting, 0.2) == []
            # The address's kept connections still serve it.
            waiting[0].sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            waiting[0].settimeout(10)
            assert waiting[0].recv(65536).startswith(b"HTTP/1.1 200 ")
        finally:
            for connection in flood:
                connection.close()


def trickle(connections: list[socket.socket], first: bytes, stop: threading.Event) -> None:
    """Slowloris: ``first`` on each connection, then one more byte on each every 0.2 s until stopped."""
    for connection in connections:
        connection.sendall(first)
    while not stop.wait(0.2):
        for connection in connections:
            with contextlib.suppress(OSError):
                connection.sendall(b"x")


def test_slowloris_headers_and_bodies_are_cut_at_their_deadlines_and_others_are_served() -> None:
    limits = ConnectionLimits(header_seconds=1.0, body_seconds=2.0, idle_seconds=2.0)
    with guarded_server(limits) as live:
        heads = [connect_from(FLOOD_ADDRESS, live.rest.port) for _ in range(50)]
        bodies = [connect_from(FLOOD_ADDRESS, live.rest.port) for _ in range(5)]
        silent = connect_from(FLOOD_ADDRESS, live.rest.port)  # connects and never sends a byte
        idle = connect_from(FLOOD_ADDRESS, live.rest.port)  # one request answered, then kept alive doing nothing
        idle.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        idle.settimeout(10)
        assert idle.recv(65536).startswith(b"HTTP/1.1 200 ")
        stop = threading.Event()
        body_head = b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n"
        body_head += b"\r\n"
        threads = [
            threading.Thread(target=trickle, args=(heads, b"GET /healthz HTTP/1.1\r\nX-Slow: ", stop)),
            threading.Thread(target=trickle, args=(bodies, body_head, stop)),
        ]
        for thread in threads:
            thread.start()
        try:
            assert live.rest.get("/healthz")[0] == 200
            assert play_moves(live, 10) == 10
            for connection in [*heads, *bodies, silent, idle]:
                connection.settimeout(15)
            # Each is closed by the server while it still trickles (a slowloris never finishes on its own).
            assert all(closed_by_server(connection) for connection in [*heads, *bodies, silent, idle])
            assert live.rest.get("/healthz")[0] == 200
        finally:
            stop.set()
            for thread in threads:
                thread.join(5)
            for connection in [*heads, *bodies, silent, idle]:
                connection.close()
