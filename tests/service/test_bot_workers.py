"""Bot workers in separate processes over one Redis: `cardengine bots` subprocesses and the server's own worker
play many bots-only games at once, each move exactly once; a worker killed with SIGKILL leaves no game stuck (its
lease runs out and another worker takes the game); SIGTERM stops a worker gracefully; its health endpoint answers."""

from __future__ import annotations

import contextlib
import http.client
import json
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest

from loadtests.server_process import cardengine_command
from service.core.audit import audit_stored_game
from service.core.game_service import GameService
from service.core.records import SeatSpec
from service.core.stored import LogEntry
from service.observability.metered_store import MeteredStore
from service.storage.redis_store import RedisStore
from service.storage.store import GameStore
from tests.service.conftest import LiveServer, make_store
from tests.service.test_bot_seats import bot_server

LEASE_SECONDS = 2.0


class BotsProcess:
    """`cardengine bots` as a child process, its JSON logs in a temporary file."""

    def __init__(self, redis_url: str, key_prefix: str, *arguments: str) -> None:
        self.arguments = [
            *cardengine_command(),
            "bots",
            "--redis-url",
            redis_url,
            "--key-prefix",
            key_prefix,
            "--health-host",
            "127.0.0.1",
            "--health-port",
            "0",
            "--lease-seconds",
            str(LEASE_SECONDS),
            *arguments,
        ]
        self.log: IO[str] = tempfile.NamedTemporaryFile("w+", prefix="cardengine-bots-", suffix=".log")  # noqa: SIM115
        self.process = subprocess.Popen(
            self.arguments, stdout=subprocess.PIPE, stderr=self.log, stdin=subprocess.DEVNULL, text=True
        )
        assert self.process.stdout is not None
        announced = json.loads(self.process.stdout.readline())
        assert announced["event"] == "bots", announced
        self.health_port = int(announced["healthPort"])
        stdout = self.process.stdout
        threading.Thread(target=lambda: [None for _ in stdout], daemon=True).start()

    def health(self, path: str) -> int:
        connection = http.client.HTTPConnection("127.0.0.1", self.health_port, timeout=5)
        try:
            connection.request("GET", path)
            return connection.getresponse().status
        finally:
            connection.close()

    def records(self) -> list[dict[str, Any]]:
        self.log.flush()
        return [json.loads(line) for line in Path(self.log.name).read_text().splitlines() if line.startswith("{")]

    def text(self) -> str:
        self.log.flush()
        return Path(self.log.name).read_text()

    def moves_played(self) -> int:
        return sum(record["message"] == "bot move played" for record in self.records())

    def stop(self, sig: signal.Signals = signal.SIGTERM) -> int:
        if self.process.poll() is None:
            self.process.send_signal(sig)
        try:
            return self.process.wait(timeout=20)
        finally:
            if self.process.poll() is None:
                self.process.kill()


@contextlib.contextmanager
def bots_processes(redis_url: str, key_prefix: str, count: int, *arguments: str) -> Iterator[list[BotsProcess]]:
    started: list[BotsProcess] = []
    try:
        for _ in range(count):
            started.append(BotsProcess(redis_url, key_prefix, *arguments))
        yield started
    finally:
        for process in started:
            process.stop(signal.SIGKILL)
            process.log.close()


def log_versions(store: GameStore, game_id: str) -> list[int]:
    return [LogEntry.decode(raw).version for raw in store.log(game_id, -1)]


def create_bot_games(service: GameService, count: int, players: int = 2) -> list[str]:
    seats = [SeatSpec(name=f"Bot {seat}", bot="random") for seat in range(players)]
    create = service.creation.create_game
    return [create("dracula", players, 100 + n, {"deals": 2}, seats).game_id for n in range(count)]


def wait_all_finished(store: GameStore, game_ids: list[str], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    waiting = list(game_ids)
    while waiting and time.monotonic() < deadline:
        waiting = [game_id for game_id in waiting if not (loaded := store.load(game_id)) or not loaded.finished]
        time.sleep(0.05)
    assert not waiting, f"{len(waiting)} games did not finish in {seconds} s"


@pytest.fixture
def redis_live(request: pytest.FixtureRequest) -> Iterator[LiveServer]:
    with bot_server(make_store("redis", request), "redis", bot_workers=1) as live:
        yield live


def test_worker_processes_and_the_servers_worker_play_twenty_games_each_move_once(
    redis_live: LiveServer, redis_url: str, key_prefix: str
) -> None:
    service = redis_live.server.service
    store = service.store
    with bots_processes(redis_url, key_prefix, 2, "--workers", "2") as workers:
        assert [worker.health("/healthz") for worker in workers] == [200, 200]
        assert [worker.health("/readyz") for worker in workers] == [200, 200]
        # Twenty games, about three seconds of moves: the server's worker is woken at once by the moves it commits
        # and the processes poll every 0.2 s, so a shorter load could end before a process warmed up on a busy
        # machine (seen once in about fifteen runs with ten games: one process played 7 moves of 538).
        game_ids = create_bot_games(service, 12) + create_bot_games(service, 8, players=4)
        wait_all_finished(store, game_ids, 120)
        for game_id in game_ids:
            stored = store.load(game_id)
            assert stored is not None
            assert log_versions(store, game_id) == list(range(stored.version + 1)), "every version exactly once"
            report = audit_stored_game(store, game_id)
            assert report.ok, report.problem
        total_moves = sum(len(log_versions(store, game_id)) - 1 for game_id in game_ids)
        time.sleep(0.3)  # the last log lines reach the files
        played = [worker.moves_played() for worker in workers]
        assert min(played) > 0, "every worker process takes games from the shared queue"
        assert sum(played) + redis_live.server.bots.moves_played == total_moves, "no move played twice"
        assert all(worker.process.poll() is None for worker in workers), "no worker crashed"
        for worker in workers:
            assert "Traceback" not in worker.text()
            assert not [record for record in worker.records() if record["level"] in {"error", "critical"}]
        assert store.bots.due_count() == 0
        assert isinstance(store, MeteredStore) and isinstance(store.inner, RedisStore)  # the server's store, metered
        assert store.inner.client.hlen(store.inner.bots.games_key) == 0, "finished games leave the queue's records"
        assert [worker.stop(signal.SIGTERM) for worker in workers] == [0, 0], "SIGTERM: a graceful exit"
        assert all("bot workers stopped" in worker.text() for worker in workers)


def test_a_worker_killed_mid_way_leaves_no_game_stuck(request: pytest.FixtureRequest, redis_url: str) -> None:
    key_prefix = request.getfixturevalue("key_prefix")
    with bot_server(make_store("redis", request), "redis", bot_workers=0) as live:
        service = live.server.service
        store = service.store
        with bots_processes(redis_url, key_prefix, 1, "--workers", "1", "--delay-ms", "20") as (first,):
            game_ids = create_bot_games(service, 3)
            deadline = time.monotonic() + 30
            while sum(len(log_versions(store, game_id)) for game_id in game_ids) < 3 + 6:
                assert time.monotonic() < deadline, "the first worker plays"
                time.sleep(0.02)
            first.stop(signal.SIGKILL)
        played_by_first = sum(len(log_versions(store, game_id)) - 1 for game_id in game_ids)
        assert not any(loaded.finished for game_id in game_ids if (loaded := store.load(game_id)))
        # As if a worker died holding a claim: a game is leased to nobody alive for LEASE_SECONDS.
        claimed = store.bots.claim(LEASE_SECONDS)
        assert claimed.game_id in game_ids
        claimed_at = time.monotonic()
        stuck = store.load(claimed.game_id)
        assert stuck is not None
        with bots_processes(redis_url, key_prefix, 1, "--workers", "2") as (second,):
            moved_at: float | None = None
            while moved_at is None and time.monotonic() < claimed_at + 30:
                loaded = store.load(claimed.game_id)
                if loaded is not None and loaded.version > stuck.version:
                    moved_at = time.monotonic()
                time.sleep(0.02)
            assert moved_at is not None, "another worker took the game after the lease"
            assert moved_at - claimed_at >= LEASE_SECONDS - 0.3, "not before the lease ran out"
            wait_all_finished(store, game_ids, 90)
            assert second.moves_played() >= 1
        for game_id in game_ids:
            report = audit_stored_game(store, game_id)
            assert report.ok, report.problem
        total = sum(len(log_versions(store, game_id)) - 1 for game_id in game_ids)
        assert total > played_by_first
        assert store.bots.due_count() == 0
