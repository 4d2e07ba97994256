"""One small driver per transport with the same methods and results, so every end-to-end test runs over gRPC (the
typed client library) and over REST (plain HTTP + JSON) alike. Failures raise ``ApiError`` with the status
name, the HTTP status (REST) and the machine-readable code and details.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from cardengine_client import GameEngineClient, GameEngineError, GameEvent, GameView

from tests.service.conftest import Rest

HTTP_OF_STATUS = {
    "INVALID_ARGUMENT": 400,
    "UNAUTHENTICATED": 401,
    "PERMISSION_DENIED": 403,
    "NOT_FOUND": 404,
    "ABORTED": 409,
    "FAILED_PRECONDITION": 422,
    "UNAVAILABLE": 503,
}


class ApiError(Exception):
    def __init__(self, status: str, code: str, message: str, details: dict[str, Any], http: int | None) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.http = http


@dataclass
class Created:
    game_id: str
    version: int
    tokens: list[str]
    seats: list[int]


@dataclass
class View:
    game_id: str
    version: int
    seat: int | None
    to_act: list[int]
    finished: bool
    view: dict[str, Any]


@dataclass
class Event:
    version: int
    sequence: int
    kind: str
    seat: int | None
    data: dict[str, Any]


@dataclass
class Applied:
    version: int
    game: View
    events: list[Event]
    replayed: bool


@dataclass
class Legal:
    version: int
    seat: int
    notations: list[str]
    moves: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Scored:
    version: int
    totals: list[int]
    finished: bool
    winners: list[int]
    rounds: list[dict[str, Any]]


@dataclass
class Events:
    version: int
    events: list[Event]
    finished: bool


class Driver(Protocol):
    name: str

    def create(
        self, game_type: str, players: int | None = None, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> Created: ...
    def game(self, game_id: str, token: str | None = None) -> View: ...
    def legal(self, game_id: str, token: str | None) -> Legal: ...
    def apply(
        self, game_id: str, token: str | None, move: str, version: int | None, key: str | None = None
    ) -> Applied: ...
    def score(self, game_id: str) -> Scored: ...
    def events(self, game_id: str, token: str | None = None, after: int | None = None) -> Events: ...


# ----- gRPC -------------------------------------------------------------------------------------------------------


def view_of(game: GameView) -> View:
    return View(game.game_id, game.version, game.seat, list(game.to_act), game.finished, game.view)


def event_of(event: GameEvent) -> Event:
    return Event(event.version, event.sequence, event.kind, event.seat, event.data)


class GrpcDriver:
    name = "grpc"

    def __init__(self, client: GameEngineClient) -> None:
        self.client = client

    @staticmethod
    def _error(error: GameEngineError) -> ApiError:
        return ApiError(error.status.name, error.code, error.message, error.details, None)

    def create(
        self, game_type: str, players: int | None = None, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> Created:
        try:
            created = self.client.create_game(game_type, players, seed, options)
        except GameEngineError as error:
            raise self._error(error) from None
        return Created(
            created.game_id, created.version, [s.token for s in created.seats], [s.seat for s in created.seats]
        )

    def game(self, game_id: str, token: str | None = None) -> View:
        try:
            return view_of(self.client.get_game(game_id, token))
        except GameEngineError as error:
            raise self._error(error) from None

    def legal(self, game_id: str, token: str | None) -> Legal:
        try:
            moves = self.client.legal_moves(game_id, token or "")
        except GameEngineError as error:
            raise self._error(error) from None
        return Legal(
            moves.version,
            moves.seat,
            moves.notations,
            [
                {"notation": m.notation, "kind": m.kind, "args": m.args, "description": m.description}
                for m in moves.moves
            ],
        )

    def apply(self, game_id: str, token: str | None, move: str, version: int | None, key: str | None = None) -> Applied:
        try:
            if version is None:
                from cardengine.v1 import game_engine_pb2 as pb

                request = pb.ApplyMoveRequest(game_id=game_id, move=move)
                self.client._call(self.client._stub.ApplyMove, request, token)
                raise AssertionError("an ApplyMove without expected_version was accepted")
            result = self.client.apply_move(game_id, token or "", move, version, key)
        except GameEngineError as error:
            raise self._error(error) from None
        return Applied(result.version, view_of(result.game), [event_of(e) for e in result.events], result.replayed)

    def score(self, game_id: str) -> Scored:
        try:
            score = self.client.score(game_id)
        except GameEngineError as error:
            raise self._error(error) from None
        rounds = [{"label": r.label, "points": list(r.points), "details": r.details} for r in score.rounds]
        return Scored(score.version, list(score.totals), score.finished, list(score.winners), rounds)

    def events(self, game_id: str, token: str | None = None, after: int | None = None) -> Events:
        try:
            log = self.client.events(game_id, token, after)
        except GameEngineError as error:
            raise self._error(error) from None
        return Events(log.version, [event_of(e) for e in log.events], log.finished)


# ----- REST -------------------------------------------------------------------------------------------------------


def rest_view(data: dict[str, Any]) -> View:
    return View(data["gameId"], data["version"], data.get("seat"), data["toAct"], data["finished"], data["view"])


def rest_event(data: dict[str, Any]) -> Event:
    return Event(data["version"], data["sequence"], data["kind"], data.get("seat"), data["data"])


class RestDriver:
    name = "rest"

    def __init__(self, rest: Rest) -> None:
        self.rest = rest

    def _check(self, status: int, body: Any, expected: int = 200) -> Any:
        if status == expected:
            return body
        error = body["error"]
        assert set(error) == {"code", "message", "status", "details"}, body
        assert HTTP_OF_STATUS[error["status"]] == status, (status, body)
        raise ApiError(error["status"], error["code"], error["message"], error["details"], status)

    def create(
        self, game_type: str, players: int | None = None, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> Created:
        body: dict[str, Any] = {"gameType": game_type}
        if players is not None:
            body["players"] = players
        if seed is not None:
            body["seed"] = seed
        if options is not None:
            body["options"] = options
        data = self._check(*self.rest.post("/v1/games", body), expected=201)
        return Created(
            data["gameId"], data["version"], [s["token"] for s in data["seats"]], [s["seat"] for s in data["seats"]]
        )

    def game(self, game_id: str, token: str | None = None) -> View:
        return rest_view(self._check(*self.rest.get(f"/v1/games/{game_id}", token)))

    def legal(self, game_id: str, token: str | None) -> Legal:
        data = self._check(*self.rest.get(f"/v1/games/{game_id}/moves", token))
        return Legal(data["version"], data["seat"], [m["notation"] for m in data["moves"]], data["moves"])

    def apply(self, game_id: str, token: str | None, move: str, version: int | None, key: str | None = None) -> Applied:
        body: dict[str, Any] = {"move": move}
        if version is not None:
            body["expectedVersion"] = version
        if key is not None:
            body["idempotencyKey"] = key
        data = self._check(*self.rest.post(f"/v1/games/{game_id}/moves", body, token))
        return Applied(
            data["version"], rest_view(data["game"]), [rest_event(e) for e in data["events"]], data["replayed"]
        )

    def score(self, game_id: str) -> Scored:
        data = self._check(*self.rest.get(f"/v1/games/{game_id}/score"))
        return Scored(data["version"], data["totals"], data["finished"], data["winners"], data["rounds"])

    def events(self, game_id: str, token: str | None = None, after: int | None = None) -> Events:
        """Every event after ``after``, page after page (nextPageToken) to the last."""
        events: list[Event] = []
        page_token = ""
        while True:
            query = "" if after is None else f"after={after}"
            if page_token:
                query = f"pageToken={page_token}"
            data = self._check(*self.rest.get(f"/v1/games/{game_id}/events?{query}", token))
            events.extend(rest_event(e) for e in data["events"])
            page_token = data["nextPageToken"]
            if not page_token:
                return Events(data["version"], events, data["finished"])
