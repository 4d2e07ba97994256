"""``cardengine serve --workers N``: N worker processes on one gRPC port and one REST port (SO_REUSEPORT) over a
private Redis; moves through both protocols, one "serving" line, SIGTERM ends every worker, a worker whose
supervisor dies stops by itself, and the embedded store refuses more than one worker."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cardengine_client import NO_RETRY, GameEngineClient

from loadtests.server_process import ServerProcess
from tests.service.conftest import Rest

GONE_SECONDS = 30.0


def listening_ports(pid: int) -> set[int]:
    """The TCP ports ``pid`` listens on (Linux /proc: its socket inodes among the LISTEN rows of tcp and tcp6)."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[len("socket:[") : -1])
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for row in Path(table).read_text().splitlines()[1:]:
            fields = row.split()
            if fields[3] == "0A" and fields[9] in inodes:  # 0A: LISTEN
                ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


def wait_gone(pids: list[int]) -> None:
    deadline = time.monotonic() + GONE_SECONDS
    while any(Path(f"/proc/{pid}").exists() and "(Z)" not in stat(pid) for pid in pids):
        assert time.monotonic() < deadline, f"workers {pids} still running"
        time.sleep(0.1)


def stat(pid: int) -> str:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return "(Z)"
    return "(Z)" if text.rsplit(")", 1)[1].split()[0] == "Z" else text


def serving_line(process: subprocess.Popen[str]) -> dict[str, object]:
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line, "serve printed nothing"
    announced: dict[str, object] = json.loads(line)
    return announced


def serve_command(redis_url: str, key_prefix: str, workers: int) -> list[str]:
    command = [sys.executable, "-m", "service.cli", "serve", "--host", "127.0.0.1", "--grpc-port", "0"]
    command += ["--http-port", "0", "--redis-url", redis_url, "--key-prefix", key_prefix]
    return [*command, "--workers", str(workers)]


def test_two_workers_share_the_ports_serve_both_protocols_and_stop_on_sigterm(redis_url: str, key_prefix: str) -> None:
    process = subprocess.Popen(
        [*serve_command(redis_url, key_prefix, 2), "--grace-seconds", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        announced = serving_line(process)
        assert announced["event"] == "serving" and announced["pid"] == process.pid and announced["workers"] == 2
        assert announced["engine"] == "pure"  # the tests import the pure-Python package (no compiled copy first)
        grpc_port, http_port = int(str(announced["grpcPort"])), int(str(announced["httpPort"]))
        workers = [int(pid) for pid in announced["workerPids"]]  # type: ignore[attr-defined]
        assert len(set(workers)) == 2 and grpc_port and http_port
        for pid in workers:  # each worker listens on both ports itself
            assert {grpc_port, http_port} <= listening_ports(pid), pid
        # One match, each move on a new connection (gRPC and REST in turn), so both workers take moves.
        rest = Rest(http_port)
        status, created = rest.post("/v1/games", {"gameType": "dracula", "players": 2, "seed": 4})
        assert status == 201, created
        tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
        game_id = created["gameId"]
        for version in range(12):
            status, game = rest.get(f"/v1/games/{game_id}")
            assert status == 200 and game["version"] == version
            seat = game["toAct"][0]
            if version % 2:
                with GameEngineClient(f"127.0.0.1:{grpc_port}", retry=NO_RETRY, move_keys=False) as client:
                    move = client.legal_moves(game_id, tokens[seat]).notations[0]
                    applied = client.apply_move(game_id, tokens[seat], move, version)
                    assert (applied.version, applied.game.version) == (version + 1, version + 1)
            else:
                status, legal = rest.get(f"/v1/games/{game_id}/moves", tokens[seat])
                assert status == 200
                move = legal["moves"][0]["notation"]
                body = {"move": move, "expectedVersion": version}
                status, applied_json = rest.post(f"/v1/games/{game_id}/moves", body, tokens[seat])
                assert status == 200 and applied_json["version"] == version + 1, applied_json
        assert rest.get(f"/v1/games/{game_id}")[1]["version"] == 12
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=GONE_SECONDS) == 0
        wait_gone(workers)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_workers_stop_when_their_supervisor_is_killed(redis_url: str, key_prefix: str) -> None:
    server = ServerProcess(
        redis_url=redis_url, extra_args=["--key-prefix", key_prefix, "--workers", "2", "--grace-seconds", "1"]
    )
    with server:
        assert server.worker_pids and len(server.worker_pids) == 2
        os.kill(server.pid, signal.SIGKILL)
        wait_gone(server.worker_pids)


def test_the_embedded_store_refuses_more_than_one_worker() -> None:
    command = [sys.executable, "-m", "service.cli", "serve", "--grpc-port", "0", "--http-port", "0", "--workers", "2"]
    finished = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert finished.returncode == 2
    assert "--workers above 1 needs --redis-url" in finished.stderr


@pytest.mark.parametrize("redis", ["", "redis://127.0.0.1:1/0"])
def test_the_default_is_one_worker_per_core_with_redis_and_one_without(redis: str) -> None:
    from service.runtime.workers import cgroup_cpu_limit, default_workers

    cores = min(len(os.sched_getaffinity(0)), cgroup_cpu_limit() or 1000)
    assert default_workers(redis) == (cores if redis else 1)


def test_a_cgroup_cpu_quota_caps_the_default(tmp_path: Path) -> None:
    from service.runtime.workers import cgroup_cpu_limit

    limit = tmp_path / "cpu.max"
    for text, expected in (("150000 100000\n", 2), ("100000 100000\n", 1), ("max 100000\n", None), ("", None)):
        limit.write_text(text)
        assert cgroup_cpu_limit(str(limit)) == expected
    assert cgroup_cpu_limit(str(tmp_path / "absent")) is None
