"""``cardengine serve`` as a child process on free ports, for the benchmark and the tests that need a real server.

The server binds port 0 for both protocols and prints one JSON line on stdout with the ports it got
(``{"event": "serving", "grpcPort": ..., "httpPort": ...}``, and ``workerPids`` with ``--workers N``); its logs go
to a temporary file, shown when it fails to start. Leaving the ``with`` block sends SIGTERM (a graceful stop) and
waits for the exit.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import IO, Any

START_TIMEOUT_SECONDS = 30.0
STOP_TIMEOUT_SECONDS = 20.0


def cardengine_command() -> list[str]:
    """The installed ``cardengine`` script next to this interpreter, else the module through this interpreter."""
    script = Path(sys.executable).parent / "cardengine"
    return [str(script)] if script.exists() else [sys.executable, "-m", "service.cli"]


class ServerProcess:
    """``command`` replaces the whole command line (then the ports must come from ``environment``); the
    ``environment`` is added to this process's own; ``wrapper`` comes before the command (e.g. ``taskset -c 0``)."""

    def __init__(
        self,
        *,
        redis_url: str | None = None,
        extra_args: Sequence[str] = (),
        command: Sequence[str] | None = None,
        environment: Mapping[str, str] | None = None,
        wrapper: Sequence[str] = (),
        start_timeout: float = START_TIMEOUT_SECONDS,
    ) -> None:
        self.arguments = [
            *wrapper,
            *cardengine_command(),
            "serve",
            "--host",
            "127.0.0.1",
            "--grpc-port",
            "0",
            "--http-port",
            "0",
        ]
        if redis_url:
            self.arguments += ["--redis-url", redis_url]
        self.arguments += list(extra_args)
        if command is not None:
            self.arguments = list(command)
        self.environment = {**os.environ, **(environment or {})}
        self.start_timeout = start_timeout
        self.grpc_port = 0
        self.http_port = 0
        self.worker_pids: list[int] = []  # with `--workers N` (N > 1): the worker processes under this one
        self.engine = ""  # the engine the server imported, from its serving line: "pure" or "compiled"
        self._process: subprocess.Popen[str] | None = None
        self._log: IO[str] | None = None

    @property
    def pid(self) -> int:
        assert self._process is not None, "the server is not started"
        return self._process.pid

    @property
    def pids(self) -> list[int]:
        """Every process serving: this one, and its workers with ``--workers N``."""
        return [self.pid, *self.worker_pids]

    @property
    def grpc_target(self) -> str:
        return f"127.0.0.1:{self.grpc_port}"

    @property
    def http_url(self) -> str:
        return f"http://127.0.0.1:{self.http_port}"

    def logs(self) -> str:
        if self._log is None:
            return ""
        self._log.flush()
        return Path(self._log.name).read_text(errors="replace")

    def start(self) -> ServerProcess:
        self._log = tempfile.NamedTemporaryFile("w+", prefix="cardengine-serve-", suffix=".log")  # noqa: SIM115
        self._process = subprocess.Popen(
            self.arguments,
            stdout=subprocess.PIPE,
            stderr=self._log,
            stdin=subprocess.DEVNULL,
            text=True,
            env=self.environment,
        )
        announced: dict[str, Any] = {}
        stdout = self._process.stdout
        assert stdout is not None

        def read_announcement() -> None:
            for line in stdout:
                try:
                    message = json.loads(line)
                except ValueError:
                    continue
                if isinstance(message, dict) and message.get("event") == "serving":
                    announced.update(message)
                    break
            # Keep draining stdout so the server never blocks on a full pipe.
            for _ in stdout:
                pass

        reader = threading.Thread(target=read_announcement, name="serve-stdout", daemon=True)
        reader.start()
        deadline = time.monotonic() + self.start_timeout
        while not announced:
            if self._process.poll() is not None or time.monotonic() > deadline:
                logs = self.logs()
                self.stop()
                raise RuntimeError(f"`{' '.join(self.arguments)}` did not start:\n{logs[-4000:]}")
            time.sleep(0.02)
        self.grpc_port = int(announced["grpcPort"])
        self.engine = str(announced.get("engine", ""))
        self.http_port = int(announced["httpPort"])
        self.worker_pids = [int(pid) for pid in announced.get("workerPids", ())]
        return self

    def stop(self) -> int | None:
        """SIGTERM, then the exit code (SIGKILL after a time-out); None if it was never started."""
        process, self._process = self._process, None
        if process is None:
            return None
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=STOP_TIMEOUT_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if self._log is not None:
            self._log.close()
            self._log = None
        return process.returncode

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.stop()
