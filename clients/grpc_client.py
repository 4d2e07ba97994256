"""A typed Python client of the cardengine API over gRPC, on the generated stubs.

    with GameEngineClient("127.0.0.1:50051") as client:
        created = client.create_game("dracula", players=2)
        token = created.seats[0].token
        moves = client.legal_moves(created.game_id, token)
        result = client.apply_move(created.game_id, token, moves.moves[0].notation, moves.version)

Every call raises ``GameEngineError`` on failure, carrying the gRPC status, the machine-readable error code of the
service (``version/stale``, ``move/not_your_turn``, ...) and its details (``currentVersion``, ``engineCode``, ...).
Views, event data and move arguments come back as plain JSON-like dicts (integral numbers as ``int``).
"""

from __future__ import annotations

import uuid
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import grpc
import orjson
from cardengine.v1 import game_engine_pb2 as pb
from cardengine.v1 import game_engine_pb2_grpc as pb_grpc
from google.protobuf import struct_pb2
from google.rpc import error_details_pb2
from grpc_status import rpc_status

ERROR_DOMAIN = "cardengine.v1"


# ----- values -----------------------------------------------------------------------------------------------------


def plain(value: Any) -> Any:
    """A JSON-like value with integral floats turned back into ints (protobuf's Struct keeps only doubles)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    return value


def struct_to_dict(struct: struct_pb2.Struct) -> dict[str, Any]:
    """A Struct as a plain dict (integral numbers as ints), walking the message directly."""
    return {key: _from_value(value) for key, value in struct.fields.items()}


def _from_value(value: struct_pb2.Value) -> Any:
    kind = value.WhichOneof("kind")
    if kind == "string_value":
        return value.string_value
    if kind == "number_value":
        number = value.number_value
        return int(number) if number.is_integer() else number
    if kind == "bool_value":
        return value.bool_value
    if kind == "struct_value":
        return {key: _from_value(item) for key, item in value.struct_value.fields.items()}
    if kind == "list_value":
        return [_from_value(item) for item in value.list_value.values]
    return None


@dataclass(frozen=True, slots=True)
class GameOption:
    name: str
    type: str
    default: Any
    description: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None


@dataclass(frozen=True, slots=True)
class GameType:
    id: str
    title: str
    description: str
    min_players: int
    max_players: int
    default_players: int
    rules_version: int
    options: tuple[GameOption, ...]
    move_kinds: tuple[tuple[str, tuple[str, ...], str], ...]  # (name, params, description)
    player_counts: tuple[int, ...] = ()  # exactly the accepted numbers of players, e.g. (2, 4)


@dataclass(frozen=True, slots=True)
class SeatToken:
    seat: int
    token: str


class GameView:
    """A match as the caller sees it: ``seat`` is None for a spectator. ``view`` (the engine's view, a dict) is
    converted from the message (its Struct, or its JSON text: ``Game.view_json``) on first access only: a caller
    that only needs the version pays nothing for it."""

    __slots__ = (
        "_raw",
        "_view",
        "bots",
        "finished",
        "game_id",
        "game_type",
        "players",
        "seat",
        "seat_names",
        "to_act",
        "version",
    )

    def __init__(
        self,
        game_id: str,
        game_type: str,
        players: int,
        version: int,
        seat: int | None,
        to_act: tuple[int, ...],
        finished: bool,
        view: dict[str, Any] | struct_pb2.Struct | bytes | None = None,
        seat_names: tuple[str, ...] = (),
        bots: tuple[str, ...] = (),
    ) -> None:
        """``view``: a dict, a Struct, or the view's JSON text as bytes (``Game.view_json``)."""
        self.seat_names = seat_names  # display names by seat ("" for none)
        self.bots = bots  # bot kind by seat ("" for a person)
        self.game_id = game_id
        self.game_type = game_type
        self.players = players
        self.version = version
        self.seat = seat
        self.to_act = to_act
        self.finished = finished
        self._raw: struct_pb2.Struct | bytes | None = None
        self._view: dict[str, Any] | None = None
        if isinstance(view, struct_pb2.Struct | bytes):
            self._raw = view
        else:
            self._view = dict(view or {})

    @property
    def view(self) -> dict[str, Any]:
        if self._view is None:
            if isinstance(self._raw, bytes):
                self._view = orjson.loads(self._raw) if self._raw else {}
            else:
                self._view = struct_to_dict(self._raw) if self._raw is not None else {}
        return self._view

    def _key(self) -> tuple[Any, ...]:
        return (self.game_id, self.game_type, self.players, self.version, self.seat, self.to_act, self.finished)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameView):
            return NotImplemented
        return self._key() == other._key() and self.view == other.view

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"GameView(game_id={self.game_id!r}, game_type={self.game_type!r}, players={self.players}, "
            f"version={self.version}, seat={self.seat}, to_act={self.to_act}, finished={self.finished})"
        )


@dataclass(frozen=True, slots=True)
class CreatedGame:
    game_id: str
    version: int
    seats: tuple[SeatToken, ...]
    game: GameView

    def token(self, seat: int) -> str:
        """The token of ``seat`` (bot seats have none: KeyError)."""
        for known in self.seats:
            if known.seat == seat:
                return known.token
        raise KeyError(f"seat {seat} has no token (a bot plays it, or there is no such seat)")


@dataclass(frozen=True, slots=True)
class LegalMove:
    notation: str
    kind: str
    args: dict[str, Any]
    description: str


@dataclass(frozen=True, slots=True)
class LegalMoves:
    game_id: str
    version: int
    seat: int
    moves: tuple[LegalMove, ...]

    @property
    def notations(self) -> list[str]:
        return [move.notation for move in self.moves]


@dataclass(frozen=True, slots=True)
class GameEvent:
    version: int
    sequence: int
    kind: str
    seat: int | None
    data: dict[str, Any]
    text: str = ""  # the event in words, for the caller


@dataclass(frozen=True, slots=True)
class MoveResult:
    version: int
    game: GameView
    events: tuple[GameEvent, ...]
    replayed: bool


@dataclass(frozen=True, slots=True)
class RoundScore:
    label: str
    points: tuple[int, ...]
    details: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Score:
    game_id: str
    version: int
    totals: tuple[int, ...]
    rounds: tuple[RoundScore, ...]
    finished: bool
    winners: tuple[int, ...]
    details: dict[str, Any]


@dataclass(frozen=True, slots=True)
class EventLog:
    game_id: str
    version: int
    events: tuple[GameEvent, ...]
    finished: bool


@dataclass(frozen=True, slots=True)
class WatchUpdate:
    """One version of a watched game."""

    version: int
    seat: int | None
    events: tuple[GameEvent, ...]
    to_act: tuple[int, ...]
    finished: bool


# ----- errors -----------------------------------------------------------------------------------------------------


class GameEngineError(Exception):
    """A failed call: the gRPC status, the service's machine-readable code, a message and the details."""

    def __init__(self, status: grpc.StatusCode, code: str, message: str, details: Mapping[str, str]) -> None:
        super().__init__(f"{status.name} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.details = dict(details)

    @property
    def current_version(self) -> int | None:
        """For a stale ``expected_version`` (ABORTED): the game's current version."""
        value = self.details.get("currentVersion")
        return int(value) if value is not None else None

    @classmethod
    def from_rpc_error(cls, error: grpc.RpcError) -> GameEngineError:
        status: grpc.StatusCode = error.code() if isinstance(error, grpc.Call) else grpc.StatusCode.UNKNOWN
        message: str = (error.details() if isinstance(error, grpc.Call) else str(error)) or ""
        code, details = "", dict[str, str]()
        try:
            rich = rpc_status.from_call(error) if isinstance(error, grpc.Call) else None
        except ValueError:  # rich details that do not match the call's status (e.g. trailers cut by a proxy)
            rich = None
        if rich is not None:
            message = rich.message
            for detail in rich.details:
                info = error_details_pb2.ErrorInfo()
                if detail.Is(info.DESCRIPTOR) and detail.Unpack(info) and info.domain == ERROR_DOMAIN:
                    code, details = info.reason, dict(info.metadata)
        return cls(status, code or status.name.lower(), message, details)


# ----- conversions ------------------------------------------------------------------------------------------------


def game_view_of(message: pb.Game) -> GameView:
    return GameView(
        game_id=message.game_id,
        game_type=message.game_type,
        players=message.players,
        version=message.version,
        seat=message.seat if message.HasField("seat") else None,
        to_act=tuple(message.to_act),
        finished=message.finished,
        view=message.view_json.encode("utf-8") if message.view_json else message.view,
        seat_names=tuple(message.seat_names),
        bots=tuple(message.bots),
    )


def event_of(message: pb.Event) -> GameEvent:
    return GameEvent(
        version=message.version,
        sequence=message.sequence,
        kind=message.kind,
        seat=message.seat if message.HasField("seat") else None,
        data=struct_to_dict(message.data),
        text=message.text,
    )


def game_type_of(message: pb.GameType) -> GameType:
    return GameType(
        id=message.id,
        title=message.title,
        description=message.description,
        min_players=message.min_players,
        max_players=message.max_players,
        default_players=message.default_players,
        rules_version=message.rules_version,
        options=tuple(
            GameOption(
                name=option.name,
                type=option.type,
                default=_from_value(option.default_value),
                description=option.description,
                choices=tuple(option.choices),
                minimum=option.minimum if option.HasField("minimum") else None,
                maximum=option.maximum if option.HasField("maximum") else None,
            )
            for option in message.options
        ),
        move_kinds=tuple((kind.name, tuple(kind.params), kind.description) for kind in message.move_kinds),
        player_counts=tuple(message.player_counts),
    )


# ----- the client -------------------------------------------------------------------------------------------------


class GameEngineClient:
    """One channel to a cardengine server. Thread-safe; use one per process and share it between bots."""

    def __init__(
        self,
        target: str,
        *,
        timeout: float | None = 30.0,
        channel: grpc.Channel | None = None,
        options: Sequence[tuple[str, Any]] = (),
        api_key: str | None = None,
    ) -> None:
        """``api_key``: sent with every call (``x-api-key``) when the server has API keys on (docs/operations.md,
        "Limits and keys"); seat tokens are given per call, as before."""
        self.target = target
        self.timeout = timeout
        self.api_key = api_key
        self._channel = channel if channel is not None else grpc.insecure_channel(target, options=list(options))
        self._stub = pb_grpc.GameEngineStub(self._channel)

    def close(self) -> None:
        self._channel.close()

    def __enter__(self) -> GameEngineClient:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def wait_ready(self, timeout: float = 10.0) -> None:
        """Blocks until the channel is connected (raises grpc.FutureTimeoutError after ``timeout`` seconds)."""
        grpc.channel_ready_future(self._channel).result(timeout=timeout)

    def _metadata(self, token: str | None) -> tuple[tuple[str, str], ...]:
        seat = (("authorization", f"Bearer {token}"),) if token else ()
        return seat + ((("x-api-key", self.api_key),) if self.api_key else ())

    # The stub's methods are typed by the generated .pyi; each call goes through _call to map errors.
    def _call(self, method: Any, request: Any, token: str | None = None) -> Any:
        try:
            return method(request, timeout=self.timeout, metadata=self._metadata(token))
        except grpc.RpcError as error:
            raise GameEngineError.from_rpc_error(error) from None

    def list_game_types(self) -> list[GameType]:
        response: pb.ListGameTypesResponse = self._call(self._stub.ListGameTypes, pb.ListGameTypesRequest())
        return [game_type_of(game_type) for game_type in response.game_types]

    def create_game(
        self,
        game_type: str,
        players: int | None = None,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        seats: Sequence[tuple[str, str]] = (),
        request_id: str | None = None,
    ) -> CreatedGame:
        """``seats``: optional (display name, bot kind or "") per seat. ``request_id`` makes the call safe to
        retry: the same id and parameters return the same game and tokens, and create nothing. Without one, a fresh
        id is sent all the same, so that a create whose answer was lost never leaves a game nobody holds (the
        server resolves it by reading back; pass your own id to retry the call yourself)."""
        request_id = request_id or uuid.uuid4().hex
        request = pb.CreateGameRequest(game_type=game_type, players=players or 0, request_id=request_id)
        for name, bot in seats:
            request.seats.add(name=name, bot=bot)
        if seed is not None:
            request.seed = seed
        if options:
            request.options.update(dict(options))
        response: pb.CreateGameResponse = self._call(self._stub.CreateGame, request)
        return CreatedGame(
            game_id=response.game_id,
            version=response.version,
            seats=tuple(SeatToken(seat.seat, seat.token) for seat in response.seats),
            game=game_view_of(response.game),
        )

    def get_game(self, game_id: str, token: str | None = None, *, view_json: bool = True) -> GameView:
        """``view_json``: the server sends the view as JSON text (``Game.view_json``), cheaper for both sides than
        the Struct; the same dict either way (a server without it sends the Struct)."""
        request = pb.GetGameRequest(game_id=game_id, view_json=view_json)
        response: pb.Game = self._call(self._stub.GetGame, request, token)
        return game_view_of(response)

    def legal_moves(self, game_id: str, token: str) -> LegalMoves:
        response: pb.ListLegalMovesResponse = self._call(
            self._stub.ListLegalMoves, pb.ListLegalMovesRequest(game_id=game_id), token
        )
        return LegalMoves(
            game_id=response.game_id,
            version=response.version,
            seat=response.seat,
            moves=tuple(
                LegalMove(move.notation, move.kind, struct_to_dict(move.args), move.description)
                for move in response.moves
            ),
        )

    def apply_move(
        self,
        game_id: str,
        token: str,
        move: str,
        expected_version: int,
        idempotency_key: str | None = None,
        *,
        omit_view: bool = False,
        view_json: bool = True,
    ) -> MoveResult:
        """``omit_view``: the answer's game carries the header only (version, who acts, finished), no view.
        ``view_json``: the view comes as JSON text (see ``get_game``)."""
        request = pb.ApplyMoveRequest(
            game_id=game_id,
            move=move,
            expected_version=expected_version,
            idempotency_key=idempotency_key or "",
            omit_view=omit_view,
            view_json=view_json,
        )
        response: pb.ApplyMoveResponse = self._call(self._stub.ApplyMove, request, token)
        return MoveResult(
            version=response.version,
            game=game_view_of(response.game),
            events=tuple(event_of(event) for event in response.events),
            replayed=response.replayed,
        )

    def score(self, game_id: str, token: str | None = None) -> Score:
        response: pb.Score = self._call(self._stub.GetScore, pb.GetScoreRequest(game_id=game_id), token)
        return Score(
            game_id=response.game_id,
            version=response.version,
            totals=tuple(response.totals),
            rounds=tuple(
                RoundScore(record.label, tuple(record.points), struct_to_dict(record.details))
                for record in response.rounds
            ),
            finished=response.finished,
            winners=tuple(response.winners),
            details=struct_to_dict(response.details),
        )

    def events(
        self, game_id: str, token: str | None = None, after_version: int | None = None, page_size: int = 0
    ) -> EventLog:
        """Every event after ``after_version``: reads page after page (``page_size`` events each, 0: the
        server's default) until the last one."""
        events: list[GameEvent] = []
        page_token = ""
        while True:
            request = pb.GetEventsRequest(game_id=game_id, page_size=page_size, page_token=page_token)
            if after_version is not None:
                request.after_version = after_version
            response: pb.GetEventsResponse = self._call(self._stub.GetEvents, request, token)
            events.extend(event_of(event) for event in response.events)
            page_token = response.next_page_token
            if not page_token:
                return EventLog(
                    game_id=response.game_id,
                    version=response.version,
                    events=tuple(events),
                    finished=response.finished,
                )

    def watch(
        self, game_id: str, token: str | None = None, after_version: int | None = None
    ) -> Generator[WatchUpdate, None, None]:
        """Yields one update per version after ``after_version`` (absent: from the deal), live, until the match
        finishes. Closing the generator (or leaving a ``for`` loop early) cancels the stream."""
        request = pb.WatchGameRequest(game_id=game_id)
        if after_version is not None:
            request.after_version = after_version
        try:
            stream: Any = self._stub.WatchGame(request, metadata=self._metadata(token))
        except grpc.RpcError as error:
            raise GameEngineError.from_rpc_error(error) from None
        try:
            for update in stream:
                yield WatchUpdate(
                    version=update.version,
                    seat=update.seat if update.HasField("seat") else None,
                    events=tuple(event_of(event) for event in update.events),
                    to_act=tuple(update.to_act),
                    finished=update.finished,
                )
        except grpc.RpcError as error:
            raise GameEngineError.from_rpc_error(error) from None
        finally:
            stream.cancel()
