"""OpenTelemetry traces (observability/tracing.py), collected with the SDK's in-memory exporter: a gRPC CreateGame and a
REST ApplyMove each make a server span, with the store and engine spans of that call under it; tracing is off (a
shared no-op, nothing exported) unless an endpoint is configured."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from service.observability import tracing
from service.storage.store import MemoryStore
from tests.service.conftest import LiveServer, live_server


@pytest.fixture
def traced() -> Iterator[tuple[InMemorySpanExporter, LiveServer]]:
    exporter = InMemorySpanExporter()
    tracing.enable(exporter=exporter, simple=True)
    try:
        with live_server(MemoryStore(), "memory", bot_workers=0) as live:
            yield exporter, live
    finally:
        tracing.disable()


def under(span: ReadableSpan, root: ReadableSpan, spans: list[ReadableSpan]) -> bool:
    """Whether ``span`` descends from ``root`` (same trace, a chain of parents up to it)."""
    by_id = {item.context.span_id: item for item in spans}
    current: ReadableSpan | None = span
    while current is not None and current.parent is not None:
        if current.parent.span_id == root.context.span_id:
            return True
        current = by_id.get(current.parent.span_id)
    return False


def test_grpc_and_rest_calls_make_spans_with_store_and_engine_work_under_them(
    traced: tuple[InMemorySpanExporter, LiveServer],
) -> None:
    exporter, live = traced
    created = live.grpc.create_game("dracula", players=2, seed=7, options={"deals": 1})
    game = created.game
    seat = game.to_act[0]
    move = live.grpc.legal_moves(created.game_id, created.token(seat)).notations[0]
    exporter.clear()  # the create's spans are checked from a fresh run below
    created = live.grpc.create_game("dracula", players=2, seed=7, options={"deals": 1})
    status, _ = live.rest.post(
        f"/v1/games/{created.game_id}/moves", {"move": move, "expectedVersion": 0}, token=created.token(seat)
    )
    assert status == 200
    spans = list(exporter.get_finished_spans())
    names = [span.name for span in spans]
    create_rpc = next(span for span in spans if span.name == "/cardengine.v1.GameEngine/CreateGame")
    apply_http = next(span for span in spans if span.name == "POST /v1/games/<game_id>/moves")
    for name in ("engine.new_game", "store.create"):
        assert any(span.name == name and under(span, create_rpc, spans) for span in spans), (name, names)
    for name in ("store.load_for_update", "engine.apply", "store.commit"):
        assert any(span.name == name and under(span, apply_http, spans) for span in spans), (name, names)
    assert create_rpc.context.trace_id != apply_http.context.trace_id
    engine_apply = next(span for span in spans if span.name == "engine.apply")
    assert dict(engine_apply.attributes or {}) == {"game_type": "dracula"}
    for span in spans:  # no seat token in any attribute
        assert not any(created.token(seat) in str(value) for value in (span.attributes or {}).values())


def test_tracing_is_off_without_an_endpoint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(tracing.ENDPOINT_ENV, raising=False)
    assert tracing.endpoint_of(None) is None
    assert tracing.endpoint_of("") is None
    assert not tracing.enabled()
    assert tracing.span("store.load") is tracing.span("engine.apply")  # one shared no-op
    assert tracing.grpc_interceptors() == []
    monkeypatch.setenv(tracing.ENDPOINT_ENV, "http://collector:4318")
    assert tracing.endpoint_of(None) == "http://collector:4318"
    assert tracing.endpoint_of("http://other:4318") == "http://other:4318"
