"""Issue 30, items 1 and 2, on a real Redis Cluster: a master stalled (SIGSTOP) for 1.5 s under a move sent
without an idempotency key. The move is answered within 2 s: a typed 503 (or 200); the master runs the commit
script once (INFO commandstats), never a second time after a time-out; the identical retry is answered as replayed
when the stalled master ran the move on waking, and applies it otherwise; never 409 for a move that was applied.

This module's cluster waits 3 s before failing a silent master over (``--cluster-node-timeout 3000``), so the
stall stays a stall: a failover is the other module's subject (test_cluster_failover.py)."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from service.core.stored import LogEntry
from service.storage.redis_store import RedisStore
from tests.cluster.conftest import ClusterNode, RedisCluster, start_cluster
from tests.service.conftest import QUIET_LOOPS, LiveServer, live_server

STALL_SECONDS = 1.5
ANSWER_SECONDS = 2.0


@pytest.fixture(scope="module")
def slow_failover_cluster() -> Iterator[RedisCluster]:
    cluster = start_cluster(node_timeout_ms=3000)
    yield cluster
    cluster.stop()


@pytest.fixture
def live(slow_failover_cluster: RedisCluster) -> Iterator[tuple[LiveServer, str]]:
    prefix = f"cestall:{uuid.uuid4().hex[:8]}:"
    store = RedisStore.from_url(slow_failover_cluster.url, key_prefix=prefix)
    with live_server(store, "cluster", bot_workers=0, **QUIET_LOOPS) as running:
        yield running, prefix


def play(live: LiveServer, game_id: str, token_of: dict[int, str]) -> tuple[int, int, str]:
    """(version, seat, move) of the seat to act, its first legal move."""
    status, game = live.rest.get(f"/v1/games/{game_id}")
    assert status == 200, game
    seat = game["toAct"][0]
    status, legal = live.rest.get(f"/v1/games/{game_id}/moves", token=token_of[seat])
    assert status == 200, legal
    return game["version"], seat, legal["moves"][0]["notation"]


def apply(live: LiveServer, game_id: str, token: str, version: int, move: str) -> tuple[int, Any, float]:
    started = time.monotonic()
    status, answer = live.rest.post(f"/v1/games/{game_id}/moves", {"move": move, "expectedVersion": version}, token)
    return status, answer, time.monotonic() - started


def log_of(master: ClusterNode, prefix: str, game_id: str) -> list[LogEntry]:
    with master.client() as client:
        return [LogEntry.decode(raw) for raw in client.lrange(f"{prefix}{{{game_id}}}:log", 0, -1)]


@pytest.mark.parametrize("round_", range(3))
def test_a_stalled_master_under_a_move_without_a_key(
    slow_failover_cluster: RedisCluster, live: tuple[LiveServer, str], round_: int
) -> None:
    server, prefix = live
    body = {"gameType": "dracula", "players": 2, "seed": 5 + round_, "requestId": uuid.uuid4().hex}
    for _ in range(5):  # a replica slow to confirm on a busy machine: the identical retry is answered once it has it
        status, created = server.rest.post("/v1/games", body)
        if status != 503:
            break
    assert status == 201, created
    game_id = created["gameId"]
    token_of = {seat["seat"]: seat["token"] for seat in created["seats"]}
    version, seat, move = play(server, game_id, token_of)
    for _ in range(5):  # the master knows the script; a retry of a move a replica was slow to confirm is replayed
        if apply(server, game_id, token_of[seat], version, move)[0] == 200:
            break
    else:
        raise AssertionError("the first move was never acknowledged")
    master = slow_failover_cluster.node_of_key(f"{prefix}{{{game_id}}}:game")
    version, seat, move = play(server, game_id, token_of)
    before = master.evalsha_calls()

    master.pause()
    try:
        status, answer, seconds = apply(server, game_id, token_of[seat], version, move)
        time.sleep(max(0.0, STALL_SECONDS - seconds))
    finally:
        master.resume()

    assert seconds <= ANSWER_SECONDS, f"answered after {seconds:.2f} s"
    assert status in (200, 503), answer
    if status == 503:
        assert answer["error"]["code"] == "store/unavailable"
    status, again, _ = apply(server, game_id, token_of[seat], version, move)  # the identical retry
    assert (status, again["version"]) == (200, version + 1), again
    # Replayed when the master ran the stalled commit on waking (or answered it); applied now otherwise: either
    # way the master ran the script once for this move, and holds the move once.
    assert master.evalsha_calls() - before == 1
    entries = log_of(master, prefix, game_id)
    assert (len(entries), entries[-1].seat, entries[-1].move) == (version + 2, seat, move)


def test_every_call_on_a_stalled_master_is_a_typed_503_within_2_s(
    slow_failover_cluster: RedisCluster, live: tuple[LiveServer, str]
) -> None:
    """Six callers at once on a stalled master's game (reads and moves; its connections are used up, so new ones
    are opened against the stalled node): each is answered 503 ``store/unavailable`` within 2 s."""
    server, prefix = live
    status, created = server.rest.post("/v1/games", {"gameType": "dracula", "players": 2, "seed": 21})
    assert status == 201, created
    game_id = created["gameId"]
    token_of = {seat["seat"]: seat["token"] for seat in created["seats"]}
    version, seat, move = play(server, game_id, token_of)
    master = slow_failover_cluster.node_of_key(f"{prefix}{{{game_id}}}:game")
    answers: list[tuple[int, str, float]] = []
    lock = threading.Lock()

    def call(index: int) -> None:
        started = time.monotonic()
        if index % 2:
            status, answer = server.rest.get(f"/v1/games/{game_id}")
        else:
            status, answer, _ = apply(server, game_id, token_of[seat], version, move)
        code = answer["error"]["code"] if status != 200 else ""
        with lock:
            answers.append((status, code, time.monotonic() - started))

    master.pause()
    try:
        callers = [threading.Thread(target=call, args=(index,)) for index in range(6)]
        for caller in callers:
            caller.start()
        for caller in callers:
            caller.join(timeout=10)
    finally:
        master.resume()
    assert len(answers) == 6
    for status, code, seconds in answers:
        assert (status, code) == (503, "store/unavailable") and seconds <= ANSWER_SECONDS, answers
    status, again, _ = apply(server, game_id, token_of[seat], version, move)  # the truth after the stall
    assert (status, again["version"]) == (200, version + 1), again
    entries = log_of(master, prefix, game_id)
    assert (len(entries), entries[-1].move) == (version + 2, move)
