"""The REST edge's HTTP/1.1 server: one thread per connection, requests parsed by httptools (llhttp, in C).

A connection's thread reads, parses, calls the app and writes the answer itself: no hand-off between threads per
request, which is what a server of one loop thread and a pool pays twice (docs/performance.md, "REST beside gRPC").
The app (``service.edges.rest``) runs at most ``threads`` requests at once; an event stream gives its place back
once its answer starts, so streams never hold the places of requests and health.

What keeps one client from blocking the port (``ConnectionLimits``):

- **Per address**: a client address holds at most ``per_address`` connections; one more is answered 429
  (``limit/connections``) and closed at once, so 1,000 idle connections from one address take ``per_address``
  places, not the port. Behind a proxy every client shares the proxy's address: raise it there (0: no limit).
- **In all**: at most ``total`` connections; one more is answered 503 and closed.
- **Deadlines**: a request's line and headers must arrive within ``header_seconds`` of its first byte (a new
  connection's first request: of the connect), its body within ``body_seconds``; a kept-alive connection idle for
  ``idle_seconds`` is closed. A slowloris client (a header byte every few seconds) is so cut off at the header
  deadline. A connection whose answer is being written (an event stream) is never cut.

Requests whose head is over ``max_header_bytes`` are answered 431, bodies over ``max_body_bytes`` 413, malformed
requests 400, all in the API's JSON error shape, and the connection is closed gracefully: the answer sent, the
writing side shut, and what the client still sends read and dropped (at most ``LINGER_SECONDS`` and
``LINGER_BYTES``), so the client reads the answer however much body it was sending (closing a socket with unread
data resets the connection, and the reset discards the answer on its way).
"""

from __future__ import annotations

import contextlib
import ctypes
import logging
import select
import socket
import struct
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from email.utils import formatdate

import httptools
import orjson

from service.core import errors
from service.edges.http import JSON, Headers, Response, status_line

log = logging.getLogger("cardengine.rest")

READ_BYTES = 65536
LINGER_SECONDS = 5.0  # a refused request's connection reads what the client still sends this long at most ...
LINGER_BYTES = 64 << 20  # ... and this much at most (a body of up to this size gets its 413 read)
DRAIN_POLL_SECONDS = 0.05
DRAIN_IDLE_SECONDS = 0.5  # while stopping, a connection with nothing in progress this long is closed
REUSE_PORT = False  # SO_REUSEPORT on the listening socket: set by ``cardengine serve --workers`` in each worker


@dataclass(frozen=True, slots=True, kw_only=True)
class ConnectionLimits:
    per_address: int = 128  # connections of one client address; 0: no limit
    total: int = 4096  # connections in all (besides the listening socket)
    header_seconds: float = 10.0  # a request line and headers, from the request's first byte
    body_seconds: float = 30.0  # a request, body included, from its first byte
    idle_seconds: float = 30.0  # a kept-alive connection between requests

    def check(self) -> None:
        if self.per_address < 0 or self.total < 1:
            raise ValueError("the connection limits are at least 1 (per address: 0 for none).")
        if min(self.header_seconds, self.body_seconds, self.idle_seconds) <= 0:
            raise ValueError("the header, body and idle time-outs are positive.")


@dataclass(frozen=True, slots=True)
class Incoming:
    """One parsed request, as the app receives it."""

    method: str
    target: str  # path and query, as sent
    headers: Headers
    body: bytes
    remote_addr: str
    connected: Callable[[], bool]


App = Callable[[Incoming], Response]


def error_bytes(failure: errors.ServiceError, status: int, *, retry_after: int | None = None) -> bytes:
    """A whole answer in the API's JSON error shape that closes the connection."""
    body = orjson.dumps({"error": failure.to_json()})
    head = status_line(status) + f"Content-Type: {JSON}\r\n".encode()
    if retry_after is not None:
        head += f"Retry-After: {retry_after}\r\n".encode()
    return head + f"Connection: close\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body


def connection_refusal(per_address: int) -> bytes:
    failure = errors.ServiceError(
        errors.Status.RESOURCE_EXHAUSTED,
        "limit/connections",
        f"This client address already holds {per_address} open connections, the limit of this server; reuse one "
        "(keep-alive) or close some.",
        {"limit": per_address, errors.RETRY_AFTER: 1},
    )
    return error_bytes(failure, 429, retry_after=1)


def server_full(total: int) -> bytes:
    failure = errors.ServiceError(
        errors.Status.UNAVAILABLE,
        "limit/connections",
        f"This server holds {total} open connections, its limit; try again shortly or another replica.",
        {"limit": total, errors.RETRY_AFTER: 1},
    )
    return error_bytes(failure, 503, retry_after=1)


class Refused(Exception):
    """A request the server answers itself (too large, malformed) before the app sees it."""

    def __init__(self, status: int, failure: errors.ServiceError) -> None:
        super().__init__(failure.message)
        self.status = status
        self.failure = failure


class HttpServer:
    """Listens on ``host:port`` (0: a free port) and serves ``app``, one thread per connection."""

    def __init__(
        self,
        app: App,
        *,
        host: str,
        port: int,
        threads: int,
        max_body_bytes: int,
        max_header_bytes: int,
        limits: ConnectionLimits | None = None,
        reuse_port: bool = False,
    ) -> None:
        self.limits = limits or ConnectionLimits()
        self.limits.check()
        self.app = app
        self.max_body_bytes = max_body_bytes
        self.max_header_bytes = max_header_bytes
        self.places = threading.BoundedSemaphore(threads)  # requests in the app at once
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.socket = socket.socket(family, socket.SOCK_STREAM)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if reuse_port or REUSE_PORT:
            self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        self.socket.bind((host, port))
        self.socket.listen(1024)
        self.socket.settimeout(0.2)  # the accept loop looks at ``closing`` this often
        self.effective_port: int = self.socket.getsockname()[1]
        self.refusal = connection_refusal(self.limits.per_address)
        self.full = server_full(self.limits.total)
        self.connections: set[Connection] = set()
        self._counts: Counter[str] = Counter()
        self._lock = threading.Lock()
        self.closing = threading.Event()  # the port closes; connections close after their answer
        self._closed = threading.Event()

    # ----- accepting ----------------------------------------------------------------------------------------------

    def serve_forever(self) -> None:
        """Accepts connections until ``close_listener``; then takes in the backlog and closes the port."""
        try:
            while not self.closing.is_set():
                try:
                    sock, address = self.socket.accept()
                except TimeoutError:
                    continue
                except OSError:
                    if self.closing.is_set():
                        break
                    time.sleep(0.01)  # out of descriptors: the clients wait in the backlog meanwhile
                    continue
                self._admit(sock, address)
            self._accept_backlog()
        finally:
            self.socket.close()
            self._closed.set()

    def _accept_backlog(self) -> None:
        self.socket.setblocking(False)
        while True:
            try:
                sock, address = self.socket.accept()
            except OSError:
                return
            self._admit(sock, address)

    def _admit(self, sock: socket.socket, address: object) -> None:
        host = str(address[0]) if isinstance(address, tuple) and address else str(address)
        with self._lock:
            refusal = None
            if len(self.connections) >= self.limits.total:
                refusal = self.full
            elif self.limits.per_address and self._counts[host] >= self.limits.per_address:
                refusal = self.refusal
            if refusal is None:
                self._counts[host] += 1
                connection = Connection(self, sock, host)
                self.connections.add(connection)
        if refusal is not None:
            with contextlib.suppress(OSError):  # a best effort: the connection closes either way
                sock.setblocking(False)
                sock.send(refusal)
            sock.close()
            return
        threading.Thread(target=connection.run, name="http-connection", daemon=True).start()

    def forget(self, connection: Connection) -> None:
        with self._lock:
            self.connections.discard(connection)
            self._counts[connection.address] -= 1
            if self._counts[connection.address] <= 0:
                del self._counts[connection.address]

    # ----- stopping -----------------------------------------------------------------------------------------------

    def close_listener(self) -> None:
        """New connections are refused from here on; those in the backlog are still taken in and answered."""
        refuse_new_connections(self.socket)
        self.closing.set()
        self._closed.wait(2.0)

    def drain(self, deadline: float) -> bool:
        """Waits until every accepted request is answered or ``deadline`` (monotonic) passes, closing connections
        that have nothing in progress; True when none is left."""
        while True:
            now = time.monotonic()
            with self._lock:
                live = list(self.connections)
            if not live:
                return True
            for connection in live:
                if now >= deadline or connection.idle_for(now) >= DRAIN_IDLE_SECONDS:
                    connection.shut()
            if now >= deadline:
                return not live
            time.sleep(DRAIN_POLL_SECONDS)

    def close(self) -> None:
        """Closes the port and every connection at once."""
        self.close_listener()
        with self._lock:
            live = list(self.connections)
        for connection in live:
            connection.shut()


class Connection:
    """One client connection and the thread that serves it (httptools calls the ``on_*`` methods)."""

    def __init__(self, server: HttpServer, sock: socket.socket, address: str) -> None:
        self.server = server
        self.sock = sock
        self.address = address
        self.parser = httptools.HttpRequestParser(self)
        self.started = time.monotonic()  # the current request's first byte (a new connection: the connect)
        self.idle_since: float | None = self.started  # None while a request is arriving or being answered
        self.fresh = True  # no request yet: the first one's head is due ``header_seconds`` after the connect
        self.in_request = False
        self.head_done = False
        self.head_bytes = 0
        self.url = b""
        self.header_fields: list[tuple[str, str]] = []
        self.body: list[bytes] = []
        self.body_bytes = 0
        self.ready: list[Incoming] = []
        self.refused: Refused | None = None  # raised in a callback: httptools wraps it in its own error

    def idle_for(self, now: float) -> float:
        idle_since = self.idle_since
        return 0.0 if idle_since is None else now - idle_since

    def shut(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)

    def connected(self) -> bool:
        """Whether the client is still there: a closed connection reads as end of file at once. (A socket with a
        time-out waits for data before ``recv`` even with MSG_DONTWAIT, so ``select`` looks first.)"""
        try:
            readable, _, _ = select.select([self.sock], [], [], 0)
            return not readable or self.sock.recv(1, socket.MSG_PEEK) != b""
        except (OSError, ValueError):
            return False

    # ----- httptools callbacks ------------------------------------------------------------------------------------

    def on_message_begin(self) -> None:
        self.in_request, self.head_done, self.idle_since = True, False, None
        self.head_bytes, self.url, self.header_fields, self.body, self.body_bytes = 0, b"", [], [], 0

    def on_url(self, url: bytes) -> None:
        self._count_head(len(url))
        self.url += url

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count_head(len(name) + len(value) + 4)
        self.header_fields.append((name.decode("latin-1"), value.decode("latin-1")))

    def _refuse(self, refused: Refused) -> None:
        self.refused = refused
        raise refused

    def _count_head(self, size: int) -> None:
        self.head_bytes += size
        if self.head_bytes > self.server.max_header_bytes:
            limit = self.server.max_header_bytes
            self._refuse(
                Refused(
                    431,
                    errors.headers_too_large(
                        f"The request line and headers are larger than {limit} bytes, the limit of this server."
                    ),
                )
            )

    def on_headers_complete(self) -> None:
        self.head_done = True
        length = self.parser_content_length()
        if length is not None and length > self.server.max_body_bytes:
            self._refuse(Refused(413, errors.body_too_large(self.server.max_body_bytes)))
        for name, value in self.header_fields:
            if name.lower() == "expect" and value.strip().lower() == "100-continue":
                self.sock.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")

    def parser_content_length(self) -> int | None:
        for name, value in self.header_fields:
            if name.lower() == "content-length":
                return int(value) if value.strip().isdigit() else None
        return None

    def on_body(self, chunk: bytes) -> None:
        self.body_bytes += len(chunk)
        if self.body_bytes > self.server.max_body_bytes:
            self._refuse(Refused(413, errors.body_too_large(self.server.max_body_bytes)))
        self.body.append(chunk)

    def on_message_complete(self) -> None:
        method = self.parser.get_method().decode("ascii", "replace")
        target = self.url.decode("latin-1")
        incoming = Incoming(
            method, target, Headers(self.header_fields), b"".join(self.body), self.address, self.connected
        )
        self.ready.append(incoming)
        self.in_request = False

    # ----- the connection's thread --------------------------------------------------------------------------------

    def run(self) -> None:
        try:
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._serve()
        except OSError:
            pass  # the client went away, or the server shut the connection
        except Exception:
            log.exception("connection failed", extra={"client": self.address})
        finally:
            with contextlib.suppress(OSError):
                self.sock.close()
            self.server.forget(self)

    def _serve(self) -> None:
        limits = self.server.limits
        while True:
            now = time.monotonic()
            if self.in_request:
                allowed = limits.body_seconds if self.head_done else limits.header_seconds
                deadline = self.started + allowed
            elif self.fresh:
                deadline = self.started + limits.header_seconds
            else:
                deadline = (self.idle_since or now) + limits.idle_seconds
            if now >= deadline:
                log.info("connection past its deadline closed", extra={"client": self.address})
                return
            self.sock.settimeout(deadline - now)
            try:
                data = self.sock.recv(READ_BYTES)
            except TimeoutError:
                continue  # the deadline is checked above
            if not data:
                return
            if not self.in_request and not self.fresh:
                self.started = time.monotonic()  # a new request's first bytes
            try:
                self.parser.feed_data(data)
            except httptools.HttpParserUpgrade:
                self._refuse_and_close(
                    error_bytes(errors.invalid_argument("Protocol upgrades are not served.", field="Upgrade"), 400)
                )
                return
            except (httptools.HttpParserError, Refused) as error:
                if self.refused is not None:
                    self._refuse_and_close(error_bytes(self.refused.failure, self.refused.status))
                    return
                failure = errors.ServiceError(
                    errors.Status.INVALID_ARGUMENT, "http/400", f"Bad Request: {errors.clip(str(error), 200)}"
                )
                self._refuse_and_close(error_bytes(failure, 400))
                return
            keep_alive = self.parser.should_keep_alive()
            ready, self.ready = self.ready, []
            for incoming in ready:
                if not self._answer(incoming, keep_alive=keep_alive):
                    return
            if ready:
                self.fresh = False
                if not self.in_request:
                    self.idle_since = time.monotonic()

    def _refuse_and_close(self, answer: bytes) -> None:
        """Sends a refusal, shuts the writing side and drops what the client still sends until it closes (a
        lingering close), within ``LINGER_SECONDS`` and ``LINGER_BYTES``; the caller then closes the socket."""
        self.sock.sendall(answer)
        self.sock.shutdown(socket.SHUT_WR)
        deadline, drained = time.monotonic() + LINGER_SECONDS, 0
        while drained < LINGER_BYTES:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(READ_BYTES)
            except TimeoutError:
                return
            if not data:
                return
            drained += len(data)

    def _answer(self, incoming: Incoming, *, keep_alive: bool) -> bool:
        """Answers one request; False when the connection is to close."""
        with self.server.places:
            response = self.server.app(incoming)
        keep_alive = keep_alive and not self.server.closing.is_set()
        self.sock.settimeout(self.server.limits.idle_seconds)  # a client that stops reading is cut off
        try:
            if response.stream is not None:
                self._write_stream(response, head_only=incoming.method == "HEAD")
                return False  # a stream ends its connection
            head = self._head(response, keep_alive=keep_alive, length=len(response.body))
            self.sock.sendall(head if incoming.method == "HEAD" else head + response.body)  # one write, one segment
        finally:
            response.close()
        return keep_alive

    def _head(self, response: Response, *, keep_alive: bool, length: int | None) -> bytes:
        lines = [status_line(response.status_code), b"Date: ", http_date().encode("ascii"), b"\r\n"]
        for name, value in response.headers.items():
            lines.append(f"{name}: {value}\r\n".encode("latin-1"))
        if length is not None and response.status_code not in (204, 304):
            lines.append(b"Content-Length: %d\r\n" % length)
        if length is None:
            lines.append(b"Transfer-Encoding: chunked\r\n")
        lines.append(b"\r\n" if keep_alive else b"Connection: close\r\n\r\n")
        return b"".join(lines)

    def _write_stream(self, response: Response, *, head_only: bool) -> None:
        assert response.stream is not None
        self.sock.sendall(self._head(response, keep_alive=False, length=0 if head_only else None))
        if head_only:
            return
        for chunk in response.stream:
            if chunk:
                self.sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        self.sock.sendall(b"0\r\n\r\n")


# Linux's classic BPF for "drop every packet" (BPF_RET | BPF_K, 0), attached with SO_ATTACH_FILTER.
_SO_ATTACH_FILTER = 26
_BPF_DROP_ALL = struct.pack("HBBI", 0x06, 0, 0, 0)


def refuse_new_connections(listener: socket.socket) -> bool:
    """Makes a listening TCP socket drop every packet that reaches it from now on (a socket filter that keeps
    nothing): a new client's SYN goes unanswered, the client sends it again a second later and then meets the closed
    port (connection refused), while connections already in the backlog stay there to be accepted. Without it a
    connection completed between the last ``accept`` and ``close`` is reset by the kernel at the close. Linux only
    (elsewhere False, and the close keeps that small window)."""
    if not sys.platform.startswith("linux"):
        return False
    program = ctypes.create_string_buffer(_BPF_DROP_ALL)
    # struct sock_fprog { unsigned short len; struct sock_filter *filter; } (native alignment pads the pointer)
    fprog = struct.pack("HP", 1, ctypes.addressof(program))
    try:
        listener.setsockopt(socket.SOL_SOCKET, _SO_ATTACH_FILTER, fprog)
    except OSError as error:
        log.warning("listener filter refused", extra={"error": str(error)})
        return False
    return True


_date_cache: tuple[int, str] = (0, "")


def http_date() -> str:
    """The Date header's value, made once a second."""
    global _date_cache
    now = int(time.time())
    if _date_cache[0] != now:
        _date_cache = (now, formatdate(now, usegmt=True))
    return _date_cache[1]
