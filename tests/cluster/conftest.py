"""A real Redis Cluster for the cluster tests: 3 masters and a replica each, from ``redis-server --cluster-enabled
yes`` on free ports and ``redis-cli --cluster create``; started once per test session (per xdist worker), each
test in its own key prefix."""

from __future__ import annotations

import random
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import redis
import redis.cluster

from service.storage.store import GameStore
from tests.service.conftest import redis_server_binary

MASTERS = 3
REPLICAS_PER_MASTER = 1
NODE_TIMEOUT_MS = 1000


@dataclass
class ClusterNode:
    port: int
    process: subprocess.Popen[bytes]
    paused: bool = False  # SIGSTOPped: its process lives but answers nothing

    def client(self) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=2, socket_connect_timeout=2)

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(timeout=10)

    def pause(self) -> None:
        self.process.send_signal(signal.SIGSTOP)
        self.paused = True

    def resume(self) -> None:
        self.process.send_signal(signal.SIGCONT)
        self.paused = False

    def evalsha_calls(self) -> int:
        """How many times this node ran EVALSHA (INFO commandstats): a script sent twice counts twice."""
        with self.client() as client:
            stats = client.info("commandstats")
        return int(stats.get("cmdstat_evalsha", {}).get("calls", 0))


@dataclass
class RedisCluster:
    """The running cluster: its nodes by port and its folder."""

    folder: str
    nodes: list[ClusterNode] = field(default_factory=list)
    node_timeout_ms: int = NODE_TIMEOUT_MS

    @property
    def url(self) -> str:
        """A ``redis+cluster://`` URL naming one node (the client finds the others)."""
        return f"redis+cluster://127.0.0.1:{self.nodes[0].port}/0"

    def client(self) -> redis.cluster.RedisCluster:
        first = next(node for node in self.nodes if node.alive() and not node.paused)
        return redis.cluster.RedisCluster(host="127.0.0.1", port=first.port, socket_timeout=2)

    def masters(self) -> list[ClusterNode]:
        found = []
        for node in self.nodes:
            if not node.alive():
                continue
            with node.client() as client:
                role = client.execute_command("ROLE")
            if role[0] == b"master":
                found.append(node)
        return found

    def wait_replicas_synced(self, timeout: float = 20.0) -> None:
        """Until every replica's link to its master is up (its first sync done): a master may then be killed."""
        deadline = time.monotonic() + timeout
        while True:
            states = []
            for node in self.nodes:
                if node.alive():
                    with node.client() as client:
                        role = client.execute_command("ROLE")
                    if role[0] == b"slave":
                        states.append(role[3])
            if len(states) == MASTERS * REPLICAS_PER_MASTER and all(state == b"connected" for state in states):
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"the replicas did not sync: {states}")
            time.sleep(0.05)

    def replicas_of(self, master: ClusterNode) -> list[ClusterNode]:
        found = []
        for node in self.nodes:
            if node is master or not node.alive():
                continue
            with node.client() as client:
                role = client.execute_command("ROLE")
            if role[0] == b"slave" and int(role[2]) == master.port:
                found.append(node)
        return found

    def wait_promoted(self, replicas: list[ClusterNode], timeout: float = 20.0) -> None:
        """Until one of ``replicas`` (of a killed master) is a master, then until the cluster is ok."""
        deadline = time.monotonic() + timeout
        while not any(node in self.masters() for node in replicas):
            if time.monotonic() > deadline:
                raise RuntimeError("no replica took over the killed master's slots")
            time.sleep(0.05)
        self.wait_ok(max(1.0, deadline - time.monotonic()))

    def node_of_key(self, key: str) -> ClusterNode:
        """The live master serving ``key``'s slot."""
        with self.client() as client:
            owner = client.get_node_from_key(key)
            port = int(owner.port)
        return next(node for node in self.nodes if node.port == port)

    def wait_ok(self, timeout: float = 20.0) -> None:
        """Until every live node says ``cluster_state:ok``, every slot served by an unsuspected master."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                if all(_state_ok(node) for node in self.nodes if node.alive()):
                    return
            except redis.RedisError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("the Redis Cluster did not reach cluster_state:ok")
            time.sleep(0.05)

    def restart(self, node: ClusterNode) -> None:
        """Start a killed node again on its port and config (it rejoins, as a replica of its promoted one)."""
        node.process = _start_node(node.port, self.folder, self.node_timeout_ms)
        _wait_ping(node)
        self.wait_ok()
        self.wait_replicas_synced()

    def stop(self) -> None:
        for node in self.nodes:
            if node.alive():
                node.process.terminate()
        for node in self.nodes:
            try:
                node.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                node.process.kill()
        shutil.rmtree(self.folder, ignore_errors=True)


def _state_ok(node: ClusterNode) -> bool:
    """The node sees the cluster ok, with every slot served by a master it does not suspect."""
    with node.client() as client:
        info = client.execute_command("CLUSTER INFO")  # parsed by redis-py into a dict of strings
    return bool(
        info["cluster_state"] == "ok" and info["cluster_slots_ok"] == "16384" and info["cluster_slots_pfail"] == "0"
    )


def _bindable(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def cluster_port() -> int:
    """A free port P whose cluster bus port P + 10000 is free too (so P is below 55536)."""
    while True:
        port = random.randint(20000, 45000)
        if _bindable(port) and _bindable(port + 10000):
            return port


def _start_node(port: int, folder: str, node_timeout_ms: int = NODE_TIMEOUT_MS) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [
            redis_server_binary(),
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--cluster-enabled",
            "yes",
            "--cluster-config-file",
            str(Path(folder) / f"nodes-{port}.conf"),
            "--cluster-node-timeout",
            str(node_timeout_ms),
            "--cluster-replica-validity-factor",
            "0",  # a replica may always take over (however long since it last heard its master)
            "--cluster-require-full-coverage",
            "no",  # a failing master's slots refused, every other slot served (docs/operations.md)
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            folder,
            "--daemonize",
            "no",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def _wait_ping(node: ClusterNode) -> None:
    deadline = time.monotonic() + 10
    while True:
        try:
            with node.client() as client:
                client.ping()
            return
        except redis.ConnectionError:
            if time.monotonic() > deadline or not node.alive():
                raise
            time.sleep(0.02)


def start_cluster(node_timeout_ms: int = NODE_TIMEOUT_MS) -> RedisCluster:
    """A new cluster; ``node_timeout_ms``: how long a silent master goes before its replica takes over."""
    cli = shutil.which("redis-cli")
    if cli is None:
        raise RuntimeError("the cluster tests need redis-cli (redis-tools) beside redis-server")
    cluster = RedisCluster(tempfile.mkdtemp(prefix="cardengine-cluster-"), node_timeout_ms=node_timeout_ms)
    try:
        for _ in range(MASTERS * (1 + REPLICAS_PER_MASTER)):
            port = cluster_port()
            cluster.nodes.append(ClusterNode(port, _start_node(port, cluster.folder, node_timeout_ms)))
        for node in cluster.nodes:
            _wait_ping(node)
        subprocess.run(
            [
                cli,
                "--cluster",
                "create",
                *(f"127.0.0.1:{node.port}" for node in cluster.nodes),
                "--cluster-replicas",
                str(REPLICAS_PER_MASTER),
                "--cluster-yes",
            ],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            timeout=60,
        )
        cluster.wait_ok()
        cluster.wait_replicas_synced()
        return cluster
    except BaseException:
        cluster.stop()
        raise


@pytest.fixture(scope="session")
def redis_cluster() -> Iterator[RedisCluster]:
    """The session's Redis Cluster (one per xdist worker)."""
    cluster = start_cluster()
    yield cluster
    cluster.stop()


@pytest.fixture
def redis_cluster_url(redis_cluster: RedisCluster) -> str:
    redis_cluster.wait_ok()  # a test that failed a master over leaves it healed before the next
    redis_cluster.wait_replicas_synced()  # and its restarted node synced, so that replica waits are answered
    return redis_cluster.url


@pytest.fixture
def cluster_key_prefix(redis_cluster: RedisCluster) -> Iterator[str]:
    """A key prefix of this test alone; its keys are deleted afterwards, on every master (and only they)."""
    prefix = f"cetest:{uuid.uuid4().hex[:12]}:"
    yield prefix
    for node in redis_cluster.masters():
        with node.client() as client:
            for key in list(client.scan_iter(match=f"{prefix}*", count=1000)):
                client.delete(key)


def make_cluster_store(request: pytest.FixtureRequest, **settings: object) -> GameStore:
    from service.storage.factory import open_store

    url = request.getfixturevalue("redis_cluster_url")
    prefix = request.getfixturevalue("cluster_key_prefix")
    # These stores check the contract on a cluster, not its replica timing (test_cluster_failover.py and
    # test_cluster_stall.py build their own): with every suite running on two cores, a replica's acknowledgement
    # can come after the default 500 ms wait, which answers a write DurabilityUnknownError.
    settings.setdefault("timeout_seconds", 3.0)
    settings.setdefault("replica_wait_ms", 1500)
    return open_store(url, key_prefix=prefix, **settings)  # type: ignore[arg-type]


@pytest.fixture(params=["cluster"])
def store_kind(request: pytest.FixtureRequest) -> str:
    """Overrides tests/service's store kinds: the suites re-run here run on the cluster only."""
    kind: str = request.param
    return kind
