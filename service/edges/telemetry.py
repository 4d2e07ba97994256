"""What the edges report, and to whom: their hooks for metrics and traces, like the core's
(``service/core/telemetry.py``). The gRPC servicer and the REST app call these functions and know nothing of
Prometheus or OpenTelemetry; the runtime installs an ``EdgeRecorder`` once at start, before it builds the servers
(``service/observability/wiring.py``). Until one is installed: no spans, no counts, plain stream slots, and
``GET /metrics`` answers an empty exposition.

``install`` binds this module's functions to the recorder's own: a call costs what the recorder's call costs.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, Protocol

from service.edges.streams import StreamLimits, StreamSlots
from service.storage.protocols import BotQueue

_NOOP: AbstractContextManager[None] = contextlib.nullcontext()
PLAIN_TEXT = "text/plain; version=0.0.4; charset=utf-8"


class EdgeRecorder(Protocol):
    """What the edges report. Each method must be cheap and must not raise."""

    content_type: str  # of ``exposition``'s bytes

    def grpc_call(self, rpc: str, code: str, seconds: float | None) -> None:
        """A gRPC call ended with ``code``; ``seconds``: its latency (None for a stream: its life is no latency)."""
        ...

    def grpc_ok_recorder(self, rpc: str) -> Callable[[float], None]:
        """``grpc_call(rpc, "OK", seconds)`` with its series looked up once (called when the servicer is built)."""
        ...

    def grpc_interceptors(self) -> list[Any]:
        """The gRPC server interceptors that trace calls (first, so their span covers the call)."""
        ...

    def http_request(self, method: str, route: str, code: int, seconds: float) -> None: ...

    def http_server_span(self, method: str, route: str, headers: Any) -> AbstractContextManager[Any]:
        """The server span of one REST request (``route``: its rule template), continuing the caller's trace."""
        ...

    def stream_slots(self, limits: StreamLimits, edge: str) -> StreamSlots:
        """The stream slots of an edge (``grpc``, ``rest``), counting its live watchers."""
        ...

    def exposition(self, bot_queue: BotQueue | None) -> bytes:
        """The body of ``GET /metrics`` (``bot_queue``: its depth is read at scrape time)."""
        ...


def _ignore(*values: object) -> None:
    return None


def _ok_ignored(rpc: str) -> Callable[[float], None]:
    return _ignore


def _no_interceptors() -> list[Any]:
    return []


def _no_span(method: str, route: str, headers: Any) -> AbstractContextManager[Any]:
    return _NOOP


def _plain_slots(limits: StreamLimits, edge: str) -> StreamSlots:
    return StreamSlots(limits)


def _empty_exposition(bot_queue: BotQueue | None) -> bytes:
    return b""


content_type: str = PLAIN_TEXT
grpc_call: Callable[[str, str, float | None], None] = _ignore
grpc_ok_recorder: Callable[[str], Callable[[float], None]] = _ok_ignored
grpc_interceptors: Callable[[], list[Any]] = _no_interceptors
http_request: Callable[[str, str, int, float], None] = _ignore
http_server_span: Callable[[str, str, Any], AbstractContextManager[Any]] = _no_span
stream_slots: Callable[[StreamLimits, str], StreamSlots] = _plain_slots
exposition: Callable[[BotQueue | None], bytes] = _empty_exposition


def install(recorder: EdgeRecorder) -> None:
    """Reports from now on go to ``recorder``; servers built before keep what they were built with (their stream
    slots, their interceptors, their gRPC ``OK`` series)."""
    global content_type, grpc_call, grpc_ok_recorder, grpc_interceptors, http_request, http_server_span
    global stream_slots, exposition
    content_type = recorder.content_type
    grpc_call = recorder.grpc_call
    grpc_ok_recorder = recorder.grpc_ok_recorder
    grpc_interceptors = recorder.grpc_interceptors
    http_request = recorder.http_request
    http_server_span = recorder.http_server_span
    stream_slots = recorder.stream_slots
    exposition = recorder.exposition


def uninstall() -> None:
    """Reports go nowhere again (tests)."""
    global content_type, grpc_call, grpc_ok_recorder, grpc_interceptors, http_request, http_server_span
    global stream_slots, exposition
    content_type, grpc_call, grpc_ok_recorder, grpc_interceptors = PLAIN_TEXT, _ignore, _ok_ignored, _no_interceptors
    http_request, http_server_span, stream_slots, exposition = _ignore, _no_span, _plain_slots, _empty_exposition
