"""How ``cardengine serve`` says it is serving, on stdout: in words for a person at a terminal (where to play, the
REST and gRPC addresses, the API explorer), or as one JSON line for a program (``{"event": "serving", ...}``).

``--announce auto`` (the default) chooses words when stdout is a terminal and JSON otherwise, so a program reading
the pipe (loadtests/server_process.py, an orchestrator) always gets its JSON line; ``words`` and ``json`` force one.
The logs are JSON lines on stderr either way.
"""

from __future__ import annotations

import ipaddress
import sys
from dataclasses import dataclass
from typing import TextIO

ANNOUNCE_CHOICES = ("auto", "words", "json")
WILDCARDS = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}


@dataclass(frozen=True, slots=True, kw_only=True)
class Serving:
    """What a person needs to know of a server that serves."""

    host: str  # the address bound
    grpc_port: int
    http_port: int
    web_table: bool  # the web table is installed (served at /)
    explorer: bool  # the API explorer is installed (served at /docs)
    store: str  # "memory" or "redis"
    api_keys: bool  # CreateGame and ListGameTypes need an API key
    workers: int = 1


def wants_words(announce: str, stream: TextIO | None = None) -> bool:
    """Whether ``--announce`` asks for words: ``auto`` when the stream (stdout) is a terminal."""
    if announce == "auto":
        stream = stream if stream is not None else sys.stdout
        return stream.isatty()
    return announce == "words"


def address(host: str, port: int) -> str:
    """``host:port`` to connect to (a wildcard bind is reached on loopback; IPv6 in brackets)."""
    shown = WILDCARDS.get(host, host)
    try:
        if ipaddress.ip_address(shown).version == 6:
            shown = f"[{shown}]"
    except ValueError:
        pass  # a host name
    return f"{shown}:{port}"


def greeting(serving: Serving) -> str:
    """The words: one line of what runs, then one line per place to go."""
    rest = f"http://{address(serving.host, serving.http_port)}"
    grpc = address(serving.host, serving.grpc_port)
    store = (
        "games in memory: they are gone when it stops"
        if serving.store == "memory"
        else "games in Redis: any replica serves any game"
    )
    processes = f", {serving.workers} worker processes" if serving.workers > 1 else ""
    lines = [f"cardengine is serving ({store}{processes})."]
    lines.append(
        f"  Play in the browser:  {rest}/"
        if serving.web_table
        else "  Play in the browser:  no web table in this server (clients/web/ is not installed)"
    )
    lines.append(
        f"  Try the API:          {rest}/docs  (the API explorer)"
        if serving.explorer
        else "  Try the API:          no API explorer in this server (the package flask-swagger-ui is not installed)"
    )
    lines.append(f"  REST API:             {rest}/v1/  (described at {rest}/openapi.json)")
    lines.append(f"  gRPC API:             {grpc}  (cardengine.v1.GameEngine, plaintext, with reflection)")
    if serving.host in ("0.0.0.0", "::"):
        lines.append("  Listening on every address of this machine.")
    if serving.api_keys:
        lines.append("  API keys are on: creating a game and listing the game types need one (x-api-key header).")
    lines.append("Logs: JSON lines on stderr. Stop: Ctrl+C.")
    return "\n".join(lines)
