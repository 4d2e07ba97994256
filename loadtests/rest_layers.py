"""Where REST's extra CPU per request goes, layer by layer (docs/performance.md, "REST beside gRPC").

Each row is one layer of a REST request, measured in this process on the embedded store, the rows taking turns
for ``--rounds`` rounds so that a busy machine slows each alike:

- ``server, trivial app``: ``create_http_server`` (as ``cardengine serve`` runs it) serving an app that answers
  ``{"status":"ok"}`` itself, under ``wrk -c16`` on /healthz: the HTTP server's own parsing and writing;
- ``server + REST app``: the same server serving the REST app's /healthz;
- ``REST app, /healthz`` and ``REST app, ApplyMove``: the REST app called directly, no socket: routing and hooks,
  and for ApplyMove the body's parsing and the answer's JSON;
- ``core, ApplyMove``: the same moves applied by the service core directly, as the gRPC edge calls it.

CPU per request is this process's user + system time over the requests (the server's threads run here). Run:
``.venv/bin/python -m loadtests.rest_layers --rounds 3 --seconds 3`` (``wrk`` on PATH; the server on core 0 and
``wrk`` on core 1 when the machine has two).
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import re
import resource
import subprocess
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

import orjson

import engine
from service.core.game_service import GameService
from service.edges.http import Headers, Response
from service.edges.http_server import App, Incoming
from service.edges.rest import create_app, create_http_server
from service.storage.store import MemoryStore

Plan = list[tuple[int, list[tuple[int, str]]]]  # (seed, [(seat, notation)]) of each recorded match
GAME = "dracula"


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def trivial_app(incoming: Incoming) -> Response:
    return Response(b'{"status":"ok"}', content_type="application/json")


def serve(app: App) -> str:
    """``app`` served by ``create_http_server`` in a background thread, for the whole run; its /healthz URL."""
    server = create_http_server(app, host="127.0.0.1", port=0, threads=32)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.effective_port}/healthz"


def under_wrk(url: str, seconds: float) -> float:
    """CPU microseconds of this process per request of ``url`` under wrk with 16 connections."""
    pin = ["taskset", "-c", "1"] if (os.cpu_count() or 1) > 1 else []
    started = cpu_seconds()
    out = subprocess.run([*pin, "wrk", "-t2", "-c16", f"-d{seconds:g}s", url], capture_output=True, text=True).stdout
    spent = cpu_seconds() - started
    found = re.search(r"(\d+) requests in", out)
    if found is None:
        raise SystemExit(f"wrk gave no count: {out}")
    return spent / int(found.group(1)) * 1e6


def incoming(method: str, path: str, body: bytes = b"", authorization: str = "") -> Incoming:
    headers = Headers([("Host", "127.0.0.1"), ("Content-Type", "application/json")])
    if authorization:
        headers["Authorization"] = authorization
    return Incoming(method, path, headers, body, "127.0.0.1", lambda: True)


def call(app: App, request: Incoming) -> None:
    """``request`` answered by ``app``; anything but a 200 stops the measurement (it would time a refusal)."""
    response = app(request)
    if response.status_code != 200:
        raise RuntimeError(f"{request.method} {request.target} answered {response.status_code}: {response.body!r}")
    response.close()


def record(service: GameService, matches: int) -> Plan:
    """Random matches played through the core, their moves kept to be replayed on new games of the same seeds."""
    plan: Plan = []
    for seed in range(matches):
        created = service.creation.create_game(GAME, 2, seed, engine.get_game(GAME).playout_options)
        tokens = {seat.seat: seat.token for seat in created.seats}
        rng, game = random.Random(seed), created.game
        moves: list[tuple[int, str]] = []
        while not game.finished:
            seat = game.to_act[0]
            notation = rng.choice(service.reads.legal_moves(created.game_id, tokens[seat]).moves).notation
            game = service.moves.apply_move(created.game_id, tokens[seat], notation, len(moves)).game
            moves.append((seat, notation))
        plan.append((seed, moves))
    return plan


def replay(service: GameService, plan: Plan, app: App | None, extra: Mapping[str, Any] | None = None) -> float:
    """CPU microseconds per move replaying ``plan`` through ``app`` (REST, no socket; ``extra``: more fields of each
    move's body) or the core when None; the creations are not counted."""
    spent, count = 0.0, 0
    for seed, moves in plan:
        created = service.creation.create_game(GAME, 2, seed, engine.get_game(GAME).playout_options)
        tokens = {seat.seat: seat.token for seat in created.seats}
        path = f"/v1/games/{created.game_id}/moves"
        started = cpu_seconds()
        for version, (seat, notation) in enumerate(moves):
            if app is None:
                service.moves.apply_move(created.game_id, tokens[seat], notation, version, f"w{version}")
            else:
                fields = {"move": notation, "expectedVersion": version, "idempotencyKey": f"w{version}"}
                body = orjson.dumps(fields | dict(extra or {}))
                call(app, incoming("POST", path, body, f"Bearer {tokens[seat]}"))
        spent += cpu_seconds() - started
        count += len(moves)
    return spent / count * 1e6


def healthz_in_process(app: App, requests: int) -> float:
    started = cpu_seconds()
    for _ in range(requests):
        call(app, incoming("GET", "/healthz"))
    return (cpu_seconds() - started) / requests * 1e6


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--matches", type=int, default=20, help="recorded Dracula matches replayed per round")
    args = parser.parse_args(argv)
    logging.disable(logging.CRITICAL)
    if (os.cpu_count() or 1) > 1:
        os.sched_setaffinity(0, {0})
    service = GameService(MemoryStore())
    app = create_app(service, web_root=None)
    plan = record(service, args.matches)
    trivial_url, app_url = serve(trivial_app), serve(app)
    rows: dict[str, Callable[[], float]] = {
        "server, trivial app, /healthz": lambda: under_wrk(trivial_url, args.seconds),
        "server + REST app, /healthz": lambda: under_wrk(app_url, args.seconds),
        "REST app, /healthz (no socket)": lambda: healthz_in_process(app, 5000),
        "REST app, ApplyMove (no socket)": lambda: replay(service, plan, app),
        "core, ApplyMove (no edge)": lambda: replay(service, plan, None),
    }
    figures: dict[str, list[float]] = {name: [] for name in rows}
    for _ in range(args.rounds):
        for name, measure in rows.items():
            figures[name].append(measure())
            time.sleep(0.2)
    for name, values in figures.items():
        print(f"{name:36s} " + ", ".join(f"{value:6.1f}" for value in values) + " us CPU per request")


if __name__ == "__main__":
    main()
