"""The service's one transport-agnostic core (the "data plane"): create, view, legal moves, apply, score, events
and watch, on engine snapshots kept in a ``GameStore``.

The gRPC servicer and the REST routes only convert wire messages to the calls below and the results back; every
failure is raised as a ``ServiceError`` or an engine error and mapped to a status once, at each edge
(``service/errors.py``).

Seats act through secret tokens: ``create_game`` returns one per seat, the store keeps only their SHA-256, and
each call names its seat by its token (``None``: a spectator, who sees the public view and public events).
A game's version is its number of accepted moves; ``apply_move`` is read, compute, then one compare-and-set on
the version, so concurrent moves never overwrite each other (the loser gets ABORTED and reloads).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import re
import secrets
import threading
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import orjson

import engine
from service import errors
from service.store import Committed, Duplicate, GameStore, Missing, Stale, StoredGame

log = logging.getLogger("cardengine.service")

GAME_ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
IDEMPOTENCY_KEY_PATTERN = re.compile(r"^[\x21-\x7e]{1,128}$")
MAX_SEED = 2**64 - 1
WATCH_POLL_SECONDS = 1.0


# ----- results ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatToken:
    seat: int
    token: str


@dataclass(frozen=True, slots=True)
class GameView:
    game_id: str
    game_type: str
    players: int
    version: int
    seat: int | None
    to_act: tuple[int, ...]
    finished: bool
    view: dict[str, Any]


@dataclass(frozen=True, slots=True)
class CreatedGame:
    game_id: str
    version: int
    seats: tuple[SeatToken, ...]
    game: GameView


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


@dataclass(frozen=True, slots=True)
class EventView:
    version: int
    sequence: int
    kind: str
    seat: int | None
    data: dict[str, Any]


@dataclass(frozen=True, slots=True)
class MoveResult:
    version: int
    game: GameView
    events: tuple[EventView, ...]
    replayed: bool = False


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
    events: tuple[EventView, ...]
    finished: bool


@dataclass(frozen=True, slots=True)
class VersionUpdate:
    """One version of a watched game, as the watcher may see it."""

    version: int
    seat: int | None
    events: tuple[EventView, ...]
    to_act: tuple[int, ...]
    finished: bool


# ----- stored forms -----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameMeta:
    """What never changes after creation: the game type, the number of players, the seats' token hashes."""

    game_type: str
    players: int
    token_hashes: tuple[str, ...]

    def encode(self) -> bytes:
        return orjson.dumps({"t": self.game_type, "p": self.players, "h": list(self.token_hashes)})

    @classmethod
    def decode(cls, data: bytes) -> GameMeta:
        raw = orjson.loads(data)
        return cls(raw["t"], raw["p"], tuple(raw["h"]))


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One version in the log: who moved (None for the deal), the move, the full events, who acts next."""

    version: int
    seat: int | None
    move: str | None
    to_act: tuple[int, ...]
    finished: bool
    first_sequence: int
    events: tuple[engine.Event, ...]

    def encode(self) -> bytes:
        return orjson.dumps(
            {
                "v": self.version,
                "s": self.seat,
                "m": self.move,
                "t": list(self.to_act),
                "f": self.finished,
                "q": self.first_sequence,
                "e": [event.to_record() for event in self.events],
            }
        )

    @classmethod
    def decode(cls, data: bytes) -> LogEntry:
        raw = orjson.loads(data)
        return cls(
            version=raw["v"],
            seat=raw["s"],
            move=raw["m"],
            to_act=tuple(raw["t"]),
            finished=raw["f"],
            first_sequence=raw["q"],
            events=tuple(engine.Event.from_record(record) for record in raw["e"]),
        )

    def events_for(self, seat: int | None) -> tuple[EventView, ...]:
        """The events of this version that ``seat`` may see, redacted for it."""
        shown: list[EventView] = []
        for index, event in enumerate(self.events):
            data = event.for_seat(seat)
            if data is None:
                continue
            data.pop("kind", None)
            data.pop("seat", None)
            shown.append(EventView(self.version, self.first_sequence + index, event.kind, event.seat, data))
        return tuple(shown)

    def update_for(self, seat: int | None) -> VersionUpdate:
        return VersionUpdate(self.version, self.seat, self.events_for(seat), self.to_act, self.finished)


def encode_result(move: str, result: MoveResult) -> bytes:
    game = result.game
    return orjson.dumps(
        {
            "move": move,
            "version": result.version,
            "game": [game.game_id, game.game_type, game.players, game.version, game.seat, game.to_act, game.finished],
            "view": game.view,
            "events": [[e.version, e.sequence, e.kind, e.seat, e.data] for e in result.events],
        }
    )


def decode_result(data: bytes) -> tuple[str, MoveResult]:
    raw = orjson.loads(data)
    game_id, game_type, players, version, seat, to_act, finished = raw["game"]
    game = GameView(game_id, game_type, players, version, seat, tuple(to_act), finished, raw["view"])
    events = tuple(EventView(*event) for event in raw["events"])
    return raw["move"], MoveResult(raw["version"], game, events, replayed=True)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


# ----- the core ---------------------------------------------------------------------------------------------------


class GameService:
    """The use cases of the API, over one store."""

    def __init__(self, store: GameStore, *, watch_poll_seconds: float = WATCH_POLL_SECONDS) -> None:
        self.store = store
        self.watch_poll_seconds = watch_poll_seconds
        self._stopping = threading.Event()

    def stop_watches(self) -> None:
        """Ends live watches: each returns at its next wake-up (at most ``watch_poll_seconds``)."""
        self._stopping.set()

    def close(self) -> None:
        """Ends live watches and closes the store."""
        self._stopping.set()
        self.store.close()

    def is_ready(self) -> bool:
        try:
            self.store.ping()
        except errors.StoreUnavailableError:
            return False
        return True

    # ----- catalog ----------------------------------------------------------------------------------------------
    def list_game_types(self) -> list[dict[str, Any]]:
        return [game.catalog_entry() for game in engine.all_games()]

    # ----- create -----------------------------------------------------------------------------------------------
    def create_game(
        self,
        game_type: str,
        players: int | None = None,
        seed: int | None = None,
        options: Mapping[str, object] | None = None,
    ) -> CreatedGame:
        if not game_type:
            raise errors.invalid_argument("gameType is required: one of the ids of ListGameTypes.", field="gameType")
        if players is not None and players < 0:
            raise errors.invalid_argument(f"players must be positive (0: the default); got {players}.", field="players")
        if seed is not None and not 0 <= seed <= MAX_SEED:
            raise errors.invalid_argument(f"seed must be in 0..2^64-1; got {seed}.", field="seed")
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "big")
        state, events = engine.new_game(game_type, players or None, seed, options)
        game_id = secrets.token_urlsafe(12)
        tokens = tuple(SeatToken(seat, secrets.token_urlsafe(24)) for seat in range(state.players))
        meta = GameMeta(state.game_id, state.players, tuple(token_hash(seat.token) for seat in tokens))
        finished = engine.is_finished(state)
        entry = LogEntry(0, None, None, engine.to_act(state), finished, 0, tuple(events))
        stored = StoredGame(game_id, 0, engine.encode(state), len(events), finished, meta.encode())
        self.store.create(stored, entry.encode())
        log.info("game created", extra={"game_id": game_id, "game_type": state.game_id, "players": state.players})
        return CreatedGame(game_id, 0, tokens, self._view(game_id, meta, 0, state, None))

    # ----- reads ------------------------------------------------------------------------------------------------
    def get_game(self, game_id: str, token: str | None) -> GameView:
        stored, meta = self._load(game_id)
        seat = self._seat(game_id, meta, token)
        return self._view(game_id, meta, stored.version, engine.decode(stored.snapshot), seat)

    def legal_moves(self, game_id: str, token: str | None) -> LegalMoves:
        stored, meta = self._load(game_id)
        seat = self._required_seat(game_id, meta, token, "ListLegalMoves")
        state = engine.decode(stored.snapshot)
        game = engine.get_game(state.game_id)
        moves = tuple(
            LegalMove(
                notation=move.notation,
                kind=move.kind,
                args=game.structured_move(move)["args"],
                description=game.describe_move(state, seat, move),
            )
            for move in engine.legal_moves(state, seat)
        )
        return LegalMoves(game_id, stored.version, seat, moves)

    def score(self, game_id: str, token: str | None = None) -> Score:
        stored, meta = self._load(game_id)
        self._seat(game_id, meta, token)
        sheet = engine.score(engine.decode(stored.snapshot))
        return Score(
            game_id=game_id,
            version=stored.version,
            totals=tuple(sheet.totals),
            rounds=tuple(RoundScore(r.label, tuple(r.points), dict(r.details)) for r in sheet.rounds),
            finished=sheet.finished,
            winners=tuple(sheet.winners) if sheet.finished else (),
            details=dict(sheet.details),
        )

    def events(self, game_id: str, token: str | None, after_version: int | None = None) -> EventLog:
        stored, meta = self._load(game_id)
        seat = self._seat(game_id, meta, token)
        entries = [LogEntry.decode(raw) for raw in self.store.log(game_id, self._after(after_version))]
        version, finished = stored.version, stored.finished
        if entries and entries[-1].version >= version:
            version, finished = entries[-1].version, entries[-1].finished
        shown = tuple(event for entry in entries for event in entry.events_for(seat))
        return EventLog(game_id, version, shown, finished)

    def watch(
        self,
        game_id: str,
        token: str | None,
        after_version: int | None = None,
        is_active: Callable[[], bool] = lambda: True,
    ) -> Iterator[VersionUpdate | None]:
        """Yields the versions after ``after_version`` as the caller may see them, then follows the game live;
        yields None when idle for ``watch_poll_seconds`` (a transport may send a heartbeat). Ends after the
        version that finishes the match, when ``is_active()`` turns false, when the game vanishes or when the
        service closes."""
        stored, meta = self._load(game_id)
        seat = self._seat(game_id, meta, token)
        last = self._after(after_version)
        if stored.finished and last >= stored.version:
            return
        with self.store.watching(game_id):
            while is_active() and not self._stopping.is_set():
                entries = self.store.log(game_id, last)
                for raw in entries:
                    entry = LogEntry.decode(raw)
                    yield entry.update_for(seat)
                    last = entry.version
                    if entry.finished:
                        return
                if entries:
                    continue
                if not self.store.wait_for_version(game_id, last, self.watch_poll_seconds):
                    if self.store.load(game_id) is None:
                        return
                    yield None

    # ----- apply ------------------------------------------------------------------------------------------------
    def apply_move(
        self,
        game_id: str,
        token: str | None,
        move: str,
        expected_version: int | None,
        idempotency_key: str | None = None,
    ) -> MoveResult:
        if not move:
            raise errors.invalid_argument("move is required: the notation of one of the legal moves.", field="move")
        if expected_version is None:
            raise errors.invalid_argument(
                "expectedVersion is required: the version the move was chosen at.", field="expectedVersion"
            )
        if idempotency_key and not IDEMPOTENCY_KEY_PATTERN.match(idempotency_key):
            raise errors.invalid_argument(
                "idempotencyKey must be 1 to 128 printable ASCII characters without spaces.", field="idempotencyKey"
            )
        stored, meta = self._load(game_id, for_version=expected_version)
        seat = self._required_seat(game_id, meta, token, "ApplyMove")
        result_key = f"{seat}:{idempotency_key}" if idempotency_key else None
        if stored.version != expected_version:
            prior = self.store.idempotent_result(game_id, result_key) if result_key is not None else None
            if prior is not None:  # a retry of a move that was applied: its first result
                return self._replay(prior, move, idempotency_key or "")
            raise errors.stale_version(expected_version, stored.version)
        state = engine.decode(stored.snapshot)
        parsed = engine.parse_move(state, move)
        new_state, events = engine.apply(state, seat, parsed)
        version = stored.version + 1
        game_view = self._view(game_id, meta, version, new_state, seat)
        finished = game_view.finished
        entry = LogEntry(version, seat, parsed.notation, game_view.to_act, finished, stored.event_count, tuple(events))
        result = MoveResult(version, game_view, entry.events_for(seat))
        updated = StoredGame(
            game_id, version, engine.encode(new_state), stored.event_count + len(events), finished, stored.meta
        )
        idempotency = (result_key, encode_result(parsed.notation, result)) if result_key else None
        outcome = self.store.commit(updated, stored.version, entry.encode(), idempotency)
        if isinstance(outcome, Committed):
            log.info(
                "move applied",
                extra={"game_id": game_id, "seat": seat, "version": version, "move": parsed.notation},
            )
            return result
        if isinstance(outcome, Duplicate):
            return self._replay(outcome.result, move, idempotency_key or "")
        if isinstance(outcome, Stale):
            raise errors.stale_version(expected_version, outcome.current_version)
        assert isinstance(outcome, Missing)
        raise errors.game_not_found(game_id)

    # ----- helpers ----------------------------------------------------------------------------------------------
    @staticmethod
    def _after(after_version: int | None) -> int:
        if after_version is None:
            return -1
        if after_version < 0:
            raise errors.invalid_argument(f"after must be a version (>= 0); got {after_version}.", field="after")
        return after_version

    def _load(self, game_id: str, for_version: int | None = None) -> tuple[StoredGame, GameMeta]:
        if not game_id or not GAME_ID_PATTERN.match(game_id):
            raise errors.invalid_argument(
                f"gameId {game_id!r} is malformed: 1 to 64 letters, digits, '-' or '_'.", field="gameId"
            )
        stored = self.store.load(game_id) if for_version is None else self.store.load_for_update(game_id, for_version)
        if stored is None:
            raise errors.game_not_found(game_id)
        return stored, GameMeta.decode(stored.meta)

    @staticmethod
    def _seat(game_id: str, meta: GameMeta, token: str | None) -> int | None:
        """The seat of ``token``; None without a token (a spectator); UNAUTHENTICATED for a token of no seat."""
        if not token:
            return None
        digest = token_hash(token)
        found: int | None = None
        for seat, known in enumerate(meta.token_hashes):
            if hmac.compare_digest(digest, known):
                found = seat
        if found is None:
            raise errors.invalid_token(game_id)
        return found

    def _required_seat(self, game_id: str, meta: GameMeta, token: str | None, operation: str) -> int:
        seat = self._seat(game_id, meta, token)
        if seat is None:
            raise errors.missing_token(operation)
        return seat

    @staticmethod
    def _view(game_id: str, meta: GameMeta, version: int, state: engine.GameState, seat: int | None) -> GameView:
        view = engine.view(state, seat)  # its header already carries who acts and whether the match is over
        return GameView(
            game_id=game_id,
            game_type=meta.game_type,
            players=meta.players,
            version=version,
            seat=seat,
            to_act=tuple(view["toAct"]),
            finished=view["finished"],
            view=view,
        )

    @staticmethod
    def _replay(prior: bytes, move: str, key: str) -> MoveResult:
        first_move, result = decode_result(prior)
        if first_move != move:
            raise errors.idempotency_key_reused(key, first_move)
        return result
