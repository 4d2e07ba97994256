"""What a caller may ask of a store: the protocols, grouped as a backend writes them, and the values they exchange.

A store (``GameStore``) keeps games: an engine snapshot with its version, event count, finished flag and immutable
``meta`` (``StoredGame``), a log with one entry per version, idempotency results and stream tickets; ``commit`` is
the one write after ``create``. Its methods come in groups:

- ``StoreCore``, what every backend writes: ``create``, ``load``, ``commit`` (the compare-and-set), ``withdraw``,
  ``delete``, ``log``, ``idempotent_result``, ``ping``, ``close``;
- optional groups, each with a default in service/storage/backend.py (``with_defaults``): ``LoadsForUpdate``,
  ``ConfirmsDurable``, ``Watches``, ``KeepsTickets`` and the turn clocks (``ClockStore``: service/core/clocks.py);
- five parts, each a protocol of its own, with process-local defaults too: ``limits`` (``LimitStore``: token
  buckets, counters in a window and each API key's live games, service/access/limits.py), ``keys`` (``KeyStore``:
  API key records by the HMAC of their key, service/access/keys.py), ``bots`` (``BotQueue``: the due-queue of games
  waiting on a bot seat, service/bots/) and ``lifecycle`` (``LifecycleStore``: invitations, members, each key's
  games and events, service/core/lifecycle.py).

``MemoryStore`` (service/storage/store.py, one process) and ``RedisStore`` (service/storage/redis_store.py, on a
Redis or a Redis Cluster, shared by replicas) write every group; ``tests/service/test_store_contract.py`` runs each
protocol on each of them and on a backend that writes the core alone. Callers see only these protocols. The store
never interprets snapshots, log entries or results: they are bytes that the core encodes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Literal, Protocol, runtime_checkable

# ----- games ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game's state as stored. ``commit_id`` names the write that stored it (service/storage/commit_ids.py): set
    by the store on ``create`` and ``commit`` (what a caller passes in is ignored), answered by ``load``; equality
    compares the state, not which write made it."""

    game_id: str
    version: int
    snapshot: bytes
    event_count: int
    finished: bool
    meta: bytes
    commit_id: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class Committed:
    """The version was ``expected`` and is now ``expected + 1``."""


@dataclass(frozen=True, slots=True)
class Stale:
    """The version was not the expected one, or it was but the state stored at it is not the one the commit was
    computed from (another commit id: ``current_version`` is then the expected version); nothing was written."""

    current_version: int


@dataclass(frozen=True, slots=True)
class Duplicate:
    """The idempotency key was already used; nothing was written. ``result`` is what the first use stored."""

    result: bytes


@dataclass(frozen=True, slots=True)
class Missing:
    """The game does not exist (any more)."""


CommitOutcome = Committed | Stale | Duplicate | Missing


class GameExistsError(ValueError):
    """``create`` found a game with that id. ``same``: the stored game has the very ``meta`` of the one to create,
    so it is an earlier attempt of this same create (a retried request, or a store call re-sent after a lost
    answer: every create draws fresh token hashes, and a keyed CreateGame derives the same ones again)."""

    def __init__(self, game_id: str, *, same: bool) -> None:
        super().__init__(f"Game '{game_id}' already exists.")
        self.game_id = game_id
        self.same = same


# ----- the bot queue ----------------------------------------------------------------------------------------------

BotState = Literal["due", "idle", "done"]
GONE_VERSION = 2**53
"""The version a worker marks a vanished game ``done`` with: newer than any real version."""


@dataclass(frozen=True, slots=True)
class Claim:
    """A claimed game (None: nothing is due), and, when nothing is due, how long until the next entry may be."""

    game_id: str | None
    wait_seconds: float | None = None


class BotQueue(Protocol):
    """Which games wait on a bot seat (service/storage/bot_queue.py tells the whole protocol)."""

    def register(self, game_id: str) -> None:
        """Known before the game is stored (version -1, not due), so a sweep finds it even if its first mark is
        lost."""

    def mark(self, game_id: str, version: int, state: BotState) -> None:
        """The game at ``version`` waits on a bot (``due``), on people (``idle``), or on nobody (``done``).
        Ignored when a newer version of the game was marked already. Marking ``due`` again at the same version
        keeps a running lease."""

    def claim(self, lease_seconds: float, delay_seconds: float = 0.0) -> Claim:
        """The earliest game due for at least ``delay_seconds``, leased to the caller for ``lease_seconds``."""

    def wait(self, timeout: float) -> None:
        """Blocks until a game of this process is marked due, ``wake_all`` is called, or ``timeout`` seconds."""

    def wake_all(self) -> None:
        """Wakes every ``wait`` of this process (workers stopping)."""

    def sweep(self) -> int:
        """Re-queues games whose mark was lost and forgets games that are gone or finished; the number of games
        re-queued. A no-op where marks cannot be lost."""

    def due_count(self) -> int:
        """Entries in the queue (due, or leased to a worker)."""


# ----- turn clocks ------------------------------------------------------------------------------------------------


@runtime_checkable
class ClockStore(Protocol):
    """Each clocked game's clock record (bytes that service/core/clocks.py encodes) and its earliest deadline."""

    def save_clock(self, game_id: str, record: bytes | None, due_ms: int | None) -> None:
        """Keeps the game's clock record (None: removed) and its earliest deadline, epoch ms (None: no deadline
        runs). The record expires with the game."""

    def load_clock(self, game_id: str) -> bytes | None:
        """The game's clock record; None without one."""

    def due_clocks(self, now_ms: int, limit: int) -> list[tuple[str, int]]:
        """Games whose deadline (or a sweeper's lease) is at or before ``now_ms``, earliest first, at most
        ``limit``: (game id, due time)."""

    def move_clock(self, game_id: str, expected_ms: int, new_ms: int | None) -> bool:
        """Compare-and-set of a game's due time: if it is ``expected_ms``, it becomes ``new_ms`` (None: removed;
        the record stays) and True; else nothing changes (two sweepers never both claim one deadline)."""


# ----- limits -----------------------------------------------------------------------------------------------------


class LimitStore(Protocol):
    """The counts behind the rate limits and quotas, shared by every process of the store."""

    def take(self, bucket: str, rate: float, burst: int) -> float:
        """Takes one token of ``bucket`` (``rate`` tokens a second, at most ``burst``): 0 if there was one, else
        the seconds until there is one."""

    def take_left(self, bucket: str, rate: float, burst: int) -> tuple[float, float]:
        """Like ``take``, and the tokens left in the bucket after it (for the RateLimit headers)."""

    def count(self, counter: str, limit: int, window: float) -> tuple[int, float]:
        """Counts one more in ``counter``; (the count, seconds until it resets). The window of ``window`` seconds
        starts at the first count and starts again when the count reaches ``limit``."""

    def admit_live_game(self, owner: str, game_id: str, cap: int) -> bool:
        """Adds ``game_id`` to ``owner``'s live games if it holds fewer than ``cap``, after dropping those no
        longer live (``are_live``) when it is full; True if added or already there, False if it stays full."""

    def are_live(self, game_ids: Sequence[str]) -> list[bool]:
        """Whether each game is stored and unfinished."""


# ----- API keys ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class KeyRecord:
    """What is known of an API key besides the key itself, which is never kept."""

    key_id: str
    name: str
    created_at: float  # seconds since the epoch; 0 for file keys
    revoked_at: float | None = None

    def to_json(self) -> dict[str, object]:
        record: dict[str, object] = {"id": self.key_id, "name": self.name, "createdAt": self.created_at}
        if self.revoked_at is not None:
            record["revokedAt"] = self.revoked_at
        return record

    @classmethod
    def from_json(cls, raw: Mapping[str, object]) -> KeyRecord:
        revoked = raw.get("revokedAt")
        created = raw.get("createdAt", 0)
        return cls(
            str(raw["id"]),
            str(raw.get("name", "")),
            float(created) if isinstance(created, int | float) else 0.0,
            float(revoked) if isinstance(revoked, int | float) else None,
        )


class KeyStore(Protocol):
    """Key records by the HMAC of their key (the key itself is never stored)."""

    @property
    def is_shared(self) -> bool:
        """Whether other processes (``cardengine keys``) reach these keys: True in Redis, False in a process's
        memory (where no command could ever add one)."""
        ...

    def add(self, digest: str, record: KeyRecord) -> None: ...

    def find(self, digest: str) -> KeyRecord | None: ...

    def records(self) -> list[KeyRecord]:
        """Every record, oldest first."""
        ...

    def revoke(self, key_id: str, when: float) -> bool:
        """Marks the key revoked (once: a second revocation keeps the first time); False if there is no key with
        that id."""
        ...


# ----- the lifecycle of games ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OwnedGame:
    """One entry of an API key's list of games: the game, when it was listed (epoch ms) and the core's record of
    the key's part in it (bytes)."""

    game_id: str
    at_ms: int
    record: bytes


class LifecycleStore(Protocol):
    """What the lifecycle of games keeps beside them (service/core/lifecycle.py): invitations to seats, the keys
    that joined a game, each API key's list of games and each API key's event stream. A game's invitations and
    members share its hash slot; a key's list and stream share the key's own slot."""

    def put_invitation(self, game_id: str, code_hash: str, record: bytes, ttl_seconds: float) -> None:
        """Keeps an invitation of ``game_id`` by the hash of its code, for ``ttl_seconds``."""

    def take_invitation(self, game_id: str, code_hash: str) -> bytes | None:
        """The invitation's record, removed in the same step (a code is redeemed once); None if unknown."""

    def add_member(self, game_id: str, owner: str, record: bytes, ttl_seconds: float) -> None:
        """Records that API key ``owner`` joined the game (its record: the seats), for ``ttl_seconds``."""

    def members(self, game_id: str) -> dict[str, bytes]:
        """The API keys that joined the game, with their records."""

    def index_game(self, owner: str, game_id: str, at_ms: int, record: bytes) -> None:
        """Lists the game among ``owner``'s games at ``at_ms`` (again: the record is replaced, the time kept)."""

    def unindex_game(self, owner: str, game_id: str) -> None:
        """Takes the game off ``owner``'s list."""

    def owner_games(self, owner: str, before: tuple[int, str] | None, limit: int) -> list[OwnedGame]:
        """``owner``'s games, newest first (by time, then game id, both descending), strictly after ``before`` in
        that order (None: from the newest); at most ``limit``."""

    def append_key_event(self, owner: str, payload: bytes) -> str:
        """Appends an event to ``owner``'s stream (the oldest beyond the last 1000 are dropped); its id."""

    def key_events(self, owner: str, after: str, limit: int, wait_seconds: float) -> list[tuple[str, bytes]]:
        """The events of ``owner``'s stream after id ``after`` ("0": from the oldest kept), at most ``limit``,
        waiting up to ``wait_seconds`` for one when there are none yet."""

    def key_stream_position(self, owner: str) -> str:
        """The id of the newest event of ``owner``'s stream ("0" when it holds none): reading after it gives the
        events appended from now on."""


# ----- the lobby --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ListedGame:
    """One game of the lobby: the game, when it was listed (epoch ms) and the core's record of it (bytes)."""

    game_id: str
    at_ms: int
    record: bytes


class LobbyStore(Protocol):
    """The lobby's listing (service/core/lobby.py): the games with an open seat, by game type, oldest first. Only a
    listing: which seats are open is the game's own record (its meta), and a seat is taken by the game's
    compare-and-set; the core lists and unlists games after their commits, and a listed game found closed or gone
    is unlisted by the reader. On Redis every key of the listing shares one hash slot."""

    def list_game(self, game_id: str, game_type: str, at_ms: int, record: bytes) -> None:
        """Lists the game under its type at ``at_ms`` (again: the record is replaced, the time kept)."""

    def unlist_game(self, game_id: str, game_type: str) -> None:
        """Takes the game out of the lobby (nothing if it is not listed)."""

    def listed_games(self, game_type: str, after: tuple[int, str] | None, limit: int) -> list[ListedGame]:
        """The games listed under ``game_type`` (empty: every type), oldest first (by time, then game id), strictly
        after ``after`` in that order (None: from the oldest); at most ``limit``."""


# ----- leases -----------------------------------------------------------------------------------------------------


class LeaseStore(Protocol):
    """Named leases: one holder at a time over the whole store (every replica), for a time-to-live the holder renews;
    a holder that dies stops renewing and the lease moves on to whoever asks next once it expires. Each grant of a
    lease to a new holder has a ``term`` one more than the last (a fencing number: a holder that lost its lease,
    say paused past its time-to-live, finds its term stale and stops). Memory: service/storage/memory_leases.py;
    Redis: service/storage/redis_leases.py (each lease in a hash slot of its own, ``{lease:<name>}``).

    A reusable part: the matchmaker (service/matchmaking/) holds ``matchmaker``; the tournament director, or any
    other loop that must run in one process at a time, takes a lease of its own name."""

    def acquire(self, name: str, holder: str, ttl_seconds: float) -> int:
        """Takes the lease for ``holder`` if it is free (or expired), or renews it if ``holder`` holds it already;
        its term (1 or more), or 0 when another holder has it (nothing changes then)."""

    def renew(self, name: str, holder: str, term: int, ttl_seconds: float) -> bool:
        """Extends the lease to ``ttl_seconds`` from now if ``holder`` still holds it at ``term``; False if it
        lost it (expired, or taken by another)."""

    def release(self, name: str, holder: str, term: int) -> None:
        """Frees the lease if ``holder`` holds it at ``term`` (a stopping holder: the next one need not wait out
        the time-to-live); nothing otherwise."""

    def holder(self, name: str) -> tuple[str, int] | None:
        """The lease's holder and term, or None when it is free."""


# ----- matchmaking ------------------------------------------------------------------------------------------------

TICKET_WAITING = "waiting"
"""A ticket's state while it waits for a match; then ``matching`` (claimed by a match being made), ``matched``, or
the state it was settled in (``cancelled``, ``expired``)."""


@dataclass(frozen=True, slots=True)
class StoredTicket:
    """A quick-match ticket as stored (service/matchmaking/): its owner (API key id; empty: none), when it was made
    (epoch ms), the core's record of it, its state, and once claimed its place in the match (the core's record)."""

    ticket_id: str
    owner: str
    created_ms: int
    record: bytes
    state: str = TICKET_WAITING
    place: bytes = b""


class MatchmakingStore(Protocol):
    """The tickets of quick match (service/matchmaking/): each ticket with its state, the waiting ones oldest first,
    and the matches claimed but not completed yet (a matcher that died mid-match leaves one: its successor completes
    it). Every change of state is a compare-and-set: a ticket is claimed by one match at most. Memory:
    service/storage/memory_matchmaking.py; Redis: service/storage/redis_matchmaking.py (every key in the
    ``{matchmaking}`` slot, so that a claim of several tickets is one script)."""

    def put_ticket(self, ticket: StoredTicket, ttl_seconds: float) -> None:
        """Keeps a new ticket (waiting: listed among the waiting ones) for ``ttl_seconds``."""

    def ticket(self, ticket_id: str) -> StoredTicket | None:
        """The ticket, or None when it is unknown or expired."""

    def waiting_tickets(self, limit: int) -> list[StoredTicket]:
        """The waiting tickets, oldest first (by creation time), at most ``limit``."""

    def settle_ticket(self, ticket_id: str, state: str) -> StoredTicket | None:
        """A waiting ticket leaves the waiting ones in ``state`` (cancelled, expired); a ticket in any other state is
        left as it is. The ticket as it is afterwards (None: unknown or expired)."""

    def claim_tickets(self, match_id: str, plan: bytes, places: Mapping[str, bytes], ttl_seconds: float) -> bool:
        """If every ticket of ``places`` (ticket id -> its place in the match) is waiting: each becomes ``matching``
        with its place and a time-to-live of ``ttl_seconds``, and the match's ``plan`` is kept as pending under
        ``match_id``; True. Else nothing changes; False."""

    def pending_matches(self) -> list[tuple[str, bytes]]:
        """The matches claimed and not completed: (match id, plan)."""

    def complete_match(self, match_id: str, ticket_ids: Sequence[str]) -> None:
        """The match's tickets that are ``matching`` become ``matched`` and its plan is no longer pending (again:
        nothing changes)."""


# ----- webhooks ---------------------------------------------------------------------------------------------------


class WebhookStore(Protocol):
    """Each API key's webhook endpoints (records the core encodes, service/webhooks/) and each endpoint's delivery
    state (its cursor in the key's event stream and the attempts at the event it delivers). Memory:
    service/storage/memory_webhooks.py; Redis: service/storage/redis_webhooks.py (every key in the ``{webhooks}``
    slot)."""

    def add_endpoint(self, key_id: str, endpoint_id: str, record: bytes, state: bytes, cap: int) -> bool:
        """Adds the endpoint of ``key_id`` with its first delivery state if the key holds fewer than ``cap``; False
        (nothing changes) otherwise."""

    def remove_endpoint(self, key_id: str, endpoint_id: str) -> bool:
        """Removes the key's endpoint and its state; False if the key holds no endpoint of that id."""

    def key_endpoints(self, key_id: str) -> dict[str, bytes]:
        """The key's endpoints: endpoint id -> record."""

    def all_endpoints(self) -> dict[str, bytes]:
        """Every endpoint of every key: endpoint id -> record (the deliverer's round)."""

    def delivery_states(self, endpoint_ids: Sequence[str]) -> list[bytes | None]:
        """Each endpoint's delivery state (None: no such endpoint)."""

    def save_delivery_state(self, endpoint_id: str, expected: bytes, state: bytes) -> bool:
        """Compare-and-set: the endpoint's state becomes ``state`` if it is ``expected``; False (nothing changes)
        if it is not (another deliverer moved it) or the endpoint is gone."""


# ----- tournaments ------------------------------------------------------------------------------------------------


class TournamentStore(Protocol):
    """The tournaments (service/tournaments/): each one's record (bytes the room encodes: the director's state) with
    a version for compare-and-set, the set of those still running (the director's work list), and each API key's
    list of its tournaments. Memory: service/storage/memory_tournaments.py; Redis:
    service/storage/redis_tournaments.py (every key in the ``{tournaments}`` slot)."""

    def create_tournament(self, tournament_id: str, record: bytes, key_ids: Sequence[str], at_ms: int) -> bool:
        """Stores a new tournament at version 1, running, listed under each of ``key_ids`` at ``at_ms``; False
        (nothing changes) when the id is taken."""

    def load_tournament(self, tournament_id: str) -> tuple[int, bytes] | None:
        """The tournament's version and record; None when unknown (or expired)."""

    def save_tournament(self, tournament_id: str, record: bytes, expected_version: int, *, running: bool) -> bool:
        """Compare-and-set: the record becomes ``record`` (its version one more) if its version is
        ``expected_version``, and it is in the running set or not as ``running`` says; False (nothing changes)
        otherwise, and a tournament with no record (expired) leaves the running set."""

    def running_tournaments(self) -> list[str]:
        """The ids of the tournaments in the running set."""

    def key_tournaments(self, key_id: str, before: tuple[int, str] | None, limit: int) -> list[tuple[int, str]]:
        """The key's tournaments as (when listed, id), newest first, strictly before ``before`` in that order
        (None: from the newest); at most ``limit``."""


# ----- the store --------------------------------------------------------------------------------------------------


class StoreCore(Protocol):
    """What every backend writes (service/storage/backend.py gives it the rest): the games, their log and the one
    compare-and-set that writes them, with the idempotency results kept in the same write."""

    def create(self, game: StoredGame, first_entry: bytes) -> None:
        """Stores a new game at version 0 with the log entry of its deal; GameExistsError (a ValueError) if a game
        with that id exists, writing nothing."""

    def load(self, game_id: str) -> StoredGame | None:
        """The game's current state, or None if there is no such game."""

    def commit(
        self,
        game: StoredGame,
        expected_version: int,
        entry: bytes,
        idempotency: tuple[str, bytes] | None = None,
        expected_commit_id: str | None = None,
    ) -> CommitOutcome:
        """Atomically: if an idempotency key is given and known, Duplicate; if the stored version is not
        ``expected_version``, or ``expected_commit_id`` is given and the stored state's commit id is not it (the
        state the update was computed from is not the store's), Stale; else replaces the game by ``game`` (version
        ``expected_version + 1``) under a new commit id, appends ``entry`` to the log, stores the idempotency
        result, refreshes the time-to-live (the shorter finished one when ``game.finished``) and wakes the game's
        watchers. Every write of the service passes ``expected_commit_id`` (None: the version alone, for tools)."""

    def withdraw(self, game: StoredGame) -> None:
        """Undoes a ``create`` of ``game`` whose outcome is unknown: removes the game if it is stored with this very
        ``meta``, and keeps that create from running later (a stalled store may still run it). Raises
        StoreUnavailableError when the store cannot be reached (the caller tries again later)."""

    def delete(self, game_id: str) -> bool:
        """Removes the game with everything kept with it (log, results, clock, invitations, members; a core
        backend: what it keeps itself, ``with_defaults`` the rest); True if it was there."""

    def log(self, game_id: str, after_version: int, limit: int | None = None) -> list[bytes]:
        """The log entries of the versions after ``after_version`` (-1: all), in order; at most ``limit`` of them
        (None: to the end). Reads only that range, so a page costs the same however long the log is."""

    def idempotent_result(self, game_id: str, key: str) -> bytes | None:
        """The result stored with ``key``, if any."""

    def ping(self) -> None:
        """Returns if the store answers; raises StoreUnavailableError otherwise."""

    def close(self) -> None: ...


@runtime_checkable
class LoadsForUpdate(Protocol):
    """Optional (default: ``load``): a read for a move that may answer from a local copy."""

    def load_for_update(self, game_id: str, expected_version: int) -> StoredGame | None:
        """Like ``load``, but may answer from a local copy whose version is ``expected_version``. A store that went
        back may hold another state at that version: ``commit`` with the copy's ``commit_id`` refuses it then."""


@runtime_checkable
class ConfirmsDurable(Protocol):
    """Optional (default: nothing to wait for): a write confirmed as durable as a commit promises."""

    def confirm_durable(self, game_id: str) -> None:
        """Returns once the game's last write is as durable as a commit's acknowledgement promises (on Redis with
        replicas: a replica has it), before a write made earlier is answered as replayed; raises
        ``DurabilityUnknownError`` (a StoreUnavailableError) when that cannot be confirmed in time."""


@runtime_checkable
class Watches(Protocol):
    """Optional (default: woken by this process's commits, and by polling ``load`` for other processes')."""

    def watching(self, game_id: str) -> AbstractContextManager[None]:
        """While entered, ``wait_for_version`` of this game is woken by commits (on any replica)."""

    def wait_for_version(self, game_id: str, version: int, timeout: float) -> bool:
        """Blocks until a version greater than ``version`` was committed, or ``timeout`` seconds; True if woken
        by such a commit. Only valid inside ``watching(game_id)``; callers re-read the log either way."""


@runtime_checkable
class KeepsTickets(Protocol):
    """Optional (default: in this process's memory, service/storage/memory_parts.py ``MemoryTickets``)."""

    def put_ticket(self, game_id: str, ticket_hash: str, seat: int, ttl_seconds: float) -> None:
        """Keeps a stream ticket of ``game_id`` (by its hash) for ``seat``, for ``ttl_seconds``."""

    def ticket_seat(self, game_id: str, ticket_hash: str) -> int | None:
        """The seat of a live stream ticket of ``game_id``; None if unknown, expired or of another game."""


class GameStore(StoreCore, LoadsForUpdate, ConfirmsDurable, Watches, KeepsTickets, ClockStore, Protocol):
    """The whole store the service uses: the core, the optional groups above, the turn clocks (a clock is kept
    beside its game and expires with it) and the store's five parts. ``MemoryStore`` and ``RedisStore`` write all
    of it; ``with_defaults`` (service/storage/backend.py) makes one of a ``StoreCore``."""

    @property
    def bots(self) -> BotQueue:
        """The due-queue of games waiting on a bot seat, kept beside the games."""
        ...

    @property
    def limits(self) -> LimitStore: ...

    @property
    def keys(self) -> KeyStore: ...

    @property
    def lifecycle(self) -> LifecycleStore:
        """Invitations, members, each key's list of games and its event stream."""
        ...

    @property
    def lobby(self) -> LobbyStore:
        """The games with an open seat (service/core/lobby.py)."""
        ...

    @property
    def tournaments(self) -> TournamentStore:
        """The tournaments' records, the running ones and each key's list (service/tournaments/)."""
        ...

    @property
    def leases(self) -> LeaseStore:
        """Named leases: one holder at a time over the store (the matchmaker, the tournament director)."""
        ...

    @property
    def matchmaking(self) -> MatchmakingStore:
        """The tickets of quick match (service/matchmaking/)."""
        ...

    @property
    def webhooks(self) -> WebhookStore:
        """Each key's webhook endpoints and their delivery states (service/webhooks/)."""
        ...
