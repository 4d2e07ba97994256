"""A memory soak: bots-only matches against one ``cardengine serve`` over Redis for ``--minutes``, the server's
resident memory (RSS, of every process of it) sampled, a plot drawn, and whether it levelled off after the warm-up.

``callers`` threads each create a match whose every seat is a bot (kinds ``random`` and ``greedy`` in turn, every
game of the catalog in turn), follow it over REST until it is finished (GetGame, then its events and its record),
and start the next; the server's bot workers play the moves. RSS is read from ``/proc/<pid>/status`` every
``--sample-seconds``. The verdict compares the mean RSS of the last third of the run after the warm-up with the
first third: growth below ``--tolerance-mib`` is "flat". A benchmark, not a CI test (docs/performance.md).

    .venv/bin/python -m loadtests.soak --minutes 10 --plot soak.png --csv soak.csv
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import http.client
import itertools
import json
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine
from loadtests.server_process import ServerProcess

BOT_KINDS = ("random", "greedy")


@dataclass
class Soak:
    """What the run saw: RSS samples (seconds since the start, MiB), the state cache's charged size at each (MiB,
    from ``/metrics``) and the matches finished."""

    samples: list[tuple[float, float]] = field(default_factory=list)
    cached: list[float] = field(default_factory=list)
    matches: int = 0
    failures: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for pid {pid}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def private_redis() -> Iterator[str]:
    """A redis-server of its own (no persistence) on a free port, for the run only."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("no redis-server on PATH: install one or give --redis-url")
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="soak-redis-") as folder:
        arguments = [binary, "--port", str(port), "--save", "", "--appendonly", "no", "--dir", folder]
        process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(200):
                with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
                time.sleep(0.05)
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            process.terminate()
            process.wait(timeout=10)


def request(connection: http.client.HTTPConnection, method: str, path: str, body: Any = None) -> Any:
    payload = None if body is None else json.dumps(body)
    connection.request(method, path, body=payload, headers={"Content-Type": "application/json"})
    answer = connection.getresponse()
    data = answer.read()
    if answer.status >= 300:
        raise RuntimeError(f"{method} {path}: {answer.status} {data[:300]!r}")
    return json.loads(data)


def play_matches(port: int, index: int, deadline: float, soak: Soak) -> None:
    """Bots-only matches one after another until ``deadline``: create, follow until finished, read the record."""
    games = [(game.id, game.default_players) for game in engine.all_games()]
    plan = itertools.cycle([(g, p, kind) for g, p in games for kind in BOT_KINDS])
    for _ in range(index):
        next(plan)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while time.monotonic() < deadline:
        game_type, players, kind = next(plan)
        try:
            created = request(
                connection, "POST", "/v1/games", {"gameType": game_type, "seats": [{"bot": kind}] * players}
            )
            game_id = created["gameId"]
            while not request(connection, "GET", f"/v1/games/{game_id}")["finished"]:
                time.sleep(0.1)
            request(connection, "GET", f"/v1/games/{game_id}/events?pageSize=1000")
            request(connection, "GET", f"/v1/games/{game_id}/record")
        except (OSError, RuntimeError, http.client.HTTPException) as error:
            with soak.lock:
                soak.failures.append(str(error))
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            time.sleep(0.5)
            continue
        with soak.lock:
            soak.matches += 1
    connection.close()


def state_cache_mib(port: int) -> float:
    """``cardengine_state_cache_bytes`` of ``/metrics`` (every process), in MiB; 0 when it cannot be read."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", "/metrics")
        text = connection.getresponse().read().decode()
    except (OSError, http.client.HTTPException):
        return 0.0
    finally:
        connection.close()
    lines = [line.split()[-1] for line in text.splitlines() if line.startswith("cardengine_state_cache_bytes")]
    return sum(float(value) for value in lines) / 2**20


def sample(pids: Sequence[int], port: int, started: float, deadline: float, every: float, soak: Soak) -> None:
    while time.monotonic() < deadline:
        soak.samples.append((time.monotonic() - started, sum(rss_mib(pid) for pid in pids)))
        soak.cached.append(state_cache_mib(port))
        time.sleep(every)


def verdict(samples: Sequence[tuple[float, float]], warmup: float, tolerance: float) -> tuple[bool, str]:
    """Flat when the mean RSS of the last third after ``warmup`` exceeds the first third's by less than
    ``tolerance`` MiB."""
    after = [rss for at, rss in samples if at >= warmup]
    if len(after) < 6:
        return False, "too few samples after the warm-up"
    third = len(after) // 3
    first, last = sum(after[:third]) / third, sum(after[-third:]) / third
    growth = last - first
    text = (
        f"RSS after the warm-up ({warmup:.0f} s): first third {first:.1f} MiB, last third {last:.1f} MiB "
        f"(growth {growth:+.1f} MiB; peak {max(after):.1f} MiB; start {samples[0][1]:.1f} MiB)"
    )
    return growth < tolerance, text


def plot(
    samples: Sequence[tuple[float, float]], cached: Sequence[float], warmup: float, matches: int, path: Path
) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(8, 4))
    axes.plot([at / 60 for at, _ in samples], [rss for _, rss in samples], linewidth=1.2, label="server RSS")
    axes.plot([at / 60 for at, _ in samples], cached, linewidth=1.0, label="state cache, charged (/metrics)")
    axes.axvline(warmup / 60, color="grey", linestyle="--", linewidth=0.8, label="end of warm-up")
    axes.set_xlabel("minutes")
    axes.set_ylabel("MiB")
    axes.set_ylim(bottom=0)
    axes.set_title(f"cardengine serve, bots-only matches over Redis ({matches} matches)")
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(path, dpi=100)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m loadtests.soak", description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--warmup-minutes", type=float, default=2.0)
    parser.add_argument("--callers", type=int, default=4, help="matches under way at once")
    parser.add_argument("--sample-seconds", type=float, default=5.0)
    parser.add_argument("--tolerance-mib", type=float, default=8.0, help="growth after the warm-up still flat")
    parser.add_argument("--workers", type=int, default=1, help="server processes (RSS: their sum)")
    parser.add_argument("--redis-url", help="a Redis to use (default: a private redis-server for the run)")
    parser.add_argument("--server-arg", action="append", default=[], help="extra argument to `cardengine serve`")
    parser.add_argument("--plot", type=Path, help="write the RSS curve to this PNG")
    parser.add_argument("--csv", type=Path, help="write the samples (seconds, MiB) to this CSV")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    soak = Soak()
    redis = contextlib.nullcontext(args.redis_url) if args.redis_url else private_redis()
    serve_args = ["--workers", str(args.workers), *args.server_arg]
    with redis as redis_url, ServerProcess(redis_url=redis_url, extra_args=serve_args) as server:
        started = time.monotonic()
        deadline = started + args.minutes * 60
        threads = [
            threading.Thread(target=play_matches, args=(server.http_port, index, deadline, soak), daemon=True)
            for index in range(args.callers)
        ]
        threads.append(
            threading.Thread(
                target=sample, args=(server.pids, server.http_port, started, deadline, args.sample_seconds, soak)
            )
        )
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    flat, text = verdict(soak.samples, args.warmup_minutes * 60, args.tolerance_mib)
    print(f"{soak.matches} matches in {args.minutes:g} min, {len(soak.failures)} failed calls; {text}")
    if soak.cached:
        print(f"state cache (charged): {soak.cached[0]:.1f} MiB at the start, {soak.cached[-1]:.1f} MiB at the end")
    print("flat after the warm-up" if flat else "NOT flat after the warm-up")
    for failure in soak.failures[:5]:
        print("  failure:", failure)
    if args.csv:
        with args.csv.open("w", newline="") as file:
            writer = csv.writer(file)
            writer.writerow(["seconds", "rss_mib", "state_cache_mib"])
            rows = zip(soak.samples, soak.cached, strict=True)
            writer.writerows((f"{at:.1f}", f"{rss:.2f}", f"{cached:.2f}") for (at, rss), cached in rows)
    if args.plot:
        plot(soak.samples, soak.cached, args.warmup_minutes * 60, soak.matches, args.plot)
    return 0 if flat and soak.matches and not soak.failures else 1


if __name__ == "__main__":
    raise SystemExit(main())
