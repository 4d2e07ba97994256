"""What keeps one REST client from blocking the port (issue 29): connections per client address, and deadlines.

waitress serves every connection from one loop thread and hands only complete requests to its threads, so a slow
client holds no thread; what it can hold is connections. So:

- **Per address**: a client address holds at most ``per_address`` connections; one more is answered 429
  (``limit/connections``) and closed at once, so 1,000 idle connections from one address take ``per_address``
  places, not the port. Behind a proxy every client shares the proxy's address: raise it there (0: no limit).
- **In all**: at most ``total`` connections (waitress's ``connection_limit``; past it the port stops accepting).
- **Deadlines**: a request's line and headers must arrive within ``header_seconds`` of its first byte (a new
  connection's first request: of the connect), its body within ``body_seconds``; a kept-alive connection idle for
  ``idle_seconds`` is closed. A slowloris client (a header byte every few seconds) is so cut off at the header
  deadline. A connection whose request is being answered (an event stream) is never cut.

The loop thread checks the deadlines every ``CHECK_SECONDS`` (waitress's maintenance).
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

import orjson
from waitress.channel import HTTPChannel

from service.core import errors

log = logging.getLogger("cardengine.rest")

CHECK_SECONDS = 0.5


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


def refusal(per_address: int) -> bytes:
    """The whole HTTP answer to a connection over its address's limit."""
    failure = errors.ServiceError(
        errors.Status.RESOURCE_EXHAUSTED,
        "limit/connections",
        f"This client address already holds {per_address} open connections, the limit of this server; reuse one "
        "(keep-alive) or close some.",
        {"limit": per_address, errors.RETRY_AFTER: 1},
    )
    body = orjson.dumps({"error": failure.to_json()})
    head = (
        "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nRetry-After: 1\r\n"
        f"Connection: close\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    return head.encode("ascii") + body


class Guard:
    """The connections of each client address, and the deadlines, of one waitress server."""

    def __init__(self, limits: ConnectionLimits) -> None:
        limits.check()
        self.limits = limits
        self.refusal = refusal(limits.per_address)
        self._counts: Counter[str] = Counter()
        self._lock = threading.Lock()

    def enter(self, address: str) -> bool:
        """Counts a new connection of ``address``; False (not counted) when the address is at its limit."""
        with self._lock:
            if self.limits.per_address and self._counts[address] >= self.limits.per_address:
                return False
            self._counts[address] += 1
            return True

    def leave(self, address: str) -> None:
        with self._lock:
            self._counts[address] -= 1
            if self._counts[address] <= 0:
                del self._counts[address]

    def expired(self, channel: GuardedChannel, now: float) -> bool:
        """Whether ``channel`` is past a deadline: its request's head or body too slow, or idle too long."""
        if channel.requests or channel.total_outbufs_len:
            return False  # being answered (an event stream included)
        limits = self.limits
        request = channel.request
        if request is None and not channel.awaiting_first:
            # waitress's own clock of the last byte read or written (wall time), writes of its threads included
            idle: float = time.time() - channel.last_activity
            return idle > limits.idle_seconds
        started = channel.request_started
        if request is not None and request.headers_finished:
            return now - started > limits.body_seconds
        return now - started > limits.header_seconds


class GuardedChannel(HTTPChannel):  # type: ignore[misc]
    """A waitress channel counted per client address and timed per request (``Guard``)."""

    def __init__(self, server: Any, sock: Any, addr: Any, adj: Any, map: Any = None) -> None:
        self.address = str(addr[0]) if isinstance(addr, tuple) and addr else str(addr)
        self.request_started = time.monotonic()
        self.awaiting_first = True  # the head clock of a new connection runs from the connect
        guard: Guard = server.cardengine_guard
        self.counted = guard.enter(self.address)
        super().__init__(server, sock, addr, adj, map)
        if not self.counted:
            with contextlib.suppress(OSError):  # a best effort (non-blocking): the connection closes either way
                sock.send(guard.refusal)
            self.close()

    def received(self, data: bytes) -> bool:
        now = time.monotonic()
        if self.request is None and not self.awaiting_first:
            self.request_started = now  # a new request's first bytes
        self.awaiting_first = False
        done: bool = super().received(data)
        return done

    def del_channel(self, map: Any = None) -> None:
        if self.counted:
            self.counted = False
            self.server.cardengine_guard.leave(self.address)
        super().del_channel(map)


def guard_server(server: Any, limits: ConnectionLimits) -> None:
    """Puts ``limits`` on a waitress server whose ``channel_class`` is a ``GuardedChannel``: the count per address,
    and the deadlines checked by its maintenance (every ``CHECK_SECONDS``) besides waitress's own idle check."""
    guard = Guard(limits)
    server.cardengine_guard = guard
    server.adj.cleanup_interval = CHECK_SECONDS
    waitress_maintenance = server.maintenance

    def maintenance(now: float) -> None:
        waitress_maintenance(now)
        monotonic = time.monotonic()
        for channel in list(server.active_channels.values()):
            if isinstance(channel, GuardedChannel) and not channel.will_close and guard.expired(channel, monotonic):
                log.info("connection past its deadline closed", extra={"client": channel.address})
                channel.will_close = True

    server.maintenance = maintenance
