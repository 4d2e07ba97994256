"""Side-by-side benchmark of turn-based game servers on one machine: cardengine against boardgame.io.

    bash loadtests/peer/run.sh [--seconds 5] [--rounds 3] [--configs a,b,...] [--extra] [--json FILE]
    .venv/bin/python -m loadtests.peer.bench [--cardengine CHECKOUT] [--venv VENV] [options as above]

(run.sh is the usual way in, from the repo's root: it installs the Node packages and checks the tools first; without
--cardengine it serves this checkout with its .venv.) Standard library only.

What it answers: per server CPU core, how many accepted moves a second each server handles, and at what latency,
when 16 concurrent clients each play their own matches. Every server (and its Redis) runs pinned to one core
(--server-cpu, default 0), every load generator to another (--load-cpu, default 1). The servers start once and
stay up; the configurations then take turns (A, B, C, ..., A, B, C, ...; --rounds of --seconds each, after an
untimed warm-up turn of --warmup seconds each), so a machine whose speed drifts slows all of them alike. For each
turn the load generator first makes its games and connections, says it is ready, and the window starts: the
server's CPU time (utime + stime from /proc/PID/stat, summed over its processes and its Redis) and both cores' busy
time (/proc/stat) are read right before and right after it. Printed per turn, then pooled per configuration (moves
and CPU summed over its turns, latencies pooled) with ratios to the anchor, cardengine gRPC on Redis.

Configurations (--configs, comma-separated; --extra adds the starred ones):
  ce-grpc-redis   cardengine gRPC ApplyMove, the view as a Struct (the API's default), Redis store   [anchor]
  ce-grpc-mem     the same on the embedded in-memory store
  ce-rest-redis   cardengine REST POST /v1/games/{id}/moves (the view, JSON), under wrk, Redis store
  ce-rest-mem     the same on the in-memory store
  ce-grpc-floor   the floor of a gRPC ApplyMove (loadtests/floor_server.py: the bare call, the rules and one
                  compare-and-set on the same Redis; no view, no events, no checks), on the same stack
  ce-rest-floor   the same floor behind REST's POST /v1/games/{id}/moves, on our HTTP server, under wrk
  ce-grpc-floor-answered, ce-rest-floor-answered   each floor answering what the v1 API obliges an accepted move
                  to answer (the mover's view and the move's events with their texts, as each door writes them by
                  default; floor_server.py --answered): how much of ApplyMove's distance from its floor is content
  bgio-mem        boardgame.io 0.50, "coffin" (a Dracula-like card game), default InMemory storage, socket.io
  bgio-flatfile   the same with boardgame.io's FlatFile storage (node-persist files, written on every move)
  *ce-grpc-redis-omit  cardengine gRPC ApplyMove with omit_view (no view in the answer), Redis
  *ce-grpc-redis-json  cardengine gRPC ApplyMove with view_json (the view as JSON text: the Python client's default)
  *bgio-ttt-mem   boardgame.io with its tutorial's tic-tac-toe, InMemory (the cheapest game it can serve)
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from loadtests.peer.procs import (
    Processes,
    core_busy,
    cpu_seconds,
    descendants,
    drain,
    free_port,
    pin,
    read_json_line,
    wait_for_port,
)
from loadtests.peer.report import LEGEND, Config, Row, Window, pool, table, verdicts, window_line

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]  # the checkout this file is in: the cardengine served unless --cardengine names another

CONFIGS = {
    c.key: c
    for c in (
        Config("ce-grpc-redis", "cardengine gRPC, Redis", "ce-redis", "grpc", {"view": "struct"}),
        Config("ce-grpc-mem", "cardengine gRPC, memory", "ce-mem", "grpc", {"view": "struct"}),
        Config("ce-rest-redis", "cardengine REST (wrk), Redis", "ce-redis", "rest", {}),
        Config("ce-rest-mem", "cardengine REST (wrk), memory", "ce-mem", "rest", {}),
        Config("ce-grpc-floor", "cardengine gRPC floor, Redis", "ce-floor", "grpc", {"view": "omit"}),
        Config("ce-rest-floor", "cardengine REST floor (wrk), Redis", "ce-floor", "rest", {}),
        Config(
            "ce-grpc-floor-answered",
            "cardengine gRPC floor + answer, Redis",
            "ce-floor-answered",
            "grpc",
            {"view": "struct"},
        ),
        Config(
            "ce-rest-floor-answered", "cardengine REST floor + answer (wrk), Redis", "ce-floor-answered", "rest", {}
        ),
        Config("bgio-mem", "boardgame.io coffin, InMemory", "bgio-mem", "bgio", {"game": "coffin"}),
        Config("bgio-flatfile", "boardgame.io coffin, FlatFile", "bgio-flatfile", "bgio", {"game": "coffin"}),
        Config("ce-grpc-redis-omit", "cardengine gRPC omit_view, Redis", "ce-redis", "grpc", {"view": "omit"}),
        Config("ce-grpc-redis-json", "cardengine gRPC view_json, Redis", "ce-redis", "grpc", {"view": "json"}),
        Config("bgio-ttt-mem", "boardgame.io tic-tac-toe, InMemory", "bgio-mem", "bgio", {"game": "tic-tac-toe"}),
    )
}
DEFAULT_CONFIGS = [
    "ce-grpc-redis",
    "ce-grpc-mem",
    "ce-rest-redis",
    "ce-rest-mem",
    "ce-grpc-floor",
    "ce-rest-floor",
    "ce-grpc-floor-answered",
    "ce-rest-floor-answered",
    "bgio-mem",
    "bgio-flatfile",
]
EXTRA_CONFIGS = ["ce-grpc-redis-omit", "ce-grpc-redis-json", "bgio-ttt-mem"]
# Moves/s to prepare games for in the first turn (the load generators prepare for 1.5-2x that); later turns: the
# fastest rate the configuration reached so far.
FIRST_RATE = {"grpc": 2500.0, "rest": 2500.0, "bgio": 800.0}


@dataclass
class Server:
    name: str
    pids: list[int]
    store_pids: list[int] = field(default_factory=list)  # its Redis, counted with it and shown apart
    grpc: str = ""
    http: str = ""
    port: int = 0


# ----- servers -----------------------------------------------------------------------------------------------------


def start_redis(args: argparse.Namespace, processes: Processes, scratch: Path) -> tuple[list[int], str]:
    port = free_port()
    redis = processes.start(
        "redis",
        [
            *pin(args.server_cpu),
            *[args.redis_server, "--port", str(port), "--bind", "127.0.0.1", "--save", ""],
            *["--appendonly", "no", "--daemonize", "no", "--dir", str(scratch)],
        ],
        scratch / "logs" / "redis.log",
    )
    wait_for_port(port)
    return [redis.pid], f"redis://127.0.0.1:{port}/0"


def start_cardengine(
    args: argparse.Namespace, processes: Processes, logs: Path, name: str, extra: list[str], store_pids: list[int]
) -> Server:
    if name.startswith("ce-floor"):  # the measuring instrument of the checkout, not a product command
        ce = [str(Path(args.venv) / "bin" / "python"), "-m", "loadtests.floor_server", "--host", "127.0.0.1"]
        ce += ["--answered"] if name == "ce-floor-answered" else []
    else:
        ce = [str(Path(args.venv) / "bin" / "cardengine"), "serve", "--host", "127.0.0.1", "--grpc-port", "0"]
        ce += ["--http-port", "0", "--workers", "1", "--bot-workers", "0", "--grace-seconds", "1"]
    process = processes.start(
        name, [*pin(args.server_cpu), *ce, *extra], logs / f"{name}.log", stdout=subprocess.PIPE, cwd=args.cardengine
    )
    serving = read_json_line(process, "serving", 60, f"cardengine serve ({name})")
    pids = [process.pid, *[int(pid) for pid in serving.get("workerPids", ())]]
    drain(process)
    return Server(
        name,
        pids,
        store_pids,
        grpc=f"127.0.0.1:{serving['grpcPort']}",
        http=f"http://127.0.0.1:{serving['httpPort']}",
    )


def start_bgio(args: argparse.Namespace, processes: Processes, logs: Path, name: str, extra: list[str]) -> Server:
    node_env = {**os.environ, "NODE_ENV": "production"}
    process = processes.start(
        name,
        [*pin(args.server_cpu), "node", str(HERE / "bgio" / "server.js"), "--port", "0", *extra],
        logs / f"{name}.log",
        stdout=subprocess.PIPE,
        env=node_env,
    )
    serving = read_json_line(process, "serving", 60, f"boardgame.io server ({name})")
    drain(process)
    return Server(name, [process.pid], port=int(serving["port"]))


def start_servers(args: argparse.Namespace, needed: set[str], processes: Processes, scratch: Path) -> dict[str, Server]:
    servers: dict[str, Server] = {}
    logs = scratch / "logs"
    logs.mkdir()
    if "ce-mem" in needed:
        servers["ce-mem"] = start_cardengine(args, processes, logs, "ce-mem", [], [])
    on_redis = {"ce-redis", "ce-floor", "ce-floor-answered"}
    if needed & on_redis:  # one Redis for all: one of them is loaded at a time
        redis_pids, redis_url = start_redis(args, processes, scratch)
        for name in sorted(needed & on_redis):
            servers[name] = start_cardengine(args, processes, logs, name, ["--redis-url", redis_url], redis_pids)
    if "bgio-mem" in needed:
        servers["bgio-mem"] = start_bgio(args, processes, logs, "bgio-mem", [])
    if "bgio-flatfile" in needed:
        flat = ["--storage", "flatfile", "--dir", str(scratch / "ff")]
        servers["bgio-flatfile"] = start_bgio(args, processes, logs, "bgio-flatfile", flat)
    return servers


# ----- one window --------------------------------------------------------------------------------------------------


def load_command(args: argparse.Namespace, config: Config, server: Server, rate: float, seconds: float) -> list[str]:
    timing = ["--seconds", str(seconds), "--expected-rate", str(rate)]
    if config.kind == "grpc":
        python = str(Path(args.venv) / "bin" / "python")
        return [
            *pin(args.load_cpu),
            *["env", f"PYTHONPATH={args.cardengine}", python, str(HERE / "grpc_load.py"), "run"],
            *["--target", server.grpc, "--recorded", args.recorded, "--callers", str(args.clients), *timing],
            *["--view", config.options["view"]],
        ]
    if config.kind == "rest":
        return [
            *pin(args.load_cpu),
            *[sys.executable, str(HERE / "rest_load.py"), "--url", server.http, "--recorded", args.recorded],
            *["--connections", str(args.clients), *timing, "--cpu", args.load_cpu],
        ]
    return [
        *pin(args.load_cpu),
        *["node", str(HERE / "bgio" / "load.js"), "--port", str(server.port), "--game", config.options["game"]],
        *["--clients", str(args.clients), *timing],
    ]


def timed_run(
    args: argparse.Namespace, config: Config, server: Server, command: list[str], seconds: float
) -> tuple[dict[str, Any], dict[str, float]]:
    """Runs the load generator's window; its result and the readings (deltas over the window, wall time)."""
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=HERE)
    assert process.stdin is not None
    what = f"{config.key} load generator"
    try:
        read_json_line(process, "ready", 300, what)
        server_pids, store_pids = descendants(server.pids), descendants(server.store_pids)
        cpu_before, store_before, cores_before = cpu_seconds(server_pids), cpu_seconds(store_pids), core_busy()
        started = time.perf_counter()
        process.stdin.write("go\n")
        process.stdin.flush()
        read_json_line(process, "done", seconds + 120, what)
        wall = time.perf_counter() - started
        cpu_after, store_after, cores_after = cpu_seconds(server_pids), cpu_seconds(store_pids), core_busy()
        result = read_json_line(process, "result", 60, what)
        process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    readings = {
        "server": cpu_after - cpu_before,
        "store": store_after - store_before,
        "core_server": cores_after[args.server_cpu] - cores_before[args.server_cpu],
        "core_load": cores_after[args.load_cpu] - cores_before[args.load_cpu],
        "wall": wall,
    }
    return result, readings


def result_notes(result: dict[str, Any]) -> list[str]:
    notes = []
    for key in ("inlineGames", "inlineMatches"):
        if result.get(key):
            notes.append(f"{result[key]} games made inside the window")
    if result.get("otherAnswers"):
        notes.append(f"{result['otherAnswers']} answers other than an accepted move")
    if result.get("planExhausted"):
        notes.append("a wrk plan ran out")
    return notes


def measure(
    args: argparse.Namespace, config: Config, server: Server, rate: float, seconds: float, round_: int
) -> Window:
    command = load_command(args, config, server, rate, seconds)
    result, readings = timed_run(args, config, server, command, seconds)
    if "latenciesUs" in result:
        latencies, weight = [float(v) for v in result["latenciesUs"]], 1.0
    else:
        latencies = [float(v) for v in result["latencyQuantilesUs"]]
        weight = result["moves"] / max(1, len(latencies))
    return Window(
        config=config.key,
        round=round_,
        moves=int(result["moves"]),
        seconds=float(result["seconds"]),
        latencies_us=latencies,
        latency_weight=weight,
        server_cpu=readings["server"] + readings["store"],
        store_cpu=readings["store"],
        core_server=readings["core_server"],
        core_load=readings["core_load"],
        gen_cpu=result.get("genCpuSeconds"),
        wall=readings["wall"],
        notes=result_notes(result),
    )


# ----- the run -----------------------------------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cardengine", default=os.environ.get("CARDENGINE_DIR") or str(ROOT), help="checkout")
    parser.add_argument("--venv", default=os.environ.get("CARDENGINE_VENV"), help="its venv [its .venv]")
    parser.add_argument("--seconds", type=float, default=5.0, help="timed window per turn")
    parser.add_argument("--rounds", type=int, default=3, help="timed turns per configuration")
    parser.add_argument("--warmup", type=float, default=2.0, help="untimed first turn per configuration, 0: none")
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--configs", default=",".join(DEFAULT_CONFIGS))
    parser.add_argument("--extra", action="store_true", help="add " + ", ".join(EXTRA_CONFIGS))
    parser.add_argument("--server-cpu", default="0")
    parser.add_argument("--load-cpu", default="1")
    parser.add_argument("--redis-server", default=shutil.which("redis-server") or "redis-server")
    parser.add_argument("--json", help="write every window and the pooled rows here")
    args = parser.parse_args(argv)
    args.cardengine = str(Path(args.cardengine).resolve())
    args.venv = str(Path(args.venv or Path(args.cardengine) / ".venv").resolve())
    keys = [key for key in args.configs.split(",") if key]
    if args.extra:
        keys += [key for key in EXTRA_CONFIGS if key not in keys]
    unknown = [key for key in keys if key not in CONFIGS]
    if unknown:
        parser.error(f"unknown configurations {unknown}; known: {', '.join(CONFIGS)}")
    args.keys = keys
    uses_cardengine = any(CONFIGS[key].kind in ("grpc", "rest") for key in keys)
    if uses_cardengine and not (Path(args.venv) / "bin" / "cardengine").exists():
        parser.error(f"no cardengine in {args.venv}: run `bash scripts/bootstrap` in the checkout, or give --venv")
    return args


def prepare(args: argparse.Namespace, configs: list[Config], servers: dict[str, Server], scratch: Path) -> None:
    """Records the Dracula matches the cardengine loads replay; plays one match of each boardgame.io game with its
    own Client, so that a load generator that drifts from the Client's messages fails here."""
    if any(config.kind in ("grpc", "rest") for config in configs):
        ce = servers.get("ce-mem") or servers["ce-redis"]
        args.recorded = str(scratch / "dracula.json")
        subprocess.run(
            [
                *[str(Path(args.venv) / "bin" / "python"), str(HERE / "grpc_load.py"), "record"],
                *["--target", ce.grpc, "--out", args.recorded],
            ],
            check=True,
            timeout=300,
            env={**os.environ, "PYTHONPATH": args.cardengine},
            stdout=subprocess.DEVNULL,
        )
    smoked: set[str] = set()
    for config in configs:
        if config.kind == "bgio" and config.options["game"] not in smoked:
            smoked.add(config.options["game"])
            subprocess.run(
                [
                    *pin(args.load_cpu),
                    *["node", str(HERE / "bgio" / "smoke_client.js"), "--port", str(servers[config.server].port)],
                    *["--game", config.options["game"], "--matches", "1"],
                ],
                check=True,
                timeout=120,
                stdout=subprocess.DEVNULL,
            )


def take_turns(
    args: argparse.Namespace, configs: list[Config], servers: dict[str, Server], failures: list[str]
) -> list[Window]:
    """The warm-up turn and the timed turns, every configuration once a turn; the timed windows."""
    windows: list[Window] = []
    rates = {config.key: FIRST_RATE[config.kind] for config in configs}
    seen: dict[str, float] = {}
    turns = [(0, args.warmup)] if args.warmup > 0 else []
    turns += [(round_, args.seconds) for round_ in range(1, args.rounds + 1)]
    for round_, seconds in turns:
        if round_ == 0:
            print(f"warm-up ({seconds:g} s each, not counted)")
        for config in configs:
            try:
                w = measure(args, config, servers[config.server], rates[config.key], seconds, round_)
            except (RuntimeError, OSError, subprocess.SubprocessError) as error:
                failures.append(f"round {round_} {config.key}: {error}")
                print(f"  round {round_} {config.key:<20} FAILED: {error}", flush=True)
                continue
            if w.seconds:
                seen[config.key] = max(seen.get(config.key, 0.0), w.moves / w.seconds, 200.0)
                rates[config.key] = seen[config.key]
            if round_ > 0:
                windows.append(w)
            print(window_line(w), flush=True)
    return windows


def print_log_tails(logs: Path) -> None:
    for log in sorted(logs.glob("*.log")) if logs.exists() else []:
        tail = log.read_text(errors="replace").splitlines()[-15:]
        if tail:
            print(f"--- {log.name} (last lines)\n" + "\n".join(tail), file=sys.stderr)


def bgio_errors(logs: Path) -> int:
    """Lines boardgame.io logged as errors: a refused move or message, which its clients never hear of."""
    refused = 0
    for log in logs.glob("bgio-*.log") if logs.exists() else []:
        refused += sum(1 for line in log.read_text(errors="replace").splitlines() if line.startswith("ERROR"))
    return refused


def write_json(path: str, windows: list[Window], rows: list[Row]) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as handle:
        json.dump(
            {
                "windows": [{k: v for k, v in w.__dict__.items() if k != "latencies_us"} for w in windows],
                "rows": [
                    {**{k: v for k, v in r.__dict__.items() if k != "config"}, "config": r.config.key} for r in rows
                ],
            },
            handle,
            indent=1,
        )


def report(args: argparse.Namespace, configs: list[Config], windows: list[Window], failures: list[str]) -> int:
    rows = [
        pool(config, [w for w in windows if w.config == config.key])
        for config in configs
        if any(w.config == config.key for w in windows)
    ]
    print()
    print(table(rows))
    print()
    print(LEGEND)
    judged = verdicts(rows, windows)
    if judged:
        print("\ntargets:\n  " + "\n  ".join(judged))
    notes = [f"{row.config.label}: {'; '.join(row.notes)}" for row in rows if row.notes]
    if notes:
        print("\nnotes: " + " | ".join(notes))
    if failures:
        print("\nfailed windows:\n  " + "\n  ".join(failures))
    if args.json:
        write_json(args.json, windows, rows)
    return 1 if failures or not rows else 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    configs = [CONFIGS[key] for key in args.keys]
    processes = Processes()
    scratch = Path(tempfile.mkdtemp(prefix="peer-bench-"))

    def on_signal(signum: int, _frame: object) -> None:
        raise KeyboardInterrupt(f"signal {signum}")

    signal.signal(signal.SIGTERM, on_signal)
    failures: list[str] = []
    try:
        servers = start_servers(args, {config.server for config in configs}, processes, scratch)
        print(
            f"servers on core {args.server_cpu}, load generators on core {args.load_cpu}; "
            f"{args.clients} clients; {args.rounds} x {args.seconds:g} s per configuration"
        )
        prepare(args, configs, servers, scratch)
        windows = take_turns(args, configs, servers, failures)
    except BaseException:
        print_log_tails(scratch / "logs")
        raise
    finally:
        processes.stop_all()
        refused = bgio_errors(scratch / "logs")
        if refused:
            failures.append(f"boardgame.io logged {refused} errors (refused moves or messages)")
        shutil.rmtree(scratch, ignore_errors=True)
    return report(args, configs, windows, failures)


if __name__ == "__main__":
    sys.exit(main())
