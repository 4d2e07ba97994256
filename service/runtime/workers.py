"""``cardengine serve --workers N``: N server processes on the same two ports, so a Redis-backed service uses every
core (one Python process runs one core at most: the GIL).

The parent (this module's ``supervise``) reserves the gRPC and REST ports (port 0: free ones) with sockets bound
with ``SO_REUSEPORT`` that never listen, starts N worker processes (the command line it is given, the CLI's
``serve`` with the same arguments, plus those ports and ``--workers 1``; the supervisor's pid in the environment),
each of which binds both ports with ``SO_REUSEPORT`` too (``enable_reuse_port``), so the kernel
spreads new connections over the workers. Each connection stays with the worker that accepted it: a gRPC channel,
or a kept-alive HTTP connection, sends all its calls to one process, so a client's moves keep finding that process's
local copy of the game's last version (a miss costs one Redis read, never a wrong answer).

The parent prints one JSON line when every worker serves (``{"event": "serving", "grpcPort", "httpPort", "pid",
"workers", "workerPids"}``; or the words of ``describe`` for a terminal, ``service.runtime.greeting``), forwards SIGTERM
and SIGINT to every worker (each stops gracefully, within its grace), and exits when they all have: 0 if every one
stopped cleanly. A worker that dies on its own ends the others and the parent (exit 1), for the orchestrator to restart
the whole. A worker whose parent dies stops by itself.

The embedded in-memory store lives in one process and cannot be shared: N is 1 there.
"""

from __future__ import annotations

import json
import logging
import math
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import FrameType

from service.runtime.engine_build import engine_kind

log = logging.getLogger("cardengine.workers")

WORKER_OF = "CARDENGINE_WORKER_OF"  # set in a worker's environment: the supervisor's pid
MULTIPROC_ENV = (
    "PROMETHEUS_MULTIPROC_DIR"  # service.observability.metrics: one directory for the metrics of every worker
)
START_TIMEOUT_SECONDS = 60.0
PARENT_POLL_SECONDS = 0.5


def default_workers(redis_url: str | None) -> int:
    """With a Redis store, the cores this process may use: those it may run on (its affinity), at most its cgroup's
    CPU quota rounded up (a container's CPU limit, e.g. a Kubernetes pod's); 1 with the embedded store."""
    if not redis_url:
        return 1
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, cgroup_cpu_limit() or cores))


def cgroup_cpu_limit(path: str = "/sys/fs/cgroup/cpu.max") -> int | None:
    """The CPU quota of this process's cgroup (v2), rounded up to whole cores; None without one."""
    try:
        quota, period = Path(path).read_text().split()[:2]
    except (OSError, ValueError):
        return None
    if quota == "max":
        return None
    return max(1, math.ceil(int(quota) / int(period)))


def reserve_port(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` with SO_REUSEPORT that never listens: it holds the port (port 0: a free one)
    for the workers, which bind it with SO_REUSEPORT as well; only listening sockets receive connections."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    reserved = socket.socket(family, socket.SOCK_STREAM)
    reserved.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    reserved.bind((host, port))
    return reserved


def supervise(
    worker_command: Sequence[str],
    workers: int,
    host: str,
    grpc_port: int,
    http_port: int,
    describe: Callable[[int, int], str] | None = None,
) -> int:
    """Runs ``workers`` processes of ``worker_command`` (a ``serve`` command line, given the shared ports,
    ``--workers 1`` and ``--announce json``) until SIGTERM or SIGINT; returns the exit code. ``describe``: the
    serving announcement in words for these ports, printed instead of the JSON line."""
    reserved = [reserve_port(host, grpc_port), reserve_port(host, http_port)]
    grpc_port, http_port = (int(sock.getsockname()[1]) for sock in reserved)
    command = [
        *worker_command,
        *("--grpc-port", str(grpc_port), "--http-port", str(http_port), "--workers", "1", "--announce", "json"),
    ]
    environment = {**os.environ, WORKER_OF: str(os.getpid())}
    metrics_dir = None  # prometheus_client's multiprocess mode: every worker writes there, any one answers a scrape
    if not environment.get(MULTIPROC_ENV):
        metrics_dir = tempfile.mkdtemp(prefix="cardengine-metrics-")
        environment[MULTIPROC_ENV] = metrics_dir
    children = [start_worker(command, environment) for _ in range(workers)]
    stopping = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        log.info("signal", extra={"signal": signal.Signals(signum).name, "workers": len(children)})
        stopping.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    try:
        if not _await_serving(children, stopping):
            stopping.set()
            return _stop_all(children, failed=True)
        announce_serving(children, grpc_port, http_port, describe)
        return _watch(children, stopping)
    finally:
        for sock in reserved:
            sock.close()
        if metrics_dir is not None:
            shutil.rmtree(metrics_dir, ignore_errors=True)


def start_worker(command: Sequence[str], environment: Mapping[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(command, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True, env=environment)


def announce_serving(
    children: Sequence[subprocess.Popen[str]],
    grpc_port: int,
    http_port: int,
    describe: Callable[[int, int], str] | None = None,
) -> None:
    """The one "serving" line of the whole (stdout, JSON; or ``describe``'s words) once every worker serves."""
    line = {
        "event": "serving",
        "grpcPort": grpc_port,
        "httpPort": http_port,
        "pid": os.getpid(),
        "workers": len(children),
        "workerPids": [child.pid for child in children],
        "engine": engine_kind(),
    }
    print(json.dumps(line) if describe is None else describe(grpc_port, http_port), flush=True)
    log.info("workers serving", extra={"grpc_port": grpc_port, "http_port": http_port, "workers": len(children)})


def _watch(children: list[subprocess.Popen[str]], stopping: threading.Event) -> int:
    """Waits for a signal, then stops every worker; a worker that exits on its own first stops the others."""
    while not stopping.wait(0.2):
        dead = [child for child in children if child.poll() is not None]
        if dead:
            log.error(
                "a worker exited; stopping the others", extra={"pid": dead[0].pid, "exit_code": dead[0].returncode}
            )
            return _stop_all(children, failed=True)
    return _stop_all(children, failed=False)


def _await_serving(children: list[subprocess.Popen[str]], stopping: threading.Event) -> bool:
    """Waits for each worker's "serving" line; keeps draining their stdout afterwards. False if one failed."""
    ready = [threading.Event() for _ in children]

    def follow(child: subprocess.Popen[str], announced: threading.Event) -> None:
        assert child.stdout is not None
        for line in child.stdout:
            if not announced.is_set():
                try:
                    message = json.loads(line)
                except ValueError:
                    continue
                if isinstance(message, dict) and message.get("event") == "serving":
                    announced.set()

    for child, announced in zip(children, ready, strict=True):
        threading.Thread(target=follow, args=(child, announced), name=f"worker-{child.pid}", daemon=True).start()
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    while not all(event.is_set() for event in ready):
        if stopping.is_set() or time.monotonic() > deadline or any(child.poll() is not None for child in children):
            log.error("a worker did not start")
            return False
        time.sleep(0.02)
    return True


def _stop_all(children: list[subprocess.Popen[str]], *, failed: bool) -> int:
    """SIGTERM to every worker still running, then waits for each (each has its own grace); SIGKILL after a long
    time-out. The exit code: 1 if ``failed`` or a worker did not stop cleanly, else 0."""
    for child in children:
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)
    clean = not failed
    for child in children:
        try:
            code = child.wait(timeout=120)
        except subprocess.TimeoutExpired:
            child.kill()
            code = child.wait()
        clean = clean and code == 0
    log.info("workers stopped", extra={"workers": len(children), "clean": clean})
    return 0 if clean else 1


# ----- inside a worker --------------------------------------------------------------------------------------------


def enable_reuse_port() -> None:
    """This process binds its ports with SO_REUSEPORT beside its siblings: gRPC (``grpc.so_reuseport``) and the
    REST server."""
    from service.edges import grpc_server, http_server

    grpc_server.SO_REUSEPORT = 1
    http_server.REUSE_PORT = True


def follow_parent(parent: int) -> None:
    """Stops this worker gracefully (SIGTERM to itself) if its supervisor dies without stopping it."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL_SECONDS)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
