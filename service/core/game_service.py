"""The service's one transport-agnostic core (the "data plane"): create, view, legal moves, apply, score, events
and watch, on engine snapshots kept in a ``GameStore``.

The gRPC servicer and the REST routes only convert wire messages to the calls below and the results back; every
failure is raised as a ``ServiceError`` or an engine error and mapped to a status once, at each edge
(``service/core/errors.py``).

Seats act through secret tokens: ``create_game`` returns one per seat, the store keeps only their SHA-256, and
each call names its seat by its token (``None``: a spectator, who sees the public view and public events).
A game's version is its number of accepted moves; ``apply_move`` is read, compute, then one compare-and-set on
the version, so concurrent moves never overwrite each other (the loser gets ABORTED and reloads).

Browsers cannot send headers on an EventSource: ``create_stream_ticket`` trades a seat token for a short-lived
ticket of one game and one seat (kept hashed in the store, so every replica knows it), which ``events`` and
``watch`` accept in place of the token. Seats may carry display names and bots (``SeatSpec``); every event carries
a ``text`` written by the engine for its viewer (``engine.event_for``) with those names.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import os
import re
import secrets
import threading
import time
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import orjson

import engine
import engine.bots as engine_bots
from service.bots.kinds import BOT_KINDS, SPEC_EXAMPLES, is_bot_spec
from service.core import clocks, errors, fairness, forfeit
from service.observability import metrics, tracing
from service.storage.bot_queue import BotState
from service.storage.store import Committed, Duplicate, GameExistsError, GameStore, Missing, Stale, StoredGame

log = logging.getLogger("cardengine.service")

GAME_ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
IDEMPOTENCY_KEY_PATTERN = re.compile(r"^[\x21-\x7e]{1,128}$")
MAX_SEED = 2**64 - 1
WATCH_POLL_SECONDS = 1.0
WATCH_CHUNK = 100  # log entries read at once by a watch catching up
DEFAULT_PAGE_SIZE = 100
MAX_PAGE_SIZE = 1000
DEFAULT_TICKET_SECONDS = 60.0
MAX_SEAT_NAME = 32
MOVE_LOG_SECONDS = 1.0  # at INFO, one move per second at most (and each match's last); every move at DEBUG
MAX_GAME_TYPE_CHARS = 64  # field limits (README "Limits and keys"); longer is INVALID_ARGUMENT request/too_long
MAX_MOVE_CHARS = 512


# ----- results ----------------------------------------------------------------------------------------------------
# Values, immutable. Those built on every move (GameView, EventView, MoveResult, LogEntry) are NamedTuples, built
# by tuple.__new__ in C, where a frozen dataclass's __init__ sets each field through object.__setattr__ in Python
# (several times slower: GameView has 13 fields); like the frozen dataclasses they cannot be changed, compare by
# their fields and print them, and change with ``_replace`` where the others use ``dataclasses.replace``.


@dataclass(frozen=True, slots=True)
class SeatToken:
    seat: int
    token: str


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """How CreateGame fills one seat: a display name (may be empty) and a bot kind (empty: a person)."""

    name: str = ""
    bot: str = ""


@dataclass(frozen=True, slots=True)
class StreamTicket:
    """A short-lived grant of one seat's event stream of one game, for URLs (never the seat token itself)."""

    ticket: str
    game_id: str
    seat: int
    expires_in: float
    expires_at: float  # seconds since the epoch


class GameView(NamedTuple):
    game_id: str
    game_type: str
    players: int
    version: int
    seat: int | None
    to_act: tuple[int, ...]
    finished: bool
    view: dict[str, Any] | None  # None: left out on request (``ApplyMoveRequest.omit_view``), the header only
    seat_names: tuple[str, ...] = ()
    bots: tuple[str, ...] = ()
    seed_commitment: str = ""  # provably fair deals (service/core/fairness.py): empty for a client seed
    seed_source: str = ""  # "server" or "client"; empty for games created before commitments
    clock: dict[str, Any] | None = None  # turn clocks (service/core/clocks.py ``clock_view``); None: no clock


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


class EventView(NamedTuple):
    version: int
    sequence: int
    kind: str
    seat: int | None
    data: dict[str, Any]
    text: str = ""
    timed_out: bool = False  # the event of a move the service played for a seat whose turn clock ran out


class MoveResult(NamedTuple):
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
    fairness: fairness.Fairness = fairness.NO_CLAIM  # the commitment; the seed and salt once the match is over


@dataclass(frozen=True, slots=True)
class EventLog:
    game_id: str
    version: int
    events: tuple[EventView, ...]
    finished: bool
    next_page_token: str = ""


@dataclass(frozen=True, slots=True)
class VersionUpdate:
    """One version of a watched game, as the watcher may see it."""

    version: int
    seat: int | None
    events: tuple[EventView, ...]
    to_act: tuple[int, ...]
    finished: bool


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A game as a bot worker sees it: its version, and the bot seat to play (None: no bot is to act) with its
    kind, the seed of its generator (the game's seed) and its seat-scoped input."""

    game_id: str
    version: int
    finished: bool
    seat: int | None = None
    kind: str = ""
    seed: int | str = 0
    seat_input: engine_bots.SeatInput | None = None


# ----- stored forms -----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameMeta:
    """What never changes after creation: the game type, the number of players, the seats' token hashes, and the
    creation parameters a replay starts from (the seed and the resolved options).

    ``seed`` and ``options`` are None in the records of games created before they were kept; a replay then reads
    them from the snapshot (which carries both unchanged). ``seat_names`` and ``bots`` hold one string per seat
    (empty: no name, a person); a bot seat has no token, so its token hash is empty and matches no token."""

    game_type: str
    players: int
    token_hashes: tuple[str, ...]
    seed: int | None = None
    options: dict[str, Any] | None = None
    seat_names: tuple[str, ...] = ()
    bots: tuple[str, ...] = ()
    creator: str | None = None  # the id of the API key that created the game (never the key); None: no key
    seed_source: str = ""  # provably fair deals: "server" or "client" (empty: created before commitments)
    salt: str = ""  # hex; secret until the match is over (empty for a client seed)
    commitment: str = ""  # hex sha256(seed as 8 bytes big-endian || salt); empty for a client seed
    clock: dict[str, Any] | None = None  # the turn clock (``clocks.ClockSpec.to_record``); None: no clock

    def encode(self) -> bytes:
        record: dict[str, Any] = {"t": self.game_type, "p": self.players, "h": list(self.token_hashes)}
        if self.seed is not None:
            record["s"] = self.seed
        if self.options is not None:
            record["o"] = self.options
        if any(self.seat_names):
            record["n"] = list(self.seat_names)
        if any(self.bots):
            record["b"] = list(self.bots)
        if self.creator is not None:
            record["k"] = self.creator
        if self.seed_source:
            record["u"] = self.seed_source
        if self.salt:
            record["z"] = self.salt
            record["c"] = self.commitment
        if self.clock is not None:
            record["ck"] = self.clock
        return orjson.dumps(record)

    @classmethod
    def decode(cls, data: bytes) -> GameMeta:
        raw = orjson.loads(data)
        players = raw["p"]
        names = tuple(raw.get("n", ())) or ("",) * players
        bots = tuple(raw.get("b", ())) or ("",) * players
        return cls(
            raw["t"],
            players,
            tuple(raw["h"]),
            raw.get("s"),
            raw.get("o"),
            names,
            bots,
            raw.get("k"),
            raw.get("u", ""),
            raw.get("z", ""),
            raw.get("c", ""),
            raw.get("ck"),
        )

    def fairness(self, finished: bool) -> fairness.Fairness:
        """The seed commitment, with the seed and salt revealed once the match is over."""
        return fairness.fairness_of(self.seed_source, self.commitment, self.seed, self.salt, finished)


class LogEntry(NamedTuple):
    """One version in the log: who moved (None for the deal), the move (its canonical notation), the full events,
    who acts next. The seats and moves of entries 1.. in order, with the creation parameters of ``GameMeta``, are
    what ``engine.replay`` rebuilds the match from (``cardengine replay``)."""

    version: int
    seat: int | None
    move: str | None
    to_act: tuple[int, ...]
    finished: bool
    first_sequence: int
    events: tuple[engine.Event, ...]
    timed_out: bool = False  # the service played this move for a seat whose turn clock ran out

    def encode(self) -> bytes:
        record = {
            "v": self.version,
            "s": self.seat,
            "m": self.move,
            "t": list(self.to_act),
            "f": self.finished,
            "q": self.first_sequence,
            "e": [event.to_record() for event in self.events],
        }
        if self.timed_out:
            record["o"] = True
        return orjson.dumps(record)

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
            timed_out=raw.get("o", False),
        )

    def events_for(self, meta: GameMeta, seat: int | None) -> tuple[EventView, ...]:
        """The events of this version that ``seat`` may see, redacted for it, each with its text for that seat
        (``engine.event_for``, with the seats' display names)."""
        shown: list[EventView] = []
        for index, event in enumerate(self.events):
            if forfeit.is_forfeit(event) and event.seat is not None:  # a service-level event (service/core/forfeit.py)
                text = forfeit.forfeit_text(event.seat, meta.seat_names)
                sequence = self.first_sequence + index
                shown.append(
                    EventView(self.version, sequence, event.kind, event.seat, dict(event.data), text, self.timed_out)
                )
                continue
            data = engine.event_for(meta.game_type, event, seat, meta.seat_names)
            if data is None:
                continue
            data.pop("kind", None)
            data.pop("seat", None)
            text = str(data.pop("text", ""))
            shown.append(
                EventView(self.version, self.first_sequence + index, event.kind, event.seat, data, text, self.timed_out)
            )
        if self.finished and meta.seed_source:  # the match's last event: the seed and salt, seen by everyone
            revealed = meta.fairness(True)
            sequence = self.first_sequence + len(self.events)
            data, text = fairness.reveal_data(revealed), fairness.reveal_text(revealed)
            shown.append(EventView(self.version, sequence, fairness.REVEAL_EVENT, None, data, text))
        return tuple(shown)

    def update_for(self, meta: GameMeta, seat: int | None) -> VersionUpdate:
        return VersionUpdate(self.version, self.seat, self.events_for(meta, seat), self.to_act, self.finished)


def encode_result(move: str, version: int) -> bytes:
    """An idempotency result: what a replay needs and no more, the canonical move and the version it made (its
    events are that version's log entry; the view is rebuilt from the game as it is when the retry comes). A full
    view per move was 85 % of a match's memory in Redis (issue 15, item 9)."""
    return orjson.dumps({"m": move, "v": version})


def decode_result(data: bytes) -> tuple[str, int, tuple[EventView, ...] | None]:
    """The move, the version and, in results stored before item 9 (which held the seat's events and a view), those
    events; None for the current form, whose events are read from the log."""
    raw = orjson.loads(data)
    if "m" in raw:
        return raw["m"], raw["v"], None
    return raw["move"], raw["version"], tuple(EventView(*event) for event in raw["events"])


_META_CACHE: dict[bytes, GameMeta] = {}
_META_CACHE_LIMIT = 4096


def meta_of(data: bytes) -> GameMeta:
    """``GameMeta.decode``, remembered for the last games seen (a meta never changes; the local snapshot copy hands
    back the same bytes object, whose hash Python keeps, so a hit costs one dictionary lookup)."""
    meta = _META_CACHE.get(data)
    if meta is None:
        meta = GameMeta.decode(data)
        if len(_META_CACHE) >= _META_CACHE_LIMIT:
            _META_CACHE.clear()
        _META_CACHE[data] = meta
    return meta


# The decoded state of the last version of the games this process wrote or read, beside the store's local copy of
# their snapshots: a move on a game this process served last skips ``engine.decode`` (a few percent of a move's
# CPU; so do the reads that follow it). Keyed by the game id and found only for the very snapshot bytes object it
# was decoded from or encoded to (held here, so it is never another object at the same address): a version read
# again from the store is a new object, decoded again. States are never changed once ``engine.apply`` has returned
# them (the conformance suite checks it), so one may serve many requests and threads; about 4-8 KB each.
_STATES: dict[str, tuple[bytes, engine.GameState]] = {}
_STATES_LIMIT = 4096
_STATES_LOCK = threading.Lock()


def state_of(stored: StoredGame) -> engine.GameState:
    """``engine.decode(stored.snapshot)``, remembered for the last version seen of the last games."""
    known = _STATES.get(stored.game_id)
    if known is not None and known[0] is stored.snapshot:
        return known[1]
    state = engine.decode(stored.snapshot)
    remember_state(stored.game_id, stored.snapshot, state)
    return state


def remember_state(game_id: str, snapshot: bytes, state: engine.GameState) -> None:
    """``state`` is what ``snapshot`` decodes to (the version just committed, or just decoded)."""
    with _STATES_LOCK:
        _STATES.pop(game_id, None)  # to the end: the oldest game seen goes first
        _STATES[game_id] = (snapshot, state)
        if len(_STATES) > _STATES_LIMIT:
            del _STATES[next(iter(_STATES))]


def canonical_notation(game_type: str, move: str) -> str | None:
    """The canonical notation of ``move`` in ``game_type`` (``Game.parse_move``), or None if it is not a move of it."""
    try:
        return engine.get_game(game_type).parse_move(move).notation
    except engine.EngineError:
        return None


def new_game_id() -> str:
    """A random game id: 16 URL-safe characters that never begin with "-" or "_", so that a command line (the
    `replay` and `verify` commands, curl, a shell script) never reads one for an option."""
    return url_safe_secret(12)


def url_safe_secret(size: int) -> str:
    """``secrets.token_urlsafe(size)`` drawn again while it begins with "-" or "_" (game ids and seat tokens)."""
    while True:
        secret = secrets.token_urlsafe(size)
        if secret[0] not in "-_":
            return secret


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def seat_name(index: int, name: str) -> str:
    """A display name trimmed and checked: at most MAX_SEAT_NAME printable characters (empty: none)."""
    trimmed = name.strip()
    if len(trimmed) > MAX_SEAT_NAME:
        raise errors.invalid_argument(
            f"seats[{index}].name is {len(trimmed)} characters long; a seat name has at most {MAX_SEAT_NAME}.",
            field=f"seats[{index}].name",
            code="seats/invalid_name",
        )
    if not trimmed.isprintable():
        raise errors.invalid_argument(
            f"seats[{index}].name {trimmed!r} holds a character that cannot be printed (a control or format "
            "character); use letters, digits, punctuation and spaces.",
            field=f"seats[{index}].name",
            code="seats/invalid_name",
        )
    return trimmed


def seat_bot(index: int, bot: str) -> str:
    if bot and not is_bot_spec(bot):
        kinds = ", ".join(repr(kind) for kind in BOT_KINDS)
        raise errors.invalid_argument(
            f"seats[{index}].bot {errors.quote(bot)} is no kind of bot of this server; use one of {kinds} (a search "
            f"bot with a budget of its own: {SPEC_EXAMPLES}), or empty for a person.",
            field=f"seats[{index}].bot",
            code="seats/unknown_bot",
        )
    return bot


def encode_page_token(game_id: str, seat: int | None, after_version: int, skip: int) -> str:
    raw = orjson.dumps({"g": game_id, "s": seat, "a": after_version, "k": skip})
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def decode_page_token(game_id: str, seat: int | None, token: str) -> tuple[int, int]:
    """The position (after version, events of the next version to skip) of a page token of this game and caller."""
    try:
        raw = orjson.loads(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
        position = (raw["a"], raw["k"])
        owner = (raw["g"], raw["s"])
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in position) or min(position) < -1:
            raise ValueError("bad position")
    except (ValueError, TypeError, KeyError, orjson.JSONDecodeError):
        raise errors.invalid_argument(
            "pageToken is not a page token of GetEvents: pass nextPageToken of the previous page unchanged.",
            field="pageToken",
        ) from None
    if owner != (game_id, seat):
        raise errors.invalid_argument(
            f"pageToken belongs to another game or caller than this request (game '{game_id}'): pass nextPageToken "
            "of the previous page of the same game, with the same token or ticket.",
            field="pageToken",
        )
    return position


# ----- the core ---------------------------------------------------------------------------------------------------


class GameService:
    """The use cases of the API, over one store."""

    def __init__(
        self,
        store: GameStore,
        *,
        watch_poll_seconds: float = WATCH_POLL_SECONDS,
        ticket_seconds: float = DEFAULT_TICKET_SECONDS,
        admit_game: Callable[[str, str], None] | None = None,
        secret: bytes | None = None,
    ) -> None:
        """``secret``: the key of the seat tokens of keyed creates (``create_game(request_id=...)``); random per
        process when None, so that retries then work within one process only."""
        self.store = store
        self._secret = secret or os.urandom(32)
        self.admit_game = admit_game  # (creator key id, game id): raises when the key may hold no more live games
        self.watch_poll_seconds = watch_poll_seconds
        self.ticket_seconds = ticket_seconds
        self._stopping = threading.Event()
        self._catalog: list[dict[str, Any]] | None = None
        self._next_move_log = 0.0  # when the next move may be logged at INFO (a sample; every move at DEBUG)

    def stop_watches(self) -> None:
        """Ends live watches: each returns at its next wake-up (at most ``watch_poll_seconds``)."""
        self._stopping.set()

    def close(self) -> None:
        """Ends live watches and closes the store."""
        self._stopping.set()
        self.store.close()

    def is_ready(self) -> bool:
        return self.readiness() is None

    def readiness(self) -> errors.ServiceError | None:
        """None when the store answers and accepts writes; else why not (``store/unavailable``, ``store/full``)."""
        try:
            self.store.ping()
        except errors.StoreUnavailableError as error:
            return errors.to_service_error(error)
        return None

    # ----- catalog ----------------------------------------------------------------------------------------------
    def list_game_types(self) -> list[dict[str, Any]]:
        """Every game's catalog entry (cards included) with its JSON Schemas; built once (the games are fixed for
        the life of the process)."""
        if self._catalog is None:
            self._catalog = [
                {**game.catalog_entry(), "schemas": engine.game_schemas(game.id)} for game in engine.all_games()
            ]
        return self._catalog

    def bot_kinds(self) -> list[str]:
        """The kinds of bot a seat can be given at CreateGame (``SeatConfig.bot``): ``BOT_KINDS`` of
        service/bots/kinds.py, in its order, the same for every game type."""
        return list(BOT_KINDS)

    def game_schemas(self, game_type: str) -> dict[str, Any]:
        """The JSON Schemas of one game type; NOT_FOUND for an id that is not in the catalog."""
        for entry in self.list_game_types():
            if entry["id"] == game_type:
                schemas: dict[str, Any] = entry["schemas"]
                return schemas
        raise errors.game_type_not_found(game_type)

    # ----- create -----------------------------------------------------------------------------------------------
    def create_game(
        self,
        game_type: str,
        players: int | None = None,
        seed: int | None = None,
        options: Mapping[str, object] | None = None,
        seats: Sequence[SeatSpec] = (),
        *,
        creator: str | None = None,
        request_id: str | None = None,
        clock: clocks.ClockSpec | None = None,
    ) -> CreatedGame:
        """``creator``: the id of the caller's API key, recorded with the game (and counted by ``admit_game``).
        ``request_id``: makes the create safe to retry (``keyed_game_id``): the same id and parameters (and the
        same creator) give the same game and seat tokens again and create nothing."""
        if request_id is not None and not IDEMPOTENCY_KEY_PATTERN.match(request_id):
            raise errors.invalid_argument(
                "requestId must be 1 to 128 printable ASCII characters without spaces (a UUID is a good one).",
                field="requestId",
            )
        if not game_type:
            raise errors.invalid_argument("gameType is required: one of the ids of ListGameTypes.", field="gameType")
        if len(game_type) > MAX_GAME_TYPE_CHARS:
            raise errors.too_long("gameType", game_type, MAX_GAME_TYPE_CHARS)
        if players is not None and players < 0:
            raise errors.invalid_argument(f"players must be positive (0: the default); got {players}.", field="players")
        if seed is not None and not 0 <= seed <= MAX_SEED:
            raise errors.invalid_argument(f"seed must be in 0..2^64-1; got {seed}.", field="seed")
        if seats and players and len(seats) != players:
            raise errors.invalid_argument(
                f"seats lists {len(seats)} seats but players is {players}: give one entry per seat, or players 0.",
                field="seats",
                code="seats/wrong_count",
            )
        names = tuple(seat_name(index, seat.name) for index, seat in enumerate(seats))
        bots = tuple(seat_bot(index, seat.bot) for index, seat in enumerate(seats))
        keyed_id = self.keyed_game_id(request_id, creator) if request_id else None
        seed_source, salt = fairness.SOURCE_CLIENT, b""
        if seed is None:  # a server seed, committed to: derived (with its salt) from the secret for a keyed create
            seed_source = fairness.SOURCE_SERVER
            seed = int.from_bytes(self._derive("seed", keyed_id)[:8] if keyed_id else os.urandom(8), "big")
            salt = self._derive("salt", keyed_id) if keyed_id else os.urandom(fairness.SALT_BYTES)
        if bots and all(bots):
            # No person can stop a bots-only match: the game's playout options (a hand cap where the rules have
            # none, e.g. Draw Blood's max_hands) apply under the options given, so the match surely ends.
            options = {**engine.get_game(game_type).playout_options, **(options or {})}
        with tracing.span("engine.new_game", game_type=game_type):
            state, events = engine.new_game(game_type, players or len(seats) or None, seed, options)
        game_id = keyed_id or new_game_id()
        names = names or ("",) * state.players
        bots = bots or ("",) * state.players
        tokens = tuple(
            SeatToken(seat, self._keyed_token(game_id, seat) if keyed_id else url_safe_secret(24))
            for seat in range(state.players)
            if not bots[seat]
        )
        hashes = {seat.seat: token_hash(seat.token) for seat in tokens}
        meta = GameMeta(
            state.game_id,
            state.players,
            tuple(hashes.get(seat, "") for seat in range(state.players)),  # a bot seat: no token
            seed=state.seed,
            options=dict(state.options),
            seat_names=names,
            bots=bots,
            creator=creator,
            seed_source=seed_source,
            salt=salt.hex(),
            commitment=fairness.commitment(state.seed, salt) if salt else "",
            clock=None if clock is None else clock.to_record(),
        )
        finished = engine.is_finished(state)
        entry = LogEntry(0, None, None, engine.to_act(state), finished, 0, tuple(events))
        stored = StoredGame(game_id, 0, engine.encode(state), len(events), finished, meta.encode())
        if creator is not None and self.admit_game is not None:
            self.admit_game(creator, game_id)
        if any(bots):  # known to the bot queue before it exists, so a lost first mark is found by the sweep
            self.store.bots.register(game_id)
        try:
            self.store.create(stored, entry.encode())
        except GameExistsError as exists:
            return self._created_before(exists, request_id, tokens, meta)
        remember_state(game_id, stored.snapshot, state)
        log.info("game created", extra={"game_id": game_id, "game_type": state.game_id, "players": state.players})
        metrics.game_created(state.game_id, finished)
        self._mark_bots(game_id, meta, 0, entry.to_act, finished)
        view = self._view(game_id, meta, 0, state, None)
        if clock is not None:
            record = clocks.after_commit(self.store, clock, game_id, 0, entry.to_act, finished)
            view = view._replace(clock=clocks.clock_view(clock, record, meta.players))
        return CreatedGame(game_id, 0, tokens, view)

    def keyed_game_id(self, request_id: str, creator: str | None) -> str:
        """The game id of a keyed CreateGame: an HMAC of the server secret, the creator (the API key id, when keys
        are on) and the request id; 16 URL-safe characters like a random one."""
        return base64.urlsafe_b64encode(self._derive("game", creator or "", request_id)[:12]).decode("ascii")

    def _keyed_token(self, game_id: str, seat: int) -> str:
        """A seat token of a keyed game, derived again on a retry (the store keeps only its hash)."""
        return base64.urlsafe_b64encode(self._derive("token", game_id, str(seat))[:24]).decode("ascii")

    def _derive(self, *parts: str) -> bytes:
        return hmac.new(self._secret, "\x00".join(parts).encode("utf-8"), hashlib.sha256).digest()

    def _created_before(
        self, exists: GameExistsError, request_id: str | None, tokens: tuple[SeatToken, ...], meta: GameMeta
    ) -> CreatedGame:
        """A create that found its game stored: the same one (a retried keyed request, or a store call re-sent
        after a lost answer) is answered as created, at its current version; another one under a reused request
        id is INVALID_ARGUMENT."""
        if not exists.same:
            if request_id is not None:
                raise errors.idempotency_request_reused(request_id) from None
            raise exists
        stored = self.store.load(exists.game_id)
        if stored is None:  # expired between the two calls: a retry creates it again
            raise errors.game_not_found(exists.game_id)
        log.info("game create replayed", extra={"game_id": exists.game_id, "version": stored.version})
        state = state_of(stored)
        return CreatedGame(
            exists.game_id,
            stored.version,
            tokens,
            self._view(exists.game_id, meta, stored.version, state, None, over=stored.finished),
        )

    # ----- reads ------------------------------------------------------------------------------------------------
    def get_game(self, game_id: str, token: str | None) -> GameView:
        stored, meta = self._load(game_id)
        seat = self._seat(game_id, meta, token)
        view = self._view(game_id, meta, stored.version, state_of(stored), seat, over=stored.finished)
        spec = clocks.spec_of(meta.clock)
        if spec is not None:
            view = view._replace(clock=clocks.clock_view(spec, clocks.load(self.store, game_id), meta.players))
        return view

    def legal_moves(self, game_id: str, token: str | None) -> LegalMoves:
        stored, meta = self._load(game_id)
        seat = self._required_seat(game_id, meta, token, "ListLegalMoves")
        state = state_of(stored)
        game = engine.get_game(state.game_id)
        moves = tuple(
            LegalMove(
                notation=move.notation,
                kind=move.kind,
                args=game.structured_move(move)["args"],
                description=engine.describe_move(state, seat, move),
            )
            for move in (() if stored.finished else engine.legal_moves(state, seat))  # forfeited: none
        )
        return LegalMoves(game_id, stored.version, seat, moves)

    def score(self, game_id: str, token: str | None = None) -> Score:
        stored, meta = self._load(game_id)
        self._seat(game_id, meta, token)
        sheet = self._sheet(stored, meta, state_of(stored))
        return Score(
            game_id=game_id,
            version=stored.version,
            totals=tuple(sheet.totals),
            rounds=tuple(RoundScore(r.label, tuple(r.points), dict(r.details)) for r in sheet.rounds),
            finished=sheet.finished,
            winners=tuple(sheet.winners) if sheet.finished else (),
            details=dict(sheet.details),
            fairness=meta.fairness(stored.finished),
        )

    def record(self, game_id: str) -> dict[str, Any]:
        """The public record of a finished match (``GET /v1/games/{id}/record``, docs/fairness.md): its creation
        parameters, the seed commitment with the revealed seed and salt, the move log, every public event and the
        score; what ``cardengine verify`` checks. FAILED_PRECONDITION (game/not_finished) before the end."""
        stored, meta = self._load(game_id)
        if not stored.finished:
            raise errors.ServiceError(
                errors.Status.FAILED_PRECONDITION,
                "game/not_finished",
                f"Game '{game_id}' is not over: its record, with the revealed seed, is published once it is.",
                {"gameId": game_id, "version": stored.version},
            )
        entries = [LogEntry.decode(raw) for raw in self.store.log(game_id, -1)][: stored.version + 1]
        state = state_of(stored)
        revealed = meta.fairness(True)
        events = [event for entry in entries for event in entry.events_for(meta, None)]
        return {
            "format": fairness.RECORD_FORMAT,
            "gameId": game_id,
            "gameType": meta.game_type,
            "rulesVersion": state.rules_version,
            "players": meta.players,
            "options": meta.options if meta.options is not None else dict(state.options),
            "seatNames": list(meta.seat_names),
            "bots": list(meta.bots),
            "seedSource": revealed.seed_source,
            "seedCommitment": revealed.seed_commitment,
            "seed": revealed.seed or str(state.seed),
            "salt": revealed.salt,
            "version": stored.version,
            "moves": [
                {"version": e.version, "seat": e.seat, "move": e.move} for e in entries[1:] if e.move is not None
            ],
            "events": [
                {"version": e.version, "sequence": e.sequence, "kind": e.kind, "data": e.data, "text": e.text}
                | ({} if e.seat is None else {"seat": e.seat})
                for e in events
            ],
            "score": fairness.score_json(self._sheet(stored, meta, state)),
        }

    def events(
        self,
        game_id: str,
        token: str | None,
        after_version: int | None = None,
        *,
        ticket: str | None = None,
        page_size: int = 0,
        page_token: str = "",
    ) -> EventLog:
        """One page of the caller's events after ``after_version`` (or from ``page_token``): at most ``page_size``
        events (0: DEFAULT_PAGE_SIZE), read from at most ``page_size + 1`` log entries, so a page costs the same
        however long the match is. ``next_page_token`` is set when more follow."""
        if not 0 <= page_size <= MAX_PAGE_SIZE:
            raise errors.invalid_argument(
                f"pageSize must be 0 (the default, {DEFAULT_PAGE_SIZE}) to {MAX_PAGE_SIZE}; got {page_size}.",
                field="pageSize",
            )
        size = page_size or DEFAULT_PAGE_SIZE
        stored, meta = self._load(game_id)
        seat = self._reader_seat(game_id, meta, token, ticket)
        if page_token:
            after, skip = decode_page_token(game_id, seat, page_token)
        else:
            after, skip = self._after(after_version), 0
        entries = [LogEntry.decode(raw) for raw in self.store.log(game_id, after, size + 1)]
        version, finished = stored.version, stored.finished
        if entries and entries[-1].version >= version:
            version, finished = entries[-1].version, entries[-1].finished
        shown: list[EventView] = []
        next_token = ""
        for index, entry in enumerate(entries):
            if index == size:  # the one entry read beyond the page: more follow
                next_token = encode_page_token(game_id, seat, entry.version - 1, 0)
                break
            offset = skip if index == 0 else 0
            visible = entry.events_for(meta, seat)[offset:]
            room = size - len(shown)
            if len(visible) > room:
                shown.extend(visible[:room])
                next_token = encode_page_token(game_id, seat, entry.version - 1, offset + room)
                break
            shown.extend(visible)
        return EventLog(game_id, version, tuple(shown), finished, next_token)

    def watch(
        self,
        game_id: str,
        token: str | None,
        after_version: int | None = None,
        is_active: Callable[[], bool] = lambda: True,
        *,
        ticket: str | None = None,
    ) -> Generator[VersionUpdate | None, None, str]:
        """Yields the versions after ``after_version`` as the caller may see them, then follows the game live;
        yields None when idle for ``watch_poll_seconds`` (a transport may send a heartbeat). Returns why it ended:
        "finished" after the version that finishes the match (or at once when the match was already over),
        "gone" when the game vanishes, "stopped" when ``is_active()`` turns false or the service closes."""
        stored, meta = self._load(game_id)
        seat = self._reader_seat(game_id, meta, token, ticket)
        last = self._after(after_version)
        if stored.finished and last >= stored.version:
            return "finished"
        with self.store.watching(game_id):
            while is_active() and not self._stopping.is_set():
                entries = self.store.log(game_id, last, WATCH_CHUNK)
                for raw in entries:
                    entry = LogEntry.decode(raw)
                    yield entry.update_for(meta, seat)
                    last = entry.version
                    if entry.finished:
                        return "finished"
                if entries:
                    continue
                if not self.store.wait_for_version(game_id, last, self.watch_poll_seconds):
                    if self.store.load(game_id) is None:
                        return "gone"
                    yield None
        return "stopped"

    def seat_of(self, game_id: str, token: str | None, operation: str) -> int:
        """The seat of ``token`` in the game (NOT_FOUND, UNAUTHENTICATED otherwise), for checks that come after
        authentication at an edge."""
        _, meta = self._load(game_id)
        return self._required_seat(game_id, meta, token, operation)

    # ----- stream tickets ---------------------------------------------------------------------------------------
    def create_stream_ticket(self, game_id: str, token: str | None) -> StreamTicket:
        """A new ticket of ``token``'s seat for this game's event stream, valid ``ticket_seconds`` (reusable until
        then, so an EventSource may reconnect with it). The store keeps only its SHA-256."""
        _, meta = self._load(game_id)
        seat = self._required_seat(game_id, meta, token, "CreateStreamTicket")
        ticket = "st_" + secrets.token_urlsafe(24)
        self.store.put_ticket(game_id, token_hash(ticket), seat, self.ticket_seconds)
        log.info("stream ticket issued", extra={"game_id": game_id, "seat": seat})
        return StreamTicket(ticket, game_id, seat, self.ticket_seconds, time.time() + self.ticket_seconds)

    def _reader_seat(self, game_id: str, meta: GameMeta, token: str | None, ticket: str | None) -> int | None:
        """The seat of a reader: from its stream ticket if it sent one, else from its token (None: a spectator)."""
        if ticket is None:
            return self._seat(game_id, meta, token)
        if token:
            raise errors.invalid_argument(
                "Send either a seat token (Authorization header) or a stream ticket (ticket=...), not both.",
                field="ticket",
            )
        digest = token_hash(ticket)
        if any(hmac.compare_digest(digest, known) for known in meta.token_hashes if known):
            raise errors.token_in_url(game_id)
        seat = self.store.ticket_seat(game_id, digest)
        if seat is None:
            raise errors.invalid_ticket(game_id)
        return seat

    # ----- apply ------------------------------------------------------------------------------------------------
    def apply_move(
        self,
        game_id: str,
        token: str | None,
        move: str,
        expected_version: int | None,
        idempotency_key: str | None = None,
        *,
        omit_view: bool = False,
    ) -> MoveResult:
        """Applies ``move`` of the token's seat at ``expected_version``. ``omit_view``: the answer's game carries the
        header (version, who acts, finished, seats) without the view, the cheapest answer. A retry with a known
        ``idempotency_key`` answers the first result's version and events with the game as it is now (the view at
        that version is not kept: see ``encode_result``)."""
        if not move:
            raise errors.invalid_argument("move is required: the notation of one of the legal moves.", field="move")
        if len(move) > MAX_MOVE_CHARS:
            raise errors.too_long("move", move, MAX_MOVE_CHARS)
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
                return self._replay(prior, stored, meta, seat, move, idempotency_key or "", omit_view)
            metrics.stale_conflict(meta.game_type)
            raise errors.stale_version(expected_version, stored.version)
        return self._commit_move(stored, meta, seat, move, result_key, idempotency_key or "", omit_view)

    def _commit_move(
        self,
        stored: StoredGame,
        meta: GameMeta,
        seat: int,
        move: str,
        result_key: str | None,
        idempotency_key: str,
        omit_view: bool = False,
        timed_out: bool = False,
    ) -> MoveResult:
        """Applies ``move`` of ``seat`` to ``stored`` (the expected version) and commits it with compare-and-set;
        then marks the game in the bot queue. The one write path of people and bots alike."""
        game_id = stored.game_id
        version = stored.version + 1
        if stored.finished:  # a forfeited match: over by the stored record though the engine state is not
            raise engine.GameFinishedError(f"The match is finished; '{move}' cannot be played.")
        with tracing.span("engine.apply", game_type=meta.game_type):
            state = state_of(stored)
            parsed = engine.parse_move(state, move)
            new_state, events = engine.apply(state, seat, parsed)
            game_view = self._view(game_id, meta, version, new_state, seat, omit_view)
        finished = game_view.finished
        entry = LogEntry(
            version, seat, parsed.notation, game_view.to_act, finished, stored.event_count, tuple(events), timed_out
        )
        result = MoveResult(version, game_view, entry.events_for(meta, seat))
        updated = StoredGame(
            game_id, version, engine.encode(new_state), stored.event_count + len(events), finished, stored.meta
        )
        idempotency = (result_key, encode_result(parsed.notation, version)) if result_key else None
        outcome = self.store.commit(updated, stored.version, entry.encode(), idempotency)
        if isinstance(outcome, Committed):
            remember_state(game_id, updated.snapshot, new_state)
            metrics.move_applied(meta.game_type, finished)
            self._log_move(game_id, seat, version, parsed, finished)
            self._mark_bots(game_id, meta, version, game_view.to_act, finished)
            if meta.clock is not None:
                spec = clocks.ClockSpec.from_record(meta.clock)
                record = clocks.after_commit(self.store, spec, game_id, version, game_view.to_act, finished, timed_out)
                clocked = game_view._replace(clock=clocks.clock_view(spec, record, meta.players))
                return result._replace(game=clocked)
            return result
        if isinstance(outcome, Duplicate):
            current = self.store.load(game_id)  # the local copy was the version before: read the game as it is now
            if current is None:
                raise errors.game_not_found(game_id)
            return self._replay(outcome.result, current, meta, seat, parsed.notation, idempotency_key, omit_view)
        if isinstance(outcome, Stale):
            metrics.stale_conflict(meta.game_type)
            raise errors.stale_version(stored.version, outcome.current_version)
        assert isinstance(outcome, Missing)
        raise errors.game_not_found(game_id)

    # ----- bot seats --------------------------------------------------------------------------------------------
    def bot_turn(self, game_id: str, budget_seconds: float = engine_bots.DEFAULT_BUDGET_SECONDS) -> BotTurn | None:
        """What a bot worker needs to play the game now: the first bot seat among the seats to act, its kind and
        its seat-scoped input (``engine.bots.SeatInput``: its own view and legal moves, never the state). None if
        the game is gone; a turn with no seat if no bot is to act (people are, or the match is over)."""
        stored = self.store.load(game_id)
        if stored is None:
            return None
        meta = GameMeta.decode(stored.meta)
        if stored.finished:
            return BotTurn(game_id, stored.version, True)
        state = state_of(stored)
        seed = meta.seed if meta.seed is not None else game_id
        for seat in engine.to_act(state):
            if meta.bots[seat]:
                seat_input = engine_bots.seat_input(state, seat, budget_seconds)
                return BotTurn(game_id, stored.version, stored.finished, seat, meta.bots[seat], seed, seat_input)
        return BotTurn(game_id, stored.version, stored.finished)

    def apply_bot_move(self, game_id: str, seat: int, move: str, expected_version: int) -> MoveResult:
        """A bot seat's move, through the same rules and compare-and-set as a person's (``ApplyMove``); a stale
        ``expected_version`` is ABORTED (``version/stale``): another worker moved first. Only bot seats."""
        stored, meta = self._load(game_id, for_version=expected_version)
        if not 0 <= seat < meta.players or not meta.bots[seat]:
            raise errors.invalid_argument(f"Seat {seat} of game '{game_id}' is no bot seat.", field="seat")
        if stored.version != expected_version:
            metrics.stale_conflict(meta.game_type)
            raise errors.stale_version(expected_version, stored.version)
        return self._commit_move(stored, meta, seat, move, None, "")

    def apply_timeouts(self, game_id: str, lease_ms: int) -> int:
        """The timeout moves of a game whose clock a sweeper claimed (its due time moved to ``lease_ms``,
        service/core/clocks.py): while a seat to act is past its deadline, its game's ``timeout_move`` at the current
        version through the one write path (``_commit_move``, flagged ``timed_out``); a stale version means a
        person or another sweeper moved first, and its commit set the next deadlines. Returns the moves applied."""
        store = clocks.clock_store(self.store)
        applied = 0
        for _ in range(clocks.MAX_TIMEOUT_MOVES):
            stored = self.store.load(game_id)
            meta = None if stored is None else meta_of(stored.meta)
            spec = None if meta is None else clocks.spec_of(meta.clock)
            if stored is None or meta is None or spec is None or stored.finished:
                if store.move_clock(game_id, lease_ms, None):
                    store.save_clock(game_id, None, None)
                return applied
            state = state_of(stored)
            acting = engine.to_act(state)
            record = clocks.load(self.store, game_id)
            if record is None or record.version != stored.version:  # a commit whose hook did not run: write it now
                record = clocks.after_commit(self.store, spec, game_id, stored.version, acting, stored.finished)
                if record is None:
                    return applied
            now = clocks.now_ms()
            late = [seat for seat in acting if record.deadlines.get(seat, now + 1) <= now]
            if not late:  # give the lease back as the earliest deadline (unless a commit has replaced it)
                store.move_clock(game_id, lease_ms, record.due_ms())
                return applied
            seat = late[0]
            if spec.on_timeout == clocks.ON_TIMEOUT_FORFEIT:
                if self._commit_forfeit(stored, meta, seat):
                    log.info("seat forfeited on time", extra={"game_id": game_id, "seat": seat})
                    applied += 1
                return applied
            move = engine.get_game(meta.game_type).timeout_move(state, seat)
            try:
                self._commit_move(stored, meta, seat, move.notation, None, "", True, timed_out=True)
            except errors.ServiceError as error:
                if error.code == "version/stale":
                    return applied
                raise
            log.info("turn timed out", extra={"game_id": game_id, "seat": seat, "version": stored.version + 1})
            applied += 1
        return applied

    def _commit_forfeit(self, stored: StoredGame, meta: GameMeta, seat: int) -> bool:
        """Ends the match at ``stored`` (the expected version): ``seat`` ran out of time and forfeits. One more
        version, committed with compare-and-set like a move, whose log entry has no move and one public event
        (``forfeited``); the snapshot is unchanged and the record finished (service/core/forfeit.py). False when a
        person, a bot or another sweeper moved first (their commit set the next deadlines)."""
        game_id = stored.game_id
        version = stored.version + 1
        events = (forfeit.forfeit_event(seat),)
        entry = LogEntry(version, seat, None, (), True, stored.event_count, events, True)
        updated = StoredGame(game_id, version, stored.snapshot, stored.event_count + len(events), True, stored.meta)
        outcome = self.store.commit(updated, stored.version, entry.encode(), None)
        if isinstance(outcome, Stale):
            return False
        if isinstance(outcome, Missing):
            raise errors.game_not_found(game_id)
        metrics.move_applied(meta.game_type, True)
        self._mark_bots(game_id, meta, version, (), True)
        if meta.clock is not None:
            clocks.after_commit(self.store, clocks.ClockSpec.from_record(meta.clock), game_id, version, (), True, True)
        return True

    def _forfeit(self, stored: StoredGame) -> tuple[int, str] | None:
        """The seat and reason of a forfeited match (its last log entry is the forfeit), or None."""
        if not stored.finished or stored.version < 1:
            return None
        entries = self.store.log(stored.game_id, stored.version - 1, 1)
        if not entries:
            return None
        entry = LogEntry.decode(entries[0])
        return forfeit.forfeit_of(entry.events) if entry.move is None else None

    def _sheet(self, stored: StoredGame, meta: GameMeta, state: engine.GameState) -> engine.ScoreSheet:
        """The score sheet: the engine's, or for a forfeited match the forfeit's (service/core/forfeit.py)."""
        sheet = engine.score(state)
        if stored.finished and not sheet.finished:
            lost = self._forfeit(stored)
            if lost is not None:
                return forfeit.forfeited_sheet(sheet, meta.players, lost[0], lost[1])
        return sheet

    def _mark_bots(self, game_id: str, meta: GameMeta, version: int, to_act: Sequence[int], finished: bool) -> None:
        """Tells the bot queue whether the game now waits on a bot. After the commit: if the store fails here,
        the move stands and the queue's sweep finds the game later."""
        if not any(meta.bots):
            return
        state: BotState = "done" if finished else "due" if any(meta.bots[seat] for seat in to_act) else "idle"
        try:
            self.store.bots.mark(game_id, version, state)
        except errors.StoreUnavailableError as error:
            log.warning(
                "bot queue not updated; its sweep will find the game",
                extra={"game_id": game_id, "version": version, "error": str(error)},
            )

    # ----- helpers ----------------------------------------------------------------------------------------------
    @staticmethod
    def _after(after_version: int | None) -> int:
        if after_version is None:
            return -1
        if after_version < 0:
            raise errors.invalid_argument(f"after must be a version (>= 0); got {after_version}.", field="after")
        return after_version

    def _load(self, game_id: str, for_version: int | None = None) -> tuple[StoredGame, GameMeta]:
        if not game_id or not GAME_ID_PATTERN.fullmatch(game_id):
            raise errors.invalid_argument(
                f"gameId {errors.quote(game_id)} is malformed: 1 to 64 letters, digits, '-' or '_'.", field="gameId"
            )
        stored = self.store.load(game_id) if for_version is None else self.store.load_for_update(game_id, for_version)
        if stored is None:
            raise errors.game_not_found(game_id)
        return stored, meta_of(stored.meta)

    @staticmethod
    def _seat(game_id: str, meta: GameMeta, token: str | None) -> int | None:
        """The seat of ``token``; None without a token (a spectator); UNAUTHENTICATED for a token of no seat."""
        if not token:
            return None
        digest = token_hash(token)
        found: int | None = None
        for seat, known in enumerate(meta.token_hashes):
            if known and hmac.compare_digest(digest, known):
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
    def _view(
        game_id: str,
        meta: GameMeta,
        version: int,
        state: engine.GameState,
        seat: int | None,
        omit_view: bool = False,
        *,
        over: bool = False,
    ) -> GameView:
        """``over``: the stored record says finished (a forfeited match is, though its engine state is not): the
        header then says finished with nobody to act."""
        if omit_view:
            to_act, finished = tuple(engine.to_act(state)), engine.is_finished(state)
            if over:
                to_act, finished = (), True
            return GameView(
                game_id,
                meta.game_type,
                meta.players,
                version,
                seat,
                to_act,
                finished,
                None,
                meta.seat_names,
                meta.bots,
                meta.commitment,
                meta.seed_source,
            )
        view = engine.view(state, seat)  # its header already carries who acts and whether the match is over
        if over and not view["finished"]:
            view = view | {"toAct": [], "finished": True}
        return GameView(
            game_id=game_id,
            game_type=meta.game_type,
            players=meta.players,
            version=version,
            seat=seat,
            to_act=tuple(view["toAct"]),
            finished=view["finished"],
            view=view,
            seat_names=meta.seat_names,
            bots=meta.bots,
            seed_commitment=meta.commitment,
            seed_source=meta.seed_source,
        )

    def _log_move(self, game_id: str, seat: int, version: int, move: engine.Move, finished: bool) -> None:
        """Each move at DEBUG (with its text); at INFO only a sample, with the move's kind, never its text (a
        private move is a secret): the move that ends a match, and at most one other per ``MOVE_LOG_SECONDS``."""
        if log.isEnabledFor(logging.DEBUG):
            fields = {"game_id": game_id, "seat": seat, "version": version, "kind": move.kind, "move": str(move)}
            log.debug("move applied", extra=fields)
            return
        now = time.monotonic()
        if finished or now >= self._next_move_log:
            self._next_move_log = now + MOVE_LOG_SECONDS
            log.info("move applied", extra={"game_id": game_id, "seat": seat, "version": version, "kind": move.kind})

    def _replay(
        self, prior: bytes, current: StoredGame, meta: GameMeta, seat: int, move: str, key: str, omit_view: bool
    ) -> MoveResult:
        """The first result stored with the key, if ``move`` is the same move as the first one: their canonical
        notations are compared (a list argument in any order is the same move); else ``idempotency/key_reused``.
        Its version and events are the first answer's (the events read again from that version's log entry); its
        game is ``current``, the game as it is now, seen by ``seat`` (the view at the first answer's version is not
        kept). The cost is flat: one result and one log entry, however long the match."""
        first_move, version, events = decode_result(prior)
        game_type = meta.game_type
        retried = canonical_notation(game_type, move)
        if retried is None or retried != (canonical_notation(game_type, first_move) or first_move):
            raise errors.idempotency_key_reused(key, first_move)
        if events is None:
            entries = self.store.log(current.game_id, version - 1, 1)
            events = LogEntry.decode(entries[0]).events_for(meta, seat) if entries else ()
        state = state_of(current)
        game = self._view(current.game_id, meta, current.version, state, seat, omit_view, over=current.finished)
        return MoveResult(version, game, events, replayed=True)
