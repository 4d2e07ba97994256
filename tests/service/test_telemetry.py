"""The hooks through which the core and the edges report (service/core/telemetry.py, service/edges/telemetry.py):
a recorder installed sees exactly what the use cases report, nothing is reported without one, and the runtime's
wiring (service/observability/wiring.py) binds the hooks to the Prometheus and OpenTelemetry functions themselves."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextlib import AbstractContextManager
from typing import Any

import pytest

import engine
from service.core import telemetry
from service.core.game_service import GameService
from service.edges import telemetry as edge_telemetry
from service.edges.streams import StreamLimits, StreamSlots
from service.observability import metrics, tracing, wiring
from tests.service.conftest import make_store

HOOKS = ("span", "game_created", "move_applied", "stale_conflict", "state_cache_size", "bot_decided")
EDGE_HOOKS = (
    *("grpc_call", "grpc_ok_recorder", "grpc_interceptors", "http_request", "http_server_span"),
    *("stream_slots", "exposition", "content_type"),
)


class Recording:
    """A recorder that writes down every report, in order."""

    def __init__(self) -> None:
        self.reports: list[tuple[Any, ...]] = []

    def span(self, name: str, **attributes: str | int | bool) -> AbstractContextManager[Any]:
        self.reports.append(("span", name, attributes))
        return contextlib.nullcontext()

    def game_created(self, game_type: str, finished: bool) -> None:
        self.reports.append(("game_created", game_type, finished))

    def move_applied(self, game_type: str, finished: bool) -> None:
        self.reports.append(("move_applied", game_type, finished))

    def stale_conflict(self, game_type: str) -> None:
        self.reports.append(("stale_conflict", game_type))

    def state_cache_size(self, size_bytes: int, games: int) -> None:
        self.reports.append(("state_cache_size", size_bytes, games))

    def bot_decided(self, game_type: str, bot: str, seconds: float) -> None:
        self.reports.append(("bot_decided", game_type, bot))


@pytest.fixture
def restored() -> Iterator[None]:
    """The hooks as they were before the test (another test of this process may have installed the wiring)."""
    core = {name: getattr(telemetry, name) for name in HOOKS}
    edges = {name: getattr(edge_telemetry, name) for name in EDGE_HOOKS}
    yield
    for name, value in core.items():
        setattr(telemetry, name, value)
    for name, value in edges.items():
        setattr(edge_telemetry, name, value)


@pytest.mark.usefixtures("restored")
def test_a_recorder_sees_what_creating_a_game_and_its_moves_report(
    store_kind: str, request: pytest.FixtureRequest
) -> None:
    recording = Recording()
    telemetry.install(recording)
    service = GameService(make_store(store_kind, request))
    game = service.creation.create_game("dracula", 2, 7)
    tokens = {seat.seat: seat.token for seat in game.seats}
    stored = service.store.load(game.game_id)
    assert stored is not None
    state = engine.decode(stored.snapshot)
    seat = engine.to_act(state)[0]
    first, other = (move.notation for move in engine.legal_moves(state, seat)[:2])
    created = list(recording.reports)
    states = service.games.states
    assert created == [
        ("span", "engine.new_game", {"game_type": "dracula"}),
        ("state_cache_size", states.size_bytes, 1),  # the new game's state, kept
        ("game_created", "dracula", False),
    ]
    result = service.moves.apply_move(game.game_id, tokens[seat], first, 0)
    assert result.version == 1
    with pytest.raises(Exception, match="version") as refused:
        service.moves.apply_move(game.game_id, tokens[seat], other, 0)  # another move at the version passed
    assert getattr(refused.value, "code", None) == "version/stale"
    after = recording.reports[len(created) :]
    assert [report for report in after if report[0] != "state_cache_size"] == [
        ("span", "engine.apply", {"game_type": "dracula"}),
        ("move_applied", "dracula", False),
        ("stale_conflict", "dracula"),
    ]
    # the cache's size is told each time a state is kept (a Redis store's stale move reads the game again)
    assert after[1] == ("state_cache_size", after[1][1], 1)
    assert [report for report in after if report[0] == "state_cache_size"][-1] == (
        "state_cache_size",
        states.size_bytes,
        1,
    )


@pytest.mark.usefixtures("restored")
def test_without_a_recorder_nothing_is_reported() -> None:
    telemetry.uninstall()
    assert telemetry.span("engine.apply", game_type="dracula") is telemetry.span("engine.new_game")  # a shared no-op
    telemetry.move_applied("dracula", True)  # no recorder: nothing to count it, and no error
    edge_telemetry.uninstall()
    slots = edge_telemetry.stream_slots(StreamLimits(per_server=2), "grpc")
    assert type(slots) is StreamSlots
    assert edge_telemetry.exposition(None) == b""
    assert edge_telemetry.grpc_interceptors() == []


@pytest.mark.usefixtures("restored")
def test_the_wiring_binds_the_hooks_to_the_metrics_and_tracing_functions_themselves() -> None:
    """No layer between a hook and its recorder: the move path costs what it cost when the core called them."""
    wiring.install()
    assert telemetry.span is tracing.span
    assert telemetry.move_applied is metrics.move_applied
    assert telemetry.game_created is metrics.game_created
    assert telemetry.stale_conflict is metrics.stale_conflict
    assert telemetry.state_cache_size is metrics.state_cache_size
    assert telemetry.bot_decided is metrics.bot_decided
    assert edge_telemetry.grpc_ok_recorder is metrics.grpc_ok_recorder
    assert edge_telemetry.http_server_span is tracing.http_server_span
    assert edge_telemetry.content_type == metrics.CONTENT_TYPE
    slots = edge_telemetry.stream_slots(StreamLimits(per_server=2), "test-wiring")
    assert isinstance(slots, metrics.MeteredStreamSlots)
