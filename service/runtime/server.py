"""``cardengine serve``: the gRPC server and the REST server (``service.edges.http_server``) in one process, over one
store.

Port 0 picks free ports; the bound ports are logged and printed as one JSON line on stdout (``{"event": "serving",
"grpcPort": ..., "httpPort": ...}``), or, on a terminal (``announce``), in words: where to play, the REST and gRPC
addresses and the API explorer (``service.runtime.greeting``). SIGTERM or SIGINT stops gracefully: health turns
NOT_SERVING, live watches end, bot workers take no new game; the REST server accepts the connections already waiting in
its listen backlog, then closes its port (new connections are refused), and every request it accepted (in flight,
waiting for a place, or still arriving) is answered within ``grace`` seconds; gRPC answers new calls UNAVAILABLE and
gives those in flight ``grace`` seconds; then the store closes (and ``cardengine serve``'s process exits at once,
``exit_now``, so no call is answered CANCELLED). A health checker thread pings the store every
``health_interval_seconds`` (each ping bounded by the store's timeout) and turns gRPC health NOT_SERVING while the store
does not answer or refuses writes, SERVING again when it does. ``bot_workers`` threads (default 1) play the bot seats of
games in the store's bot queue (``service.bots.worker``), on the embedded store and on Redis alike."""

from __future__ import annotations

import json
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

import engine.bots as engine_bots
from service.access.keys import make_key_ring
from service.access.limits import LimitSettings, make_gate
from service.bots.worker import DEFAULT_LEASE_SECONDS, BotSettings, BotWorkers
from service.core.event_streams import DEFAULT_TICKET_SECONDS, WATCH_POLL_SECONDS
from service.core.game_service import GameService
from service.core.games import STATE_CACHE_MIB
from service.core.timeouts import ClockSweeper
from service.edges.explorer import swagger_ui_folder
from service.edges.grpc_server import MAX_MESSAGE_BYTES, GrpcServer
from service.edges.http_server import ConnectionLimits, HttpServer
from service.edges.rest import (
    HEARTBEAT_SECONDS,
    MAX_BODY_BYTES,
    MAX_HEADER_BYTES,
    RETRY_MILLISECONDS,
    create_app,
    create_http_server,
)
from service.edges.streams import StreamLimits
from service.edges.web_files import DEFAULT_WEB_ROOT
from service.matchmaking.matcher import MATCH_LEASE_SECONDS, MATCH_TICK_SECONDS, Matcher
from service.observability import metrics, tracing, wiring
from service.ratings.ratings import RECHECK_SECONDS, SWEEP_SECONDS, RatingSweeper, ratings_for
from service.runtime.engine_build import engine_kind
from service.runtime.greeting import Serving, greeting, wants_words
from service.storage.factory import open_store
from service.storage.store import DEFAULT_FINISHED_TTL_SECONDS, DEFAULT_TTL_SECONDS, GameStore
from service.tournaments.director import TICK_SECONDS, Director
from service.webhooks.deliveries import Deliverer
from service.webhooks.registry import Webhooks
from service.webhooks.repair import StreamRepair
from service.webhooks.settings import WebhookSettings

log = logging.getLogger("cardengine.server")


@dataclass(frozen=True, slots=True, kw_only=True)
class ServeConfig:
    host: str = ""  # empty: 127.0.0.1 on the embedded store (one user, this machine), 0.0.0.0 with Redis (hosted)
    grpc_port: int = 50051
    http_port: int = 8080
    redis_url: str | None = None
    ttl_seconds: int = DEFAULT_TTL_SECONDS
    finished_ttl_seconds: int = DEFAULT_FINISHED_TTL_SECONDS
    grpc_workers: int = 64
    http_threads: int = 32
    grace_seconds: float = 10.0
    health_interval_seconds: float = 1.0
    redis_timeout_seconds: float = 1.0  # every Redis command and connect gives up after this (store/unavailable)
    redis_replica_wait_ms: int = 500  # a commit waits this long for a replica (store/durability_unknown); 0: off
    secret: str = ""  # key of the seat tokens of keyed CreateGame (request_id); empty: random per process
    key_prefix: str = "ce:"
    cors_origins: str = ""  # comma-separated origins, or "*"; empty: same origin only
    stream_ticket_seconds: float = DEFAULT_TICKET_SECONDS
    sse_heartbeat_seconds: float = HEARTBEAT_SECONDS
    sse_retry_milliseconds: int = RETRY_MILLISECONDS
    web_root: Path | None = DEFAULT_WEB_ROOT  # None: no web table
    bot_workers: int = 1  # threads playing bot seats in this process (0: none; see `cardengine bots`)
    bot_delay_ms: int = 0  # think delay before a bot moves
    bot_budget_ms: int = round(engine_bots.DEFAULT_BUDGET_SECONDS * 1000)
    bot_lease_seconds: float = DEFAULT_LEASE_SECONDS
    api_keys_file: Path | None = None  # a key a line (and a name); keys are needed when this or the next is set
    api_keys_in_store: bool = False  # the keys of `cardengine keys create` (Redis, hashed with `secret`)
    limits: LimitSettings = LimitSettings()  # noqa: RUF009 (frozen) rate limits, key quotas: service.access.limits
    stream_limits: StreamLimits = StreamLimits()  # noqa: RUF009 (frozen) live streams per edge: service.edges.streams
    max_body_bytes: int = MAX_BODY_BYTES  # REST body limit (413)
    max_header_bytes: int = MAX_HEADER_BYTES  # REST request line + headers limit (431)
    connection_limits: ConnectionLimits = ConnectionLimits()  # noqa: RUF009 (frozen) REST: service.edges.http_server
    grpc_max_message_bytes: int = MAX_MESSAGE_BYTES  # gRPC request size limit (RESOURCE_EXHAUSTED)
    state_cache_mib: int = STATE_CACHE_MIB  # decoded states kept per process (service/core/games.py StateCache)
    hint_iterations: int = 0  # the search's iterations per hint (service/core/hints.py); 0: each game's default
    matchmaking_tick_seconds: float = MATCH_TICK_SECONDS  # how often the matcher looks (service/matchmaking)
    matchmaking_lease_seconds: float = MATCH_LEASE_SECONDS  # how soon another replica's matcher takes over
    tournament_tick_seconds: float = TICK_SECONDS  # how often the tournament director looks (service/tournaments)
    webhooks: WebhookSettings = WebhookSettings()  # noqa: RUF009 (frozen) targets allowed, retries: service/webhooks
    ratings_sweep_seconds: float = SWEEP_SECONDS  # how often rated games a killed replica left are settled
    ratings_recheck_seconds: float = RECHECK_SECONDS  # a pending rated game under way is looked at again after this
    otlp_endpoint: str | None = None  # OpenTelemetry traces to this OTLP/HTTP endpoint; None: the environment's
    announce: str = "auto"  # serving line on stdout: "words", "json", or "auto" (words on a terminal)

    def bind_host(self) -> str:
        return self.host or ("0.0.0.0" if self.redis_url else "127.0.0.1")

    def serving(self, grpc_port: int, http_port: int, workers: int = 1) -> Serving:
        """What the greeting says of a server of this config on these ports."""
        return Serving(
            host=self.bind_host(),
            grpc_port=grpc_port,
            http_port=http_port,
            web_table=self.web_root is not None and (self.web_root / "index.html").is_file(),
            explorer=swagger_ui_folder() is not None,
            store="redis" if self.redis_url else "memory",
            api_keys=self.api_keys_file is not None or self.api_keys_in_store,
            workers=workers,
        )

    def bot_settings(self) -> BotSettings:
        return BotSettings(
            workers=self.bot_workers,
            delay_seconds=self.bot_delay_ms / 1000,
            budget_seconds=self.bot_budget_ms / 1000,
            lease_seconds=self.bot_lease_seconds,
        )


def make_store(config: ServeConfig) -> GameStore:
    """The store of ``--redis-url`` (in memory without one), built by ``service.storage.factory``."""
    return open_store(
        config.redis_url,
        timeout_seconds=config.redis_timeout_seconds,
        ttl_seconds=config.ttl_seconds,
        finished_ttl_seconds=config.finished_ttl_seconds,
        key_prefix=config.key_prefix,
        replica_wait_ms=config.redis_replica_wait_ms,
    )


class Server:
    """Both servers over one GameService; ``start`` binds and serves in background threads."""

    def __init__(
        self,
        config: ServeConfig,
        store: GameStore | None = None,
        bot_policies: Mapping[str, engine_bots.Policy] | None = None,
    ) -> None:
        self.config = config
        bot_settings = config.bot_settings()  # checked before anything starts
        if config.stream_ticket_seconds <= 0 or config.sse_heartbeat_seconds <= 0:
            raise ValueError("stream_ticket_seconds and sse_heartbeat_seconds must be positive.")
        store = store if store is not None else make_store(config)
        keys = make_key_ring(config.api_keys_file, in_store=config.api_keys_in_store, secret=config.secret, store=store)
        self.gate = make_gate(store, keys, config.limits)
        wiring.install()  # metrics and traces through the hooks of the core and the edges, before they are built
        endpoint = tracing.endpoint_of(config.otlp_endpoint)
        if endpoint and not tracing.enabled():
            tracing.enable(endpoint)
        self.store_kind = type(store).__name__
        self.service = GameService(
            metrics.metered(store),
            admit_game=self.gate.admit_game,
            watch_poll_seconds=min(WATCH_POLL_SECONDS, config.sse_heartbeat_seconds),
            ticket_seconds=config.stream_ticket_seconds,
            secret=config.secret.encode("utf-8") or None,
            state_cache_bytes=config.state_cache_mib << 20,
            hint_iterations=config.hint_iterations or None,
        )
        config.webhooks.check()
        self.webhooks = Webhooks(self.service.store, config.webhooks)
        repair = StreamRepair(self.service)  # events a killed process never wrote (service/webhooks/repair.py)
        self.deliverer = Deliverer(self.service.store, config.webhooks, repair=repair)  # while it holds the lease
        self.grpc = self._make_grpc_server()
        self.http = self._make_http_server()
        self.bots = BotWorkers(self.service, bot_settings, bot_policies)
        self.clocks = ClockSweeper(self.service.timeouts)  # turn clocks: timeout moves of expired deadlines
        # Quick match: every replica runs a matcher; the one holding the store's lease makes the matches.
        self.matcher = Matcher(
            self.service.creation,
            tick_seconds=config.matchmaking_tick_seconds,
            lease_seconds=config.matchmaking_lease_seconds,
        )
        # Tournaments: every replica runs a director; the one holding the store's lease works.
        self.director = Director(self.service, tick_seconds=config.tournament_tick_seconds)
        # Ratings (service/ratings/): a rated game applied at its end; the sweep settles what a killed replica left.
        self.ratings = ratings_for(self.service, recheck_seconds=config.ratings_recheck_seconds)
        self.rating_sweeper = RatingSweeper(self.ratings, interval=config.ratings_sweep_seconds)
        self._http_thread = threading.Thread(target=self.http.serve_forever, name="http", daemon=True)
        self._stopped = threading.Event()
        self._stop_requested = threading.Event()
        self._stop_lock = threading.Lock()

    def _make_grpc_server(self) -> GrpcServer:
        config = self.config
        return GrpcServer(
            self.service,
            host=config.bind_host(),
            port=config.grpc_port,
            workers=config.grpc_workers,
            stream_limits=config.stream_limits,
            max_message_bytes=config.grpc_max_message_bytes,
            gate=self.gate,
            webhooks=self.webhooks,
        )

    def _make_http_server(self) -> HttpServer:
        """The REST app in its HTTP server."""
        config = self.config
        self.rest_app = app = create_app(
            self.service,
            cors_origins=config.cors_origins,
            web_root=config.web_root,
            heartbeat_seconds=config.sse_heartbeat_seconds,
            retry_milliseconds=config.sse_retry_milliseconds,
            gate=self.gate,
            max_body_bytes=config.max_body_bytes,
            stream_limits=config.stream_limits,
            webhooks=self.webhooks,
        )
        return create_http_server(
            app,
            host=config.bind_host(),
            port=config.http_port,
            threads=config.http_threads,
            max_body_bytes=config.max_body_bytes,
            max_header_bytes=config.max_header_bytes,
            connection_limits=config.connection_limits,
        )

    @property
    def grpc_port(self) -> int:
        return self.grpc.port

    @property
    def http_port(self) -> int:
        return self.http.effective_port

    def start(self) -> Server:
        self.grpc.start()
        self.grpc.set_serving(serving=self.service.is_ready())
        self._http_thread.start()
        threading.Thread(target=self._follow_store_health, name="health", daemon=True).start()
        self.bots.start()
        self.clocks.start()
        self.matcher.start()
        self.director.start()
        self.deliverer.start()
        self.rating_sweeper.start()
        store = self.store_kind
        log.info(
            "serving",
            extra={
                "grpc_port": self.grpc_port,
                "http_port": self.http_port,
                "host": self.config.bind_host(),
                "store": store,
                "engine": engine_kind(),
            },
        )
        return self

    def stop(self, grace: float | None = None, *, exiting: bool = False) -> None:
        """Graceful stop; safe to call more than once and from any thread. ``exiting``: the process exits right
        after, so gRPC only drains (``GrpcServer.drain``) and its port closes with the process."""
        with self._stop_lock:
            if self._stopped.is_set():
                return
            grace = self.config.grace_seconds if grace is None else grace
            log.info("stopping", extra={"grace_seconds": grace})
            self._stop_requested.set()
            self.grpc.set_serving(serving=False)
            self.service.stop_watches()
            bots_stop = threading.Thread(target=self.bots.stop, args=(grace,), name="bots-stop")
            bots_stop.start()
            grpc_end = self.grpc.drain if exiting else self.grpc.stop
            grpc_stop = threading.Thread(target=grpc_end, args=(grace,), name="grpc-stop")
            grpc_stop.start()
            drain_deadline = time.monotonic() + grace
            self.http.close_listener()  # the backlog is taken in and answered; new connections are refused
            self.http.drain(drain_deadline)
            self._http_thread.join(timeout=2)
            grpc_stop.join()
            bots_stop.join()
            self.clocks.stop()
            self.matcher.stop()
            self.director.stop()
            self.deliverer.stop()
            self.rating_sweeper.stop()
            self.service.close()
            self._stopped.set()
            log.info("stopped")

    def _follow_store_health(self) -> None:
        """gRPC health is SERVING only while the store answers (checked every ``health_interval_seconds``)."""
        while not self._stop_requested.wait(self.config.health_interval_seconds):
            ready = self.service.is_ready()
            if not self._stop_requested.is_set():
                self.grpc.set_serving(serving=ready)

    def wait(self) -> None:
        self._stopped.wait()


def serve(config: ServeConfig) -> int:
    """Runs until SIGTERM or SIGINT (handled from before the announcement: a stop right after it is graceful)."""
    server = Server(config).start()
    stop_on_signal(server)
    if wants_words(config.announce):
        print(greeting(config.serving(server.grpc_port, server.http_port)), flush=True)
        return run_until_signal(server)
    print(
        json.dumps(
            {
                "event": "serving",
                "grpcPort": server.grpc_port,
                "httpPort": server.http_port,
                "pid": os.getpid(),
                "engine": engine_kind(),
            }
        ),
        flush=True,
    )
    return run_until_signal(server)


def run_until_signal(server: Server) -> int:
    """Serves a started ``server`` until SIGTERM or SIGINT, then stops it gracefully (``Server.stop``) and returns
    the exit code 0; for any process that runs one Server (``serve``, and each worker process)."""

    stop_on_signal(server)
    while not server._stopped.wait(0.5):
        pass
    exit_now(0)
    return 0


def stop_on_signal(server: Server) -> None:
    """SIGTERM and SIGINT stop ``server`` gracefully, on a thread of their own."""

    def on_signal(signum: int, frame: FrameType | None) -> None:
        log.info("signal", extra={"signal": signal.Signals(signum).name})
        threading.Thread(target=server.stop, kwargs={"exiting": True}, name="shutdown").start()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)


def exit_now(code: int) -> None:
    """Ends the process without the interpreter's exit: gRPC's own shutdown there would answer CANCELLED to a call
    arriving at that moment, where the connection closing with the process gives UNAVAILABLE (issue 29). The log
    lines queued for the log thread (service.observability.logs) are written first."""
    deadline = time.monotonic() + 2
    for handler in logging.getLogger().handlers:
        queue = getattr(handler, "queue", None)
        while queue is not None and not queue.empty() and time.monotonic() < deadline:
            time.sleep(0.01)
    time.sleep(0.05)  # the log thread's last write
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
