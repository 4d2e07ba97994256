"""One event stream per API key over real servers, on the in-memory store and on Redis: one consumer serves ten
concurrent games from the key's gRPC stream alone; the REST form pages and resumes with Last-Event-ID; a stream
opened without a cursor starts now, with one game_in_progress per live game of the key (issue 37)
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
        # From the oldest event kept: the games are created while the stream opens, and every event of each counts.
        stream = stub.WatchKeyEvents(pb.WatchKeyEventsRequest(cursor="0"), metadata=key, timeout=120)
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
    """The key's first page from the oldest event kept (cursor 0) once it holds ``count`` events: they are written
    just after their commits."""
    page: dict[str, Any] = {}
    for _ in range(200):
        page = rest(live, "GET", "/v1/key-events?cursor=0", key=key).json()
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
    assert rest(keyed, "GET", "/v1/key-events?cursor=0", key=ALICE).json()["events"] == []  # another key's stream
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


def seat_token(created: dict[str, Any], seat: int) -> str:
    return str(next(entry["token"] for entry in created["seats"] if entry["seat"] == seat))


def three_finished_and_one_live(live: LiveServer, key: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Three games of ``key`` finished by a resignation, then one live game; answers the live game's create and
    the key's whole stream (cursor 0) once every event of them is written."""
    for _ in range(3):
        finished = rest(live, "POST", "/v1/games", key=key, body={"gameType": "dracula", "seed": 5}).json()
        resigned = rest(live, "POST", f"/v1/games/{finished['gameId']}/resign", token=seat_token(finished, 1))
        assert resigned.status == 200, resigned.body
    created = rest(live, "POST", "/v1/games", key=key, body={"gameType": "dracula", "seed": 7}).json()
    history = written_events(live, key, 3 * 3 + 2)["events"]  # created, your_turn, finished; created, your_turn
    return created, history


def in_progress(created: dict[str, Any], event_id: str) -> dict[str, Any]:
    return {
        "id": event_id,
        "kind": "game_in_progress",
        "gameId": created["gameId"],
        "gameType": "dracula",
        "version": 0,
        "seats": [0, 1],
        "winners": [],
        "toAct": created["game"]["toAct"],
        "tournamentId": "",
        "round": 0,
        "token": "",
        "ticketId": "",
    }


def test_a_stream_without_a_cursor_starts_now_over_rest(keyed: LiveServer) -> None:
    """Issue 37: 3 finished games and 1 live one: none of the finished games' events, one game_in_progress for the
    live game (the key's seats, the seats to act, the version) with the stream's position as its id."""
    created, history = three_finished_and_one_live(keyed, BOB)
    assert [event["kind"] for event in history].count("game_finished") == 3
    position = history[-1]["id"]
    page = rest(keyed, "GET", "/v1/key-events", key=BOB).json()
    assert page == {"events": [in_progress(created, position)], "nextCursor": position}
    assert len(created["game"]["toAct"]) == 1
    streamed = read_sse(keyed.rest.port, "/v1/key-events?follow=true", {"x-api-key": BOB}, 1)
    assert [(event["event"], event["id"], orjson.loads(event["data"])) for event in streamed] == [
        ("key_event", position, in_progress(created, position))
    ]
    assert rest(keyed, "GET", f"/v1/key-events?cursor={position}", key=BOB).json() == {
        "events": [],
        "nextCursor": position,
    }
    assert rest(keyed, "GET", "/v1/key-events?cursor=0", key=BOB).json()["events"] == history  # the past, on demand
    assert rest(keyed, "GET", "/v1/key-events", key=ALICE).json() == {"events": [], "nextCursor": "0"}


def test_a_stream_without_a_cursor_starts_now_over_grpc_then_follows_live(keyed: LiveServer) -> None:
    created, history = three_finished_and_one_live(keyed, BOB)
    game_id, mover = created["gameId"], created["game"]["toAct"][0]
    channel = grpc.insecure_channel(f"127.0.0.1:{keyed.server.grpc_port}")
    try:
        stub = pb_grpc.GameEngineStub(channel)
        stream = stub.WatchKeyEvents(pb.WatchKeyEventsRequest(), metadata=(("x-api-key", BOB),), timeout=30)
        events = iter(stream)
        first = next(events)
        legal = rest(keyed, "GET", f"/v1/games/{game_id}/moves", token=seat_token(created, mover)).json()
        body = {"move": legal["moves"][0]["notation"], "expectedVersion": 0}
        applied = rest(keyed, "POST", f"/v1/games/{game_id}/moves", token=seat_token(created, mover), body=body)
        assert applied.status == 200, applied.body
        following = next(events)
        stream.cancel()  # type: ignore[no-untyped-call]
    finally:
        channel.close()
    expected = in_progress(created, history[-1]["id"])
    assert (first.id, first.kind, first.game_id, first.game_type, first.version) == (
        expected["id"],
        "game_in_progress",
        game_id,
        "dracula",
        0,
    )
    assert (list(first.seats), list(first.winners), list(first.to_act)) == ([0, 1], [], [mover])
    to_act = applied.json()["game"]["toAct"]
    assert (following.kind, following.game_id, following.version) == ("your_turn", game_id, 1)
    assert (list(following.seats), list(following.to_act)) == (to_act, to_act)
    assert int(following.id.split("-")[0]) >= int(first.id.split("-")[0])


def test_a_joined_key_is_told_its_own_seat_of_a_game_in_progress(keyed: LiveServer) -> None:
    created = rest(keyed, "POST", "/v1/games", key=ALICE, body={"gameType": "dracula", "inviteSeats": [1]}).json()
    game_id, code = created["gameId"], created["invitations"][0]["code"]
    redeemed = rest(keyed, "POST", f"/v1/games/{game_id}/invitations/redeem", key=BOB, body={"code": code})
    assert redeemed.status == 200, redeemed.body
    to_act = created["game"]["toAct"]
    bob = rest(keyed, "GET", "/v1/key-events", key=BOB).json()["events"]
    alice = rest(keyed, "GET", "/v1/key-events", key=ALICE).json()["events"]
    assert [(e["kind"], e["gameId"], e["seats"], e["toAct"]) for e in bob] == [
        ("game_in_progress", game_id, [1], to_act)
    ]
    assert [(e["kind"], e["gameId"], e["seats"], e["toAct"]) for e in alice] == [
        ("game_in_progress", game_id, [0], to_act)
    ]
