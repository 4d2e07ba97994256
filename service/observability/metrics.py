"""Prometheus metrics of the service (``prometheus_client``), exposed at ``GET /metrics`` of the REST server.

Series (labels never carry a game id, a token, a key or a path with ids):

- ``cardengine_grpc_requests_total{rpc,code}`` and ``cardengine_grpc_request_duration_seconds{rpc}`` (unary calls;
  a WatchGame stream is counted when it ends, its life is no latency);
- ``cardengine_http_requests_total{method,route,code}`` and ``cardengine_http_request_duration_seconds{method,route}``
  (``route`` is the route's rule template, e.g. ``/v1/games/<game_id>/moves``; ``unmatched`` for a 404 of no route);
- ``cardengine_games_created_total{game_type}``, ``cardengine_games_finished_total{game_type}``,
  ``cardengine_moves_applied_total{game_type}``, ``cardengine_stale_version_conflicts_total{game_type}``;
- ``cardengine_store_operation_duration_seconds{operation}``, ``cardengine_store_errors_total{operation,error}``;
- ``cardengine_live_watchers{edge}`` (``grpc`` WatchGame streams, ``rest`` event streams);
- ``cardengine_bot_queue_depth`` (games waiting for a bot, read from the store at scrape time) and
  ``cardengine_bot_decision_seconds{game_type,bot}``.

Several processes (``serve --workers N``): the supervisor gives its workers one ``PROMETHEUS_MULTIPROC_DIR`` (a
fresh directory, unless the environment sets one) before they import this module, so each worker writes its values
there and whichever worker answers a scrape sums them all (prometheus_client's multiprocess mode).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

from service.edges.streams import StreamLimits, StreamSlots
from service.observability.metered_store import MeteredStore, StoreMeter
from service.storage.errors import StoreUnavailableError
from service.storage.protocols import BotQueue, GameStore

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
CONTENT_TYPE = CONTENT_TYPE_LATEST
REQUEST_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
STORE_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
BOT_BUCKETS = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

GRPC_REQUESTS = Counter(
    "cardengine_grpc_requests", "gRPC calls of the GameEngine service, by RPC and status code.", ["rpc", "code"]
)
GRPC_SECONDS = Histogram(
    "cardengine_grpc_request_duration_seconds", "Latency of unary gRPC calls.", ["rpc"], buckets=REQUEST_BUCKETS
)
HTTP_REQUESTS = Counter(
    "cardengine_http_requests", "REST requests, by method, route template and HTTP status.", ["method", "route", "code"]
)
HTTP_SECONDS = Histogram(
    "cardengine_http_request_duration_seconds",
    "Latency of REST requests (an event stream: until its first byte).",
    ["method", "route"],
    buckets=REQUEST_BUCKETS,
)
GAMES_CREATED = Counter("cardengine_games_created", "Games created.", ["game_type"])
GAMES_FINISHED = Counter(
    "cardengine_games_finished", "Matches finished (by a move, or over at creation).", ["game_type"]
)
MOVES_APPLIED = Counter("cardengine_moves_applied", "Moves committed (people and bots).", ["game_type"])
STALE_CONFLICTS = Counter(
    "cardengine_stale_version_conflicts",
    "Moves refused because the game had moved on (ABORTED version/stale).",
    ["game_type"],
)
STORE_SECONDS = Histogram(
    "cardengine_store_operation_duration_seconds", "Latency of game store calls.", ["operation"], buckets=STORE_BUCKETS
)
STORE_ERRORS = Counter(
    "cardengine_store_errors", "Game store calls that failed (unavailable, full, other).", ["operation", "error"]
)
WATCHERS = Gauge(
    "cardengine_live_watchers",
    "Live watch streams (gRPC WatchGame, REST events).",
    ["edge"],
    multiprocess_mode="livesum",
)
BOT_QUEUE_DEPTH = Gauge(
    "cardengine_bot_queue_depth", "Games waiting for a bot move (read at scrape time).", multiprocess_mode="mostrecent"
)
STATE_CACHE_BYTES = Gauge(
    "cardengine_state_cache_bytes",
    "Memory charged to the decoded states kept (service/core/games.py StateCache), per process.",
    multiprocess_mode="livesum",
)
STATE_CACHE_GAMES = Gauge(
    "cardengine_state_cache_games", "Games whose decoded state is kept, per process.", multiprocess_mode="livesum"
)
BOT_DECISION_SECONDS = Histogram(
    "cardengine_bot_decision_seconds", "Time a bot took to choose its move.", ["game_type", "bot"], buckets=BOT_BUCKETS
)


def multiprocess_dir() -> str | None:
    return os.environ.get(MULTIPROC_ENV) or None


def exposition(bot_queue: BotQueue | None = None) -> bytes:
    """The text exposition of every series: this process's, or every worker's in multiprocess mode."""
    if bot_queue is not None:
        try:
            BOT_QUEUE_DEPTH.set(bot_queue.due_count())
        except StoreUnavailableError:
            STORE_ERRORS.labels("bots.due_count", "unavailable").inc()
    if multiprocess_dir() is None:
        from prometheus_client import REGISTRY

        return generate_latest(REGISTRY)
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    return generate_latest(registry)


# ----- hooks of the core --------------------------------------------------------------------------------------------

_children: dict[tuple[object, ...], Any] = {}  # (metric, *label values): its child, without labels()'s lock per call


def child(metric: Any, *labels: str) -> Any:
    key = (metric, *labels)
    found = _children.get(key)
    if found is None:
        found = _children[key] = metric.labels(*labels)
    return found


def game_created(game_type: str, finished: bool) -> None:
    child(GAMES_CREATED, game_type).inc()
    if finished:
        child(GAMES_FINISHED, game_type).inc()


def move_applied(game_type: str, finished: bool) -> None:
    child(MOVES_APPLIED, game_type).inc()
    if finished:
        child(GAMES_FINISHED, game_type).inc()


def state_cache_size(size_bytes: int, games: int) -> None:
    STATE_CACHE_BYTES.set(size_bytes)
    STATE_CACHE_GAMES.set(games)


def stale_conflict(game_type: str) -> None:
    child(STALE_CONFLICTS, game_type).inc()


def bot_decided(game_type: str, bot: str, seconds: float) -> None:
    """``bot``: a kind or a spec with its budget (``mcts:500ms``): the kind only is a label (bounded)."""
    child(BOT_DECISION_SECONDS, game_type, bot.partition(":")[0]).observe(seconds)


def grpc_call(rpc: str, code: str, seconds: float | None) -> None:
    child(GRPC_REQUESTS, rpc, code).inc()
    if seconds is not None:
        child(GRPC_SECONDS, rpc).observe(seconds)


def grpc_ok_recorder(rpc: str) -> Callable[[float], None]:
    """``grpc_call(rpc, "OK", seconds)`` with both series looked up once: the edge records every call that
    succeeds."""
    requests, latency = child(GRPC_REQUESTS, rpc, "OK"), child(GRPC_SECONDS, rpc)

    def record(seconds: float) -> None:
        requests.inc()
        latency.observe(seconds)

    return record


def http_request(method: str, route: str, code: int, seconds: float) -> None:
    child(HTTP_REQUESTS, method, route, str(code)).inc()
    child(HTTP_SECONDS, method, route).observe(seconds)


# ----- live watchers --------------------------------------------------------------------------------------------------


class MeteredStreamSlots(StreamSlots):
    """``StreamSlots`` that keeps ``cardengine_live_watchers{edge}`` equal to its live count."""

    def __init__(self, limits: StreamLimits, edge: str) -> None:
        super().__init__(limits)
        self._gauge = WATCHERS.labels(edge)

    def acquire(self, game_id: str, client: str) -> Callable[[], None]:
        release = super().acquire(game_id, client)
        self._gauge.inc()
        lock = threading.Lock()
        released = False

        def release_metered() -> None:
            nonlocal released
            with lock:
                if released:
                    return
                released = True
            release()
            self._gauge.dec()

        return release_metered


# ----- the store ------------------------------------------------------------------------------------------------------


def metered(store: GameStore) -> GameStore:
    """``store`` with its calls measured (service/observability/metered_store.py; once: a metered store is returned
    as it is)."""
    return store if isinstance(store, MeteredStore) else MeteredStore(store, StoreMeter(STORE_SECONDS, STORE_ERRORS))


def parse_exposition(text: str) -> Iterator[tuple[str, dict[str, str], float]]:
    """The samples of a text exposition (name, labels, value): for tests and tools."""
    from prometheus_client.parser import text_string_to_metric_families

    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            yield sample.name, dict(sample.labels), float(sample.value)
