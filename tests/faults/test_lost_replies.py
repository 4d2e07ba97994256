"""Issue 29, item 1: an answer never lies about a move. A real Redis behind a TCP relay that loses its replies after
it ran the command (``tests/faults/proxy.py``), and a Redis stalled with SIGSTOP: every acknowledged answer is what
Redis holds, every refused answer (409, 503) left nothing of the move in Redis or is followed by the identical retry
answered as replayed, the commit script runs once per move (INFO commandstats), and creates are never doubled.

Moves are sent without an idempotency key (the case the issue found answered ``409 version/stale``): the identical
retry (the same seat, move and expected version) is recognised from the log entry the move wrote."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from service.core.stored import LogEntry
from service.storage.redis_store import RedisStore
from tests.faults.harness import FAULT_ANSWER_SECONDS, RedisProcess
from tests.faults.proxy import DroppingProxy
from tests.service.conftest import QUIET_LOOPS, LiveServer, live_server

PREFIX = "ce:"
GAME = "dracula"


@pytest.fixture
def proxy(redis_process: RedisProcess) -> Iterator[DroppingProxy]:
    relay = DroppingProxy(redis_process.port).start()
    yield relay
    relay.close()


@contextmanager
def server_through(proxy: DroppingProxy) -> Iterator[LiveServer]:
    """A real server whose store reaches Redis through ``proxy`` (the store's timeout: 1 s, as ``serve``'s), with
    no bot worker and quiet lease loops (whose scripts would count in INFO commandstats)."""
    store = RedisStore.from_url(proxy.url, key_prefix=PREFIX, timeout_seconds=1.0)
    with live_server(store, "redis", bot_workers=0, **QUIET_LOOPS) as live:
        yield live


def evalsha_calls(redis_process: RedisProcess) -> int:
    with redis_process.client() as client:
        stats = client.info("commandstats")
    return int(stats.get("cmdstat_evalsha", {}).get("calls", 0))


def held(redis_process: RedisProcess, game_id: str) -> list[LogEntry]:
    """The log Redis holds for the game, decoded."""
    with redis_process.client() as client:
        return [LogEntry.decode(raw) for raw in client.lrange(f"{PREFIX}{{{game_id}}}:log", 0, -1)]


def stored_games(redis_process: RedisProcess) -> int:
    with redis_process.client() as client:
        return len(list(client.scan_iter(f"{PREFIX}{{*}}:game")))


class Table:
    """One game played through REST, without idempotency keys; its first move is played (so Redis knows the
    commit script: a lost NOSCRIPT reply is a case of its own)."""

    def __init__(self, live: LiveServer, seed: int = 7) -> None:
        self.rest = live.rest
        status, created = self.rest.post("/v1/games", {"gameType": GAME, "players": 2, "seed": seed})
        assert status == 201, created
        self.game_id = created["gameId"]
        self.tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
        assert self.apply(*self.next_move())[0] == 200

    def next_move(self) -> tuple[int, int, str]:
        """(version, seat, move): the seat to act and its first legal move."""
        status, game = self.rest.get(f"/v1/games/{self.game_id}")
        assert status == 200, game
        seat = game["toAct"][0]
        status, legal = self.rest.get(f"/v1/games/{self.game_id}/moves", token=self.tokens[seat])
        assert status == 200, legal
        return game["version"], seat, legal["moves"][0]["notation"]

    def apply(self, version: int, seat: int, move: str) -> tuple[int, Any, float]:
        body = {"move": move, "expectedVersion": version}
        started = time.monotonic()
        status, answer = self.rest.post(f"/v1/games/{self.game_id}/moves", body, token=self.tokens[seat])
        return status, answer, time.monotonic() - started


def test_a_commit_whose_reply_is_reset_is_answered_as_committed(
    redis_process: RedisProcess, proxy: DroppingProxy
) -> None:
    with server_through(proxy) as live:
        table = Table(live)
        version, seat, move = table.next_move()
        before = evalsha_calls(redis_process)
        proxy.reset_after(b"EVALSHA")
        status, answer, _ = table.apply(version, seat, move)
        assert proxy.resets == 1
        assert (status, answer["version"], answer["replayed"]) == (200, version + 1, False)
        assert evalsha_calls(redis_process) - before == 1  # sent once, resolved by reading back
        entries = held(redis_process, table.game_id)
        assert len(entries) == version + 2
        assert (entries[version + 1].seat, entries[version + 1].move) == (seat, move)


def test_the_first_commit_on_a_flushed_redis_is_not_sent_again(
    redis_process: RedisProcess, proxy: DroppingProxy
) -> None:
    """The issue's case: NOSCRIPT, the script loaded, the EVALSHA that runs it loses its reply. It was re-sent by a
    retrying client and answered 409; now it is read back: 200, and the move is stored once."""
    with server_through(proxy) as live:
        table = Table(live)
        version, seat, move = table.next_move()
        with redis_process.client() as client:
            client.script_flush()
        proxy.reset_after(b"EVALSHA", skip=1)  # the first EVALSHA answers NOSCRIPT; the second one runs
        status, answer, _ = table.apply(version, seat, move)
        assert proxy.resets == 1
        assert (status, answer["version"]) == (200, version + 1)
        assert len(held(redis_process, table.game_id)) == version + 2
        status, again, _ = table.apply(version, seat, move)  # the identical retry: the first result
        assert (status, again["version"], again["replayed"]) == (200, version + 1, True)
        assert len(held(redis_process, table.game_id)) == version + 2


def test_a_refused_move_whose_reply_is_lost_is_refused_and_not_stored(
    redis_process: RedisProcess, proxy: DroppingProxy
) -> None:
    """Two replicas: B (through the relay) read version v; A commits a move at v; B's other move at v is refused
    by the script and its reply lost: B answers 409 with the version Redis holds, and Redis holds A's move."""
    direct = RedisStore.from_url(redis_process.url, key_prefix=PREFIX)
    with server_through(proxy) as second, live_server(direct, "redis", bot_workers=0, **QUIET_LOOPS) as first:
        table = Table(first)
        version, seat, move = table.next_move()
        status, legal = first.rest.get(f"/v1/games/{table.game_id}/moves", token=table.tokens[seat])
        other = next(entry["notation"] for entry in legal["moves"] if entry["notation"] != move)
        assert second.rest.get(f"/v1/games/{table.game_id}")[0] == 200  # B keeps version v
        assert table.apply(version, seat, move)[0] == 200  # through A
        proxy.reset_after(b"EVALSHA")
        body = {"move": other, "expectedVersion": version}
        path = f"/v1/games/{table.game_id}/moves"
        status, answer = second.rest.post(path, body, token=table.tokens[seat])
        assert proxy.resets == 1
        assert (status, answer["error"]["code"], answer["error"]["details"]["currentVersion"]) == (
            409,
            "version/stale",
            version + 1,
        )
        entries = held(redis_process, table.game_id)
        assert (len(entries), entries[-1].move) == (version + 2, move)


def test_a_blackholed_commit_is_a_503_then_its_identical_retry_is_replayed(
    redis_process: RedisProcess, proxy: DroppingProxy
) -> None:
    """Redis runs the commit but no reply comes back (1.5 s): a typed 503 within the fault bound; the identical
    retry afterwards is answered as replayed with the first version, never 409."""
    with server_through(proxy) as live:
        table = Table(live)
        version, seat, move = table.next_move()
        before = evalsha_calls(redis_process)
        proxy.blackhole()
        try:
            status, answer, seconds = table.apply(version, seat, move)
            time.sleep(max(0.0, 1.5 - seconds))
        finally:
            proxy.restore()
        assert (status, answer["error"]["code"]) == (503, "store/unavailable")
        assert seconds <= FAULT_ANSWER_SECONDS
        entries = held(redis_process, table.game_id)
        assert (len(entries), entries[-1].move) == (version + 2, move)  # it ran
        status, again, _ = table.apply(version, seat, move)
        assert (status, again["version"], again["replayed"]) == (200, version + 1, True)
        assert evalsha_calls(redis_process) - before == 1
        assert len(held(redis_process, table.game_id)) == version + 2


def test_a_move_under_a_stalled_redis_is_a_503_and_its_retry_tells_the_truth(
    redis_process: RedisProcess, proxy: DroppingProxy
) -> None:
    with server_through(proxy) as live:
        table = Table(live)
        version, seat, move = table.next_move()
        redis_process.pause()
        try:
            status, answer, seconds = table.apply(version, seat, move)
            time.sleep(max(0.0, 1.5 - seconds))
        finally:
            redis_process.resume()
        assert (status, answer["error"]["code"]) == (503, "store/unavailable")
        assert seconds <= FAULT_ANSWER_SECONDS
        ran = len(held(redis_process, table.game_id)) == version + 2  # the stalled Redis may run it on waking
        status, again, _ = table.apply(version, seat, move)
        assert (status, again["version"], again["replayed"]) == (200, version + 1, ran)
        entries = held(redis_process, table.game_id)
        assert (len(entries), entries[-1].seat, entries[-1].move) == (version + 2, seat, move)


def test_a_create_whose_reply_is_reset_stores_one_game_and_answers_it(
    redis_process: RedisProcess, proxy: DroppingProxy
) -> None:
    with server_through(proxy) as live:
        proxy.reset_after(b"EVALSHA", skip=1)  # a fresh Redis: NOSCRIPT first, then the create that runs
        status, created = live.rest.post("/v1/games", {"gameType": GAME, "players": 2})  # no request id
        assert proxy.resets == 1
        assert status == 201, created
        assert stored_games(redis_process) == 1
        status, game = live.rest.get(f"/v1/games/{created['gameId']}", token=created["seats"][0]["token"])
        assert (status, game["version"]) == (200, 0)


def test_a_match_under_lost_replies_every_answer_matches_redis(
    redis_process: RedisProcess, proxy: DroppingProxy
) -> None:
    """A client plays one match alone, no keys, retrying a 503 with the identical move; every third commit loses
    its reply to a reset and every seventh to a blackhole. No answer is 409 (only this client moves: a 409 would be
    a lie); every 200 is the move Redis holds at that version; the script ran once per stored move."""
    with server_through(proxy) as live:
        table = Table(live, seed=11)
        before = evalsha_calls(redis_process)
        acknowledged: dict[int, tuple[int, str]] = {}
        statuses: dict[int, int] = {}
        for step in range(1, 31):
            version, seat, move = table.next_move()
            if step % 7 == 0:
                proxy.blackhole()
            elif step % 3 == 0:
                proxy.reset_after(b"EVALSHA")
            status, answer, _ = table.apply(version, seat, move)
            proxy.restore()
            while status == 503:
                statuses[503] = statuses.get(503, 0) + 1
                status, answer, _ = table.apply(version, seat, move)
            statuses[status] = statuses.get(status, 0) + 1
            assert status == 200, answer
            assert answer["version"] == version + 1
            acknowledged[version + 1] = (seat, move)
            status, game = live.rest.get(f"/v1/games/{table.game_id}")
            if game["finished"]:
                break
        assert statuses.get(409, 0) == 0 and statuses.get(503, 0) >= 4, statuses
        entries = held(redis_process, table.game_id)
        assert len(entries) == len(acknowledged) + 2  # the deal and the table's first move besides
        for version, (seat, move) in acknowledged.items():
            assert (entries[version].seat, entries[version].move) == (seat, move)
        assert evalsha_calls(redis_process) - before == len(acknowledged)
