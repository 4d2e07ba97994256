"""The floor of an ApplyMove, served on both doors: a bare call + the rules + one Lua compare-and-set, and nothing
else.

    .venv/bin/python -m loadtests.floor_server --redis-url redis://127.0.0.1:6379/0

Issue 14 defines the physical floor of an ApplyMove as "a bare call + one Lua compare-and-set + the rules". This
server measures it on the same stack as ``cardengine serve`` (grpcio's thread-pool server with the same options, our
HTTP server with the same thread count, redis-py with the same store, the same engine) so that
``loadtests/bench_service.py`` and the peer benchmark (``loadtests/peer/``) can put it beside the real ApplyMove in
one run. Its ApplyMove (gRPC, and REST's ``POST /v1/games/{id}/moves``) does only what no ApplyMove can skip:

- read the game from the store's local copy (``load_for_update``: no round trip when this process wrote the version
  before, as in ``cardengine serve``) and find the token's seat;
- the rules: the state (decoded from the snapshot, or the one the process decoded or committed last for that
  version: ``StateCache``, as ``GameService`` does), parse the move, apply it, encode the new snapshot;
- one compare-and-set on Redis: the store's own commit script with what every ApplyMove must store (the snapshot,
  the version and the version's log entry: the move, who acts next and the events, as ``GameService`` writes it,
  without which no event stream, page of events or retry on another replica could be answered);
- answer the new version (no view, no events, no header).

With ``--answered`` it also answers what the API obliges every accepted move to answer: the mover's game with its
view and this move's events with their texts, built by the service's own functions (``moves.answer``,
``games.game_view``) and written as each door writes ApplyMove's default answer (REST: ``convert.move_result_json``;
gRPC: ``convert.MOVE_RESULT.wire``, the view as a ``Struct``). The two floors in one run say how much of ApplyMove's
distance from the floor is the answer's content, which no ApplyMove of the v1 API can skip.

A call with the metadata (or HTTP header) ``x-floor: rules-only`` skips the compare-and-set (the new version is kept
in this server only, where the next rules-only call finds it): the difference between the two is what one round trip
to Redis, with the log entry's encoding for it, costs a call inside this server.

Not in it: error mapping, the gate (keys and limits), metrics, logs, tracing, the events and header of the answer,
bot marking, clocks and idempotency. Every other RPC and REST request is the real servicer's or REST app's (the
benchmarks create their games through them). It prints the same serving line as ``cardengine serve`` and stops on
SIGTERM. Not part of the product: a measuring instrument, built only from what the service's modules make public.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import threading
from collections.abc import Sequence
from concurrent import futures

import grpc
import orjson
from cardengine.v1 import game_engine_pb2 as pb
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

import engine
from service.core.game_service import GameService
from service.core.games import game_view, seat_of_token
from service.core.moves import answer
from service.core.records import MoveResult
from service.core.stored import GameMeta, LogEntry
from service.edges import convert
from service.edges.credentials import bearer_token
from service.edges.grpc_server import MAX_MESSAGE_BYTES, GameEngineServicer, add_game_engine, token_of
from service.edges.http import Response
from service.edges.http_server import App, Incoming
from service.edges.rest import create_app, create_http_server
from service.edges.streams import StreamLimits
from service.runtime.engine_build import engine_kind
from service.storage.protocols import GameStore
from service.storage.redis_store import RedisStore
from service.storage.store import StoredGame

RULES_ONLY_HEADER = "x-floor"
MOVES_PATH = re.compile(r"/v1/games/([^/?]+)/moves")
RULES_ONLY_GAMES = 4096  # the rules-only versions kept, one per game, the oldest game dropped first


class Floor:
    """The floor's ApplyMove, behind both doors (module docstring)."""

    def __init__(self, service: GameService, store: GameStore, *, answered: bool = False) -> None:
        self.service = service
        self.store = store
        self.answered = answered  # also build the answer the API obliges (module docstring)
        self.rules_only_games: dict[str, StoredGame] = {}  # the last version a rules-only call made, never committed
        self.rules_only_lock = threading.Lock()

    def apply(self, game_id: str, token: str | None, move: str, expected: int, *, rules_only: bool) -> int | MoveResult:
        """The new version, or with ``answered`` the answer the API obliges; ``LookupError`` for an unknown game,
        ``PermissionError`` without the seat's token."""
        stored = self.load(game_id, expected, rules_only=rules_only)
        if stored is None:
            raise LookupError("no such game")
        meta = GameMeta.decode(stored.meta)
        seat = seat_of_token(stored.game_id, meta, token)
        if seat is None:
            raise PermissionError("a seat token is required")
        state = self.service.games.state_of(stored)
        parsed = engine.parse_move(state, move)
        new_state, events = engine.apply(state, seat, parsed)
        finished = engine.is_finished(new_state)
        updated = StoredGame(
            stored.game_id,
            expected + 1,
            engine.encode(new_state),
            stored.event_count + len(events),
            finished,
            stored.meta,
        )
        entry = floor_entry(updated, seat, parsed, new_state, events)
        if rules_only:
            self.keep_rules_only(updated)
        else:
            self.store.commit(updated, expected, entry.encode())
        self.service.games.states.remember(updated.game_id, updated.snapshot, new_state)
        if self.answered:
            view = game_view(updated.game_id, meta, updated.version, new_state, seat)
            return answer(updated.version, view, entry, meta, seat)
        return updated.version

    def load(self, game_id: str, expected_version: int, *, rules_only: bool) -> StoredGame | None:
        """A rules-only call's game from this server's own copy when a rules-only call made that version, else as
        every ApplyMove reads it (the store's local copy of the version this process wrote, or Redis)."""
        if rules_only:
            with self.rules_only_lock:
                kept = self.rules_only_games.get(game_id)
            if kept is not None and kept.version == expected_version:
                return kept
        return self.store.load_for_update(game_id, expected_version)

    def keep_rules_only(self, updated: StoredGame) -> None:
        with self.rules_only_lock:
            self.rules_only_games.pop(updated.game_id, None)  # to the end: the oldest game goes first
            self.rules_only_games[updated.game_id] = updated
            if len(self.rules_only_games) > RULES_ONLY_GAMES:
                del self.rules_only_games[next(iter(self.rules_only_games))]


class FloorServicer(GameEngineServicer):
    """The real servicer but for ApplyMove, which is the floor."""

    def __init__(self, floor: Floor) -> None:
        super().__init__(floor.service)
        self.floor = floor

    def ApplyMove(self, request: pb.ApplyMoveRequest, context: grpc.ServicerContext) -> bytes:  # type: ignore[override]
        rules_only = (RULES_ONLY_HEADER, "rules-only") in context.invocation_metadata()
        try:
            applied = self.floor.apply(
                request.game_id, token_of(context), request.move, request.expected_version, rules_only=rules_only
            )
        except LookupError as missing:
            context.abort(grpc.StatusCode.NOT_FOUND, str(missing))
        except PermissionError as refused:
            context.abort(grpc.StatusCode.UNAUTHENTICATED, str(refused))
        # The answer in its wire form, as the servicer's: ApplyMove's handler has no serializer (WIRE_ANSWERS).
        if isinstance(applied, MoveResult):
            return convert.MOVE_RESULT.wire(applied, view_json=request.view_json)
        bare = pb.ApplyMoveResponse(version=applied, game=pb.Game(game_id=request.game_id, version=applied))
        return bare.SerializeToString()


def floor_rest_app(floor: Floor, real: App) -> App:
    """The REST door: ``POST /v1/games/{id}/moves`` is the floor (answered ``{"version":N,"gameId":ID}``, no
    view, no events), every other request the real REST app's (the benchmark creates its games through it)."""

    def app(incoming: Incoming) -> Response:
        match = MOVES_PATH.fullmatch(incoming.target)
        if incoming.method != "POST" or match is None:
            return real(incoming)
        body = orjson.loads(incoming.body)
        rules_only = incoming.headers.get(RULES_ONLY_HEADER) == "rules-only"
        token = bearer_token(incoming.headers.get("Authorization"))
        try:
            applied = floor.apply(match[1], token, body["move"], body["expectedVersion"], rules_only=rules_only)
        except Exception as failure:  # an instrument's refusal: the benchmark counts any non-200 answer as one
            error = {"error": {"code": type(failure).__name__, "message": str(failure)}}
            return Response(orjson.dumps(error), status=400, content_type="application/json")
        if isinstance(applied, MoveResult):
            return Response(orjson.dumps(convert.move_result_json(applied)), content_type="application/json")
        return Response(orjson.dumps({"version": applied, "gameId": match[1]}), content_type="application/json")

    return app


def floor_entry(
    updated: StoredGame,
    seat: int,
    move: engine.Move,
    state: engine.GameState,
    events: Sequence[engine.Event],
) -> LogEntry:
    """The log entry the floor commits: the one ``GameService`` commits for the same move (``stored.LogEntry``:
    the version, the seat, the move's notation, who acts next, whether the match is over, the events)."""
    return LogEntry(
        updated.version,
        seat,
        move.notation,
        engine.to_act(state),
        updated.finished,
        updated.event_count - len(events),
        tuple(events),
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--redis-url", required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--grpc-port", type=int, default=0)
    parser.add_argument("--grpc-workers", type=int, default=32, help="as `cardengine serve --grpc-workers`")
    parser.add_argument("--http-port", type=int, default=0)
    parser.add_argument("--http-threads", type=int, default=32, help="as `cardengine serve --http-threads`")
    parser.add_argument("--answered", action="store_true", help="answer the view and events (module docstring)")
    args = parser.parse_args(argv)
    store = RedisStore.from_url(args.redis_url)
    service = GameService(store)
    floor = Floor(service, store, answered=args.answered)
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=args.grpc_workers + StreamLimits().per_server),
        options=[("grpc.so_reuseport", 0), ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES)],
    )
    add_game_engine(FloorServicer(floor), server)
    health_servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    health_servicer.set("", health_pb2.HealthCheckResponse.SERVING)
    port = server.add_insecure_port(f"{args.host}:{args.grpc_port}")
    server.start()
    rest = create_app(service, web_root=None)
    http = create_http_server(
        floor_rest_app(floor, rest), host=args.host, port=args.http_port, threads=args.http_threads
    )
    threading.Thread(target=http.serve_forever, name="http", daemon=True).start()
    print(
        json.dumps(
            {
                "event": "serving",
                "grpcPort": port,
                "httpPort": http.effective_port,
                "pid": os.getpid(),
                "engine": engine_kind(),
            }
        ),
        flush=True,
    )
    stopped = threading.Event()
    signal.signal(signal.SIGTERM, lambda signum, frame: stopped.set())
    signal.signal(signal.SIGINT, lambda signum, frame: stopped.set())
    while not stopped.wait(0.5):
        pass
    http.close_listener()
    server.stop(1.0).wait()
    store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
