"""REST server candidates side by side: the same REST app (``loadtests/rest_app.py``) over the same Redis, served
by the server ``cardengine serve`` uses (httptools, a thread per connection), and as WSGI by waitress, gunicorn
(gthread) and granian, each in turn on core 0 with
``wrk -t2 -c16`` on core 1; ``/healthz`` and ``GET /v1/games/{id}`` (a spectator's view), their rate, p99 and the
server processes' CPU per request (/proc). Rounds take turns so that a drifting machine slows every candidate
alike. gunicorn and granian are not dependencies: install them apart and name the folder.

    .venv/bin/python -m pip install --target /tmp/candidates granian gunicorn waitress
    .venv/bin/python -m loadtests.rest_servers --packages /tmp/candidates --redis-url redis://127.0.0.1:6379/0
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path

from loadtests.measurement import process_usage
from loadtests.soak import free_port

ROOT = Path(__file__).resolve().parents[1]


def commands(port: int) -> dict[str, list[str]]:
    python = sys.executable
    return {
        "cardengine serve's (httptools, thread per connection)": [python, "-m", "loadtests.rest_app", str(port)],
        "waitress 32 threads": [python, "-m", "waitress", "--threads=32", f"--listen=127.0.0.1:{port}",
                                "loadtests.rest_app:app"],
        "gunicorn gthread 1 x 32": [python, "-m", "gunicorn", "-k", "gthread", "-w", "1", "--threads", "32",
                                     "-b", f"127.0.0.1:{port}", "loadtests.rest_app:app"],
        "granian wsgi 1 worker": [python, "-m", "granian", "--interface", "wsgi", "--workers", "1",
                                  "--blocking-threads", "32", "--host", "127.0.0.1", "--port", str(port),
                                  "loadtests.rest_app:app"],
    }  # fmt: skip


def process_tree(root: int) -> list[int]:
    pids, index = [root], 0
    while index < len(pids):
        children = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pids[index])], capture_output=True, text=True)
        pids += [int(pid) for pid in children.stdout.split()]
        index += 1
    return pids


def cpu_seconds(pids: Sequence[int]) -> float:
    return sum(usage.cpu_seconds for usage in (process_usage(pid) for pid in pids) if usage is not None)


def wrk(url: str, seconds: float) -> tuple[float, int, float, int]:
    """(requests/s, requests, p99 in ms, answers not 2xx/3xx) of ``wrk -t2 -c16`` on core 1."""
    command = ["taskset", "-c", "1", "wrk", "-t2", "-c16", f"-d{seconds:g}s", "--latency", url]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    total = int(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]
    tail = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", out)
    assert tail is not None, out
    p99 = float(tail.group(1)) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[tail.group(2)]
    refused = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return rate, total, p99, int(refused.group(1)) if refused else 0


def wait_for(port: int) -> None:
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1).read()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"no server on port {port}")


def create_game(port: int) -> str:
    body = json.dumps({"gameType": "dracula", "players": 2}).encode()
    sent = urllib.request.Request(
        f"http://127.0.0.1:{port}/v1/games", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(sent) as answer:
        game_id: str = json.loads(answer.read())["gameId"]
    return game_id


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m loadtests.rest_servers", description=__doc__.split("\n")[0])
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/0")
    parser.add_argument("--packages", default="", help="a folder holding granian and gunicorn (pip --target)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=4.0)
    args = parser.parse_args(argv)
    path = os.pathsep.join(part for part in (str(ROOT), args.packages) if part)
    environment = {**os.environ, "REDIS_URL": args.redis_url, "PYTHONPATH": path}
    results: dict[tuple[str, str], list[tuple[float, float, float, int]]] = {}
    game_id = ""
    for _ in range(args.rounds):
        for name in commands(0):
            port = free_port()
            command = ["taskset", "-c", "0", *commands(port)[name]]
            server = subprocess.Popen(command, env=environment, cwd=ROOT, stdout=subprocess.DEVNULL)
            try:
                wait_for(port)
                game_id = game_id or create_game(port)
                pids = process_tree(server.pid)
                for what, route in (("/healthz", "/healthz"), ("GetGame", f"/v1/games/{game_id}")):
                    wrk(f"http://127.0.0.1:{port}{route}", 1)  # warm-up
                    before = cpu_seconds(pids)
                    rate, total, p99, refused = wrk(f"http://127.0.0.1:{port}{route}", args.seconds)
                    used = cpu_seconds(pids) - before
                    results.setdefault((name, what), []).append((rate, p99, used / total * 1e6, refused))
            finally:
                server.terminate()
                server.wait(10)
    for (name, what), runs in results.items():
        cells = [f"{rate:6.0f}/s p99 {p99:6.1f} ms CPU {us:4.0f} us" + (f" ({bad} not 2xx)" if bad else "")
                 for rate, p99, us, bad in runs]  # fmt: skip
        print(f"{name:30s} {what:8s} " + " | ".join(cells), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
