"""Turn clocks with ``onTimeout: "forfeit"`` (issue 16, service/core/forfeit.py): a seat whose deadline passes loses the
match. The sweeper ends it with one more version (a log entry with no move and the public ``forfeited`` event),
through the same compare-and-set as a move; the match is then finished everywhere: header, score, legal moves,
ApplyMove, the bot queue, the fairness reveal, ``cardengine replay`` and ``verify``."""

from __future__ import annotations

import subprocess
import sys
import time
from typing import Any

import pytest
from cardengine.v1 import game_engine_pb2 as pb

from service.core import clocks, fairness
from service.core.game_service import GameService
from service.core.records import BotTurn, SeatSpec
from service.core.stored import LogEntry
from service.core.timeouts import ClockSweeper
from service.storage.redis_store import RedisStore
from service.storage.store import MemoryStore
from tests.service.conftest import LiveServer, Rest, live_server, make_store

GAME, SEED = "dracula", 5


def create(rest: Rest, players: int, names: list[str] | None = None, seed: int | None = SEED) -> dict[str, Any]:
    body: dict[str, Any] = {"gameType": GAME, "players": players, "clock": {"turnSeconds": 1, "onTimeout": "forfeit"}}
    if seed is not None:
        body["seed"] = seed
    if names is not None:
        body["seats"] = [{"name": name} for name in names]
    status, created = rest.post("/v1/games", body)
    assert status == 201, created
    result: dict[str, Any] = created
    return result


def wait_finished(rest: Rest, game_id: str, timeout: float = 15.0) -> dict[str, Any]:
    end = time.monotonic() + timeout
    while True:
        status, game = rest.get(f"/v1/games/{game_id}")
        assert status == 200, game
        if game["finished"] or time.monotonic() > end:
            result: dict[str, Any] = game
            return result
        time.sleep(0.05)


def tokens_of(created: dict[str, Any]) -> dict[int, str]:
    return {seat["seat"]: seat["token"] for seat in created["seats"]}


def test_a_seat_out_of_time_forfeits_the_match(live: LiveServer) -> None:
    created = create(live.rest, 2, ["Mina", "Van Helsing"])
    game_id, tokens = created["gameId"], tokens_of(created)
    assert created["game"]["clock"]["onTimeout"] == "forfeit"
    assert created["game"]["toAct"] == [0]
    game = wait_finished(live.rest, game_id)
    assert (game["version"], game["finished"], game["toAct"]) == (1, True, [])
    assert game["view"]["finished"] is True and game["view"]["toAct"] == []
    assert game["clock"]["deadlines"] == []
    status, log = live.rest.get(f"/v1/games/{game_id}/events?after=0")
    assert status == 200 and log["finished"] is True
    forfeits = [event for event in log["events"] if event["kind"] == "forfeited"]
    assert forfeits == [
        {
            "version": 1,
            "sequence": forfeits[0]["sequence"],
            "kind": "forfeited",
            "seat": 0,
            "data": {"reason": "time"},
            "text": "Mina ran out of time and forfeits the match",
            "timedOut": True,
        }
    ]
    at_end = [event["kind"] for event in log["events"] if event["version"] == 1]
    assert at_end == ["forfeited", fairness.REVEAL_EVENT]  # the match is over: the seed is revealed
    status, score = live.rest.get(f"/v1/games/{game_id}/score")
    assert status == 200, score
    assert (score["finished"], score["winners"], score["details"]["forfeit"]) == (
        True,
        [1],
        {"seat": 0, "reason": "time"},
    )
    status, legal = live.rest.get(f"/v1/games/{game_id}/moves", tokens[0])
    assert status == 200 and legal["moves"] == []
    status, refused = live.rest.post(f"/v1/games/{game_id}/moves", {"move": "declare", "expectedVersion": 1}, tokens[0])
    assert (status, refused["error"]["code"]) == (422, "game/finished"), refused
    # gRPC agrees, and creates forfeit clocks too.
    header = live.grpc._stub.GetGame(pb.GetGameRequest(game_id=game_id), timeout=10)
    assert (header.version, header.finished, list(header.to_act)) == (1, True, [])
    clock = pb.Clock(turn_seconds=30, on_timeout="forfeit")
    made = live.grpc._stub.CreateGame(pb.CreateGameRequest(game_type=GAME, clock=clock), timeout=10)
    assert made.game.clock.on_timeout == "forfeit"
    # Nothing more is swept: the clock is gone.
    time.sleep(1.5)
    status, game = live.rest.get(f"/v1/games/{game_id}")
    assert game["version"] == 1


def test_four_players_the_three_others_win(live: LiveServer) -> None:
    created = create(live.rest, 4)
    assert created["game"]["toAct"] == [3]  # seed 5 deals seat 3 the first decision
    game = wait_finished(live.rest, created["gameId"])
    assert (game["version"], game["finished"]) == (1, True)
    status, score = live.rest.get(f"/v1/games/{created['gameId']}/score")
    assert status == 200 and (score["winners"], score["details"]["forfeit"]["seat"]) == ([0, 1, 2], 3)


def test_a_move_before_the_deadline_wins_over_the_forfeit() -> None:
    service = GameService(MemoryStore())
    sweeper = ClockSweeper(service.timeouts)  # swept by hand, at chosen times
    spec = clocks.clock_spec(1, 0, "forfeit")
    created = service.creation.create_game(GAME, 2, SEED, clock=spec)
    token = created.seats[0].token
    assert created.game.clock is not None
    deadline = created.game.clock["deadlines"][0]["deadline"] / 1000
    time.sleep(max(0.0, deadline - 0.3 - time.time()))
    move = service.reads.legal_moves(created.game_id, token).moves[0].notation
    service.moves.apply_move(created.game_id, token, move, 0)  # just in time
    time.sleep(max(0.0, deadline + 0.2 - time.time()))
    assert sweeper.sweep() == 0  # seat 0 moved in time; seat 1 has its own second, from that move on
    game = service.reads.get_game(created.game_id, None)
    assert (game.version, game.finished, game.to_act) == (1, False, (1,))
    assert game.clock is not None
    # Seat 1's second runs from the move, which a loaded machine may have made later than planned.
    (second,) = [entry["deadline"] / 1000 for entry in game.clock["deadlines"] if entry["seat"] == 1]
    time.sleep(max(0.0, second + 0.2 - time.time()))
    assert sweeper.sweep() == 1  # now seat 1 is out of time
    game = service.reads.get_game(created.game_id, None)
    assert (game.version, game.finished, game.to_act) == (2, True, ())
    assert service.reads.score(created.game_id).winners == (0,)
    watch = service.streams.watch(created.game_id, None, 2)  # a watcher after the forfeit: ends at once, "finished"
    with pytest.raises(StopIteration) as ended:
        next(watch)
    assert ended.value.value == "finished"
    watch = service.streams.watch(created.game_id, None, 1)  # one before it: sees the forfeit, then ends
    update = next(watch)
    assert update is not None and (update.version, update.finished, update.to_act) == (2, True, ())
    assert [event.kind for event in update.events] == ["forfeited", fairness.REVEAL_EVENT]
    with pytest.raises(StopIteration) as ended:
        next(watch)
    assert ended.value.value == "finished"


def test_a_late_forfeit_claim_loses_to_the_move_that_came_first() -> None:
    service = GameService(MemoryStore())
    created = service.creation.create_game(GAME, 2, SEED, clock=clocks.clock_spec(1, 0, "forfeit"))
    time.sleep(1.1)
    store = service.store
    [(game_id, due)] = store.due_clocks(clocks.now_ms(), 10)
    lease = clocks.now_ms() + 10_000
    assert store.move_clock(game_id, due, lease)
    token = created.seats[0].token
    move = service.reads.legal_moves(game_id, token).moves[0].notation
    service.moves.apply_move(game_id, token, move, 0)  # the person's late move lands before the claimer commits
    assert service.timeouts.apply_timeouts(game_id, lease) == 0  # seat 1 now acts, with its own fresh deadline
    entries = [LogEntry.decode(raw) for raw in service.store.log(game_id, 0)]
    assert [(entry.version, entry.seat, entry.move is not None) for entry in entries] == [(1, 0, True)]
    assert not service.reads.get_game(game_id, None).finished


def test_replay_and_verify_accept_a_forfeited_match_on_redis(
    request: pytest.FixtureRequest, redis_url: str, key_prefix: str
) -> None:
    store = make_store("redis", request)
    with live_server(store, "redis") as live:
        created = create(live.rest, 2, seed=None)  # a server seed: committed, revealed at the forfeit
        game_id, tokens = created["gameId"], tokens_of(created)
        [first] = created["game"]["toAct"]  # the seed is the server's: either seat may act first
        status, legal = live.rest.get(f"/v1/games/{game_id}/moves", tokens[first])
        move = legal["moves"][0]["notation"]
        body = {"move": move, "expectedVersion": 0}
        status, moved = live.rest.post(f"/v1/games/{game_id}/moves", body, tokens[first])
        assert status == 200, moved
        [late] = moved["game"]["toAct"]
        game = wait_finished(live.rest, game_id)
        assert (game["version"], game["finished"]) == (2, True)
        status, log = live.rest.get(f"/v1/games/{game_id}/events?after=1")
        assert [(event["kind"], event.get("seat")) for event in log["events"]] == [
            ("forfeited", late),
            (fairness.REVEAL_EVENT, None),
        ]
        status, score = live.rest.get(f"/v1/games/{game_id}/score")
        assert score["winners"] == [1 - late] and score["fairness"]["seed"] != ""
        status, record = live.rest.get(f"/v1/games/{game_id}/record")
        assert status == 200, record
        assert [entry["move"] for entry in record["moves"]] == [move]
        verdict = fairness.verify_record(record)
        assert verdict.ok, verdict.summary()
        altered = record | {"score": record["score"] | {"winners": [late]}}
        assert not fairness.verify_record(altered).ok
    assert isinstance(store, RedisStore)
    command = [sys.executable, "-m", "service.cli", "replay", game_id, "--redis-url", redis_url]
    command += ["--key-prefix", key_prefix]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_bot_seat_out_of_time_forfeits_and_leaves_the_bot_queue() -> None:
    """No bot worker runs here, so the bot seat to act runs out of time like a person would."""
    service = GameService(MemoryStore())
    seats = [SeatSpec(bot="random"), SeatSpec(name="Lucy")]
    created = service.creation.create_game(GAME, 2, SEED, seats=seats, clock=clocks.clock_spec(1, 0, "forfeit"))
    assert created.game.to_act == (0,) and service.store.bots.due_count() == 1  # the bot's turn is queued
    turn = service.bot_turns.bot_turn(created.game_id)
    assert turn is not None and (turn.version, turn.seat) == (0, 0)
    time.sleep(1.1)
    assert ClockSweeper(service.timeouts).sweep() == 1
    assert service.bot_turns.bot_turn(created.game_id) == BotTurn(created.game_id, 1, True)  # no seat to play
    assert service.store.bots.due_count() == 0 and service.store.bots.claim(10.0).game_id is None
    assert service.reads.score(created.game_id).winners == (1,)
