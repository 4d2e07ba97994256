"""The gRPC edge: a thin servicer over the core, errors mapped once around each method, health and reflection.

Each RPC reads the seat token from the ``authorization`` metadata, converts the request, calls the core and
converts the result. Any exception leaves through ``ErrorMapping``, which maps it with the one table of
``service/core/errors.py`` to a status with rich details: a google.rpc.Status holding a google.rpc.ErrorInfo whose
reason is the machine-readable code and whose metadata carries the details as strings.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import threading
import time
from collections.abc import Callable, Iterator
from concurrent import futures
from typing import Any, cast

import grpc
from cardengine.v1 import game_engine_pb2 as pb
from cardengine.v1 import game_engine_pb2_grpc as pb_grpc
from google.protobuf import any_pb2, duration_pb2
from google.rpc import error_details_pb2, status_pb2
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_status import rpc_status

from service.access.keys import API_KEY_HEADER, api_key_of
from service.access.limits import CURRENT_CALLER, Caller, Gate, caller_key_id, grpc_address
from service.core import errors
from service.core.game_service import GameService
from service.edges import convert, convert_ratings, convert_webhooks, reflection_v1, telemetry
from service.edges.convert_matchmaking import ticket_arguments, ticket_message
from service.edges.credentials import bearer_token
from service.edges.min_version import min_version_of_metadata
from service.edges.streams import StreamLimits, StreamSlots
from service.edges.tournament_answers import spec_of, tournament_message, tournaments_message
from service.matchmaking.tickets import Tickets
from service.ratings import boards
from service.ratings.ratings import ratings_for
from service.tournaments.tournaments import Tournaments
from service.webhooks.registry import Webhooks
from service.webhooks.settings import WebhookSettings

log = logging.getLogger("cardengine.grpc")

SERVICE_NAME = pb.DESCRIPTOR.services_by_name["GameEngine"].full_name
ERROR_DOMAIN = "cardengine.v1"
SO_REUSEPORT = 0  # 1 in the worker processes of `serve --workers N` (service.runtime.workers), which share the port
MAX_MESSAGE_BYTES = 1024 * 1024  # a request larger is refused by gRPC itself (RESOURCE_EXHAUSTED)
LOGGED_ID_CHARS = 64  # a game id in a log line is cut there (ids are at most 64 characters; input may be longer)


def token_of(context: grpc.ServicerContext) -> str | None:
    for key, value in context.invocation_metadata():
        if key == "authorization":
            return bearer_token(value if isinstance(value, str) else value.decode("utf-8", "replace"))
    return None


def rich_status(error: errors.ServiceError) -> status_pb2.Status:
    """The status sent in the trailers: the message and each detail cut to a bounded length (a caller's long input
    is never echoed whole: trailers have a size limit, and a client that gets more sees the stream broken)."""
    metadata = {key: errors.clip(str(value), errors.MAX_DETAIL_CHARS) for key, value in error.details.items()}
    info = error_details_pb2.ErrorInfo(reason=error.code, domain=ERROR_DOMAIN, metadata=metadata)
    detail = any_pb2.Any()
    detail.Pack(info)
    details = [detail]
    retry_after = error.details.get(errors.RETRY_AFTER)
    if isinstance(retry_after, int | float):  # google.rpc.RetryInfo: the standard form of "retry after N s"
        retry = any_pb2.Any()
        retry.Pack(error_details_pb2.RetryInfo(retry_delay=duration_pb2.Duration(seconds=int(retry_after))))
        details.append(retry)
    code: grpc.StatusCode = grpc.StatusCode[error.status.grpc_name]
    return status_pb2.Status(code=code.value[0], message=errors.clip(error.message), details=details)


class Undecodable:
    """A request whose bytes are no message of its type (garbage, or nested too deeply): INVALID_ARGUMENT."""

    def __init__(self, error: Exception) -> None:
        self.error = error


def tolerant(deserializer: Callable[[bytes], Any] | None) -> Callable[[bytes], Any] | None:
    """``deserializer`` returning an ``Undecodable`` instead of raising (gRPC would answer INTERNAL)."""
    if deserializer is None:
        return None

    def deserialize(data: bytes) -> Any:
        try:
            return deserializer(data)
        except Exception as error:
            return Undecodable(error)

    return deserialize


WIRE_ANSWERS = frozenset({"ApplyMove", "GetGame"})  # methods whose answer is its wire form (bytes) already


def check_decoded(request: Any) -> None:
    if isinstance(request, Undecodable):
        raise errors.invalid_argument(
            "The request is not a valid protobuf message of its type (malformed, or nested too deeply).",
            field="request",
            code="request/malformed",
        )


class GameEngineServicer(pb_grpc.GameEngineServicer):
    def __init__(
        self,
        service: GameService,
        streams: StreamSlots | None = None,
        gate: Gate | None = None,
        webhooks: Webhooks | None = None,
    ) -> None:
        self.service = service
        self.gate = gate
        self.webhooks = webhooks or Webhooks(service.store, WebhookSettings())
        self.streams = streams or telemetry.stream_slots(StreamLimits(), "grpc")
        # The catalog is fixed for the life of the process: its message (every game with its cards and schemas,
        # about 190 KB) is built once, on the first call.
        catalog = service.catalog
        self._catalog = functools.cache(lambda: convert.catalog_message(catalog.list_game_types(), catalog.bot_kinds()))

    def ListGameTypes(
        self, request: pb.ListGameTypesRequest, context: grpc.ServicerContext
    ) -> pb.ListGameTypesResponse:
        return self._catalog()

    def CreateGame(self, request: pb.CreateGameRequest, context: grpc.ServicerContext) -> pb.CreateGameResponse:
        created = self.service.creation.create_game(
            request.game_type,
            request.players,
            request.seed if request.HasField("seed") else None,
            convert.dict_of(request.options),
            convert.seat_specs(request.seats),
            creator=caller_key_id(),
            request_id=request.request_id or None,
            clock=convert.clock_of(request),
            invite_seats=tuple(request.invite_seats),
            hints=request.hints if request.HasField("hints") else True,
            rated=request.rated,
            rating_range=(request.min_rating, request.max_rating),
        )
        return convert.created_message(created)

    def GetGame(self, request: pb.GetGameRequest, context: grpc.ServicerContext) -> bytes:  # type: ignore[override]
        """The answer in its wire form (``convert.GAME.wire``), as ApplyMove's."""
        seen = min_version_of_metadata(context.invocation_metadata())
        view = self.service.reads.get_game(request.game_id, token_of(context), seen)
        return convert.GAME.wire(view, view_json=request.view_json)

    def ListLegalMoves(
        self, request: pb.ListLegalMovesRequest, context: grpc.ServicerContext
    ) -> pb.ListLegalMovesResponse:
        seen = min_version_of_metadata(context.invocation_metadata())
        return convert.legal_moves_message(self.service.reads.legal_moves(request.game_id, token_of(context), seen))

    def SuggestMoves(self, request: pb.SuggestMovesRequest, context: grpc.ServicerContext) -> pb.SuggestMovesResponse:
        """Hints (service/core/hints.py); a search is computed only if the gate's hint rate admits the caller."""
        admit = self.gate_of_hints(context)
        answer = self.service.hints.suggest(request.game_id, token_of(context), request.count, admit)
        return convert.hints_message(answer)

    def ReviewMatch(self, request: pb.ReviewMatchRequest, context: grpc.ServicerContext) -> pb.ReviewMatchResponse:
        """Review after the match (service/core/review.py); computed only if the gate's hint rate admits the
        caller."""
        admit = self.gate_of_hints(context)
        review = self.service.reviews.review(
            request.game_id, token_of(context), admit, page_size=request.page_size, page_token=request.page_token
        )
        return convert.review_message(review)

    def gate_of_hints(self, context: grpc.ServicerContext) -> Callable[[], None] | None:
        """The gate's hint rate for this call's caller (its API key, else its address); None without a gate."""
        gate = self.gate
        if gate is None:
            return None
        caller = CURRENT_CALLER.get() or Caller(grpc_address(context.peer()))
        return lambda: gate.admit_hint(caller)

    def ApplyMove(self, request: pb.ApplyMoveRequest, context: grpc.ServicerContext) -> bytes:  # type: ignore[override]
        """The answer in its wire form (``convert.MOVE_RESULT.wire``), sent as it is: the method has no serializer
        (``WIRE_ANSWERS``)."""
        result = self.service.moves.apply_move(
            request.game_id,
            token_of(context),
            request.move,
            request.expected_version if request.HasField("expected_version") else None,
            request.idempotency_key or None,
            omit_view=request.omit_view,
            structured=convert.structured_move_of(request),
        )
        return convert.MOVE_RESULT.wire(result, view_json=request.view_json)

    def GetScore(self, request: pb.GetScoreRequest, context: grpc.ServicerContext) -> pb.Score:
        return convert.score_message(self.service.reads.score(request.game_id, token_of(context)))

    def GetEvents(self, request: pb.GetEventsRequest, context: grpc.ServicerContext) -> pb.GetEventsResponse:
        after = request.after_version if request.HasField("after_version") else None
        log = self.service.streams.events(
            request.game_id, token_of(context), after, page_size=request.page_size, page_token=request.page_token
        )
        return convert.event_log_message(log)

    def WatchGame(self, request: pb.WatchGameRequest, context: grpc.ServicerContext) -> Iterator[pb.WatchGameResponse]:
        after = request.after_version if request.HasField("after_version") else None
        release = self.streams.acquire(request.game_id, grpc_address(context.peer()))
        context.add_callback(release)  # the slot is free as soon as the call ends, however it ends
        try:
            for update in self.service.streams.watch(request.game_id, token_of(context), after, context.is_active):
                if update is not None:
                    yield convert.update_message(update)
        finally:
            release()

    # ----- the lifecycle (service/core/lifecycle.py) ----------------------------------------------------------
    def ResignSeat(self, request: pb.ResignSeatRequest, context: grpc.ServicerContext) -> pb.ResignSeatResponse:
        result = self.service.lifecycle.resign(request.game_id, token_of(context), request.reason)
        return convert.resign_message(result)

    def EndGame(self, request: pb.EndGameRequest, context: grpc.ServicerContext) -> pb.EndGameResponse:
        return convert.end_message(self.service.lifecycle.end_game(request.game_id, caller_key_id()))

    def DeleteGame(self, request: pb.DeleteGameRequest, context: grpc.ServicerContext) -> pb.DeleteGameResponse:
        self.service.lifecycle.delete_game(request.game_id, caller_key_id())
        return pb.DeleteGameResponse(game_id=request.game_id)

    def ListGames(self, request: pb.ListGamesRequest, context: grpc.ServicerContext) -> pb.ListGamesResponse:
        games = self.service.lifecycle.list_games(caller_key_id(), request.state, request.page_size, request.page_token)
        return convert.game_list_message(games)

    def ListOpenGames(
        self, request: pb.ListOpenGamesRequest, context: grpc.ServicerContext
    ) -> pb.ListOpenGamesResponse:
        games = self.service.lobby.list_open_games(
            request.game_type,
            request.players,
            request.rated if request.HasField("rated") else None,
            (request.min_rating, request.max_rating),
            request.page_size,
            request.page_token,
        )
        return convert.open_games_message(games)

    def JoinGame(self, request: pb.JoinGameRequest, context: grpc.ServicerContext) -> pb.JoinGameResponse:
        seat = request.seat if request.HasField("seat") else None
        joined = self.service.lobby.join(request.game_id, caller_key_id(), request.player, seat, request.name)
        return convert.joined_message(joined)

    def RegisterWebhook(
        self, request: pb.RegisterWebhookRequest, context: grpc.ServicerContext
    ) -> pb.RegisterWebhookResponse:
        registered = self.webhooks.register(caller_key_id(), request.url, list(request.events))
        return convert_webhooks.registered_message(registered)

    def ListWebhooks(self, request: pb.ListWebhooksRequest, context: grpc.ServicerContext) -> pb.ListWebhooksResponse:
        return convert_webhooks.webhook_list_message(self.webhooks.list(caller_key_id()))

    def DeleteWebhook(
        self, request: pb.DeleteWebhookRequest, context: grpc.ServicerContext
    ) -> pb.DeleteWebhookResponse:
        return convert_webhooks.deleted_message(self.webhooks.delete(caller_key_id(), request.webhook_id))

    def GetRating(self, request: pb.GetRatingRequest, context: grpc.ServicerContext) -> pb.PlayerRating:
        store = ratings_for(self.service).store
        rating = boards.player_rating(store, caller_key_id(), request.game_type, request.player)
        return convert_ratings.player_rating_message(rating)

    def ListLeaderboard(
        self, request: pb.ListLeaderboardRequest, context: grpc.ServicerContext
    ) -> pb.ListLeaderboardResponse:
        store, names = ratings_for(self.service).store, dict if self.gate is None else self.gate.keys.names
        page = boards.leaderboard(
            store, names, caller_key_id(), request.game_type, request.page_size, request.page_token
        )
        return convert_ratings.leaderboard_message(page)

    def CreateTournament(self, request: pb.CreateTournamentRequest, context: grpc.ServicerContext) -> pb.Tournament:
        return tournament_message(Tournaments(self.service).create(caller_key_id(), spec_of(request)))

    def EnterTournament(self, request: pb.EnterTournamentRequest, context: grpc.ServicerContext) -> pb.Tournament:
        return tournament_message(Tournaments(self.service).enter(caller_key_id(), request.tournament_id))

    def GetTournament(self, request: pb.GetTournamentRequest, context: grpc.ServicerContext) -> pb.Tournament:
        return tournament_message(Tournaments(self.service).get(request.tournament_id))

    def ListTournaments(
        self, request: pb.ListTournamentsRequest, context: grpc.ServicerContext
    ) -> pb.ListTournamentsResponse:
        page = Tournaments(self.service).list(caller_key_id(), request.page_size, request.page_token)
        return tournaments_message(page)

    def _tickets(self) -> Tickets:
        return Tickets(self.service.store, self.service.creation.keyed_token)

    def CreateTicket(self, request: pb.CreateTicketRequest, context: grpc.ServicerContext) -> pb.Ticket:
        return ticket_message(self._tickets().create(caller_key_id(), **ticket_arguments(request)))

    def GetTicket(self, request: pb.GetTicketRequest, context: grpc.ServicerContext) -> pb.Ticket:
        return ticket_message(self._tickets().get(caller_key_id(), request.ticket_id))

    def CancelTicket(self, request: pb.CancelTicketRequest, context: grpc.ServicerContext) -> pb.Ticket:
        return ticket_message(self._tickets().cancel(caller_key_id(), request.ticket_id))

    def RedeemInvitation(
        self, request: pb.RedeemInvitationRequest, context: grpc.ServicerContext
    ) -> pb.RedeemInvitationResponse:
        redeemed = self.service.lifecycle.redeem(request.game_id, request.code, caller_key_id())
        return convert.redeemed_message(redeemed, request.game_id)

    def Rematch(self, request: pb.RematchRequest, context: grpc.ServicerContext) -> pb.CreateGameResponse:
        created = self.service.lifecycle.rematch(request.game_id, token_of(context), caller_key_id())
        return convert.created_message(created)

    def WatchKeyEvents(self, request: pb.WatchKeyEventsRequest, context: grpc.ServicerContext) -> Iterator[pb.KeyEvent]:
        key_id = caller_key_id()
        if key_id is None:
            raise errors.missing_api_key("WatchKeyEvents")
        release = self.streams.acquire(f"key:{key_id}", grpc_address(context.peer()))
        context.add_callback(release)
        try:
            for event in self.service.key_events.follow(key_id, request.cursor, context.is_active):
                if event is not None:
                    yield convert.key_event_message(event)
        finally:
            release()


def add_game_engine(
    servicer: pb_grpc.GameEngineServicer, server: grpc.Server, error_mapping: ErrorMapping | None = None
) -> None:
    """Registers the GameEngine methods of ``servicer`` on ``server``, as the generated
    ``add_GameEngineServicer_to_server`` does, but with a request that is no message of its type decoded to an
    ``Undecodable`` (``tolerant``: gRPC would answer INTERNAL), an answer already in wire form (bytes, as GetGame
    and ApplyMove give: ``WIRE_ANSWERS``) sent as it is (no serializer), and each method inside ``error_mapping``
    (the gate, then the errors mapped to their status) when one is given."""
    handlers: dict[str, Any] = {}
    for method in pb.DESCRIPTOR.services_by_name["GameEngine"].methods:
        request_class = getattr(pb, method.input_type.name)
        response_class = getattr(pb, method.output_type.name)
        streaming = method.server_streaming
        factory = grpc.unary_stream_rpc_method_handler if streaming else grpc.unary_unary_rpc_method_handler
        behavior = getattr(servicer, method.name)
        if error_mapping is not None:
            behavior = (
                error_mapping.stream(method.name, behavior) if streaming else error_mapping.unary(method.name, behavior)
            )
        handlers[method.name] = factory(
            behavior,
            request_deserializer=tolerant(request_class.FromString),
            response_serializer=None if method.name in WIRE_ANSWERS else response_class.SerializeToString,
        )
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE_NAME, handlers),))
    cast(Any, server).add_registered_method_handlers(SERVICE_NAME, handlers)  # grpcio >= 1.63; not in its stubs


def server_stopping() -> errors.ServiceError:
    return errors.ServiceError(
        errors.Status.UNAVAILABLE,
        "server/stopping",
        "This server is stopping and takes no new call; retry: another replica, or this service restarted, answers.",
    )


class ErrorMapping:
    """Maps every exception of the GameEngine service to its status, once, and logs each failed call; first lets
    the ``gate`` (API keys, rate limits, wrong-token blocks: ``service.access.limits``) admit the call, if there is one.
    It wraps each method where it is registered (``add_game_engine``), not as a gRPC server interceptor, which
    would run on every call of every service (Health's and reflection's too)."""

    def __init__(self, gate: Gate | None = None) -> None:
        self.gate = gate
        self.stopping = False  # set by GrpcServer.drain: new calls are refused with UNAVAILABLE (server/stopping)
        self.in_flight = 0  # calls (and streams) of the service being served
        self._count_lock = threading.Lock()

    def _enter(self) -> None:
        with self._count_lock:
            self.in_flight += 1

    def _leave(self) -> None:
        with self._count_lock:
            self.in_flight -= 1

    def _admit(self, name: str, request: Any, context: grpc.ServicerContext) -> Caller | None:
        """The gate's check of this call: its caller (None without a gate, or when the gate admits every call
        unread: ``Gate.admits_unread``, the common case of a server without keys, which then costs no parsing)."""
        if self.gate is None or self.gate.admits_unread():
            return None
        metadata = {key: value for key, value in context.invocation_metadata() if isinstance(value, str)}
        authorization = metadata.get("authorization")
        caller = self.gate.admit(
            name,
            address=grpc_address(context.peer()),
            api_key=api_key_of(metadata.get(API_KEY_HEADER), authorization),
            game_id=getattr(request, "game_id", "") or None,
            has_credential=bearer_token(authorization) is not None,
        )
        return caller

    def _fail(
        self,
        name: str,
        request: Any,
        context: grpc.ServicerContext,
        error: Exception,
        started: float,
        caller: Caller | None,
    ) -> None:
        failure = errors.to_service_error(error)
        game_id = getattr(request, "game_id", "") or None
        if self.gate is not None and game_id:
            # Admitted unread (or refused by the gate): the caller is read only if the wrong-token count needs it.
            failure = self.gate.after_failure(
                failure, game_id, caller or (lambda: Caller(grpc_address(context.peer())))
            )
        game_id = game_id[:LOGGED_ID_CHARS] if game_id else None  # a long id (refused) is not logged whole
        fields = {"rpc": name, "game_id": game_id, "status": failure.status.grpc_name, "code": failure.code}
        fields["duration_ms"] = round((time.perf_counter() - started) * 1000, 3)
        streaming = name in ("WatchGame", "WatchKeyEvents")  # a stream's life is no latency
        elapsed = None if streaming else time.perf_counter() - started
        telemetry.grpc_call(name, failure.status.grpc_name, elapsed)
        if failure.status is errors.Status.INTERNAL:
            log.error("rpc failed", exc_info=error, extra=fields)
        else:
            log.info("rpc rejected", extra=fields)
        status = rpc_status.to_status(rich_status(failure))
        retry_after = failure.details.get(errors.RETRY_AFTER)
        if retry_after is not None:
            trailing = (*status.trailing_metadata, ("retry-after", str(retry_after)))
            status = cast(Any, status)._replace(trailing_metadata=trailing)  # grpc_status's Status is a namedtuple
        context.abort_with_status(status)

    def unary(self, name: str, behavior: Callable[[Any, grpc.ServicerContext], Any]) -> Callable[..., Any]:
        record_ok = telemetry.grpc_ok_recorder(name)

        def handle(request: Any, context: grpc.ServicerContext) -> Any:
            started = time.perf_counter()
            caller: Caller | None = None
            self._enter()
            try:
                if self.stopping:
                    raise server_stopping()
                check_decoded(request)
                caller = self._admit(name, request, context)
                if caller is None:
                    response = behavior(request, context)
                else:
                    current = CURRENT_CALLER.set(caller)  # read by CreateGame (its creator key)
                    try:
                        response = behavior(request, context)
                    finally:
                        CURRENT_CALLER.reset(current)
                record_ok(time.perf_counter() - started)
                return response
            except Exception as error:
                self._fail(name, request, context, error, started, caller)
                raise  # abort_with_status raised already; this keeps type checkers informed
            finally:
                self._leave()

        return handle

    def stream(
        self, name: str, behavior: Callable[[Any, grpc.ServicerContext], Iterator[Any]]
    ) -> Callable[..., Iterator[Any]]:
        def handle(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
            started = time.perf_counter()
            caller: Caller | None = None
            self._enter()
            try:
                if self.stopping:
                    raise server_stopping()
                check_decoded(request)
                caller = self._admit(name, request, context)
                current = CURRENT_CALLER.set(caller)  # read by WatchKeyEvents (the caller's key) at its first step
                try:
                    yield from behavior(request, context)
                finally:
                    # a stream closed from another context (ValueError) has nothing of ours left set there
                    with contextlib.suppress(ValueError):
                        CURRENT_CALLER.reset(current)
                telemetry.grpc_call(name, "OK", None)
            except Exception as error:
                self._fail(name, request, context, error, started, caller)
                raise
            finally:
                self._leave()

        return handle


class GrpcServer:
    """The gRPC server: the GameEngine service, health checking and reflection (v1 and v1alpha), on a thread pool."""

    def __init__(
        self,
        service: GameService,
        *,
        host: str = "0.0.0.0",
        port: int = 50051,
        workers: int = 32,
        gate: Gate | None = None,
        stream_limits: StreamLimits | None = None,
        max_message_bytes: int = MAX_MESSAGE_BYTES,
        webhooks: Webhooks | None = None,
    ) -> None:
        """``workers`` threads serve unary calls; WatchGame streams run on ``stream_limits.per_server`` threads
        more, and a stream past a cap is refused (``stream/too_many``), so streams never take a unary worker."""
        self.service = service
        self.streams = telemetry.stream_slots(stream_limits or StreamLimits(), "grpc")
        self.server = grpc.server(
            futures.ThreadPoolExecutor(max_workers=workers + self.streams.limits.per_server, thread_name_prefix="grpc"),
            interceptors=telemetry.grpc_interceptors(),  # its span then covers the call, errors mapped inside
            options=[("grpc.so_reuseport", SO_REUSEPORT), ("grpc.max_receive_message_length", max_message_bytes)],
        )
        self.calls = ErrorMapping(gate)
        add_game_engine(GameEngineServicer(service, self.streams, gate, webhooks), self.server, self.calls)
        self.health = health.HealthServicer()
        health_pb2_grpc.add_HealthServicer_to_server(self.health, self.server)
        reflection_v1.enable_server_reflection((SERVICE_NAME, health.SERVICE_NAME), self.server)
        self.port: int = self.server.add_insecure_port(f"{host}:{port}")
        if not self.port:
            raise OSError(f"gRPC could not bind {host}:{port}")

    def start(self) -> None:
        self.server.start()
        self.set_serving(serving=True)

    def set_serving(self, *, serving: bool) -> None:
        status = health_pb2.HealthCheckResponse.SERVING if serving else health_pb2.HealthCheckResponse.NOT_SERVING
        for name in ("", SERVICE_NAME):
            self.health.set(name, status)

    def stop(self, grace: float) -> None:
        deadline = time.monotonic() + grace
        self.drain(grace)
        self.server.stop(max(0.0, deadline - time.monotonic())).wait()

    def drain(self, grace: float) -> None:
        """Refuses new calls with UNAVAILABLE (server/stopping) and waits, at most ``grace`` seconds, until the
        calls in flight are answered. The port stays open: gRPC's own stop kills the calls that reach it at that
        moment with CANCELLED, which clients do not retry, so a process that exits ends with ``drain`` alone (its
        connections then close: UNAVAILABLE for any late call)."""
        self.set_serving(serving=False)
        self.calls.stopping = True
        deadline = time.monotonic() + grace
        while self.calls.in_flight > 0 and time.monotonic() < deadline:
            time.sleep(0.01)
