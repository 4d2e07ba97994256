"""The move path's own Redis connections: one command written and its reply read straight on the socket.

Every ApplyMove makes one Redis call (the commit script's ``EVALSHA``), and its client-side cost is part of every
move's CPU. redis-py spends more on its own bookkeeping than on the call: argument encoding in Python, a ``poll()``
before each write and each read (its time-outs are socket time-outs), its parser's buffer management and health
checks. A ``WireConnection`` is opened by redis-py's own ``Connection`` (so the URL's every option applies: password,
database, client name, RESP version), then used directly: the command packed by hiredis (C), one ``sendall`` on a
blocking socket whose kernel time-outs (``SO_SNDTIMEO``/``SO_RCVTIMEO``) bound each system call as the
``--redis-timeout-seconds`` does, and the reply parsed by a hiredis ``Reader``. ``loadtests/bench_redis_call.py``
measures a commit's client CPU three ways in one run: through redis-py's client, on a bare redis-py connection
(this path before) and on a ``WireConnection``.

Failures keep redis-py's meaning, which ``RedisStore._guard`` maps: a time-out raises ``redis.TimeoutError``, a
closed or reset connection ``redis.ConnectionError``, an error reply the exception redis-py would raise
(``NoScriptError``, ``OutOfMemoryError``, ``ReadOnlyError`` ...). A command is never sent twice once it may have
reached Redis: a connection that Redis closed while it sat idle (a restart) is noticed before writing (a
non-blocking peek after a second of idleness) or by the write failing, and only then replaced.
"""

from __future__ import annotations

import socket
import struct
import time
from typing import Any, NoReturn, cast

import hiredis
import redis
from redis._parsers.base import BaseParser

IDLE_CHECK_SECONDS = 1.0  # a connection idle longer is peeked at before writing: did Redis close it meanwhile?
READ_CHUNK_BYTES = 65536


def supports(connection_class: type) -> bool:
    """Whether connections of ``connection_class`` (redis-py's, from the pool) can be used on the wire directly:
    plain TCP and Unix sockets; TLS and others stay with redis-py."""
    return connection_class in (redis.connection.Connection, redis.connection.UnixDomainSocketConnection)


class WireConnection:
    """A connection of the move path (``RedisStore._own_command``); one thread uses it at a time."""

    def __init__(self, connection: Any, timeout_seconds: float | None) -> None:
        self.connection = connection  # redis-py's, only to open the socket with the URL's handshake
        self.timeout_seconds = timeout_seconds
        self.sock: socket.socket | None = None
        self.reader: Any = None
        self.buffer = bytearray(READ_CHUNK_BYTES)
        self.used = 0.0

    def _open(self) -> socket.socket:
        self.connection.connect()
        sock: socket.socket = self.connection._sock
        sock.settimeout(None)  # blocking: no poll() per call; the kernel's time-outs below bound each call
        if self.timeout_seconds is not None:
            seconds = int(self.timeout_seconds)
            packed = struct.pack("ll", seconds, int((self.timeout_seconds - seconds) * 1e6))
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVTIMEO, packed)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDTIMEO, packed)
        self.sock = sock
        self.reader = hiredis.Reader()
        self.used = time.monotonic()
        return sock

    def close(self) -> None:
        self.sock = None
        self.reader = None
        self.connection.disconnect()

    def _closed_by_peer(self, sock: socket.socket) -> bool:
        """True when Redis closed the connection (or sent something unasked) while it was idle."""
        try:
            sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT)
        except BlockingIOError:
            return False  # nothing to read: open and quiet
        except OSError:
            return True
        return True  # end of stream (b""), or bytes nobody asked for

    def call(self, *command: bytes | str | int) -> Any:
        """Sends one command and returns its reply (redis-py's types: bytes, int, lists)."""
        packed = hiredis.pack_command(cast(Any, command))
        sock = self.sock
        if sock is None:
            sock = self._open()
        elif time.monotonic() - self.used > IDLE_CHECK_SECONDS and self._closed_by_peer(sock):
            self.close()
            sock = self._open()
        try:
            sock.sendall(packed)
        except BlockingIOError:
            self._fail_write("Timeout writing to Redis", redis.TimeoutError)
        except OSError:
            # Written into a connection Redis had closed (a restart): nothing was run. Once more, on a new one.
            self.close()
            sock = self._open()
            try:
                sock.sendall(packed)
            except OSError as error:
                self._fail_write(f"Error writing to Redis: {error}", redis.ConnectionError)
        return self._read(sock)

    def _fail_write(self, message: str, kind: type[redis.RedisError]) -> NoReturn:
        """Drops the connection (a command may be half written) and raises ``kind`` (called in the handler of the
        socket's error, which becomes its context)."""
        self.close()
        raise kind(message)

    def _read(self, sock: socket.socket) -> Any:
        reader, buffer = self.reader, self.buffer
        try:
            reply = reader.gets()
            while reply is False:
                received = sock.recv_into(buffer)
                if not received:
                    raise redis.ConnectionError("Connection closed by Redis.")
                reader.feed(buffer, 0, received)
                reply = reader.gets()
        except BlockingIOError as error:
            self.close()
            raise redis.TimeoutError("Timeout reading from Redis") from error
        except redis.RedisError:
            self.close()
            raise
        except BaseException as error:
            self.close()
            if isinstance(error, OSError | hiredis.ProtocolError):
                raise redis.ConnectionError(f"Error reading from Redis: {error}") from error
            raise
        self.used = time.monotonic()
        if isinstance(reply, hiredis.ReplyError):
            refusal: Exception = cast(Any, BaseParser).parse_error(str(reply))
            raise refusal  # redis-py's exception for it (the connection stays good)
        return reply
