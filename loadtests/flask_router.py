"""Flask against our router (docs/performance.md, "Flask against our router"): the same REST app over the same
Redis, as ours (``loadtests/rest_app.py``: our router and request objects) and on Flask (``loadtests/rest_flask.py``:
Flask's routing, request and response objects), both served by the server ``cardengine serve`` uses (httptools, a
thread per connection; Flask through ``service.edges.wsgi.served_wsgi``).

Each server runs on core 0 and ``wrk`` (one thread per connection, 16 connections) on core 1, the rows taking turns
(the order of the two apps swapped every round): ``/healthz``, and ApplyMove replaying recorded Dracula matches as
the service benchmark does (``loadtests/rest_load.py``'s wrk script: each connection its own games of recorded
seeds, the next move sent once the previous was accepted). The matches are recorded and the games created by this
process through the core on the same Redis, before each window. Per row: the server processes' CPU per request
(/proc), p99 and rate. Without ``--redis-url`` a private redis-server is started (on core 1).

    .venv/bin/python -m loadtests.flask_router --rounds 3 --seconds 4
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from pathlib import Path

import orjson

import engine
from loadtests.measurement import Measurement, with_server_cpu
from loadtests.rest_layers import GAME, Plan, record
from loadtests.rest_load import WRK_APPLY, WRK_CONNECTIONS, lua_string, run_wrk, wrk_measurement
from loadtests.rest_servers import process_tree, wait_for
from loadtests.soak import free_port
from service.core.game_service import GameService
from service.storage.redis_store import RedisStore

ROOT = Path(__file__).resolve().parents[1]
APPS = {"ours": "loadtests.rest_app", "Flask": "loadtests.rest_flask"}
SERVER_CPU, LOAD_CPU = [0], [1]


@contextmanager
def private_redis() -> Iterator[str]:
    port = free_port()
    command = ["taskset", "-c", "1", "redis-server", "--port", str(port), "--save", "", "--appendonly", "no"]
    redis = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    try:
        for _ in range(100):
            if subprocess.run(["redis-cli", "-p", str(port), "ping"], capture_output=True).returncode == 0:
                break
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        redis.terminate()
        redis.wait(10)


@contextmanager
def servers(redis_url: str) -> Iterator[dict[str, tuple[str, list[int]]]]:
    """Both apps' servers on core 0, for the whole run: by name, (base URL, process ids)."""
    environment = {**os.environ, "REDIS_URL": redis_url, "PYTHONPATH": str(ROOT)}
    started: dict[str, tuple[str, list[int]]] = {}
    processes = []
    try:
        for name, module in APPS.items():
            port = free_port()
            command = ["taskset", "-c", "0", sys.executable, "-m", module, str(port)]
            processes.append(subprocess.Popen(command, env=environment, cwd=ROOT, stdout=subprocess.DEVNULL))
            wait_for(port)
            started[name] = (f"http://127.0.0.1:{port}", process_tree(processes[-1].pid))
        yield started
    finally:
        for process in processes:
            process.terminate()
            process.wait(10)


def apply_plan(service: GameService, plan: Plan, moves_per_connection: int) -> tuple[str, int]:
    """``loadtests.rest_load.rest_apply_plan``'s Lua file, its games created through the core; and its moves."""
    plans, moves_in_all = [], 0
    for index in range(WRK_CONNECTIONS):
        steps: list[str] = []
        rotation = random.Random(index)
        while len(steps) < moves_per_connection:
            seed, moves = plan[rotation.randrange(len(plan))]
            created = service.creation.create_game(GAME, 2, seed, engine.get_game(GAME).playout_options)
            tokens = {seat.seat: seat.token for seat in created.seats}
            path = lua_string(f"/v1/games/{created.game_id}/moves")
            for version, (seat, notation) in enumerate(moves):
                body = orjson.dumps({"move": notation, "expectedVersion": version, "idempotencyKey": f"w{version}"})
                steps.append(f"{{{path},{lua_string('Bearer ' + tokens[seat])},{lua_string(body.decode())}}}")
        plans.append("{" + ",\n".join(steps) + "}")
        moves_in_all += len(steps)
    return "return {" + ",\n".join(plans) + "}\n", moves_in_all


def healthz_row(url: str, pids: Sequence[int], seconds: float) -> Measurement:
    run = partial(run_wrk, f"{url}/healthz", seconds, WRK_CONNECTIONS, "", (), LOAD_CPU)
    return with_server_cpu(pids, lambda: wrk_measurement("/healthz", run()))


def apply_row(url: str, pids: Sequence[int], seconds: float, plan_file: str) -> Measurement:
    run = partial(run_wrk, url, seconds, WRK_CONNECTIONS, WRK_APPLY, (plan_file,), LOAD_CPU)
    return with_server_cpu(pids, lambda: wrk_measurement("ApplyMove", run()))


def measure_apply(
    service: GameService, plan: Plan, url: str, pids: Sequence[int], seconds: float, rate: float
) -> Measurement:
    """One ApplyMove window on new games, enough moves for three times ``rate`` (moves per second) meanwhile."""
    per_connection = max(200, int(rate * seconds * 3 / WRK_CONNECTIONS))
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as handle:
        lua, moves = apply_plan(service, plan, per_connection)
        handle.write(lua)
    try:
        row = apply_row(url, pids, seconds, handle.name)
    finally:
        os.unlink(handle.name)
    if row.units > moves + 2 * WRK_CONNECTIONS:  # besides a /healthz and a replay a connection; past its plan: /healthz
        raise RuntimeError(f"the plan ran out: {row.units} requests for {moves} moves")
    return row


def cell(row: Measurement) -> str:
    errors = f", {row.name.split('(')[1][:-1]}" if "(" in row.name else ""
    return f"{row.server_cpu_per_unit_us:.0f} us, p99 {row.percentile(0.99):.1f} ms, {row.rate:.0f}/s{errors}"


def run(args: argparse.Namespace, redis_url: str) -> dict[tuple[str, str], list[Measurement]]:
    service = GameService(RedisStore.from_url(redis_url))
    plan = record(service, args.matches)
    results: dict[tuple[str, str], list[Measurement]] = {}
    rate = 4000.0  # moves per second, raised to the fastest seen
    with servers(redis_url) as started:
        for url, pids in started.values():  # warm-up, not counted
            healthz_row(url, pids, 1)
            measure_apply(service, plan, url, pids, 1, rate)
        for round_index in range(args.rounds):
            order = list(started) if round_index % 2 == 0 else list(reversed(started))
            for what in ("/healthz", "ApplyMove"):
                for name in order:
                    url, pids = started[name]
                    if what == "/healthz":
                        row = healthz_row(url, pids, args.seconds)
                    else:
                        row = measure_apply(service, plan, url, pids, args.seconds, rate)
                        rate = max(rate, row.rate)
                    results.setdefault((name, what), []).append(row)
                    print(f"round {round_index + 1} {name:5s} {what:9s} {cell(row)}", flush=True)
                    time.sleep(0.5)
    return results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m loadtests.flask_router", description=__doc__.split("\n")[0])
    parser.add_argument("--redis-url", default=None, help="default: a private redis-server on core 1")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--matches", type=int, default=20, help="recorded Dracula matches")
    args = parser.parse_args(argv)
    logging.disable(logging.CRITICAL)
    print(f"load average before: {os.getloadavg()}", flush=True)
    if args.redis_url:
        results = run(args, args.redis_url)
    else:
        with private_redis() as redis_url:
            results = run(args, redis_url)
    print(f"load average after: {os.getloadavg()}\n")
    print("| app | row | " + " | ".join(f"round {index + 1}" for index in range(args.rounds)) + " |")
    print("|---|---|" + "---|" * args.rounds)
    for (name, what), rows in sorted(results.items(), key=lambda item: (item[0][1], item[0][0] != "ours")):
        print(f"| {name} | {what} | " + " | ".join(cell(row) for row in rows) + " |")
    for what in ("/healthz", "ApplyMove"):
        ours, flask = results[("ours", what)], results[("Flask", what)]
        savings = [1 - a.server_cpu_per_unit_us / b.server_cpu_per_unit_us for a, b in zip(ours, flask, strict=True)]  # type: ignore[operator]
        print(f"{what}: ours saves " + ", ".join(f"{saving:.1%}" for saving in savings) + " of Flask's CPU per request")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
