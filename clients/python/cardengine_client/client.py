"""GameEngineClient: the whole cardengine gRPC API as typed Python calls.

Every unary call is retried with exponential backoff on a refusal that passes with time (``GameEngineError.retryable``:
any UNAVAILABLE, a rate or stream limit; never ``limit/live_games``, auth or validation), waiting at least what the
server asks (RetryInfo, else the ``retry-after`` trailer). That is safe because creates carry a request id and
moves an idempotency key, generated when the caller gives none: a retried create or move is answered from the
first one. The seed commitment of every game created through a client is kept and checked when the seed is
revealed (``get_score`` raises FairnessError on a mismatch; ``verify_fairness`` asks explicitly).
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import random
import threading
import time
import uuid
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self, TypeVar

import grpc

from cardengine_client._proto import game_engine_pb2 as pb
from cardengine_client._proto import game_engine_pb2_grpc as pb_grpc
from cardengine_client.errors import FairnessError, GameEngineError
from cardengine_client.hints import HintCalls
from cardengine_client.lobby_values import OpenGame, OpenGamesPage, Seat
from cardengine_client.matchmaking import MatchmakingCalls
from cardengine_client.ratings import RatingCalls
from cardengine_client.tournaments import TournamentCalls
from cardengine_client.values import (
    CreatedGame,
    EventLog,
    Fairness,
    GameEvent,
    GameSummary,
    GameType,
    GameView,
    Invitation,
    KeyEvent,
    LegalMove,
    LegalMoves,
    MoveOutcome,
    MoveResult,
    RedeemedSeat,
    RoundScore,
    Score,
    SeatToken,
    WatchUpdate,
    event_of,
    fairness_of,
    game_type_of,
    game_view_of,
    key_event_of,
    last_move_of,
    struct_to_dict,
    summary_of,
)
from cardengine_client.webhooks import WebhookCalls

Answer = TypeVar("Answer")


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """``attempts`` tries in all; the n-th wait is ``base * 2**n`` seconds (at most ``cap``), jittered by up to a
    half, and never shorter than the server's own retry delay (capped at ``longest``)."""

    attempts: int = 5
    base: float = 0.1
    cap: float = 5.0
    longest: float = 60.0

    def delay(self, attempt: int, error: GameEngineError) -> float:
        backoff = min(self.cap, self.base * 2.0**attempt) * (1 + random.random() / 2)
        asked = min(self.longest, error.retry_after) if error.retry_after is not None else 0.0
        return max(backoff, asked)


NO_RETRY = RetryPolicy(attempts=1)


@dataclass(frozen=True, slots=True)
class EventsPage:
    game_id: str
    version: int
    events: tuple[GameEvent, ...]
    finished: bool
    next_page_token: str


@dataclass(frozen=True, slots=True)
class GamesPage:
    games: tuple[GameSummary, ...]
    next_page_token: str


def commitment_of(seed: str, salt: str) -> str:
    """sha256(seed as 8 bytes big-endian || salt bytes) in lowercase hex (docs/fairness.md, "Byte encoding")."""
    return hashlib.sha256(int(seed).to_bytes(8, "big") + bytes.fromhex(salt)).hexdigest()


def check_fairness(game_id: str, promised: str, fairness: Fairness) -> None:
    """Raises FairnessError unless the revealed seed and salt hash to ``promised``, the commitment seen when the
    game was created, and the server still shows that commitment."""
    if fairness.seed_source != "server":
        return  # a client's seed claims no commitment (docs/fairness.md, "A client seed")
    if not hmac.compare_digest(promised, fairness.seed_commitment):
        raise FairnessError(game_id, f"the commitment changed from {promised} to {fairness.seed_commitment}")
    actual = commitment_of(fairness.seed, fairness.salt)
    if not hmac.compare_digest(actual, promised):
        raise FairnessError(game_id, f"sha256(seed || salt) is {actual}, not the commitment {promised}")


class GameEngineClient(HintCalls, MatchmakingCalls, RatingCalls, WebhookCalls, TournamentCalls):
    """One channel to a cardengine server. Thread-safe; use one per process and share it between bots."""

    def __init__(
        self,
        target: str,
        *,
        timeout: float | None = 30.0,
        channel: grpc.Channel | None = None,
        options: Sequence[tuple[str, Any]] = (),
        api_key: str | None = None,
        retry: RetryPolicy = RetryPolicy(),
        move_keys: bool = True,
    ) -> None:
        """``api_key``: sent with every call (``x-api-key``); seat tokens are given per call. ``retry``:
        ``NO_RETRY`` to see every failure at once. ``move_keys``: a fresh idempotency key on every move given
        none (False: none, and the server recognises an identical retry by its content alone)."""
        self.target = target
        self.timeout = timeout
        self.api_key = api_key
        self.retry = retry
        self.move_keys = move_keys
        self._channel = channel if channel is not None else grpc.insecure_channel(target, options=list(options))
        self._stub = pb_grpc.GameEngineStub(self._channel)
        self._commitments: dict[str, str] = {}  # game id -> the seed commitment seen at creation
        self._tokens: dict[str, dict[int, str]] = {}  # game id -> seat -> token, of the games it created or joined
        # Creates, rematches and redemptions under way: the key's stream may tell of their game before they answer.
        self._joining = 0
        self._joined = threading.Condition()

    def close(self) -> None:
        self._channel.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def wait_ready(self, timeout: float = 10.0) -> None:
        """Blocks until the channel is connected (raises grpc.FutureTimeoutError after ``timeout`` seconds)."""
        grpc.channel_ready_future(self._channel).result(timeout=timeout)

    def _metadata(self, token: str | None) -> tuple[tuple[str, str], ...]:
        seat = (("authorization", f"Bearer {token}"),) if token else ()
        return seat + ((("x-api-key", self.api_key),) if self.api_key else ())

    def _call(self, method: Callable[..., Answer], request: Any, token: str | None = None) -> Answer:
        attempt = 0
        while True:
            try:
                return method(request, timeout=self.timeout, metadata=self._metadata(token))
            except grpc.RpcError as rpc_error:
                error = GameEngineError.from_rpc_error(rpc_error)
            attempt += 1
            if not error.retryable or attempt >= self.retry.attempts:
                raise error from None
            time.sleep(self.retry.delay(attempt - 1, error))

    # ----- catalog and creation ---------------------------------------------------------------------------------

    def list_game_types(self) -> list[GameType]:
        """The catalog's game types: players, options, move kinds, cards, schemas and levels (with their ratings)."""
        response = self._call(self._stub.ListGameTypes, pb.ListGameTypesRequest())
        return [game_type_of(game_type) for game_type in response.game_types]

    def bot_kinds(self) -> list[str]:
        """The kinds of bot a seat can be given (``create_game``'s seats): the algorithms, then the levels."""
        return list(self._call(self._stub.ListGameTypes, pb.ListGameTypesRequest()).bot_kinds)

    def create_game(
        self,
        game_type: str,
        players: int | None = None,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        seats: Sequence[tuple[str, str] | Seat] = (),
        request_id: str | None = None,
        *,
        clock: Mapping[str, Any] | None = None,
        invite_seats: Sequence[int] = (),
        hints: bool = True,
        rated: bool = False,
        min_rating: int = 0,
        max_rating: int = 0,
    ) -> CreatedGame:
        """``seats``: optional (display name, bot kind or "") per seat. ``request_id`` (a fresh one when absent)
        makes the call safe to retry: the same id and parameters return the same game and tokens. ``clock``:
        ``{"turn_seconds", "match_seconds", "on_timeout"}``. ``invite_seats``: seats handed out as invitation
        codes (``CreatedGame.invitations``) instead of tokens. ``hints``: False turns hints (``suggest_moves``) off
        for the whole match, for rated play. A ``Seat`` may be ``open`` (the game waits in the lobby until
        ``join_game`` takes it) or name a ``player``; ``rated``, ``min_rating``, ``max_rating``: shown in the lobby
        (docs/api.md "Lobby")."""
        request = pb.CreateGameRequest(
            game_type=game_type,
            players=players or 0,
            request_id=request_id or uuid.uuid4().hex,
            invite_seats=list(invite_seats),
            rated=rated,
            min_rating=min_rating,
            max_rating=max_rating,
        )
        for seat in seats:
            if isinstance(seat, Seat):
                request.seats.add(name=seat.name, bot=seat.bot, open=seat.open, player=seat.player)
            else:
                request.seats.add(name=seat[0], bot=seat[1])
        if seed is not None:
            request.seed = seed
        if options:
            request.options.update(dict(options))
        if clock:
            request.clock.CopyFrom(pb.Clock(**dict(clock)))
        if not hints:
            request.hints = False
        with self._joining_game():
            return self._created(self._call(self._stub.CreateGame, request))

    @contextlib.contextmanager
    def _joining_game(self) -> Iterator[None]:
        with self._joined:
            self._joining += 1
        try:
            yield
        finally:
            with self._joined:
                self._joining -= 1
                self._joined.notify_all()

    def _created(self, response: pb.CreateGameResponse) -> CreatedGame:
        created = CreatedGame(
            game_id=response.game_id,
            version=response.version,
            seats=tuple(SeatToken(seat.seat, seat.token) for seat in response.seats),
            game=game_view_of(response.game),
            invitations=tuple(Invitation(item.seat, item.code) for item in response.invitations),
        )
        self._commitments[created.game_id] = created.game.seed_commitment
        with self._joined:
            self._tokens[created.game_id] = {seat.seat: seat.token for seat in created.seats}
        return created

    def seat_tokens(self, game_id: str, wait: float = 0.0) -> dict[int, str]:
        """The seat tokens this client received for a game (created, rematched or joined), by seat. ``wait``: for an
        unknown game, wait up to this many seconds while a create of this client is under way (the key's stream
        may announce a game before its create answers)."""
        deadline = time.monotonic() + wait
        with self._joined:
            while game_id not in self._tokens and self._joining and (left := deadline - time.monotonic()) > 0:
                self._joined.wait(left)
            return dict(self._tokens.get(game_id, {}))

    def remember_seat_token(self, game_id: str, seat: int, token: str) -> None:
        """Keeps a seat's token handed over by the key's stream (a ``tournament_round`` event) in ``seat_tokens``."""
        with self._joined:
            self._tokens.setdefault(game_id, {})[seat] = token

    def rematch(self, game_id: str, token: str | None = None) -> CreatedGame:
        """A new match from a finished one (same type, players, options, seats, clock; a new seed)."""
        with self._joining_game():
            return self._created(self._call(self._stub.Rematch, pb.RematchRequest(game_id=game_id), token))

    def redeem_invitation(self, game_id: str, code: str) -> RedeemedSeat:
        """The seat's token for an invitation code (once; the caller's API key joins the game)."""
        request = pb.RedeemInvitationRequest(game_id=game_id, code=code)
        with self._joining_game():
            response = self._call(self._stub.RedeemInvitation, request)
            game = game_view_of(response.game)
            self._commitments.setdefault(response.game_id, game.seed_commitment)
            with self._joined:
                self._tokens.setdefault(response.game_id, {})[response.seat.seat] = response.seat.token
        return RedeemedSeat(response.game_id, response.seat.seat, response.seat.token, game)

    # ----- the lobby ----------------------------------------------------------------------------------------------

    def list_open_games(
        self,
        game_type: str = "",
        players: int = 0,
        rated: bool | None = None,
        min_rating: int = 0,
        max_rating: int = 0,
        page_size: int = 0,
        page_token: str = "",
    ) -> OpenGamesPage:
        """One page of the lobby: games with an open seat, the longest waiting first, by the filters given
        (``rated`` None: both; a rating range: games whose declared range overlaps it)."""
        request = pb.ListOpenGamesRequest(
            game_type=game_type,
            players=players,
            min_rating=min_rating,
            max_rating=max_rating,
            page_size=page_size,
            page_token=page_token,
        )
        if rated is not None:
            request.rated = rated
        response = self._call(self._stub.ListOpenGames, request)
        games = tuple(
            OpenGame(
                game.game_id,
                game.game_type,
                game.players,
                tuple(game.open_seats),
                tuple(game.seat_names),
                tuple(game.bots),
                game.rated,
                game.min_rating,
                game.max_rating,
                struct_to_dict(game.options),
                game.created_at,
            )
            for game in response.games
        )
        return OpenGamesPage(games, response.next_page_token)

    def join_game(self, game_id: str, player: str = "", seat: int | None = None, name: str = "") -> RedeemedSeat:
        """Takes an open seat (``seat``; None: the lowest open one) for the caller's API key and ``player``, named
        ``name`` if given; its token (kept in ``seat_tokens``). FAILED_PRECONDITION ``seat/taken`` when another
        join won the seat."""
        request = pb.JoinGameRequest(game_id=game_id, player=player, name=name)
        if seat is not None:
            request.seat = seat
        with self._joining_game():
            response = self._call(self._stub.JoinGame, request)
            game = game_view_of(response.game)
            self._commitments.setdefault(response.game_id, game.seed_commitment)
            with self._joined:
                self._tokens.setdefault(response.game_id, {})[response.seat.seat] = response.seat.token
        return RedeemedSeat(response.game_id, response.seat.seat, response.seat.token, game)

    # ----- play ---------------------------------------------------------------------------------------------------

    def get_game(self, game_id: str, token: str | None = None, *, view_json: bool = True) -> GameView:
        """The caller's view (``token``: a seat's; none: the spectator's). ``view_json``: the view travels as
        JSON text, cheaper than the Struct; the same dict either way."""
        request = pb.GetGameRequest(game_id=game_id, view_json=view_json)
        return game_view_of(self._call(self._stub.GetGame, request, token))

    def list_legal_moves(self, game_id: str, token: str) -> LegalMoves:
        request = pb.ListLegalMovesRequest(game_id=game_id)
        response = self._call(self._stub.ListLegalMoves, request, token)
        return LegalMoves(
            game_id=response.game_id,
            version=response.version,
            seat=response.seat,
            moves=tuple(
                LegalMove(move.notation, move.kind, struct_to_dict(move.args), move.description)
                for move in response.moves
            ),
        )

    legal_moves = list_legal_moves  # the name of the first Python client

    def apply_move(
        self,
        game_id: str,
        token: str,
        move: str | LegalMove | Mapping[str, Any],
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        *,
        omit_view: bool = False,
        view_json: bool = True,
    ) -> MoveResult:
        """``move``: notation ("place QH b1"), a LegalMove of ``list_legal_moves``, or ``{"kind", "args"}``.
        ``idempotency_key`` (a fresh one when absent) makes the call safe to retry. ``omit_view``: the answer's
        game carries the header only."""
        request = pb.ApplyMoveRequest(
            game_id=game_id,
            idempotency_key=idempotency_key or (uuid.uuid4().hex if self.move_keys else ""),
            omit_view=omit_view,
            view_json=view_json,
        )
        if expected_version is not None:
            request.expected_version = expected_version
        if isinstance(move, str):
            request.move = move
        else:
            kind, args = (move.kind, move.args) if isinstance(move, LegalMove) else (move["kind"], move["args"])
            request.structured_move.kind = kind
            request.structured_move.args.update(dict(args))
        response = self._call(self._stub.ApplyMove, request, token)
        return MoveResult(
            version=response.version,
            game=game_view_of(response.game),
            events=tuple(event_of(event) for event in response.events),
            replayed=response.replayed,
        )

    def resign_seat(self, game_id: str, token: str, reason: str = "resigned") -> MoveOutcome:
        """The seat resigns (``reason`` "resigned") or leaves ("left"): the match ends, every other seat wins."""
        request = pb.ResignSeatRequest(game_id=game_id, reason=reason)
        response = self._call(self._stub.ResignSeat, request, token)
        events = tuple(event_of(event) for event in response.events)
        return MoveOutcome(response.version, game_view_of(response.game), events)

    def end_game(self, game_id: str) -> MoveOutcome:
        """The creating API key ends a live game: finished, with no winner."""
        response = self._call(self._stub.EndGame, pb.EndGameRequest(game_id=game_id))
        return MoveOutcome(response.version, game_view_of(response.game))

    def delete_game(self, game_id: str) -> str:
        """The creating API key deletes a game and everything stored of it; answers the game's id."""
        self._commitments.pop(game_id, None)
        self._tokens.pop(game_id, None)
        return self._call(self._stub.DeleteGame, pb.DeleteGameRequest(game_id=game_id)).game_id

    def list_games(self, state: str = "", page_size: int = 0, page_token: str = "") -> GamesPage:
        """One page of the key's games, newest first; ``state``: "live", "finished" or "" for both."""
        request = pb.ListGamesRequest(state=state, page_size=page_size, page_token=page_token)
        response = self._call(self._stub.ListGames, request)
        return GamesPage(tuple(summary_of(game) for game in response.games), response.next_page_token)

    # ----- score, log and streams ---------------------------------------------------------------------------------

    def get_score(self, game_id: str, token: str | None = None) -> Score:
        """The score sheet. Once the seed is revealed, checks it against the commitment this client saw when it
        created (or joined) the game: FairnessError if they differ."""
        response = self._call(self._stub.GetScore, pb.GetScoreRequest(game_id=game_id), token)
        score = Score(
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
            fairness=fairness_of(response.fairness) if response.HasField("fairness") else None,
        )
        if score.fairness is not None and score.fairness.revealed:
            self._check_fairness(game_id, score.fairness)
        return score

    score = get_score  # the name of the first Python client

    def verify_fairness(self, game_id: str) -> Fairness:
        """The revealed seed of a finished game, checked against the commitment seen at its creation (or, for a
        game this client did not create, the one the server still shows). FairnessError if it does not hold or
        the seed is not revealed yet."""
        fairness = self.get_score(game_id).fairness
        if fairness is None or not fairness.revealed:
            raise FairnessError(game_id, "the seed is not revealed yet (the match is not over)")
        self._check_fairness(game_id, fairness)
        return fairness

    def _check_fairness(self, game_id: str, fairness: Fairness) -> None:
        check_fairness(game_id, self._commitments.get(game_id, fairness.seed_commitment), fairness)

    def get_events(
        self,
        game_id: str,
        token: str | None = None,
        after_version: int | None = None,
        page_size: int = 0,
        page_token: str = "",
    ) -> EventsPage:
        """One page of the caller's event log after ``after_version``."""
        request = pb.GetEventsRequest(game_id=game_id, page_size=page_size, page_token=page_token)
        if after_version is not None:
            request.after_version = after_version
        response = self._call(self._stub.GetEvents, request, token)
        events = tuple(event_of(event) for event in response.events)
        return EventsPage(response.game_id, response.version, events, response.finished, response.next_page_token)

    def events(
        self, game_id: str, token: str | None = None, after_version: int | None = None, page_size: int = 0
    ) -> EventLog:
        """Every event after ``after_version``, page after page until the last."""
        events: list[GameEvent] = []
        page_token = ""
        while True:
            page = self.get_events(game_id, token, after_version, page_size, page_token)
            events.extend(page.events)
            page_token = page.next_page_token
            if not page_token:
                return EventLog(page.game_id, page.version, tuple(events), page.finished)

    def watch_game(
        self, game_id: str, token: str | None = None, after_version: int | None = None
    ) -> Generator[WatchUpdate, None, None]:
        """Yields one update per version after ``after_version`` (absent: from the deal), live, until the match
        finishes. Closing the generator (or leaving a ``for`` loop early) cancels the stream."""
        request = pb.WatchGameRequest(game_id=game_id)
        if after_version is not None:
            request.after_version = after_version
        for update in self._stream(self._stub.WatchGame, request, token):
            yield WatchUpdate(
                version=update.version,
                seat=update.seat if update.HasField("seat") else None,
                events=tuple(event_of(event) for event in update.events),
                to_act=tuple(update.to_act),
                finished=update.finished,
                last_move=last_move_of(update.last_move) if update.HasField("last_move") else None,
            )

    watch = watch_game  # the name of the first Python client

    def watch_key_events(self, cursor: str = "") -> Generator[KeyEvent, None, None]:
        """The API key's one stream: "game_created", "game_joined", "your_turn", "game_finished" in any of its
        games. Without ``cursor`` it starts now: first one "game_in_progress" per live game of the key (its seats,
        the seats to act: ``event.seats_to_act``), then live events; with ``cursor`` (an event's id) the events
        after it, "0" for every event kept. Resumes by itself after the last event seen when the connection drops
        (UNAVAILABLE), with the client's backoff; endless until the caller stops iterating."""
        attempt = 0
        while True:
            try:
                for message in self._stream(self._stub.WatchKeyEvents, pb.WatchKeyEventsRequest(cursor=cursor)):
                    attempt = 0
                    cursor = message.id
                    yield key_event_of(message)
                return
            except GameEngineError as error:
                attempt += 1
                if not error.retryable or attempt >= self.retry.attempts:
                    raise
                time.sleep(self.retry.delay(attempt - 1, error))

    def _stream(self, method: Any, request: Any, token: str | None = None) -> Generator[Any, None, None]:
        try:
            stream: Any = method(request, metadata=self._metadata(token))
        except grpc.RpcError as error:
            raise GameEngineError.from_rpc_error(error) from None
        try:
            yield from stream
        except grpc.RpcError as error:
            raise GameEngineError.from_rpc_error(error) from None
        finally:
            stream.cancel()
