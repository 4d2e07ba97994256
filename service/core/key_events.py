"""One event stream per API key (WatchKeyEvents; SSE ``GET /v1/key-events``): a game created or joined, "your
seat's turn" in any of the key's games, a game finished. A bot serves all its games from this one stream.

A commit hook writes the events into the key's stream in the store (``LifecycleStore.append_key_event``): the
creating key holds every person's seat that was not given away as an invitation, a key that redeemed an invitation
(or asked for a rematch with a seat's token) holds that seat. Games of no key and with no invitation cost the hook
nothing. The stream keeps the last 1000 events of a key; a reader resumes after an event's id.

A reader without a cursor starts now (``start``): the stream's position is taken first, then the key's list of games
is read, and each live game becomes one ``game_in_progress`` event with that position as its id (the key's seats,
the seats to act, the version); the live events follow from the position. A game that changes between the two
steps is told twice (its event after the position, and the present state): never lost, at worst a stale version.
The past is read with a cursor only ("0": from the oldest event kept).
"""

from __future__ import annotations

import logging
import queue
import re
import threading
import time
from collections.abc import Callable, Generator

import orjson

import engine
from service.core import errors
from service.core.games import StoredGames
from service.core.hooks import Commit
from service.core.lifecycle import ROLE_CREATED, now_ms, owned_record
from service.core.records import KeyEvent
from service.core.stored import GameMeta

log = logging.getLogger("cardengine.service")

CURSOR_PATTERN = re.compile(r"^[0-9]{1,20}(-[0-9]{1,20})?$")
PAGE = 100
WAIT_SECONDS = 0.5  # a reader's wait for the next event, between its checks whether to stop
CREATED, JOINED, YOUR_TURN, FINISHED = "game_created", "game_joined", "your_turn", "game_finished"
IN_PROGRESS = "game_in_progress"  # a live game of the key, told first by a stream opened without a cursor
FROM_OLDEST = "0"  # the cursor that reads the past: every event kept
LISTED_GAMES = 1000  # the key's list entries (newest first) a stream's start looks at for live games


def check_cursor(cursor: str) -> str:
    """The stream position after which to read ("0": from the oldest event kept; "": now); INVALID_ARGUMENT for
    anything else than an event id."""
    if not cursor:
        return ""
    if not CURSOR_PATTERN.match(cursor):
        raise errors.invalid_argument(
            f"cursor must be the id of an event of this stream (digits, or digits-digits); got {errors.quote(cursor)}.",
            field="cursor",
        )
    return cursor


def key_event(event_id: str, payload: bytes) -> KeyEvent:
    raw = orjson.loads(payload)
    return KeyEvent(
        event_id,
        raw["kind"],
        raw["gameId"],
        raw.get("gameType", ""),
        int(raw.get("version", 0)),
        tuple(raw.get("seats", ())),
        tuple(raw.get("winners", ())),
        tuple(raw.get("toAct", ())),
    )


def seats_held(meta: GameMeta, key_id: str, joined: bytes | None) -> set[int]:
    """The seats ``key_id`` holds in a game: as its creator every person's seat not given as an invitation, and the
    seats it joined (``joined``: its member record, a JSON list of seats)."""
    seats: set[int] = set()
    if meta.creator == key_id:
        seats.update(seat for seat in range(meta.players) if not meta.bots[seat] and seat not in meta.invited)
    if joined:
        seats.update(orjson.loads(joined))
    return seats


class KeyEvents:
    """The hook that writes the keys' events, and the readers of a key's stream. ``winners_of``: a finished
    game's winners."""

    def __init__(self, games: StoredGames, winners_of: Callable[[str], tuple[int, ...]]) -> None:
        self.games = games
        self.store = games.store
        self.winners_of = winners_of
        self._stopped = False
        self._pending: queue.SimpleQueue[Commit | None] = queue.SimpleQueue()
        self._writer: threading.Thread | None = None
        self._writer_lock = threading.Lock()

    def stop(self) -> None:
        """Ends the readers, and the writer once it has written what was committed before."""
        self._stopped = True
        writer = self._writer
        if writer is not None:
            self._pending.put(None)
            writer.join(timeout=5)

    def __call__(self, commit: Commit) -> None:
        """After a commit: a game's creation is listed at once (ListGames right after CreateGame finds it); the
        events are handed to the writer thread, so a move waits for no write of them (writing them in the move's
        path doubled ApplyMove's time on Redis: docs/api.md "One event stream per API key")."""
        meta = commit.meta
        if meta.creator is None and not meta.invited:
            return
        if commit.version == 0 and meta.creator is not None:
            try:
                self.store.lifecycle.index_game(meta.creator, commit.game_id, now_ms(), owned_record(ROLE_CREATED))
            except errors.StoreUnavailableError as error:
                log.warning("game not listed", extra={"game_id": commit.game_id, "error": str(error)})
        if self._writer is None:
            self._start_writer()
        self._pending.put(commit)

    def _start_writer(self) -> None:
        with self._writer_lock:
            if self._writer is None:
                self._writer = threading.Thread(target=self._write, name="key-events", daemon=True)
                self._writer.start()

    def _write(self) -> None:
        """The writer: the events of each commit in the order committed in this process."""
        while True:
            commit = self._pending.get()
            if commit is None:
                return
            try:
                self._tell(commit)
            except (errors.StoreUnavailableError, errors.ServiceError) as error:
                log.warning("key event not written", extra={"game_id": commit.game_id, "error": str(error)})
            except Exception:  # one game's failure never stops the stream of the others
                log.exception("key event not written", extra={"game_id": commit.game_id})

    def _holders(self, commit: Commit) -> dict[str, set[int]]:
        meta = commit.meta
        holders: dict[str, set[int]] = {}
        if meta.creator is not None:
            holders[meta.creator] = seats_held(meta, meta.creator, None)
        if meta.invited and commit.version > 0:  # nobody can have joined before the game existed
            for key_id, record in self.store.lifecycle.members(commit.game_id).items():
                holders.setdefault(key_id, set()).update(orjson.loads(record))
        return holders

    def _tell(self, commit: Commit) -> None:
        lifecycle = self.store.lifecycle
        meta = commit.meta
        base = {"gameId": commit.game_id, "gameType": meta.game_type, "version": commit.version}
        if commit.version == 0 and meta.creator is not None:
            lifecycle.append_key_event(meta.creator, orjson.dumps(base | {"kind": CREATED}))
        holders = self._holders(commit)
        if commit.finished:
            winners = list(self.winners_of(commit.game_id))
            for key_id in holders:
                lifecycle.append_key_event(key_id, orjson.dumps(base | {"kind": FINISHED, "winners": winners}))
            return
        for key_id, seats in holders.items():
            mine = sorted(seats.intersection(commit.to_act))
            if mine:
                turn = base | {"kind": YOUR_TURN, "seats": mine, "toAct": list(commit.to_act)}
                lifecycle.append_key_event(key_id, orjson.dumps(turn))

    def start(self, key_id: str | None, cursor: str) -> tuple[list[KeyEvent], str]:
        """Where a reader with ``cursor`` starts: with a cursor, nothing to tell first and that cursor; without
        one, the present (one ``game_in_progress`` per live game of the key, oldest listed first) and the stream's
        position taken before the games were read, after which the live events follow."""
        if key_id is None:
            raise errors.missing_api_key("WatchKeyEvents")
        after = check_cursor(cursor)
        if after:
            return [], after
        position = self.store.lifecycle.key_stream_position(key_id)  # first: what happens next is after it
        return self.present(key_id, position), position

    def present(self, key_id: str, position: str) -> list[KeyEvent]:
        """One ``game_in_progress`` (id ``position``) per live game among the key's ``LISTED_GAMES`` newest."""
        lifecycle = self.store.lifecycle
        found: list[KeyEvent] = []
        before: tuple[int, str] | None = None
        scanned = 0
        while scanned < LISTED_GAMES:
            entries = lifecycle.owner_games(key_id, before, min(PAGE, LISTED_GAMES - scanned))
            if not entries:
                break
            for entry in entries:
                scanned += 1
                before = (entry.at_ms, entry.game_id)
                event = self._in_progress(key_id, entry.game_id, position)
                if event is not None:
                    found.append(event)
        found.reverse()
        return found

    def _in_progress(self, key_id: str, game_id: str, position: str) -> KeyEvent | None:
        stored = self.store.load(game_id)
        if stored is None or stored.finished:
            return None
        meta = GameMeta.decode(stored.meta)
        joined = self.store.lifecycle.members(game_id).get(key_id) if meta.invited else None
        seats = tuple(sorted(seats_held(meta, key_id, joined)))
        to_act = tuple(engine.to_act(self.games.state_of(stored)))
        return KeyEvent(position, IN_PROGRESS, game_id, meta.game_type, stored.version, seats, (), to_act)

    def page(self, key_id: str | None, cursor: str) -> tuple[list[KeyEvent], str]:
        """One page (REST without ``follow``): the events from where ``cursor`` starts, and the cursor to read
        the next page with."""
        first, after = self.start(key_id, cursor)
        found = first + self.read(key_id, after)
        return found, found[-1].event_id if found else after

    def read(self, key_id: str | None, cursor: str, wait_seconds: float = 0.0, limit: int = PAGE) -> list[KeyEvent]:
        """The key's events after ``cursor`` (an event's id, or "0" for every event kept), waiting up to
        ``wait_seconds`` for the first."""
        if key_id is None:
            raise errors.missing_api_key("WatchKeyEvents")
        after = check_cursor(cursor) or FROM_OLDEST
        found = self.store.lifecycle.key_events(key_id, after, limit, wait_seconds)
        return [key_event(event_id, payload) for event_id, payload in found]

    def follow(
        self, key_id: str | None, cursor: str, is_open: Callable[[], bool]
    ) -> Generator[KeyEvent | None, None, None]:
        """The key's events from where ``cursor`` starts (``start``), then live, while ``is_open()``; None after
        each idle wait (a moment to send a heartbeat)."""
        first, after = self.start(key_id, cursor)
        yield from first
        while is_open() and not self._stopped:
            started = time.monotonic()
            found = self.read(key_id, after, WAIT_SECONDS)
            for event in found:
                after = event.event_id
                yield event
            if not found:
                if time.monotonic() - started < WAIT_SECONDS / 10:  # a store that does not block: do not spin
                    time.sleep(WAIT_SECONDS)
                yield None
