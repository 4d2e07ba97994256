"""Observability entered through the hooks the rooms below define: one recorder, Prometheus (``metrics.py``) and
OpenTelemetry (``tracing.py``), installed into the core's hooks (``service/core/telemetry.py``) and the edges'
(``service/edges/telemetry.py``). The runtime calls ``install`` once at start, before it builds the servers and the
bot workers; nothing below the runtime imports this package (``tests/test_architecture.py`` checks the rooms).

The recorder's methods are the functions of ``metrics`` and ``tracing`` themselves (static): a hook's call costs
what a direct call of them cost.
"""

from __future__ import annotations

from service.core import telemetry as core_telemetry
from service.edges import telemetry as edge_telemetry
from service.observability import metrics, tracing


class Recorder:
    """The core's ``telemetry.Recorder`` and the edges' ``telemetry.EdgeRecorder``, by Prometheus and OpenTelemetry."""

    # the core's
    span = staticmethod(tracing.span)
    game_created = staticmethod(metrics.game_created)
    move_applied = staticmethod(metrics.move_applied)
    stale_conflict = staticmethod(metrics.stale_conflict)
    state_cache_size = staticmethod(metrics.state_cache_size)
    bot_decided = staticmethod(metrics.bot_decided)
    # the edges'
    content_type = metrics.CONTENT_TYPE
    grpc_call = staticmethod(metrics.grpc_call)
    grpc_ok_recorder = staticmethod(metrics.grpc_ok_recorder)
    grpc_interceptors = staticmethod(tracing.grpc_interceptors)
    http_request = staticmethod(metrics.http_request)
    http_server_span = staticmethod(tracing.http_server_span)
    stream_slots = staticmethod(metrics.MeteredStreamSlots)
    exposition = staticmethod(metrics.exposition)


RECORDER = Recorder()


def install() -> None:
    """Metrics and traces from now on (idempotent; tracing itself stays off until ``tracing.enable``)."""
    core_telemetry.install(RECORDER)
    edge_telemetry.install(RECORDER)
