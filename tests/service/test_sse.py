"""Server-Sent Events as the HTML standard describes them (issue 12): a ``retry:`` line first, one ``version``
message per version with ``id:`` (the version) and JSON data, comment lines as heartbeats while idle, an ``end``
message when the match is finished, and ``Last-Event-ID`` resuming after that version, winning over ``after``."""

from __future__ import annotations

import http.client
import time
from collections.abc import Iterator

import orjson
import pytest

from tests.service.conftest import LiveServer, live_server, make_store
from tests.service.test_watch import play_to_the_end


def sse_lines(port: int, path: str, headers: dict[str, str], seconds: float = 20.0) -> Iterator[bytes]:
    """The raw lines of an event stream (without line ends), until the server closes it or ``seconds`` pass."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=seconds)
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    assert response.status == 200, response.read()
    assert response.getheader("Content-Type", "").startswith("text/event-stream")
    assert response.getheader("Cache-Control") == "no-cache"
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            try:
                line = response.readline()
            except TimeoutError:
                return
            if not line:
                return
            yield line.rstrip(b"\r\n")
    finally:
        connection.close()


def messages(lines: list[bytes]) -> list[dict[str, str]]:
    """The messages (field -> value) of a stream's lines; comment lines are left out."""
    found: list[dict[str, str]] = []
    current: dict[str, str] = {}
    for line in lines:
        if not line:
            if current:
                found.append(current)
            current = {}
        elif not line.startswith(b":"):
            name, _, value = line.decode().partition(":")
            current[name] = value.removeprefix(" ")
    return found


def finished_game(live: LiveServer, seed: int = 12) -> tuple[str, list[str], int]:
    created = live.grpc.create_game("dracula", 2, seed=seed, options={"deals": 1})
    tokens = [seat.token for seat in created.seats]
    return created.game_id, tokens, play_to_the_end(live.grpc, created.game_id, tokens)


def test_the_stream_is_retry_then_named_messages_with_ids_then_end(live: LiveServer) -> None:
    game_id, _, final = finished_game(live)
    lines = list(sse_lines(live.rest.port, f"/v1/games/{game_id}/events?follow=true", {}))
    assert lines[:2] == [b"retry: 1000", b""]
    found = messages(lines)
    assert found[0] == {"retry": "1000"}
    versions = found[1:-1]
    assert [m["id"] for m in versions] == [str(v) for v in range(final + 1)]
    assert all(m["event"] == "version" for m in versions)
    data = [orjson.loads(m["data"]) for m in versions]
    assert [d["version"] for d in data] == list(range(final + 1))
    assert [d["finished"] for d in data] == [False] * final + [True]
    assert all(event["text"] for d in data for event in d["events"])  # every event in words
    assert found[-1] == {"event": "end", "data": '{"reason":"finished"}'}


def test_last_event_id_resumes_and_wins_over_after(live: LiveServer) -> None:
    game_id, _, final = finished_game(live)
    path = f"/v1/games/{game_id}/events?follow=true&after=0"
    resumed = messages(list(sse_lines(live.rest.port, path, {"Last-Event-ID": str(final - 2)})))
    assert [m["id"] for m in resumed if m.get("event") == "version"] == [str(final - 1), str(final)]
    from_after = messages(list(sse_lines(live.rest.port, path, {})))
    assert [m["id"] for m in from_after if m.get("event") == "version"] == [str(v) for v in range(1, final + 1)]
    at_the_end = messages(list(sse_lines(live.rest.port, path, {"Last-Event-ID": str(final)})))
    assert at_the_end == [{"retry": "1000"}, {"event": "end", "data": '{"reason":"finished"}'}]
    status, body = live.rest.call("GET", path, headers={"Last-Event-ID": "seven"})
    assert status == 400 and body["error"]["details"]["field"] == "Last-Event-ID"


def test_an_idle_stream_sends_heartbeats_and_no_end(store_kind: str, request: pytest.FixtureRequest) -> None:
    with live_server(make_store(store_kind, request), store_kind, sse_heartbeat_seconds=0.25) as running:
        created = running.grpc.create_game("dracula", 2, seed=3)
        path = f"/v1/games/{created.game_id}/events?follow=true&after=0"
        lines = list(sse_lines(running.rest.port, path, {}, seconds=1.4))
        assert lines[:2] == [b"retry: 1000", b""]
        heartbeats = [line for line in lines if line == b": heartbeat"]
        assert 3 <= len(heartbeats) <= 6
        assert messages(lines) == [{"retry": "1000"}]  # no version yet, and no end: the match goes on


def test_stream_parameters_that_page_are_refused(live: LiveServer) -> None:
    created = live.grpc.create_game("dracula", 2, seed=3)
    status, body = live.rest.get(f"/v1/games/{created.game_id}/events?follow=true&pageSize=5")
    assert status == 400 and body["error"]["details"]["field"] == "pageSize"
