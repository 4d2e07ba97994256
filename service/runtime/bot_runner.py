"""``cardengine bots``: bot workers alone, over a Redis store shared with the servers (any number of processes, on
any machine), with an HTTP health endpoint for probes.

``/healthz``: 200 while every worker thread runs its loop (503 otherwise: restart me); ``/readyz``: 200 while Redis
answers; ``/metrics``: Prometheus metrics (``metrics``: bot decision time, queue depth, store calls). The
bound health port is printed as one JSON line on stdout (``{"event": "bots", "healthPort": ...}``).
SIGTERM or SIGINT stops gracefully: no new claims, the moves in flight get ``grace`` seconds, then Redis closes.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import FrameType

from service.bots.worker import BotSettings, BotWorkers
from service.core.game_service import GameService
from service.core.timeouts import ClockSweeper
from service.observability import metrics, wiring
from service.ratings.ratings import ratings_for
from service.storage.factory import open_store

log = logging.getLogger("cardengine.bots")


@dataclass(frozen=True, slots=True, kw_only=True)
class BotsConfig:
    redis_url: str
    key_prefix: str = "ce:"
    settings: BotSettings = field(default_factory=BotSettings)
    health_host: str = "0.0.0.0"
    health_port: int = 8081
    grace_seconds: float = 10.0


def health_server(workers: BotWorkers, service: GameService, host: str, port: int) -> ThreadingHTTPServer:
    class Health(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            # Prometheus: bot decision time, queue depth, store calls (service.observability.metrics)
            if self.path == "/metrics":
                exposition = metrics.exposition(service.store.bots)
                self.send_response(200)
                self.send_header("Content-Type", metrics.CONTENT_TYPE)
                self.send_header("Content-Length", str(len(exposition)))
                self.end_headers()
                self.wfile.write(exposition)
                return
            if self.path == "/healthz":
                ok = workers.healthy()
            elif self.path == "/readyz":
                ok = service.is_ready()
            else:
                self.send_error(404)
                return
            body = json.dumps({"status": "ok" if ok else "unavailable", "moves": workers.moves_played}).encode()
            self.send_response(200 if ok else 503)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:  # probes are not worth a log line each
            return

    server = ThreadingHTTPServer((host, port), Health)
    server.daemon_threads = True
    return server


def run_bots(config: BotsConfig) -> int:
    """Runs until SIGTERM or SIGINT."""
    wiring.install()  # bot decision times and stale moves through the core's hooks
    service = GameService(metrics.metered(open_store(config.redis_url, key_prefix=config.key_prefix)))
    ratings_for(service)  # a bot's last move of a rated game applies its ratings (service/ratings/)
    workers = BotWorkers(service, config.settings)
    health = health_server(workers, service, config.health_host, config.health_port)
    threading.Thread(target=health.serve_forever, kwargs={"poll_interval": 0.2}, name="health", daemon=True).start()
    workers.start()
    sweeper = ClockSweeper(service.timeouts).start()  # turn clocks: any bot-worker process sweeps expired deadlines too
    port = health.server_address[1]
    log.info("bot workers serving", extra={"workers": config.settings.workers, "health_port": port})
    print(json.dumps({"event": "bots", "healthPort": port, "pid": os.getpid()}), flush=True)
    stop = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        log.info("signal", extra={"signal": signal.Signals(signum).name})
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    while not stop.wait(0.5):
        pass
    workers.stop(config.grace_seconds)
    sweeper.stop()
    health.shutdown()
    health.server_close()
    service.close()
    log.info("stopped", extra={"moves": workers.moves_played})
    return 0
