"""One event stream per API key over real servers, on the in-memory store and on Redis: one consumer serves ten
concurrent games from the key's gRPC stream alone; the REST form pages and resumes with Last-Event-ID
(docs/api.md "One event stream per API key")."""

from __future__ import annotations

import http.client
import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import orjson
import pytest
from cardengine.v1 import game_engine_pb2 as pb
from cardengine.v1 import game_engine_pb2_grpc as pb_grpc

from service.access.limits import LimitSettings
from tests.service.access import ALICE, BOB, keys_file, rest
from tests.service.conftest import LiveServer, live_server, make_store

GAMES = 10
RESIGN_AT = 4  # each game is played move by move from the stream, then a seat resigns: short and always finished


@pytest.fixture
def keyed(store_kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LiveServer]:
    limits = LimitSettings(key_rate=0)  # one key plays ten games as fast as it can here
    store = make_store(store_kind, request)
    with live_server(store, store_kind, api_keys_file=keys_file(tmp_path), limits=limits) as running:
        yield running


def test_one_consumer_serves_ten_games_from_the_key_stream(keyed: LiveServer) -> None:
    channel = grpc.insecure_channel(f"127.0.0.1:{keyed.server.grpc_port}")
    stub = pb_grpc.GameEngineStub(channel)
    key = (("x-api-key", ALICE),)
    tokens: dict[str, dict[int, str]] = {}
    seen: dict[str, list[str]] = defaultdict(list)
    winners: dict[str, list[int]] = {}
    failures: list[BaseException] = []
    created_all = threading.Event()

    def serve() -> None:
        """The bot: every decision comes from the one stream."""
        stream = stub.WatchKeyEvents(pb.WatchKeyEventsRequest(), metadata=key, timeout=120)
        try:
            for event in stream:
                seen[event.game_id].append(event.kind)
                if event.kind == "game_finished":
                    winners[event.game_id] = list(event.winners)
                    if created_all.is_set() and len(winners) == GAMES:
                        stream.cancel()  # type: ignore[no-untyped-call]
                        return
                if event.kind != "your_turn":
                    continue
                created_all.wait(60)
                seat = event.seats[0]
                auth = (*key, ("authorization", f"Bearer {tokens[event.game_id][seat]}"))
                if event.version >= RESIGN_AT:
                    stub.ResignSeat(pb.ResignSeatRequest(game_id=event.game_id), metadata=auth, timeout=30)
                    continue
                legal = stub.ListLegalMoves(pb.ListLegalMovesRequest(game_id=event.game_id), metadata=auth, timeout=30)
                assert legal.version == event.version
                move = pb.ApplyMoveRequest(
                    game_id=event.game_id, move=legal.moves[0].notation, expected_version=event.version, omit_view=True
                )
                stub.ApplyMove(move, metadata=auth, timeout=30)
        except grpc.RpcError as error:
            if error.code() != grpc.StatusCode.CANCELLED:
                failures.append(error)
        except BaseException as error:
            failures.append(error)

    consumer = threading.Thread(target=serve)
    consumer.start()
    try:
        for _ in range(GAMES):
            created = stub.CreateGame(pb.CreateGameRequest(game_type="dracula", players=2), metadata=key, timeout=30)
            tokens[created.game_id] = {seat.seat: seat.token for seat in created.seats}
        created_all.set()
        consumer.join(120)
    finally:
        channel.close()
    assert not failures, failures
    assert not consumer.is_alive()
    assert set(winners) == set(tokens) and len(tokens) == GAMES
    for game_id, kinds in seen.items():
        assert kinds[0] == "game_created" and kinds[-1] == "game_finished", kinds
        assert kinds.count("your_turn") == RESIGN_AT + 1, kinds  # versions 0 to RESIGN_AT, one seat to act each
        assert len(winners[game_id]) == 1
    for game_id in tokens:
        score = rest(keyed, "GET", f"/v1/games/{game_id}/score").json()
        assert score["finished"] is True and score["winners"] == winners[game_id]


def read_sse(port: int, path: str, headers: dict[str, str], events: int) -> list[dict[str, str]]:
    """The first ``events`` Server-Sent Events of a stream (``id`` and ``data``), then the connection is closed."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        assert response.status == 200 and response.getheader("Content-Type", "").startswith("text/event-stream")
        found: list[dict[str, str]] = []
        current: dict[str, str] = {}
        while len(found) < events:
            line = response.fp.readline().decode().rstrip("\n")
            if not line:
                if "data" in current:
                    found.append(current)
                current = {}
                continue
            name, _, value = line.partition(": ")
            current[name] = value
        return found
    finally:
        connection.close()


def written_events(live: LiveServer, key: str, count: int) -> dict[str, Any]:
    """The key's first page once it holds ``count`` events: they are written just after their commits."""
    page: dict[str, Any] = {}
    for _ in range(200):
        page = rest(live, "GET", "/v1/key-events", key=key).json()
        if len(page["events"]) >= count:
            return page
        time.sleep(0.05)
    raise AssertionError(f"the stream holds {len(page['events'])} events, not {count}")


def test_the_rest_stream_pages_and_resumes_after_last_event_id(keyed: LiveServer) -> None:
    games = [rest(keyed, "POST", "/v1/games", key=BOB, body={"gameType": "dracula"}).json() for _ in range(3)]
    page = written_events(keyed, BOB, 6)
    created = [(event["kind"], event["gameId"]) for event in page["events"] if event["kind"] == "game_created"]
    assert created == [("game_created", game["gameId"]) for game in games]
    assert page["nextCursor"] == page["events"][-1]["id"]
    second = page["events"][1]["id"]
    resumed = read_sse(keyed.rest.port, "/v1/key-events?follow=true", {"x-api-key": BOB, "Last-Event-ID": second}, 2)
    assert [orjson.loads(event["data"]) for event in resumed] == page["events"][2:4]
    assert [event["id"] for event in resumed] == [event["id"] for event in page["events"][2:4]]
    assert {event["event"] for event in resumed} == {"key_event"}
    after = rest(keyed, "GET", f"/v1/key-events?cursor={page['nextCursor']}", key=BOB).json()
    assert after == {"events": [], "nextCursor": page["nextCursor"]}
    assert rest(keyed, "GET", "/v1/key-events", key=ALICE).json()["events"] == []  # another key's stream
    keyless = rest(keyed, "GET", "/v1/key-events")
    assert (keyless.status, keyless.json()["error"]["code"]) == (401, "auth/missing_api_key")
    bad = rest(keyed, "GET", "/v1/key-events?cursor=abc", key=BOB)
    assert (bad.status, bad.json()["error"]["code"]) == (400, "request/invalid")


def test_the_grpc_stream_resumes_after_a_cursor(keyed: LiveServer) -> None:
    games = [rest(keyed, "POST", "/v1/games", key=BOB, body={"gameType": "dracula"}).json() for _ in range(2)]
    page = written_events(keyed, BOB, 4)  # created and your_turn of each game
    assert [event["gameId"] for event in page["events"]] == [games[0]["gameId"]] * 2 + [games[1]["gameId"]] * 2
    channel = grpc.insecure_channel(f"127.0.0.1:{keyed.server.grpc_port}")
    try:
        stub = pb_grpc.GameEngineStub(channel)
        request = pb.WatchKeyEventsRequest(cursor=page["events"][1]["id"])
        stream = stub.WatchKeyEvents(request, metadata=(("x-api-key", BOB),), timeout=30)
        events = iter(stream)
        received = [next(events), next(events)]
        stream.cancel()  # type: ignore[no-untyped-call]
        bad = stub.WatchKeyEvents(pb.WatchKeyEventsRequest(cursor="x"), metadata=(("x-api-key", BOB),), timeout=30)
        with pytest.raises(grpc.RpcError) as raised:
            list(bad)
        keyless = stub.WatchKeyEvents(pb.WatchKeyEventsRequest(), timeout=30)
        with pytest.raises(grpc.RpcError) as missing:
            list(keyless)
    finally:
        channel.close()
    assert [(e.id, e.kind, e.game_id, e.version, list(e.seats)) for e in received] == [
        (event["id"], event["kind"], event["gameId"], event["version"], event["seats"]) for event in page["events"][2:]
    ]
    assert raised.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert missing.value.code() == grpc.StatusCode.UNAUTHENTICATED
