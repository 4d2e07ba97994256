"""Prometheus metrics at ``GET /metrics`` (observability/metrics.py): a short match over gRPC and over REST, on the
in-memory store and on Redis, then exact counts of the series (moves applied, games created and finished, a
stale-version conflict, requests by RPC or route and code, store calls), labels free of game ids and tokens; the
live-watcher gauge; and ``serve --workers 2``, whose scrapes sum every worker (multiprocess mode)."""

from __future__ import annotations

import http.client
import json
import random
import re
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator

import pytest
import yaml
from prometheus_client.metrics import MetricWrapperBase

from service.edges.streams import StreamLimits
from service.observability import metrics
from service.storage.store import MemoryStore
from tests.deploy.dockerfile import ROOT
from tests.service.conftest import LiveServer, Rest, live_server
from tests.service.drivers import ApiError, Driver, GrpcDriver, RestDriver

GAME = "dracula"
OPTIONS = {"deals": 1}  # one deal: a match of about ten moves
MOVES_ROUTE = "/v1/games/<game_id>/moves"

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def scrape(port: int) -> tuple[str, Samples]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", "/metrics")
        response = connection.getresponse()
        body = response.read().decode()
    finally:
        connection.close()
    assert response.status == 200
    assert response.headers["Content-Type"].startswith("text/plain")
    samples = {(name, frozenset(labels.items())): value for name, labels, value in metrics.parse_exposition(body)}
    return body, samples


def delta(before: Samples, after: Samples, name: str, **labels: str) -> float:
    key = (name, frozenset(labels.items()))
    assert key in after, f"no series {name}{labels}"
    return after[key] - before.get(key, 0.0)


def play_match(driver: Driver) -> tuple[str, list[str], int, int]:
    """A whole match with random legal moves, and one stale move (an old expected version) after the first:
    the game id, the seat tokens, the moves applied and the final version."""
    created = driver.create(GAME, 2, 7, dict(OPTIONS))
    tokens = dict(zip(created.seats, created.tokens, strict=True))
    rng = random.Random(3)
    version, moves, stale_tried = created.version, 0, False
    while True:
        game = driver.game(created.game_id)
        if game.finished:
            break
        seat = game.to_act[0]
        legal = driver.legal(created.game_id, tokens[seat])
        move = rng.choice(legal.notations)
        if moves == 1 and not stale_tried:
            stale_tried = True
            with pytest.raises(ApiError) as refused:
                driver.apply(created.game_id, tokens[seat], move, version - 1)
            assert refused.value.code == "version/stale"
        applied = driver.apply(created.game_id, tokens[seat], move, version)
        version, moves = applied.version, moves + 1
    assert stale_tried and moves == version
    return created.game_id, list(tokens.values()), moves, version


@pytest.mark.parametrize("transport", ["grpc", "rest"])
def test_a_match_is_counted_exactly_and_labels_carry_no_ids(live: LiveServer, transport: str) -> None:
    _, before = scrape(live.server.http_port)
    driver: Driver = GrpcDriver(live.grpc) if transport == "grpc" else RestDriver(live.rest)
    game_id, tokens, moves, version = play_match(driver)
    body, after = scrape(live.server.http_port)

    assert delta(before, after, "cardengine_games_created_total", game_type=GAME) == 1
    assert delta(before, after, "cardengine_games_finished_total", game_type=GAME) == 1
    assert delta(before, after, "cardengine_moves_applied_total", game_type=GAME) == moves
    assert delta(before, after, "cardengine_stale_version_conflicts_total", game_type=GAME) == 1
    assert delta(before, after, "cardengine_store_operation_duration_seconds_count", operation="create") == 1
    commits = delta(before, after, "cardengine_store_operation_duration_seconds_count", operation="commit")
    # Redis may try the stale move's commit from its local copy (refused there); the embedded store refuses it first
    assert commits == moves if live.kind == "memory" else commits in (moves, moves + 1)
    if transport == "grpc":
        requests = "cardengine_grpc_requests_total"
        assert delta(before, after, requests, rpc="CreateGame", code="OK") == 1
        assert delta(before, after, requests, rpc="ApplyMove", code="OK") == moves
        assert delta(before, after, requests, rpc="ApplyMove", code="ABORTED") == 1
        latency = "cardengine_grpc_request_duration_seconds_count"
        assert delta(before, after, latency, rpc="ApplyMove") == moves + 1
    else:
        requests = "cardengine_http_requests_total"
        assert delta(before, after, requests, method="POST", route="/v1/games", code="201") == 1
        assert delta(before, after, requests, method="POST", route=MOVES_ROUTE, code="200") == moves
        assert delta(before, after, requests, method="POST", route=MOVES_ROUTE, code="409") == 1
        latency = "cardengine_http_request_duration_seconds_count"
        assert delta(before, after, latency, method="POST", route=MOVES_ROUTE) == moves + 1
    assert after[("cardengine_live_watchers", frozenset({("edge", "grpc")}))] == 0
    assert after[("cardengine_bot_queue_depth", frozenset())] == 0
    assert version == moves
    for secret in (game_id, *tokens):
        assert secret not in body, "a game id or token in the metrics"


def test_the_scrape_itself_is_counted_by_route(live: LiveServer) -> None:
    _, before = scrape(live.server.http_port)
    status, _ = live.rest.get("/v1/games/no-such-game")
    assert status == 404
    _, after = scrape(live.server.http_port)
    counted = "cardengine_http_requests_total"
    assert delta(before, after, counted, method="GET", route="/v1/games/<game_id>", code="404") == 1
    assert delta(before, after, counted, method="GET", route="/metrics", code="200") == 1
    assert not any("no-such-game" in value for _, labels in after for _, value in labels)


def test_live_watchers_follow_the_streams_acquired_and_released() -> None:
    slots = metrics.MeteredStreamSlots(StreamLimits(per_server=4), "test-edge")
    gauge = metrics.WATCHERS.labels("test-edge")
    first = slots.acquire("g1", "10.0.0.1")
    second = slots.acquire("g1", "10.0.0.2")
    assert gauge._value.get() == 2 and slots.live == 2
    first()
    first()  # a release may come twice (the call's callback, then the handler's finally): counted once
    assert gauge._value.get() == 1 and slots.live == 1
    second()
    assert gauge._value.get() == 0 and slots.live == 0


@pytest.fixture
def two_workers(redis_url: str, key_prefix: str) -> Iterator[int]:
    """``serve --workers 2`` on a private Redis: its REST port."""
    command = [sys.executable, "-m", "service.cli", "serve", "--host", "127.0.0.1", "--grpc-port", "0"]
    command += ["--http-port", "0", "--redis-url", redis_url, "--key-prefix", key_prefix, "--workers", "2"]
    command += ["--grace-seconds", "1", "--bot-workers", "0"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert process.stdout is not None
        announced = json.loads(process.stdout.readline())
        assert announced["workers"] == 2
        yield int(announced["httpPort"])
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_two_workers_are_summed_in_every_scrape(two_workers: int) -> None:
    rest = Rest(two_workers)
    created = 6
    for _ in range(created):  # a new connection each: the kernel spreads them over both workers
        status, _ = rest.post("/v1/games", {"gameType": GAME, "options": OPTIONS})
        assert status == 201
    seen: Counter[float] = Counter()
    for _ in range(8):  # new connections as well: answered by either worker
        _, samples = scrape(two_workers)
        seen[samples[("cardengine_games_created_total", frozenset({("game_type", GAME)}))]] += 1
    assert set(seen) == {created}, f"every scrape, whichever worker answers, counts all {created} games: {seen}"


def test_bots_only_match_counts_each_decision_and_the_queue_depth() -> None:
    seats = [("", "random"), ("", "random")]
    with live_server(MemoryStore(), "memory", bot_workers=0) as idle:
        idle.grpc.create_game(GAME, 2, 7, dict(OPTIONS), seats=seats)
        _, samples = scrape(idle.server.http_port)
        assert samples[("cardengine_bot_queue_depth", frozenset())] == 1, "a bot is to act and no worker runs"
    with live_server(MemoryStore(), "memory", bot_workers=1) as live:
        _, before = scrape(live.server.http_port)
        created = live.grpc.create_game(GAME, 2, 7, dict(OPTIONS), seats=seats)
        deadline = time.monotonic() + 30
        while not (game := live.grpc.get_game(created.game_id)).finished:
            assert time.monotonic() < deadline, "the bots did not finish the match"
            time.sleep(0.05)
        _, after = scrape(live.server.http_port)
    decided = "cardengine_bot_decision_seconds_count"
    assert delta(before, after, decided, game_type=GAME, bot="random") == game.version
    assert delta(before, after, "cardengine_moves_applied_total", game_type=GAME) == game.version
    assert delta(before, after, "cardengine_games_finished_total", game_type=GAME) == 1
    assert after[("cardengine_bot_queue_depth", frozenset())] == 0


def series_names() -> set[str]:
    """The sample names observability/metrics.py exposes (a counter's ``_total``, a histogram's ``_bucket``, ...)."""
    suffixes = {"counter": ("_total",), "histogram": ("_bucket", "_count", "_sum"), "gauge": ("",)}
    names = set()
    for value in vars(metrics).values():
        if isinstance(value, MetricWrapperBase) and value._type is not None:
            names |= {value._name + suffix for suffix in suffixes[value._type]}
    return names


def test_the_pods_are_scraped_on_their_ports_and_the_dashboard_plots_existing_series() -> None:
    engine = yaml.safe_load((ROOT / "k8s/engine/deployment.yaml").read_text())
    bots = yaml.safe_load((ROOT / "k8s/engine/bots-deployment.yaml").read_text())
    for workload, port_name in ((engine, "http"), (bots, "health")):
        template = workload["spec"]["template"]
        annotations = template["metadata"]["annotations"]
        ports = {port["name"]: port["containerPort"] for port in template["spec"]["containers"][0]["ports"]}
        assert annotations == {
            "prometheus.io/scrape": "true",
            "prometheus.io/port": str(ports[port_name]),
            "prometheus.io/path": "/metrics",
        }
    dashboard = json.loads((ROOT / "k8s/monitoring/grafana-dashboard.json").read_text())
    plotted = {
        name
        for panel in dashboard["panels"]
        for target in panel["targets"]
        for name in re.findall(r"cardengine_[a-z_]+", target["expr"])
    }
    known = series_names()
    assert plotted <= known, plotted - known
    for wanted in (
        "http_requests_total",
        "moves_applied_total",
        "store_errors_total",
        "live_watchers",
        "bot_queue_depth",
    ):
        assert f"cardengine_{wanted}" in plotted
