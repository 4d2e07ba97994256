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

Failures keep redis-py's meaning, which ``redis_client.guarded`` maps: a time-out raises ``redis.TimeoutError``, a
closed or reset connection ``redis.ConnectionError``, an error reply the exception redis-py would raise
(``NoScriptError``, ``OutOfMemoryError``, ``ReadOnlyError`` ...). A failure before the whole command was handed to
the kernel (a connect refused, a write failing) is ``NotSentError``: Redis cannot have run it. Any other failure
means the command may have run. A command is never sent twice once it may have reached Redis: a connection that
Redis closed while it sat idle (a restart) is noticed before writing (a non-blocking peek after a second of
idleness) or by the write failing, and only then replaced.
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


class NotSentError(redis.ConnectionError):
    """The command never wholly reached Redis (the connect or the write failed): it did not run."""


def supports(connection_class: type) -> bool:
    """Whether connections of ``connection_class`` (redis-py's, from the pool) can be used on the wire directly:
    plain TCP and Unix sockets; TLS and others stay with redis-py."""
    return connection_class in (redis.connection.Connection, redis.connection.UnixDomainSocketConnection)


class WireConnection:
    """A connection of the store's own (``redis_once.Links``); one thread uses it at a time."""

    def __init__(self, connection: Any, timeout_seconds: float | None) -> None:
        self.connection = connection  # redis-py's, only to open the socket with the URL's handshake
        self.timeout_seconds = timeout_seconds
        self.sock: socket.socket | None = None
        self.reader: Any = None
        self.buffer = bytearray(READ_CHUNK_BYTES)
        self.used = 0.0

    def _open(self) -> socket.socket:
        try:
            self.connection.connect()
        except (redis.ConnectionError, redis.TimeoutError, OSError) as error:
            raise NotSentError(f"Error connecting to Redis: {error}") from error
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
        self._send(hiredis.pack_command(cast(Any, command)))
        return self._reply(self._read())

    def call_many(self, commands: list[tuple[bytes | str | int, ...]]) -> list[Any]:
        """Sends ``commands`` in one write and returns their replies in order, an error reply as the exception
        redis-py would raise for it (returned, not raised: the others' replies still count)."""
        self._send(b"".join(hiredis.pack_command(cast(Any, command)) for command in commands))
        replies = []
        for _ in commands:
            reply = self._read()
            replies.append(
                cast(Any, BaseParser).parse_error(str(reply)) if isinstance(reply, hiredis.ReplyError) else reply
            )
        return replies

    def _send(self, packed: bytes) -> None:
        sock = self.sock
        if sock is None:
            sock = self._open()
        elif time.monotonic() - self.used > IDLE_CHECK_SECONDS and self._closed_by_peer(sock):
            self.close()
            sock = self._open()
        try:
            sock.sendall(packed)
        except BlockingIOError:
            self._fail_write("Timeout writing to Redis")
        except OSError:
            # Written into a connection Redis had closed (a restart): nothing was run. Once more, on a new one.
            self.close()
            sock = self._open()
            try:
                sock.sendall(packed)
            except OSError as error:
                self._fail_write(f"Error writing to Redis: {error}")

    def _fail_write(self, message: str) -> NoReturn:
        """Drops the connection (a command may be half written: Redis drops a half command with its connection) and
        raises ``NotSentError`` (called in the handler of the socket's error, which becomes its context)."""
        self.close()
        raise NotSentError(message)

    def _read(self) -> Any:
        reader, buffer, sock = self.reader, self.buffer, self.sock
        assert sock is not None
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
        return reply

    @staticmethod
    def _reply(reply: Any) -> Any:
        if isinstance(reply, hiredis.ReplyError):
            refusal: Exception = cast(Any, BaseParser).parse_error(str(reply))
            raise refusal  # redis-py's exception for it (the connection stays good)
        return reply
