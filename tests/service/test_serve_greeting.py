"""``cardengine serve`` says where it serves: in words on a terminal (where to play, the API explorer, the REST and
gRPC addresses), each of which answers; one JSON line for a program reading a pipe; the logs on stderr stay JSON
lines either way. The terminal is a real pseudo-terminal (``pty``)."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from cardengine_client import NO_RETRY, GameEngineClient

from service.runtime.greeting import Serving, address, greeting

SERVE = [sys.executable, "-m", "service.cli", "serve", "--host", "127.0.0.1", "--grpc-port", "0", "--http-port", "0"]
LAST_LINE = "Logs: JSON lines on stderr. Stop: Ctrl+C."
WORDS = re.compile(
    r"cardengine is serving \(games in memory: they are gone when it stops\)\.\n"
    r"  Play in the browser:  (?P<table>http://127\.0\.0\.1:(?P<http>\d+)/)\n"
    r"  Try the API:          (?P<docs>http://127\.0\.0\.1:(?P=http)/docs)  \(the API explorer\)\n"
    r"  REST API:             (?P<rest>http://127\.0\.0\.1:(?P=http)/v1/)  "
    r"\(described at (?P<openapi>http://127\.0\.0\.1:(?P=http)/openapi\.json)\)\n"
    r"  gRPC API:             (?P<grpc>127\.0\.0\.1:(?P<grpc_port>\d+))  "
    r"\(cardengine\.v1\.GameEngine, plaintext, with reflection\)\n" + re.escape(LAST_LINE) + r"\n"
)


def read_until(fd: int, end: str, timeout: float = 60.0) -> str:
    """What a terminal shows of the output up to and including the line ``end`` with its line break (a terminal
    writes CRLF: read as LF; a read may end inside the line break)."""
    text = b""
    deadline = time.monotonic() + timeout
    while f"{end}\n".encode() not in text.replace(b"\r\n", b"\n"):
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"no {end!r} in {text!r}"
        if select.select([fd], [], [], remaining)[0]:
            text += os.read(fd, 4096)
    return text.decode().replace("\r\n", "\n")


def stop(process: subprocess.Popen[bytes]) -> int:
    process.send_signal(signal.SIGTERM)
    return process.wait(timeout=30)


def get(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=30) as answer:
        return answer.status, answer.headers["Content-Type"], answer.read()


@pytest.fixture
def on_a_terminal(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """`cardengine serve` with stdout on a pseudo-terminal: what the terminal shows, and the stderr file."""
    controller, terminal = pty.openpty()
    errors = tmp_path / "stderr.log"
    with errors.open("wb") as stderr:
        process = subprocess.Popen(SERVE, stdout=terminal, stderr=stderr, stdin=subprocess.DEVNULL)
    os.close(terminal)
    try:
        yield read_until(controller, LAST_LINE), errors
    finally:
        assert stop(process) == 0
        os.close(controller)


def test_on_a_terminal_serve_says_in_words_where_to_play_and_where_the_api_is(on_a_terminal: tuple[str, Path]) -> None:
    shown, errors = on_a_terminal
    found = WORDS.fullmatch(shown)
    assert found is not None, shown
    status, kind, page = get(found["table"])
    assert status == 200 and kind == "text/html; charset=utf-8" and b"<html" in page
    status, kind, page = get(found["docs"])
    assert status == 200 and kind == "text/html; charset=utf-8" and b"swagger-ui-bundle.js" in page
    status, _, document = get(found["openapi"])
    assert status == 200 and "/docs" in json.loads(document)["paths"]
    status, _, catalog = get(found["rest"] + "game-types")
    rest_games = [entry["id"] for entry in json.loads(catalog)["gameTypes"]]
    with GameEngineClient(found["grpc"], timeout=30, retry=NO_RETRY, move_keys=False) as client:
        assert [game.id for game in client.list_game_types()] == rest_games and "dracula" in rest_games
    logged = [json.loads(line) for line in errors.read_text().splitlines()]  # the logs stay JSON lines
    serving = [entry for entry in logged if entry["message"] == "serving"]
    assert len(serving) == 1
    assert serving[0]["http_port"] == int(found["http"]) and serving[0]["grpc_port"] == int(found["grpc_port"])


def test_through_a_pipe_serve_prints_its_json_line() -> None:
    process = subprocess.Popen(SERVE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    try:
        assert process.stdout is not None
        announced = json.loads(process.stdout.readline())
        assert announced["event"] == "serving" and announced["pid"] == process.pid
        assert get(f"http://127.0.0.1:{announced['httpPort']}/docs")[0] == 200
    finally:
        assert stop(process) == 0
    assert process.stdout.read() == b""  # nothing in words


def test_announce_words_through_a_pipe_names_what_is_missing_and_the_keys(tmp_path: Path) -> None:
    keys = tmp_path / "keys.txt"
    keys.write_text("greeting-key-0123456789 greeter\n")
    empty = tmp_path / "no-table"
    empty.mkdir()
    command = [*SERVE, "--announce", "words", "--api-keys-file", str(keys), "--web-root", str(empty)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline().decode().rstrip("\n") for _ in range(7)]
    finally:
        assert stop(process) == 0
    http = lines[2].split(":")[-1].split("/")[0]
    assert lines[1] == "  Play in the browser:  no web table in this server (clients/web/ is not installed)"
    assert lines[2] == f"  Try the API:          http://127.0.0.1:{http}/docs  (the API explorer)"
    assert lines[5] == ("  API keys are on: creating a game and listing the game types need one (x-api-key header).")
    assert lines[6] == LAST_LINE


def test_the_words_of_a_hosted_server_with_workers() -> None:
    serving = Serving(
        host="0.0.0.0", grpc_port=50051, http_port=8080, web_table=True, explorer=True, store="redis", api_keys=False
    )
    assert greeting(serving).splitlines()[0] == "cardengine is serving (games in Redis: any replica serves any game)."
    hosted = Serving(
        host="::", grpc_port=1, http_port=2, web_table=True, explorer=False, store="redis", api_keys=False, workers=4
    )
    assert greeting(hosted).splitlines() == [
        "cardengine is serving (games in Redis: any replica serves any game, 4 worker processes).",
        "  Play in the browser:  http://[::1]:2/",
        "  Try the API:          no API explorer in this server (the package flask-swagger-ui is not installed)",
        "  REST API:             http://[::1]:2/v1/  (described at http://[::1]:2/openapi.json)",
        "  gRPC API:             [::1]:1  (cardengine.v1.GameEngine, plaintext, with reflection)",
        "  Listening on every address of this machine.",
        LAST_LINE,
    ]
    assert address("0.0.0.0", 8080) == "127.0.0.1:8080"
    assert address("fd00::5", 80) == "[fd00::5]:80" and address("table.example", 443) == "table.example:443"


def test_workers_under_a_supervisor_announce_in_words_once(redis_url: str, key_prefix: str) -> None:
    command = [*SERVE, "--redis-url", redis_url, "--key-prefix", key_prefix, "--workers", "2", "--announce", "words"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    try:
        assert process.stdout is not None
        first = process.stdout.readline().decode()
        assert first == "cardengine is serving (games in Redis: any replica serves any game, 2 worker processes).\n"
        lines = [process.stdout.readline().decode() for _ in range(5)]
        assert lines[-1] == LAST_LINE + "\n"
        docs = lines[1].split()[3]
        assert get(docs)[0] == 200
    finally:
        assert stop(process) == 0
    assert process.stdout.read() == b""
