"""A webhook receiver for the tests: a real HTTP server on 127.0.0.1 (port 0) that records every POST it is sent
(headers and body) and answers with the status ``answer`` gives it; ``hold`` makes it keep the next requests
unanswered until ``release`` (a delivery caught mid-way)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import orjson


@dataclass(frozen=True)
class Delivery:
    path: str
    host: str
    delivery_id: str
    kind: str
    signature: str
    body: bytes

    def json(self) -> Any:
        return orjson.loads(self.body)


class Receiver:
    def __init__(self, answer: Callable[[Delivery, int], int] = lambda delivery, count: 204) -> None:
        """``answer(delivery, count)``: the status of the ``count``-th request (0-based)."""
        self.answer = answer
        self.deliveries: list[Delivery] = []
        self.lock = threading.Condition()
        self.held = threading.Event()  # set while a request is held
        self._released = threading.Event()
        self._released.set()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                delivery = Delivery(
                    self.path,
                    self.headers.get("Host", ""),
                    self.headers.get("Cardengine-Delivery", ""),
                    self.headers.get("Cardengine-Event", ""),
                    self.headers.get("Cardengine-Signature", ""),
                    body,
                )
                with receiver.lock:
                    count = len(receiver.deliveries)
                    receiver.deliveries.append(delivery)
                    receiver.lock.notify_all()
                if not receiver._released.is_set():
                    receiver.held.set()
                    receiver._released.wait(60)
                status = receiver.answer(delivery, count)
                self.send_response(status)
                if 300 <= status < 400:
                    self.send_header("Location", f"http://127.0.0.1:{receiver.port}/elsewhere")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                return

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self._thread = threading.Thread(target=self.server.serve_forever, name="webhook-receiver", daemon=True)
        self._thread.start()

    def url(self, host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.port}/hook"

    def hold(self) -> None:
        """Requests from now on are kept unanswered until ``release``."""
        self._released.clear()

    def release(self) -> None:
        self._released.set()

    def wait_for(self, ready: Callable[[list[Delivery]], bool], timeout: float = 20) -> list[Delivery]:
        """The deliveries once ``ready`` holds of them; fails after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        with self.lock:
            while not ready(self.deliveries):
                left = deadline - time.monotonic()
                assert left > 0, f"the deliveries never got ready: {[(d.kind, d.delivery_id) for d in self.deliveries]}"
                self.lock.wait(left)
            return list(self.deliveries)

    def close(self) -> None:
        self.release()
        self.server.shutdown()
        self.server.server_close()
