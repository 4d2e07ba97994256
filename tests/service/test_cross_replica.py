"""Two replicas: two ``cardengine serve`` processes on port 0 sharing one Redis. One game is played through both
alternately, a watch on one replica sees the moves applied on the other, and SIGTERM stops each gracefully."""

from __future__ import annotations

import contextlib
import json
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass

import orjson
from cardengine_client import NO_RETRY, GameEngineClient, WatchUpdate

from tests.service.conftest import Rest


@dataclass
class Replica:
    process: subprocess.Popen[str]
    grpc_port: int
    http_port: int

    def stop(self) -> tuple[int, str]:
        self.process.send_signal(signal.SIGTERM)
        code = self.process.wait(timeout=20)
        assert self.process.stderr is not None
        return code, self.process.stderr.read()


@contextlib.contextmanager
def replica(redis_url: str, key_prefix: str) -> Iterator[Replica]:
    command = [sys.executable, "-m", "service.cli", "serve", "--host", "127.0.0.1", "--grpc-port", "0"]
    command += ["--http-port", "0", "--redis-url", redis_url, "--key-prefix", key_prefix, "--grace-seconds", "3"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line, f"serve exited: {process.stderr.read() if process.stderr else ''}"
        announced = json.loads(line)
        assert announced["event"] == "serving"
        yield Replica(process, announced["grpcPort"], announced["httpPort"])
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_one_game_played_through_two_replicas(redis_url: str, key_prefix: str) -> None:
    with replica(redis_url, key_prefix) as first, replica(redis_url, key_prefix) as second:
        clients = [
            GameEngineClient(f"127.0.0.1:{r.grpc_port}", retry=NO_RETRY, move_keys=False) for r in (first, second)
        ]
        for client in clients:
            client.wait_ready()
        created = clients[0].create_game("dracula", 2, seed=31, options={"deals": 2})
        tokens = [seat.token for seat in created.seats]
        watched: list[WatchUpdate] = []
        watch = threading.Thread(target=lambda: watched.extend(clients[0].watch(created.game_id, tokens[0])))
        watch.start()
        rest_of_second = Rest(second.http_port)

        version, turn = 0, 0
        while True:
            client = clients[turn % 2]  # alternate the replicas, move by move
            game = client.get_game(created.game_id)
            assert game.version == version  # each replica sees the other's moves at once
            if game.finished:
                break
            seat = game.to_act[0]
            move = client.legal_moves(created.game_id, tokens[seat]).notations[0]
            version = client.apply_move(created.game_id, tokens[seat], move, version).version
            status, seen = rest_of_second.get(f"/v1/games/{created.game_id}")
            assert status == 200 and seen["version"] == version
            turn += 1
        watch.join(timeout=15)
        assert not watch.is_alive(), "the watch on replica 1 did not follow the game to its end"
        assert [u.version for u in watched] == list(range(version + 1)) and watched[-1].finished
        assert [e for u in watched for e in u.events] == list(clients[1].events(created.game_id, tokens[0]).events)
        assert clients[1].score(created.game_id).finished
        for client in clients:
            client.close()

        for running in (first, second):
            code, logs = running.stop()
            assert code == 0, logs
            records = [orjson.loads(line) for line in logs.splitlines() if line.startswith("{")]
            assert any(r["message"] == "stopped" for r in records)
        moves = [r for r in records if r["message"] == "move applied"]
        assert moves and all({"game_id", "seat", "version"} <= set(r) for r in moves)
        assert {r["game_id"] for r in moves} == {created.game_id}
