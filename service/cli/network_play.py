"""``cardengine play --target HOST:PORT``: whole matches between seeded random bots through a server's gRPC API.

Each seat acts only with its own seat token and decides from what that seat may know over the API: its legal
moves (``ListLegalMoves``). Nothing is read from the engine in process, so the same loop drives any server, local
or remote, on any store. It talks to the generated stubs directly: the service imports nothing from ``clients/``,
whose SDK ships to players on its own.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import grpc
from cardengine.v1 import game_engine_pb2 as pb
from cardengine.v1 import game_engine_pb2_grpc as pb_grpc
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from service.cli.local_match import RandomSeat
from service.edges.grpc_server import ERROR_DOMAIN

RETRIED_STATUSES = frozenset({grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED})
ATTEMPTS = 4
RETRY_PAUSE_SECONDS = 0.1
CALL_TIMEOUT_SECONDS = 30.0
CONNECT_TIMEOUT_SECONDS = 10.0


class RemoteError(Exception):
    """A failed call: the gRPC status, the service's machine-readable code and its message."""

    def __init__(self, status: grpc.StatusCode, code: str, message: str) -> None:
        super().__init__(f"{status.name} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message

    @classmethod
    def from_rpc_error(cls, error: grpc.RpcError) -> RemoteError:
        if not isinstance(error, grpc.Call):
            return cls(grpc.StatusCode.UNKNOWN, "unknown", str(error))
        status, message, code = error.code(), error.details() or "", ""
        try:
            rich = rpc_status.from_call(error)
        except ValueError:  # rich details that do not match the call's status (e.g. trailers cut by a proxy)
            rich = None
        if rich is not None:
            message = rich.message
            for detail in rich.details:
                info = error_details_pb2.ErrorInfo()
                if detail.Is(info.DESCRIPTOR) and detail.Unpack(info) and info.domain == ERROR_DOMAIN:
                    code = info.reason
        return cls(status, code or status.name.lower(), message)


def option_value(text: str) -> object:
    """A command-line option value as the API takes it: JSON when it parses (``3``, ``true``), else the string."""
    try:
        value: object = json.loads(text)
    except ValueError:
        return text
    return value if isinstance(value, bool | int | float | str) else text


@dataclass(frozen=True, slots=True)
class NetworkMatch:
    game_id: str
    moves: int
    totals: tuple[int, ...]


class Table:
    """One channel to the server and the calls a match makes, each error raised as ``RemoteError``."""

    def __init__(self, target: str) -> None:
        self.channel = grpc.insecure_channel(target)
        self.stub = pb_grpc.GameEngineStub(self.channel)

    def wait_ready(self) -> None:
        """Blocks until the channel is connected (grpc.FutureTimeoutError when no server answers)."""
        grpc.channel_ready_future(self.channel).result(timeout=CONNECT_TIMEOUT_SECONDS)

    # The stub's methods are typed by the generated .pyi; every call goes through here to map its errors.
    def call(self, method: Any, request: Any, token: str | None = None) -> Any:
        metadata = (("authorization", f"Bearer {token}"),) if token else ()
        try:
            return method(request, timeout=CALL_TIMEOUT_SECONDS, metadata=metadata)
        except grpc.RpcError as error:
            raise RemoteError.from_rpc_error(error) from None

    def create_game(
        self, game_type: str, players: int | None, seed: int | None, options: Mapping[str, Any]
    ) -> pb.CreateGameResponse:
        request = pb.CreateGameRequest(game_type=game_type, players=players or 0)
        if seed is not None:
            request.seed = seed
        if options:
            request.options.update(dict(options))
        response: pb.CreateGameResponse = self.call(self.stub.CreateGame, request)
        return response

    def public_game(self, game_id: str) -> pb.Game:
        game: pb.Game = self.call(self.stub.GetGame, pb.GetGameRequest(game_id=game_id))
        return game

    def score(self, game_id: str) -> pb.Score:
        score: pb.Score = self.call(self.stub.GetScore, pb.GetScoreRequest(game_id=game_id))
        return score

    def close(self) -> None:
        self.channel.close()


class SeatPlayer:
    """One seat at the table: its token, its bot, and the calls it makes for itself."""

    def __init__(self, table: Table, game_id: str, seat: int, token: str, bot: RandomSeat) -> None:
        self.table = table
        self.game_id = game_id
        self.seat = seat
        self.token = token
        self.bot = bot

    def play_one_move(self) -> tuple[str, pb.Game] | None:
        """Reads this seat's legal moves, lets the bot choose, and applies the move at that version.

        A transient failure (store or network) retries the same move with the same idempotency key, so the move
        is applied once at most. Returns None when the version was stale (another client moved first)."""
        legal: pb.ListLegalMovesResponse = self.table.call(
            self.table.stub.ListLegalMoves, pb.ListLegalMovesRequest(game_id=self.game_id), self.token
        )
        notation = self.bot.choose([move.notation for move in legal.moves])
        request = pb.ApplyMoveRequest(
            game_id=self.game_id,
            move=notation,
            expected_version=legal.version,
            idempotency_key=uuid.uuid4().hex,
            omit_view=True,
        )
        attempt = 1
        while True:
            try:
                result: pb.ApplyMoveResponse = self.table.call(self.table.stub.ApplyMove, request, self.token)
            except RemoteError as error:
                if error.status in RETRIED_STATUSES and attempt < ATTEMPTS:
                    time.sleep(RETRY_PAUSE_SECONDS * attempt)
                    attempt += 1
                    continue
                if error.status == grpc.StatusCode.ABORTED:
                    return None
                raise
            return notation, result.game


def play_network_match(
    table: Table,
    game_type: str,
    players: int | None,
    seed: int | None,
    options: Mapping[str, object],
    *,
    out: Callable[[str], None] = print,
) -> NetworkMatch:
    """Creates a match on the server, plays it to the end between random bots (one per seat, seeded as the local
    match's), printing each move and the score; returns the game id, move count and final totals."""
    created = table.create_game(game_type, players, seed, options)
    base = seed if seed is not None else 0
    seats = {
        token.seat: SeatPlayer(table, created.game_id, token.seat, token.token, RandomSeat(base, token.seat))
        for token in created.seats
    }
    out(f"{game_type}: game {created.game_id}, {len(seats)} players, seed {seed}, options {dict(options)}")
    game, moves = created.game, 0
    while not game.finished:
        if not game.to_act:
            raise RuntimeError(f"game {created.game_id} is not finished but no seat is to act")
        player = seats[game.to_act[0]]
        played = player.play_one_move()
        if played is None:
            game = table.public_game(created.game_id)
            continue
        notation, game = played
        moves += 1
        out(f"{game.version:4d}  seat {player.seat}: {notation}")
    return NetworkMatch(created.game_id, moves, show_score(table.score(created.game_id), out))


def show_score(score: pb.Score, out: Callable[[str], None]) -> tuple[int, ...]:
    """Prints every round's points and the final totals; returns the totals."""
    for record in score.rounds:
        out(f"      {record.label}: {list(record.points)}")
    out(f"final totals: {list(score.totals)}; winner(s): {list(score.winners)}")
    return tuple(score.totals)


def play_network_matches(
    target: str,
    game_type: str,
    players: int | None,
    seed: int | None,
    matches: int,
    options: Mapping[str, object],
    *,
    out: Callable[[str], None] = print,
) -> Sequence[NetworkMatch]:
    """Plays ``matches`` matches one after the other on the server at ``target`` (seeds ``seed``, ``seed + 1``...)."""
    results: list[NetworkMatch] = []
    table = Table(target)
    try:
        table.wait_ready()
        for index in range(matches):
            match_seed = seed + index if seed is not None else None
            results.append(play_network_match(table, game_type, players, match_seed, options, out=out))
    finally:
        table.close()
    if matches > 1:
        out(f"{matches} matches, {sum(result.moves for result in results)} moves, all finished")
    return results
