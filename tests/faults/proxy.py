"""A TCP relay in front of a Redis that a test controls: it forwards both ways, and on command loses Redis's
replies after Redis has run the command (the faults of issue 29: a reply lost to a reset or a time-out).

- ``reset_after(marker, skip)``: the next command whose bytes contain ``marker`` (after ``skip`` such commands
  went through untouched) reaches Redis, and its reply is thrown away with both connections reset: the client sees
  a reset though the command ran;
- ``blackhole()`` / ``restore()``: while on, every reply of every connection is read from Redis and thrown away:
  the client times out though its commands ran;
- ``withhold(marker)``: the next command whose bytes contain ``marker`` never reaches Redis (nor does anything after
  it on that connection): the client waits for a reply, as a process does that dies before its command is sent.
"""

from __future__ import annotations

import socket
import struct
import threading
from contextlib import suppress
from dataclasses import dataclass, field


def _reset(sock: socket.socket) -> None:
    """Closes ``sock`` with a reset (RST), as a peer or a middlebox that drops the connection. (The shutdown wakes
    the relay's other thread blocked reading it, so that the close really closes it.)"""
    with suppress(OSError):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.shutdown(socket.SHUT_RD)
    sock.close()


@dataclass
class _Link:
    client: socket.socket
    upstream: socket.socket
    doomed: bool = False  # a marked command went up: its reply is dropped with the connections
    withheld: bool = False  # a withheld command: nothing more goes up


@dataclass
class DroppingProxy:
    target_port: int
    target_host: str = "127.0.0.1"
    resets: int = 0  # replies thrown away with a reset so far
    dropped_bytes: int = 0  # reply bytes thrown away in a blackhole so far
    _marker: bytes = b""
    _skip: int = 0
    _armed: int = 0
    _blackhole: bool = False
    _withhold: bytes = b""
    withheld: int = 0  # commands withheld so far
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _listener: socket.socket | None = None
    _links: list[_Link] = field(default_factory=list)
    _closed: bool = False

    def start(self) -> DroppingProxy:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", 0))
        listener.listen(64)
        self._listener = listener
        threading.Thread(target=self._accept, name="proxy-accept", daemon=True).start()
        return self

    @property
    def port(self) -> int:
        assert self._listener is not None
        port: int = self._listener.getsockname()[1]
        return port

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    # ----- control -------------------------------------------------------------------------------------------
    def reset_after(self, marker: bytes, *, skip: int = 0, count: int = 1) -> None:
        with self._lock:
            self._marker, self._skip, self._armed = marker, skip, count

    def armed(self) -> int:
        with self._lock:
            return self._armed

    def withhold(self, marker: bytes) -> None:
        with self._lock:
            self._withhold = marker

    def blackhole(self) -> None:
        with self._lock:
            self._blackhole = True

    def restore(self) -> None:
        with self._lock:
            self._blackhole = False

    def close(self) -> None:
        self._closed = True
        if self._listener is not None:
            self._listener.close()
        with self._lock:
            links, self._links = list(self._links), []
        for link in links:
            link.client.close()
            link.upstream.close()

    # ----- the relay -----------------------------------------------------------------------------------------
    def _accept(self) -> None:
        assert self._listener is not None
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection((self.target_host, self.target_port))
            except OSError:
                _reset(client)
                continue
            link = _Link(client, upstream)
            with self._lock:
                self._links.append(link)
            threading.Thread(target=self._up, args=(link,), daemon=True).start()
            threading.Thread(target=self._down, args=(link,), daemon=True).start()

    def _up(self, link: _Link) -> None:
        """Client to Redis: forwarded as is; a marked command dooms its reply."""
        while True:
            try:
                data = link.client.recv(65536)
            except OSError:
                data = b""
            if not data:
                link.upstream.close()
                return
            with self._lock:
                if link.withheld or (self._withhold and self._withhold in data):
                    self.withheld += 0 if link.withheld else 1
                    self._withhold, link.withheld = b"", True
                    continue
                if self._armed and self._marker and self._marker in data:
                    if self._skip:
                        self._skip -= 1
                    else:
                        self._armed -= 1
                        link.doomed = True
            try:
                link.upstream.sendall(data)
            except OSError:
                link.client.close()
                return

    def _down(self, link: _Link) -> None:
        """Redis to client: forwarded, unless the reply is doomed (thrown away, both ends reset) or in a blackhole."""
        while True:
            try:
                data = link.upstream.recv(65536)
            except OSError:
                data = b""
            if not data:
                link.client.close()
                return
            with self._lock:
                doomed, blackhole = link.doomed, self._blackhole
                if doomed:
                    self.resets += 1
                elif blackhole:
                    self.dropped_bytes += len(data)
            if doomed:
                _reset(link.client)
                _reset(link.upstream)
                return
            if blackhole:
                continue
            try:
                link.client.sendall(data)
            except OSError:
                link.upstream.close()
                return
