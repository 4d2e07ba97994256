"""The peer benchmark's processes and the /proc readings around a window (standard library only)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

TICK = os.sysconf("SC_CLK_TCK")


class Processes:
    """Every process this run starts, stopped by PID at the end (SIGTERM, then SIGKILL after a time-out)."""

    def __init__(self) -> None:
        self.started: list[tuple[str, subprocess.Popen[str]]] = []

    def start(self, name: str, command: list[str], log: Path, **kwargs: Any) -> subprocess.Popen[str]:
        """Starts ``command`` with its stderr (and stdout, unless piped) in the file ``log``."""
        with open(log, "w") as handle:  # the child keeps its own copy of the descriptor
            kwargs.setdefault("stdout", handle)
            process: subprocess.Popen[str] = subprocess.Popen(command, stderr=handle, text=True, **kwargs)
        self.started.append((name, process))
        return process

    def stop_all(self) -> None:
        for _, process in reversed(self.started):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for _, process in reversed(self.started):
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self.started.clear()


def drain(process: subprocess.Popen[str]) -> None:
    """Reads the process's stdout to its end in a daemon thread, so that a full pipe never blocks it."""

    def reader() -> None:
        assert process.stdout is not None
        for _ in process.stdout:
            pass

    threading.Thread(target=reader, daemon=True).start()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def read_json_line(process: subprocess.Popen[str], want: str, timeout: float, what: str) -> dict[str, Any]:
    """The next JSON line with event ``want`` on the process's stdout (other lines skipped), within ``timeout``."""
    found: dict[str, Any] = {}

    def reader() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if isinstance(message, dict) and message.get("event") in (want, "error"):
                found.update(message)
                return

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    thread.join(timeout)
    if found.get("event") == want:
        return found
    if found.get("event") == "error":
        raise RuntimeError(f"{what}: {found.get('error')}")
    raise RuntimeError(f"{what}: no '{want}' within {timeout:.0f} s (exit code {process.poll()})")


def pin(cpu: str) -> list[str]:
    return ["taskset", "-c", cpu]


def wait_for_port(port: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on 127.0.0.1:{port}")


def descendants(pids: list[int]) -> list[int]:
    """The processes and every process under them (a server's workers, if any)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            parents.setdefault(ppid, []).append(int(entry.name))
    found: list[int] = []
    queue = list(pids)
    while queue:
        pid = queue.pop()
        found.append(pid)
        queue.extend(parents.get(pid, []))
    return found


def cpu_seconds(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / TICK
    return total


def core_busy() -> dict[str, float]:
    """Busy seconds of every core (user + nice + system + irq + softirq) and its steal, from /proc/stat."""
    busy = {}
    for line in Path("/proc/stat").read_text().splitlines():
        parts = line.split()
        if parts[0].startswith("cpu") and parts[0] != "cpu":
            user, nice, system, _idle, _iowait, irq, softirq, steal = (int(v) for v in parts[1:9])
            busy[parts[0][3:]] = (user + nice + system + irq + softirq) / TICK
            busy[parts[0][3:] + "steal"] = steal / TICK
    return busy
