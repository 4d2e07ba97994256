"""REST ApplyMove's (or GetGame's) instructions per call, counted by callgrind: the REST twin of
``loadtests/apply_instructions.py``, with the same revisions and ``--patch``.

    .venv/bin/python -m loadtests.rest_instructions [OLD NEW ...] [--game G ...] [--matches 3]
        [--operation apply-move|get-game] [--polls 2] [--gate] [--door app|floor|answered] [--patch FILE]
        [--valgrind OPTION ...]

Each revision (a git revision in a temporary worktree, or a directory holding a tree: ``.`` for uncommitted work)
is imported by a child process (``PYTHONPATH`` its tree; this file run by path, so the instrument is this tree's).
The child builds the REST app on the in-memory store (``create_app(GameService(MemoryStore()))``; ``--gate``: with
the gate ``cardengine serve`` builds without keys, which admits every request unread) and calls it in process,
without a socket, as ``loadtests/rest_layers.py`` does: it creates one game per recorded match (seeded; the moves
recorded first by the same revision, random bots, no callgrind), replays the first match as a warm-up, then replays
the others as accepted ``POST /v1/games/{id}/moves``. The child runs under ``valgrind --tool=callgrind``
(``PYTHONHASHSEED=0``) twice, and the difference of the two counts is divided by the calls:

- ``apply-move`` (default): the run replaying the other matches less a run replaying none (start-up, imports, the
  creations and the warm-up are in both); per move.
- ``get-game``: after every replayed move each seat reads ``GET /v1/games/{id}`` ``--polls`` times (a table
  polling); that run less the run replaying the moves without reads; per read.

The app is single-threaded here and the store in memory, so a count repeats from run to run and beside other work.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the child imports nothing of this tree's loadtests: it runs with the revision's tree on the path
    from loadtests.compare_revisions import Revision

TOTALS = re.compile(rb"^(?:totals|summary):\s+(\d+)", re.MULTILINE)
Plan = list[tuple[int, list[tuple[int, str]]]]  # (seed, [(seat, notation)]) of each recorded match
PLAYERS = 2


# ----- the child: runs in the revision's tree, imports only what the revision has -----------------------------------


def _child_app(gated: bool = False, door: str = "app") -> tuple[Any, Any]:
    """(service, app) of the revision on the path; ``gated``: with the gate ``cardengine serve`` builds by default
    (no API keys, the default limits); ``door``: the REST app, or its moves served by the floor (``floor``) or the
    floor answering the view and events (``answered``, ``loadtests/floor_server.py``)."""
    from service.access.keys import KeyRing
    from service.access.limits import LimitSettings, make_gate
    from service.core.game_service import GameService
    from service.edges.rest import create_app
    from service.storage.store import MemoryStore

    store = MemoryStore()
    service = GameService(store)
    gate = make_gate(service.store, KeyRing(), LimitSettings()) if gated else None
    app = create_app(service, web_root=None, gate=gate)
    if door == "app":
        return service, app
    from loadtests.floor_server import Floor, floor_rest_app

    return service, floor_rest_app(Floor(service, store, answered=door == "answered"), app)


def _child_record(game_type: str, matches: int) -> Plan:
    """Random matches played through the core: each one's seed and moves."""
    import random

    import engine

    service, _ = _child_app()
    plan: Plan = []
    for seed in range(matches):
        created = service.creation.create_game(game_type, PLAYERS, seed, engine.get_game(game_type).playout_options)
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


def _child_replay(game_type: str, plan: Plan, replay: bool, polls: int, gated: bool, door: str) -> None:
    """Creates a game per match, replays the first through the REST app and, if ``replay``, the others, each move
    followed by ``polls`` GetGame reads of every seat."""
    import orjson

    import engine
    from service.edges.http import Headers
    from service.edges.http_server import Incoming

    service, app = _child_app(gated, door)

    def call(method: str, path: str, body: bytes, token: str) -> None:
        headers = Headers([("Host", "127.0.0.1"), ("Content-Type", "application/json")])
        headers["Authorization"] = f"Bearer {token}"
        response = app(Incoming(method, path, headers, body, "127.0.0.1", lambda: True))
        response.close()
        if response.status_code != 200:  # every counted call is an accepted one
            raise SystemExit(f"{method} {path} answered {response.status_code}: {response.body!r}")

    options = engine.get_game(game_type).playout_options
    created = [service.creation.create_game(game_type, PLAYERS, seed, options) for seed, _ in plan]
    for index, (game, (_, moves)) in enumerate(zip(created, plan, strict=True)):
        if index and not replay:
            break
        tokens = {seat.seat: seat.token for seat in game.seats}
        path = f"/v1/games/{game.game_id}"
        for version, (seat, notation) in enumerate(moves):
            body = orjson.dumps({"move": notation, "expectedVersion": version, "idempotencyKey": f"w{version}"})
            call("POST", f"{path}/moves", body, tokens[seat])
            for _ in range(polls if index else 0):
                for token in tokens.values():
                    call("GET", path, b"", token)


def child(argv: Sequence[str]) -> int:
    """``record GAME MATCHES OUT`` or ``replay GAME PLAN REPLAY POLLS GATED DOOR``."""
    if argv[0] == "record":
        Path(argv[3]).write_text(json.dumps(_child_record(argv[1], int(argv[2]))))
    else:
        recorded = json.loads(Path(argv[2]).read_text())
        plan = [(seed, [(seat, notation) for seat, notation in moves]) for seed, moves in recorded]
        _child_replay(argv[1], plan, argv[3] == "1", int(argv[4]), argv[5] == "1", argv[6])
    return 0


# ----- the parent -----------------------------------------------------------------------------------------------


def child_command(revision: Revision, arguments: Sequence[str]) -> tuple[list[str], dict[str, str]]:
    environment = {**os.environ, **revision.environment(), "PYTHONHASHSEED": "0"}
    return [sys.executable, "-P", str(Path(__file__).resolve()), "--child", *arguments], environment


def counted(revision: Revision, arguments: Sequence[str], valgrind: Sequence[str]) -> int:
    """The instructions of the child run with ``arguments`` under callgrind."""
    command, environment = child_command(revision, arguments)
    with tempfile.TemporaryDirectory(prefix="cardengine-callgrind-") as directory:
        out = Path(directory) / "callgrind.out"
        valgrind_command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *valgrind, *command]
        subprocess.run(valgrind_command, env=environment, check=True, capture_output=True)
        found = TOTALS.search(out.read_bytes())
        if found is None:
            raise RuntimeError(f"callgrind wrote no total in {out}")
        return int(found.group(1))


def per_call(revision: Revision, game_type: str, args: argparse.Namespace) -> tuple[float, int]:
    """(instructions per call, calls counted) of ``revision``."""
    with tempfile.TemporaryDirectory(prefix="cardengine-plan-") as directory:
        plan_file = Path(directory) / "plan.json"
        command, environment = child_command(revision, ["record", game_type, str(args.matches), str(plan_file)])
        subprocess.run(command, env=environment, check=True)
        plan = json.loads(plan_file.read_text())
        moves = sum(len(match[1]) for match in plan[1:])
        gated = "1" if args.gate else "0"
        replayed = ["replay", game_type, str(plan_file), "1", "0", gated, args.door]
        if args.operation == "apply-move":
            none = counted(revision, ["replay", game_type, str(plan_file), "0", "0", gated, args.door], args.valgrind)
            return (counted(revision, replayed, args.valgrind) - none) / moves, moves
        polled = ["replay", game_type, str(plan_file), "1", str(args.polls), gated, args.door]
        reads = moves * PLAYERS * args.polls
        return (counted(revision, polled, args.valgrind) - counted(revision, replayed, args.valgrind)) / reads, reads


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m loadtests.rest_instructions", description=__doc__.split("\n")[0])
    parser.add_argument("revisions", nargs="*", default=["HEAD"], help="revisions or tree directories")
    parser.add_argument("--game", action="append", help="a game to measure (repeatable; default: every game)")
    parser.add_argument("--matches", type=int, default=3, help="matches per game, the first one the warm-up")
    parser.add_argument("--operation", choices=("apply-move", "get-game"), default="apply-move")
    parser.add_argument("--polls", type=int, default=2, help="get-game: reads of each seat after each move")
    parser.add_argument("--gate", action="store_true", help="the app with the default gate of cardengine serve")
    parser.add_argument(
        "--door",
        choices=("app", "floor", "answered"),
        default="app",
        help="the REST app, or its moves served by the floor server's floor or its floor answering the view and events",
    )
    parser.add_argument("--patch", type=Path, help="a patch applied to the last git revision named")
    parser.add_argument("--valgrind", action="append", default=[], help="an option for valgrind (repeatable)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["--child"]:
        logging.disable(logging.CRITICAL)  # the child's calls only, no log lines
        return child(argv[1:])
    from loadtests.apply_instructions import revisions_of
    from loadtests.bench_service import game_types

    args = build_parser().parse_args(argv)
    if args.matches < 2:
        print("error: --matches must be at least 2 (the first is the warm-up)", file=sys.stderr)
        return 2
    with revisions_of(args.revisions, args.patch) as revisions:
        print(f"{'game':<14} {'revision':<40} {'calls':>6} {'instructions/call':>18} {'ratio':>6}", flush=True)
        for game_type in args.game or game_types():
            first = 0.0
            for revision in revisions:
                instructions, calls = per_call(revision, game_type, args)
                first = first or instructions
                label = f"{revision.label} {args.operation}"
                print(f"{game_type:<14} {label:<40} {calls:>6} {instructions:>18,.0f} {instructions / first:>6.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
