"""The REST edge's HTTP model: the request being answered, the answer, and what a request carries between its
hooks. No framework: ``service.edges.http_server`` parses requests (httptools) and writes answers, and
``service.edges.rest`` routes them.

A request is answered in the thread of its connection from start to end (an event stream included), so the
request and its globals are thread-local: a route reads ``request.headers`` and ``g.caller`` as module globals.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator
from email.utils import formatdate, parsedate_to_datetime
from http import HTTPStatus
from typing import Any, overload
from urllib.parse import parse_qsl, unquote

JSON = "application/json"
REASONS = {status.value: status.phrase for status in HTTPStatus}


class Headers:
    """Header fields by case-insensitive name, keeping the case they were written in."""

    __slots__ = ("_fields",)

    def __init__(self, fields: Iterable[tuple[str, str]] = ()) -> None:
        self._fields: dict[str, tuple[str, str]] = {}
        for name, value in fields:
            self.add(name, value)

    @overload
    def get(self, name: str) -> str | None: ...
    @overload
    def get(self, name: str, default: str) -> str: ...
    def get(self, name: str, default: str | None = None) -> str | None:
        field = self._fields.get(name.lower())
        return default if field is None else field[1]

    def __getitem__(self, name: str) -> str:
        return self._fields[name.lower()][1]

    def __setitem__(self, name: str, value: str) -> None:
        self._fields[name.lower()] = (name, value)

    def __delitem__(self, name: str) -> None:
        self._fields.pop(name.lower(), None)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.lower() in self._fields

    def add(self, name: str, value: str) -> None:
        """A field repeated joins the values with commas (RFC 9110, 5.3)."""
        lowered = name.lower()
        field = self._fields.get(lowered)
        self._fields[lowered] = (name, value) if field is None else (field[0], f"{field[1]}, {value}")

    def update(self, fields: dict[str, str]) -> None:
        for name, value in fields.items():
            self[name] = value

    def items(self) -> Iterator[tuple[str, str]]:
        return iter(self._fields.values())


class Request(threading.local):
    """The request its thread is answering: set by the app (``begin``) before the hooks and the route run."""

    method: str
    path: str
    query: str
    headers: Headers
    body: bytes
    remote_addr: str
    path_params: dict[str, str]
    route_rule: str  # the route's path template ("/v1/games/{gameId}"); "unmatched" when none
    operation_id: str
    connected: Callable[[], bool]  # whether the client is still there (for streams)
    _args: dict[str, str] | None

    def begin(
        self,
        *,
        method: str,
        target: str,
        headers: Headers,
        body: bytes,
        remote_addr: str,
        connected: Callable[[], bool],
    ) -> None:
        path, _, query = target.partition("?")
        self.method = method
        self.path = unquote(path)
        self.query = query
        self.headers = headers
        self.body = body
        self.remote_addr = remote_addr
        self.connected = connected
        self.path_params = {}
        self.route_rule = "unmatched"
        self.operation_id = ""
        self._args = None

    @property
    def args(self) -> dict[str, str]:
        """The query parameters (the first value of a repeated one), parsed on first use."""
        if self._args is None:
            args: dict[str, str] = {}
            for name, value in parse_qsl(self.query, keep_blank_values=True) if self.query else ():
                args.setdefault(name, value)
            self._args = args
        return self._args

    def accepts_gzip(self) -> bool:
        accepted = self.headers.get("Accept-Encoding", "") or ""
        for part in accepted.split(","):
            coding, _, parameters = part.strip().partition(";")
            if coding.strip().lower() in ("gzip", "*"):
                quality = parameters.strip().removeprefix("q=")
                return not parameters.strip() or _positive(quality)
        return False


def _positive(quality: str) -> bool:
    try:
        return float(quality) > 0
    except ValueError:
        return False


class RequestGlobals(threading.local):
    """What the hooks of one request leave for the others (the gate's caller, the rate, the start time)."""

    def get(self, name: str, default: Any = None) -> Any:
        return self.__dict__.get(name, default)

    def clear(self) -> None:
        self.__dict__.clear()

    def __getattr__(self, name: str) -> Any:  # an attribute set during the request
        raise AttributeError(name)


request = Request()
g = RequestGlobals()


class Response:
    """An answer: a status, headers, and a body of bytes or a stream of chunks (``stream``) written as they come.
    ``call_on_close`` callbacks run once the answer is written or abandoned."""

    __slots__ = ("_on_close", "body", "headers", "status_code", "stream")

    def __init__(
        self,
        body: bytes | Iterator[bytes] = b"",
        *,
        status: int = 200,
        content_type: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        self.status_code = status
        self.headers = Headers()
        if content_type is not None:
            self.headers["Content-Type"] = content_type
        if headers:
            self.headers.update(headers)
        if isinstance(body, bytes):
            self.body, self.stream = body, None
        else:
            self.body, self.stream = b"", body
        self._on_close: list[Callable[[], object]] = []

    @property
    def content_type(self) -> str:
        return (self.headers.get("Content-Type") or "").split(";")[0].strip()

    def call_on_close(self, callback: Callable[[], object]) -> None:
        self._on_close.append(callback)

    def close(self) -> None:
        """Runs the ``call_on_close`` callbacks (once), and closes the stream."""
        callbacks, self._on_close = self._on_close, []
        if self.stream is not None and hasattr(self.stream, "close"):
            self.stream.close()
        for callback in callbacks:
            callback()

    def add_vary(self, name: str) -> None:
        vary = self.headers.get("Vary")
        if vary is None:
            self.headers["Vary"] = name
        elif name.lower() not in (part.strip().lower() for part in vary.split(",")):
            self.headers["Vary"] = f"{vary}, {name}"

    def set_etag(self, etag: str, *, weak: bool = False) -> None:
        self.headers["ETag"] = f'{"W/" if weak else ""}"{etag}"'

    def etag(self) -> str | None:
        """The ETag's opaque tag (without ``W/`` and quotes), if set."""
        value = self.headers.get("ETag")
        return None if value is None else value.removeprefix("W/").strip('"')

    def make_conditional(self, last_modified: float | None = None) -> None:
        """304 with no body when the request's ``If-None-Match`` (or, without one, ``If-Modified-Since``) says the
        client has this answer already (RFC 9110, 13.1.2, 13.1.3; the weak comparison)."""
        if request.method not in ("GET", "HEAD") or self.status_code != 200:
            return
        if last_modified is not None:
            self.headers["Last-Modified"] = formatdate(last_modified, usegmt=True)
        if_none_match = request.headers.get("If-None-Match")
        tag = self.etag()
        if if_none_match is not None:
            wanted = {part.strip().removeprefix("W/").strip('"') for part in if_none_match.split(",")}
            fresh = tag is not None and (tag in wanted or "*" in wanted)
        else:
            fresh = last_modified is not None and not_modified_since(
                request.headers.get("If-Modified-Since"), last_modified
            )
        if fresh:
            self.status_code = 304
            self.body = b""
            del self.headers["Content-Type"]
            del self.headers["Content-Encoding"]


def not_modified_since(since: str | None, last_modified: float) -> bool:
    if not since:
        return False
    try:
        return parsedate_to_datetime(since).timestamp() >= int(last_modified)
    except (TypeError, ValueError):
        return False


def status_line(status: int) -> bytes:
    return f"HTTP/1.1 {status} {REASONS.get(status, 'Unknown')}\r\n".encode("ascii")
