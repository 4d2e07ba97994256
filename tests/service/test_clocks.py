"""Turn clocks (issue 16, service/core/clocks.py): a seat that does not move gets its game's timeout move, applied once,
through the same compare-and-set as a client; deadlines live in the store, so any replica's sweeper (or one started
after a SIGKILL) applies them, and two sweepers never double-apply."""

from __future__ import annotations

import contextlib
import json
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from cardengine.v1 import game_engine_pb2 as pb
from cardengine_client import GameEngineError

import engine
from service.core import clocks
from service.core.game_service import GameService
from service.core.stored import LogEntry
from service.core.timeouts import ClockSweeper
from service.storage.redis_store import RedisStore
from service.storage.store import MemoryStore
from tests.service.conftest import LiveServer, Rest, live_server, make_store

GAME, PLAYERS, SEED = "house_rummy", 2, 7


def expected_timeouts(count: int) -> list[tuple[int, str, list[str]]]:
    """The seat, move and public event kinds of the first ``count`` timeout moves of the test's match, by the
    engine."""
    state, _ = engine.new_game(GAME, PLAYERS, SEED)
    game = engine.get_game(GAME)
    played: list[tuple[int, str, list[str]]] = []
    for _ in range(count):
        seat = engine.to_act(state)[0]
        move = game.timeout_move(state, seat)
        state, events = engine.apply(state, seat, move)
        public = [event.kind for event in events if engine.event_for(GAME, event, None, ("",) * PLAYERS)]
        played.append((seat, move.notation, public))
    return played


def create(rest: Rest, turn_seconds: int) -> dict[str, Any]:
    body = {"gameType": GAME, "players": PLAYERS, "seed": SEED, "clock": {"turnSeconds": turn_seconds}}
    status, created = rest.post("/v1/games", body)
    assert status == 201, created
    result: dict[str, Any] = created
    return result


def wait_for_version(rest: Rest, game_id: str, version: int, timeout: float = 20.0) -> dict[str, Any]:
    end = time.monotonic() + timeout
    while True:
        status, game = rest.get(f"/v1/games/{game_id}")
        assert status == 200, game
        if game["version"] >= version or time.monotonic() > end:
            result: dict[str, Any] = game
            return result
        time.sleep(0.05)


def stored_entries(store: Any, game_id: str) -> list[LogEntry]:
    return [LogEntry.decode(raw) for raw in store.log(game_id, 0)]


@pytest.mark.parametrize(
    ("game_type", "kinds"),
    [
        ("dracula", [(0, "declare"), (1, "place"), (0, "place"), (1, "place")]),
        ("dragon_rummy", [(0, "draw"), (0, "discard"), (1, "draw"), (1, "discard")]),
        ("draw_blood", [(0, "draw"), (0, "end_turn"), (1, "draw"), (1, "end_turn")]),
        ("house_rummy", [(0, "draw"), (0, "discard"), (1, "draw"), (1, "discard")]),
        ("rummy_battle", [(1, "draw"), (1, "discard"), (2, "draw"), (2, "discard")]),
    ],
)
def test_each_game_times_out_as_its_rules_page_says(game_type: str, kinds: list[tuple[int, str]]) -> None:
    """The first timeout moves of a match (docs/rules/<game>.md, "Turn clocks"), each one of the legal moves."""
    game = engine.get_game(game_type)
    state, _ = engine.new_game(game_type, None, 11, dict(game.playout_options))
    played: list[tuple[int, str]] = []
    for _ in kinds:
        seat = engine.to_act(state)[0]
        move = game.timeout_move(state, seat)
        assert move in engine.legal_moves(state, seat)
        played.append((seat, move.kind))
        state, _ = engine.apply(state, seat, move)
    assert played == kinds


def test_the_stores_keep_deadlines_and_claims_alike(store_kind: str, request: pytest.FixtureRequest) -> None:
    store = make_store(store_kind, request)
    store.save_clock("a", b"record-a", 1_000)
    store.save_clock("b", b"record-b", 3_000)
    store.save_clock("c", b"record-c", 2_000)
    assert store.load_clock("a") == b"record-a" and store.load_clock("zz") is None
    assert store.due_clocks(2_500, 10) == [("a", 1_000), ("c", 2_000)]
    assert store.due_clocks(2_500, 1) == [("a", 1_000)]
    assert store.move_clock("a", 1_000, 9_000)  # claimed: its due time is now the lease
    assert not store.move_clock("a", 1_000, 9_000)  # a second claim of the same deadline loses
    assert store.due_clocks(2_500, 10) == [("c", 2_000)]
    store.save_clock("c", b"record-c2", 5_000)  # a commit wrote newer deadlines: the old claim cannot take them
    assert not store.move_clock("c", 2_000, 9_000)
    assert store.move_clock("a", 9_000, None)  # released: no deadline runs; the record stays
    assert store.load_clock("a") == b"record-a" and store.due_clocks(10_000, 10) == [("b", 3_000), ("c", 5_000)]
    store.save_clock("b", b"record-b2", None)  # a paused clock: its record, no due time
    assert store.load_clock("b") == b"record-b2" and store.due_clocks(10_000, 10) == [("c", 5_000)]
    store.save_clock("c", None, None)  # the match is over: both gone
    assert store.load_clock("c") is None and store.due_clocks(10_000, 10) == []


def test_clock_limits_are_typed_errors(live: LiveServer) -> None:
    cases = [
        ({"turnSeconds": 0}, "clock/invalid_turn_seconds", "clock.turnSeconds"),
        ({"turnSeconds": 86_401}, "clock/invalid_turn_seconds", "clock.turnSeconds"),
        ({"turnSeconds": 30, "matchSeconds": 604_801}, "clock/invalid_match_seconds", "clock.matchSeconds"),
        ({"turnSeconds": 30, "onTimeout": "skip"}, "clock/invalid_on_timeout", "clock.onTimeout"),
    ]
    for clock, code, field in cases:
        status, body = live.rest.post("/v1/games", {"gameType": GAME, "clock": clock})
        error = body["error"]
        assert (status, error["code"], error["details"]["field"]) == (400, code, field), body
    request = pb.CreateGameRequest(game_type=GAME, clock=pb.Clock(turn_seconds=86_401))
    with pytest.raises(grpc.RpcError) as refused:
        live.grpc._stub.CreateGame(request, timeout=10)
    error = GameEngineError.from_rpc_error(refused.value)
    assert (error.status, error.code) == (grpc.StatusCode.INVALID_ARGUMENT, "clock/invalid_turn_seconds")
    status, plain = live.rest.post("/v1/games", {"gameType": GAME})
    assert status == 201 and "clock" not in plain["game"]  # no clock asked, none shown


def test_a_seat_that_does_not_move_gets_its_timeout_moves_once(live: LiveServer) -> None:
    created = create(live.rest, 2)
    game_id, tokens = created["gameId"], {seat["seat"]: seat["token"] for seat in created["seats"]}
    clock = created["game"]["clock"]
    assert (clock["turnSeconds"], clock["matchSeconds"], clock["onTimeout"]) == (2, 0, "move")
    [first] = clock["deadlines"]
    assert first["seat"] == 0 and 0 < first["remainingMs"] <= 2000
    game = wait_for_version(live.rest, game_id, 2)
    # Seat 0's turn is a draw then a discard: two timeout moves, and then it is seat 1's turn with a fresh clock.
    assert (game["version"], game["toAct"]) == (2, [1])
    [second] = game["clock"]["deadlines"]
    assert second["seat"] == 1 and second["deadline"] >= first["deadline"] + 2000
    status, legal = live.rest.get(f"/v1/games/{game_id}/moves", tokens[1])
    assert status == 200
    move = legal["moves"][0]["notation"]
    status, moved = live.rest.post(f"/v1/games/{game_id}/moves", {"move": move, "expectedVersion": 2}, tokens[1])
    assert status == 200, moved
    assert {event["timedOut"] for event in moved["events"]} == {False}
    status, log = live.rest.get(f"/v1/games/{game_id}/events?after=0")
    assert status == 200
    by_version: dict[int, list[dict[str, Any]]] = {}
    for event in log["events"]:
        by_version.setdefault(event["version"], []).append(event)
    expected = expected_timeouts(2)
    for version, (seat, _, kinds) in enumerate(expected, start=1):
        shown = by_version[version]
        assert [event["kind"] for event in shown] == kinds
        assert {event["timedOut"] for event in shown} == {True}
        assert shown[0]["seat"] == seat == 0
    assert {event["timedOut"] for event in by_version[3]} == {False}
    # gRPC shows the same: the header's clock and the flagged events.
    header = live.grpc._stub.GetGame(pb.GetGameRequest(game_id=game_id), timeout=10)
    assert header.clock.turn_seconds == 2 and [d.seat for d in header.clock.deadlines] == list(header.to_act)
    events = live.grpc._stub.GetEvents(pb.GetEventsRequest(game_id=game_id, after_version=0), timeout=10).events
    assert [event.timed_out for event in events if event.version in (1, 2)] == [True] * sum(
        len(kinds) for _, _, kinds in expected
    )


def test_a_match_clock_charges_each_seat_its_own_turns() -> None:
    spec = clocks.clock_spec(5, 8)  # 5 s a turn, 8 s a seat for the match
    first = clocks.next_record(spec, None, 0, [0], finished=False, at_ms=1_000)
    assert first == clocks.ClockRecord(0, {0: 6_000}, {0: 1_000}, {})
    # seat 0 drew: its turn (and deadline) go on
    drawn = clocks.next_record(spec, first, 1, [0], finished=False, at_ms=2_000)
    assert drawn == clocks.ClockRecord(1, {0: 6_000}, {0: 1_000}, {})
    passed = clocks.next_record(spec, drawn, 2, [1], finished=False, at_ms=5_000)  # seat 0 discarded: charged 4 s
    assert passed == clocks.ClockRecord(2, {1: 10_000}, {1: 5_000}, {0: 4_000})
    # seat 1 took 1.5 s; seat 0 has 4 s left
    back = clocks.next_record(spec, passed, 3, [0], finished=False, at_ms=6_500)
    assert back == clocks.ClockRecord(3, {0: 10_500}, {0: 6_500}, {0: 4_000, 1: 6_500})
    assert clocks.clock_view(spec, back, 2, at_ms=7_000) == {
        "turnSeconds": 5,
        "matchSeconds": 8,
        "onTimeout": "move",
        "deadlines": [{"seat": 0, "deadline": 10_500, "remainingMs": 3_500}],
        "matchRemainingMs": [3_500, 6_500],
        "paused": False,
    }
    assert clocks.ClockRecord.decode(back.encode()) == back
    assert clocks.next_record(spec, back, 4, [], finished=True, at_ms=8_000) is None


def test_a_spent_match_clock_times_out_every_turn_until_the_clock_pauses(live: LiveServer) -> None:
    body = {"gameType": GAME, "players": PLAYERS, "seed": SEED, "clock": {"matchSeconds": 1}}
    status, created = live.rest.post("/v1/games", body)
    assert status == 201, created
    game_id, clock = created["gameId"], created["game"]["clock"]
    assert (clock["turnSeconds"], clock["matchSeconds"], clock["paused"]) == (0, 1, False)
    seat_0, seat_1 = clock["matchRemainingMs"]  # seat 0's turn runs from the creation on
    assert 0 < seat_0 <= 1000 and seat_1 == 1000
    # Each seat spends its second on its first turn; from then on each of its turns times out at once, until
    # MAX_IDLE_MOVES timeout moves in a row pause the clock of the abandoned match.
    game = wait_for_version(live.rest, game_id, clocks.MAX_IDLE_MOVES)
    time.sleep(0.6)  # two sweeps more: nothing moves any longer
    status, game = live.rest.get(f"/v1/games/{game_id}")
    assert game["version"] == clocks.MAX_IDLE_MOVES
    assert (game["clock"]["paused"], game["clock"]["deadlines"], game["clock"]["matchRemainingMs"]) == (
        True,
        [],
        [0, 0],
    )
    status, log = live.rest.get(f"/v1/games/{game_id}/events?after=0&pageSize=1000")
    assert status == 200
    assert {event["timedOut"] for event in log["events"]} == {True}
    seats = [event["seat"] for event in log["events"] if event["version"] <= 6 and event["kind"] == "drew"]
    assert seats == [0, 1, 0]
    # A person's move starts the clock again (each seat's match time stays spent: its turn times out at once).
    token = {seat["seat"]: seat["token"] for seat in created["seats"]}[game["toAct"][0]]
    status, legal = live.rest.get(f"/v1/games/{game_id}/moves", token)
    move = {"move": legal["moves"][0]["notation"], "expectedVersion": clocks.MAX_IDLE_MOVES}
    status, moved = live.rest.post(f"/v1/games/{game_id}/moves", move, token)
    assert status == 200 and moved["game"]["clock"]["paused"] is False
    assert wait_for_version(live.rest, game_id, clocks.MAX_IDLE_MOVES + 2)["version"] > clocks.MAX_IDLE_MOVES + 1


def test_a_move_just_before_the_deadline_wins_and_no_timeout_lands() -> None:
    service = GameService(MemoryStore())
    sweeper = ClockSweeper(service.timeouts)  # swept by hand, at chosen times
    created = service.creation.create_game(GAME, PLAYERS, SEED, clock=clocks.clock_spec(2))
    token = created.seats[0].token
    assert created.game.clock is not None
    deadline = created.game.clock["deadlines"][0]["deadline"] / 1000
    time.sleep(max(0.0, deadline - 0.3 - time.time()))
    for version in (0, 1):
        move = service.reads.legal_moves(created.game_id, token).moves[-1].notation
        service.moves.apply_move(created.game_id, token, move, version)
    time.sleep(max(0.0, deadline + 0.2 - time.time()))
    assert sweeper.sweep() == 0
    entries = stored_entries(service.store, created.game_id)
    assert [(entry.version, entry.seat, entry.timed_out) for entry in entries] == [(1, 0, False), (2, 0, False)]


def test_a_late_sweeper_loses_to_the_move_that_came_first() -> None:
    service = GameService(MemoryStore())
    created = service.creation.create_game(GAME, PLAYERS, SEED, clock=clocks.clock_spec(1))
    time.sleep(1.1)
    store = service.store
    [(game_id, due)] = store.due_clocks(clocks.now_ms(), 10)
    lease = clocks.now_ms() + 10_000
    assert store.move_clock(game_id, due, lease)
    assert not store.move_clock(game_id, due, lease)  # one claim per deadline
    token = created.seats[0].token
    move = service.reads.legal_moves(game_id, token).moves[0].notation
    # the person's late move lands first (the sweeper has not applied)
    service.moves.apply_move(game_id, token, move, 0)
    # The claimer then applies what is still due at the current version (seat 0's discard), never a second draw.
    assert service.timeouts.apply_timeouts(game_id, lease) == 1
    entries = stored_entries(service.store, game_id)
    assert [(entry.version, entry.seat, entry.timed_out) for entry in entries] == [(1, 0, False), (2, 0, True)]


def test_two_sweepers_on_one_redis_never_double_apply(request: pytest.FixtureRequest) -> None:
    first_store, second_store = make_store("redis", request), make_store("redis", request)
    with live_server(first_store, "redis") as first, live_server(second_store, "redis") as second:
        games = [create(server.rest, 1)["gameId"] for server in (first, second) for _ in range(4)]
        for game_id in games:
            wait_for_version(first.rest, game_id, 2)
    # Both servers stopped (their sweepers joined): nothing moves any more; every timed-out move was applied by
    # exactly one sweeper.
    applied = first.server.clocks.applied + second.server.clocks.applied
    assert isinstance(first_store, RedisStore)
    entries = {game_id: stored_entries(first_store, game_id) for game_id in games}
    timed_out = sum(1 for found in entries.values() for entry in found if entry.timed_out)
    assert applied == timed_out
    for found in entries.values():
        assert all(entry.timed_out for entry in found)
        expected = expected_timeouts(len(found))
        assert [(entry.seat, entry.move) for entry in found] == [(seat, move) for seat, move, _ in expected]
        assert len(found) >= 2 and [entry.version for entry in found] == list(range(1, len(found) + 1))


@contextlib.contextmanager
def serve(redis_url: str, key_prefix: str) -> Iterator[tuple[subprocess.Popen[str], Rest]]:
    command = [sys.executable, "-m", "service.cli", "serve", "--host", "127.0.0.1", "--grpc-port", "0"]
    command += ["--http-port", "0", "--redis-url", redis_url, "--key-prefix", key_prefix, "--grace-seconds", "1"]
    command += ["--workers", "1", "--bot-workers", "0"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line, f"serve exited: {process.stderr.read() if process.stderr else ''}"
        yield process, Rest(json.loads(line)["httpPort"])
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()


def test_a_deadline_survives_a_killed_service(redis_url: str, key_prefix: str) -> None:
    with serve(redis_url, key_prefix) as (process, rest):
        created = create(rest, 2)
        process.send_signal(signal.SIGKILL)
        process.wait()
    game_id = created["gameId"]
    deadline = created["game"]["clock"]["deadlines"][0]["deadline"] / 1000
    time.sleep(max(0.0, deadline + 0.5 - time.time()))
    store = RedisStore.from_url(redis_url, key_prefix=key_prefix)
    try:
        stored = store.load(game_id)
        assert stored is not None and stored.version == 0  # nobody swept while no service ran
        with serve(redis_url, key_prefix) as (_, rest):
            game = wait_for_version(rest, game_id, 2)
            assert (game["version"], game["toAct"]) == (2, [1])
            [next_deadline] = game["clock"]["deadlines"]
            entries = stored_entries(store, game_id)
        expected = expected_timeouts(2)
        assert [(e.version, e.seat, e.move, e.timed_out) for e in entries[:2]] == [
            (1, 0, expected[0][1], True),
            (2, 0, expected[1][1], True),
        ]
        # Seat 1's turn began at the restart's commit, so it had its own 2 s; nothing of seat 0 was applied twice.
        assert next_deadline["deadline"] >= deadline * 1000 + 2000
        assert all(entry.seat == 1 for entry in entries[2:])
    finally:
        store.close()


def test_the_header_never_shows_an_older_turn_than_its_version() -> None:
    """A read between a move's commit and its hook's write of the deadlines: the header shows the turns of the
    version it reads (started now at the latest), never the seats of the clock record the hook has not replaced."""
    service = GameService(MemoryStore())
    created = service.creation.create_game(GAME, PLAYERS, SEED, clock=clocks.clock_spec(60))
    older = clocks.load(service.store, created.game_id)
    assert older is not None and sorted(older.deadlines) == [0]
    token = created.seats[0].token
    for version in (0, 1):  # seat 0's draw and discard: seat 1 is to act at version 2
        move = service.reads.legal_moves(created.game_id, token).moves[-1].notation
        service.moves.apply_move(created.game_id, token, move, version)
    clocks.save(service.store, created.game_id, older)  # as if the hooks of versions 1 and 2 had not run yet
    before = clocks.now_ms()
    view = service.reads.get_game(created.game_id, None)
    after = clocks.now_ms()
    assert view.version == 2 and view.to_act == (1,) and view.clock is not None
    [deadline] = view.clock["deadlines"]
    assert deadline["seat"] == 1 and before + 60_000 <= deadline["deadline"] <= after + 60_000
