"""What each piece of REST's ApplyMove costs above the floor, measured by turning it off (docs/performance.md,
"Against boardgame.io").

    .venv/bin/python -m loadtests.rest_pieces --redis-url redis://127.0.0.1:6379/0 [--rounds 4] [--matches 25]

The REST app is built as ``cardengine serve`` builds it (``service.runtime.server.Server``: the metered store, the
hooks, metrics) and called in this process without a socket, as ``loadtests/rest_layers.py`` does; Dracula's
recorded matches are replayed as accepted ``POST /v1/games/{id}/moves`` on new games of the same seeds. Each row
replaces one piece with nothing for its turn (a measuring device only: the answers then lack that piece), the rows
taking turns for ``--rounds`` rounds; each prints its median CPU per move and what turning the piece off saved.
The last two rows are the floor's REST door (``loadtests/floor_server.py``) in the same process, what no ApplyMove
can skip, and the same floor answering what the v1 API obliges (``--answered``: the view and the events). Pin it to
one core (``taskset -c 0``) on an otherwise quiet machine.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import statistics
from collections.abc import Callable
from functools import partial
from typing import Any

from loadtests import rest_layers
from loadtests.floor_server import Floor, floor_rest_app
from service.core import telemetry as core_telemetry
from service.core.game_service import GameService
from service.core.stored import LogEntry
from service.edges import rest
from service.edges import telemetry as edge_telemetry
from service.observability.metered_store import StoreMeter
from service.runtime.server import ServeConfig, Server
from service.storage.redis_store import RedisStore

Patch = tuple[object, str, object]
NOTHING = contextlib.nullcontext()


def unmetered(self: StoreMeter, operation: str, function: Callable[..., Any], *args: Any) -> Any:
    return function(*args)


def pieces(service: GameService) -> dict[str, list[Patch]]:
    """Each piece and what turns it off."""
    return {
        "everything on": [],
        "no store meter": [(StoreMeter, "call", unmetered)],
        "no commit hooks": [(service.moves.hooks, "run", lambda commit: {})],
        "no HTTP metric or span": [
            (edge_telemetry, "http_request", lambda *values: None),
            (edge_telemetry, "http_server_span", lambda *values: NOTHING),
        ],
        "no core span": [(core_telemetry, "span", lambda *values, **attributes: NOTHING)],
        "no answer headers": [
            (rest, "compress_json", lambda response: None),
            (rest, "rate_limit_headers", lambda response: None),
            (rest, "cross_origin", lambda response: None),
        ],
        "no events or texts": [(LogEntry, "events_for", lambda entry, meta, seat: ())],
    }


@contextlib.contextmanager
def patched(patches: list[Patch]) -> Any:
    saved = [(target, name, getattr(target, name)) for target, name, _ in patches]
    for target, name, replacement in patches:
        setattr(target, name, replacement)
    try:
        yield
    finally:
        for target, name, original in saved:
            setattr(target, name, original)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--redis-url", required=True, help="games expire by their time-to-live; nothing is flushed")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--matches", type=int, default=25, help="recorded Dracula matches replayed per row")
    args = parser.parse_args(argv)
    logging.disable(logging.CRITICAL)
    server = Server(ServeConfig(grpc_port=0, http_port=0, redis_url=args.redis_url, bot_workers=0))
    app, service = server.rest_app, server.service
    floor_store = RedisStore.from_url(args.redis_url)
    floor_service = GameService(floor_store)
    floor_app = floor_rest_app(Floor(floor_service, floor_store), app)
    answered_app = floor_rest_app(Floor(floor_service, floor_store, answered=True), app)
    plan = rest_layers.record(service, args.matches)
    rest_layers.replay(service, plan[: max(1, len(plan) // 3)], app)  # warm-up
    rows: dict[str, Callable[[], float]] = {
        name: partial(_with, patches, partial(rest_layers.replay, service, plan, app))
        for name, patches in pieces(service).items()
    }
    rows["no view (omitView)"] = partial(rest_layers.replay, service, plan, app, {"omitView": True})
    rows["the floor's REST door"] = partial(rest_layers.replay, service, plan, floor_app)
    rows["the floor, answered"] = partial(rest_layers.replay, service, plan, answered_app)
    figures: dict[str, list[float]] = {name: [] for name in rows}
    for _ in range(args.rounds):
        for name, measure in rows.items():
            figures[name].append(measure())
    base = statistics.median(figures["everything on"])
    for name, values in figures.items():
        median = statistics.median(values)
        print(
            f"{name:24s} {median:6.1f} us CPU per move   saves {base - median:5.1f} us ({(base - median) / base:4.0%})"
        )


def _with(patches: list[Patch], measure: Callable[[], float]) -> float:
    with patched(patches):
        return measure()


if __name__ == "__main__":
    main()
