"""What the use cases report, and to whom: the core's hooks for metrics and traces. The core calls these functions
(``telemetry.span("engine.apply", ...)``, ``telemetry.move_applied(...)``) and knows nothing of what records them;
the runtime installs a ``Recorder`` once at start (``service/observability/wiring.py``: Prometheus and
OpenTelemetry), and the bot workers report through the same hooks. Until one is installed each hook does nothing.

``install`` binds this module's functions to the recorder's own, so a call costs what a call of the recorder costs
(a module attribute read and the call: no indirection on the move path).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, Protocol

_NOOP: AbstractContextManager[None] = contextlib.nullcontext()


class Recorder(Protocol):
    """What the core reports. Each method must be cheap and must not raise."""

    def span(self, name: str, **attributes: str | int | bool) -> AbstractContextManager[Any]:
        """A trace span around engine work (``engine.apply``, ``engine.new_game``, ``bot.decide``)."""
        ...

    def game_created(self, game_type: str, finished: bool) -> None: ...

    def move_applied(self, game_type: str, finished: bool) -> None:
        """A move committed (a forfeit counts as the match's last move); ``finished``: it ended the match."""
        ...

    def stale_conflict(self, game_type: str) -> None:
        """A move refused as ``version/stale``."""
        ...

    def state_cache_size(self, size_bytes: int, games: int) -> None:
        """The decoded states kept (``service/core/games.py`` ``StateCache``): their bytes and games."""
        ...

    def bot_decided(self, game_type: str, bot: str, seconds: float) -> None:
        """A bot chose its move in ``seconds`` (``bot``: its kind or spec, ``mcts:500ms``)."""
        ...


def _no_span(name: str, **attributes: str | int | bool) -> AbstractContextManager[Any]:
    return _NOOP


def _ignore(*values: object) -> None:
    return None


span: Callable[..., AbstractContextManager[Any]] = _no_span
game_created: Callable[[str, bool], None] = _ignore
move_applied: Callable[[str, bool], None] = _ignore
stale_conflict: Callable[[str], None] = _ignore
state_cache_size: Callable[[int, int], None] = _ignore
bot_decided: Callable[[str, str, float], None] = _ignore


def install(recorder: Recorder) -> None:
    """Reports from now on go to ``recorder`` (the process's one; a second install replaces the first)."""
    global span, game_created, move_applied, stale_conflict, state_cache_size, bot_decided
    span = recorder.span
    game_created = recorder.game_created
    move_applied = recorder.move_applied
    stale_conflict = recorder.stale_conflict
    state_cache_size = recorder.state_cache_size
    bot_decided = recorder.bot_decided


def uninstall() -> None:
    """Reports go nowhere again (tests)."""
    global span, game_created, move_applied, stale_conflict, state_cache_size, bot_decided
    span = _no_span
    game_created = move_applied = stale_conflict = state_cache_size = bot_decided = _ignore
