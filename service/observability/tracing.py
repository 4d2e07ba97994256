"""OpenTelemetry tracing, off unless an OTLP endpoint is configured (``--otlp-endpoint`` or the standard
``OTEL_EXPORTER_OTLP_ENDPOINT``; traces go over OTLP/HTTP).

When on, the gRPC server (opentelemetry-instrumentation-grpc) and the REST edge (``http_server_span``) make a span
per call, and the service adds spans for its store calls (``store.load``, ``store.commit``, ...) and its
engine work (``engine.new_game``, ``engine.apply``, ``bot.decide``). The packages are the optional extra
``cardengine[tracing]``; nothing of OpenTelemetry is imported while tracing is off, and ``span`` then returns one
shared no-op context manager (a function call and a global read per span site).

The tracer is process-wide (one service per process in production); ``enable`` takes a span exporter or processor
for tests (the in-memory exporter) and ``disable`` turns tracing off again.
"""

from __future__ import annotations

import contextlib
import os
from contextlib import AbstractContextManager
from typing import Any

ENDPOINT_ENV = "OTEL_EXPORTER_OTLP_ENDPOINT"
SERVICE_NAME = "cardengine"

_NOOP: AbstractContextManager[None] = contextlib.nullcontext()
_tracer: Any = None  # an opentelemetry Tracer while tracing is on
_provider: Any = None


def endpoint_of(flag: str | None) -> str | None:
    """The OTLP endpoint to export to: the flag's, else the environment's; None: tracing off."""
    return flag or os.environ.get(ENDPOINT_ENV) or None


def enabled() -> bool:
    return _tracer is not None


def provider() -> Any:
    """The TracerProvider while tracing is on (for the gRPC instrumentation), else None."""
    return _provider


def enable(endpoint: str | None = None, *, exporter: Any = None, simple: bool = False) -> Any:
    """Turns tracing on: spans exported to ``exporter`` if given (tests), else over OTLP/HTTP to ``endpoint``
    (``<endpoint>/v1/traces``); ``simple``: exported at once, not batched. Returns the TracerProvider. Raises
    RuntimeError with the install hint when the ``tracing`` extra is missing."""
    global _tracer, _provider
    try:
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor
    except ImportError as error:  # pragma: no cover - depends on the installed extras
        raise RuntimeError("tracing needs the OpenTelemetry packages: pip install 'cardengine[tracing]'") from error
    if exporter is None:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        base = (endpoint or "").rstrip("/")
        exporter = OTLPSpanExporter(endpoint=f"{base}/v1/traces" if base else None)
    tracer_provider = TracerProvider(resource=Resource.create({"service.name": SERVICE_NAME}))
    processor = SimpleSpanProcessor(exporter) if simple else BatchSpanProcessor(exporter)
    tracer_provider.add_span_processor(processor)
    _provider = tracer_provider
    _tracer = tracer_provider.get_tracer("cardengine")
    return tracer_provider


def disable() -> None:
    """Turns tracing off (flushing and closing the exporter)."""
    global _tracer, _provider
    tracer_provider, _tracer, _provider = _provider, None, None
    if tracer_provider is not None:
        tracer_provider.shutdown()


def span(name: str, **attributes: str | int | bool) -> AbstractContextManager[Any]:
    """A span named ``name`` under the current one while tracing is on; a shared no-op otherwise."""
    tracer = _tracer
    if tracer is None:
        return _NOOP
    manager: AbstractContextManager[Any] = tracer.start_as_current_span(name, attributes=attributes or None)
    return manager


def grpc_interceptors() -> list[Any]:
    """The OpenTelemetry gRPC server interceptor while tracing is on (first, so its span covers the call)."""
    if _provider is None:
        return []
    from opentelemetry.instrumentation.grpc import server_interceptor

    return [server_interceptor(tracer_provider=_provider)]  # type: ignore[no-untyped-call]


def http_server_span(method: str, route: str, headers: Any) -> AbstractContextManager[Any]:
    """The server span of one REST request (``GET /v1/games/<game_id>``), continuing the caller's trace when its
    ``headers`` carry W3C trace context (read only while tracing is on); a shared no-op while tracing is off."""
    tracer = _tracer
    if tracer is None:
        return _NOOP
    from opentelemetry.propagate import extract
    from opentelemetry.trace import SpanKind

    carrier = {name: value for name in ("traceparent", "tracestate") if (value := headers.get(name))}
    attributes = {"http.request.method": method, "http.route": route}
    manager: AbstractContextManager[Any] = tracer.start_as_current_span(
        f"{method} {route}", context=extract(carrier), kind=SpanKind.SERVER, attributes=attributes
    )
    return manager
