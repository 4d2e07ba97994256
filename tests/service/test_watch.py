"""WatchGame (gRPC server stream) and Server-Sent Events (REST): live follow of a game, to its end."""

from __future__ import annotations

import http.client
import threading
import time
from collections.abc import Iterator
from typing import Any

import orjson
from cardengine_client import GameEngineClient, WatchUpdate

from tests.service.conftest import LiveServer


def play_to_the_end(client: GameEngineClient, game_id: str, tokens: list[str], pause: float = 0.0) -> int:
    version = 0
    while not (game := client.get_game(game_id)).finished:
        seat = game.to_act[0]
        move = client.legal_moves(game_id, tokens[seat]).notations[-1]
        version = client.apply_move(game_id, tokens[seat], move, version).version
        time.sleep(pause)
    return version


def test_watch_follows_a_match_live_to_its_end(live: LiveServer) -> None:
    client = live.grpc
    created = client.create_game("dracula", 2, seed=21, options={"deals": 1})
    tokens = [seat.token for seat in created.seats]
    updates: list[WatchUpdate] = []
    watcher = threading.Thread(target=lambda: updates.extend(client.watch(created.game_id, tokens[1])))
    watcher.start()
    time.sleep(0.2)  # the watch is live before the first move
    final = play_to_the_end(client, created.game_id, tokens, pause=0.01)
    watcher.join(timeout=10)
    assert not watcher.is_alive(), "the stream did not end with the match"
    assert [u.version for u in updates] == list(range(final + 1))
    assert updates[-1].finished and not any(u.finished for u in updates[:-1])
    assert updates[0].seat is None and all(u.seat is not None for u in updates[1:])
    streamed = [event for update in updates for event in update.events]
    assert streamed == list(client.events(created.game_id, tokens[1]).events)
    replay = list(client.watch(created.game_id, None, after_version=final - 2))
    assert [u.version for u in replay] == [final - 1, final]
    assert list(client.watch(created.game_id, None, after_version=final)) == []


def test_a_cancelled_watch_ends(live: LiveServer) -> None:
    client = live.grpc
    created = client.create_game("dracula", 2, seed=2)
    stream = client.watch(created.game_id)
    first = next(stream)
    assert first.version == 0 and not first.finished
    started = time.monotonic()
    stream.close()  # cancels the call
    assert time.monotonic() - started < 2
    assert client.get_game(created.game_id).version == 0


def sse_messages(port: int, path: str, headers: dict[str, str]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(event, data) of each Server-Sent Event of a streaming GET, until the server closes it."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    assert response.status == 200 and response.getheader("Content-Type", "").startswith("text/event-stream")
    event, data = "message", b""
    try:
        while True:
            line = response.readline()
            if not line:
                return
            line = line.rstrip(b"\r\n")
            if not line:
                if data:
                    yield event, orjson.loads(data)
                event, data = "message", b""
            elif line.startswith(b"event:"):
                event = line[6:].strip().decode()
            elif line.startswith(b"data:"):
                data += line[5:].strip()
    finally:
        connection.close()


def test_server_sent_events_follow_a_match(live: LiveServer) -> None:
    client = live.grpc
    created = client.create_game("dracula", 2, seed=8, options={"deals": 1})
    tokens = [seat.token for seat in created.seats]
    received: list[tuple[str, dict[str, Any]]] = []
    path = f"/v1/games/{created.game_id}/events?follow=true"
    reader = threading.Thread(
        target=lambda: received.extend(sse_messages(live.rest.port, path, {"Authorization": f"Bearer {tokens[0]}"}))
    )
    reader.start()
    time.sleep(0.2)
    final = play_to_the_end(client, created.game_id, tokens, pause=0.01)
    reader.join(timeout=10)
    assert not reader.is_alive(), "the event stream did not end with the match"
    versions = [data for kind, data in received if kind == "version"]
    assert [v["version"] for v in versions] == list(range(final + 1))
    assert versions[-1]["finished"] is True and received[-1][0] == "end"
    streamed = [event for version in versions for event in version["events"]]
    status, log = live.rest.get(f"/v1/games/{created.game_id}/events", tokens[0])
    assert status == 200 and streamed == log["events"]
    # Accept: text/event-stream also streams; after= and Last-Event-ID resume.
    tail = list(
        sse_messages(live.rest.port, path.split("?")[0] + f"?after={final - 1}", {"Accept": "text/event-stream"})
    )
    assert [data["version"] for kind, data in tail if kind == "version"] == [final]
    resumed = list(sse_messages(live.rest.port, path, {"Last-Event-ID": str(final - 2)}))
    assert [data["version"] for kind, data in resumed if kind == "version"] == [final - 1, final]


def test_server_sent_events_of_an_unknown_game_is_a_json_error(live: LiveServer) -> None:
    status, data = live.rest.get("/v1/games/NoSuchGame/events?follow=true")
    assert status == 404 and data["error"]["code"] == "game/not_found"
