"""The store's games as every use case reads them: a checked game id, the decoded meta, the caller's seat from its
token, the decoded engine state and the game's header for a seat (``GameView``)."""

from __future__ import annotations

import hashlib
import hmac
import re
import threading
from typing import Any

import engine
from service.core import errors, seating, telemetry
from service.core.records import GameView, LastMove, LegalMove
from service.core.stored import GameMeta, LogEntry
from service.storage.protocols import GameStore, StoredGame

GAME_ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
IDEMPOTENCY_KEY_PATTERN = re.compile(r"^[\x21-\x7e]{1,128}$")  # request ids and idempotency keys
STATE_CACHE_MIB = 64  # per serving process: a 512 MiB pod keeps 128 MiB of states beside two workers' ~100 MiB
# What one kept state is charged: its snapshot's length times this, plus the entry. A decoded state measures at
# most about 11 times its snapshot in every game (tests/service/test_state_cache.py checks 16 bounds it).
DECODED_BYTES_PER_SNAPSHOT_BYTE = 16
ENTRY_BYTES = 256


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def charged_bytes(snapshot: bytes) -> int:
    """The memory a kept state is charged for: a bound on the decoded state of ``snapshot`` and its entry."""
    return len(snapshot) * DECODED_BYTES_PER_SNAPSHOT_BYTE + ENTRY_BYTES


class StateCache:
    """The decoded state of the games seen last, at most ``capacity_bytes`` of them (``charged_bytes``), each found
    only for the very snapshot object it came from (never another version's, store's or replica's): a move on the
    version this process wrote or read last skips ``engine.decode``. States are never changed once made, so one may
    serve many requests and threads. Its size is in /metrics (``cardengine_state_cache_bytes``)."""

    def __init__(self, capacity_bytes: int = STATE_CACHE_MIB << 20) -> None:
        self.capacity_bytes = capacity_bytes
        self.size_bytes = 0
        self._states: dict[str, tuple[bytes, engine.GameState]] = {}  # oldest first
        self._lock = threading.Lock()

    def state_of(self, stored: StoredGame) -> engine.GameState:
        """``engine.decode(stored.snapshot)``, kept for the next call on the same snapshot."""
        known = self._states.get(stored.game_id)
        if known is not None and known[0] is stored.snapshot:
            return known[1]
        state = engine.decode(stored.snapshot)
        self.remember(stored.game_id, stored.snapshot, state, finished=stored.finished)
        return state

    def remember(self, game_id: str, snapshot: bytes, state: engine.GameState, *, finished: bool = False) -> None:
        """``state`` is what ``snapshot`` decodes to (the version just committed, or just decoded). A finished
        match takes no more moves: its state is let go, so the cache holds the matches under way and levels off."""
        states = self._states
        with self._lock:
            size = self.size_bytes
            replaced = states.pop(game_id, None)  # to the end: the oldest game seen goes first
            if replaced is not None:
                size -= charged_bytes(replaced[0])
            if not finished:
                size += charged_bytes(snapshot)
                states[game_id] = (snapshot, state)
            while size > self.capacity_bytes and states:
                oldest = next(iter(states))
                size -= charged_bytes(states.pop(oldest)[0])
            self.size_bytes = size
        telemetry.state_cache_size(size, len(states))

    def game_ids(self) -> list[str]:
        """The games kept, the oldest seen first."""
        return list(self._states)


class StoredGames:
    """Loads games from one store for the use cases, with the decoded states kept (``StateCache``)."""

    def __init__(self, store: GameStore, *, state_cache_bytes: int = STATE_CACHE_MIB << 20) -> None:
        self.store = store
        self.states = StateCache(state_cache_bytes)

    def load(self, game_id: str, *, for_version: int | None = None) -> tuple[StoredGame, GameMeta]:
        """The game and its meta; INVALID_ARGUMENT for a malformed id, NOT_FOUND for a game that is not stored.
        ``for_version``: the version the caller expects to write over (``GameStore.load_for_update``)."""
        if not game_id or not GAME_ID_PATTERN.fullmatch(game_id):
            raise errors.invalid_argument(
                f"gameId {errors.quote(game_id)} is malformed: 1 to 64 letters, digits, '-' or '_'.", field="gameId"
            )
        store = self.store
        stored = store.load(game_id) if for_version is None else store.load_for_update(game_id, for_version)
        if stored is None:
            raise errors.game_not_found(game_id)
        return stored, GameMeta.decode(stored.meta)

    def state_of(self, stored: StoredGame) -> engine.GameState:
        return self.states.state_of(stored)


def seat_of_token(game_id: str, meta: GameMeta, token: str | None) -> int | None:
    """The seat of ``token``; None without a token (a spectator); UNAUTHENTICATED for a token of no seat."""
    if not token:
        return None
    digest = token_hash(token)
    found: int | None = None
    for seat, known in enumerate(meta.token_hashes):
        if known and hmac.compare_digest(digest, known):  # every seat compared: the time says nothing of which
            found = seat
    if found is None:
        raise errors.invalid_token(game_id)
    return found


def legal_move(state: engine.GameState, seat: int, move: engine.Move) -> LegalMove:
    """``move`` of ``seat`` as ListLegalMoves lists it: notation, kind, structured arguments and its text."""
    return LegalMove(
        notation=move.notation,
        kind=move.kind,
        args=engine.get_game(state.game_id).structured_move(move)["args"],
        description=engine.describe_move(state, seat, move),
    )


def required_seat(game_id: str, meta: GameMeta, token: str | None, operation: str) -> int:
    """The seat of ``token``; UNAUTHENTICATED without one (``operation`` is for a seat only)."""
    seat = seat_of_token(game_id, meta, token)
    if seat is None:
        raise errors.missing_token(operation)
    return seat


# The last moves worked out lately, by the log entry's bytes, the seat names and the reader's seat: a page that reads
# the same version again (polling, several spectators) skips decoding the entry and writing its texts, half of a
# GetGame's cost. The bytes are the key, so a cached answer is always the one its entry gives.
LAST_MOVES_CACHED = 4096
_last_moves: dict[tuple[bytes, tuple[str, ...], int | None], LastMove | None] = {}


def last_move_at(store: GameStore, game_id: str, meta: GameMeta, version: int, seat: int | None) -> LastMove | None:
    """The move that made ``version``, as ``seat`` may know it (read from its log entry); None for the deal."""
    entries = store.log(game_id, version - 1, 1) if version > 0 else []
    if not entries:
        return None
    key = (entries[0], meta.seat_names, seat)
    if key in _last_moves:
        return _last_moves[key]
    entry = LogEntry.decode(entries[0])
    last = entry.last_move_for(meta, seat, entry.events_for(meta, seat))
    if len(_last_moves) >= LAST_MOVES_CACHED:
        _last_moves.clear()
    _last_moves[key] = last
    return last


def game_view(
    game_id: str,
    meta: GameMeta,
    version: int,
    state: engine.GameState,
    seat: int | None,
    *,
    omit_view: bool = False,
    over: bool = False,
) -> GameView:
    """The game's header and, unless ``omit_view``, the engine's view for ``seat``. ``over``: the stored record says
    finished (a forfeited match is, though its engine state is not): the header then says finished with nobody to
    act."""
    view: dict[str, Any] | None = None
    if omit_view:
        to_act, finished = ((), True) if over else (tuple(engine.to_act(state)), engine.is_finished(state))
    else:  # the view's header already says who acts and whether the match is over
        view = engine.view(state, seat)
        if over and not view["finished"]:
            view = view | {"toAct": [], "finished": True}
        to_act, finished = tuple(view["toAct"]), view["finished"]
    if meta.open_seats and not finished:  # the lobby: nobody acts until every seat is taken (core/lobby.py)
        to_act = ()
        if view is not None:
            view = view | {"toAct": []}
    return GameView(
        game_id,
        meta.game_type,
        meta.players,
        version,
        seat,
        to_act,
        finished,
        view,
        meta.seat_names,
        meta.bots,
        meta.commitment,
        meta.seed_source,
        open_seats=meta.open_seats,
        rated=meta.rated,
        seat_players=seating.players_seen_by(meta.seat_players, meta.players, seat),
    )
