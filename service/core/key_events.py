"""One event stream per API key (WatchKeyEvents; SSE ``GET /v1/key-events``): a game created or joined, "your
seat's turn" in any of the key's games, a game finished. A bot serves all its games from this one stream.

A commit hook writes the events into the key's stream in the store (``LifecycleStore.append_key_event``): the
creating key holds every person's seat that was not given away as an invitation, a key that redeemed an invitation
(or asked for a rematch with a seat's token) holds that seat. Games of no key and with no invitation cost the hook
nothing. The stream keeps the last 1000 events of a key; a reader resumes after an event's id.
"""

from __future__ import annotations

import logging
import queue
import re
import threading
import time
from collections.abc import Callable, Generator

import orjson

from service.core import errors
from service.core.hooks import Commit
from service.core.lifecycle import ROLE_CREATED, now_ms, owned_record
from service.core.records import KeyEvent
from service.storage.protocols import GameStore

log = logging.getLogger("cardengine.service")

CURSOR_PATTERN = re.compile(r"^[0-9]{1,20}(-[0-9]{1,20})?$")
PAGE = 100
WAIT_SECONDS = 0.5  # a reader's wait for the next event, between its checks whether to stop
CREATED, JOINED, YOUR_TURN, FINISHED = "game_created", "game_joined", "your_turn", "game_finished"


def check_cursor(cursor: str) -> str:
    """The stream position after which to read ("0": from the oldest event kept); INVALID_ARGUMENT otherwise."""
    if not cursor:
        return "0"
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
    )


class KeyEvents:
    """The hook that writes the keys' events, and the readers of a key's stream. ``winners_of``: a finished
    game's winners."""

    def __init__(self, store: GameStore, winners_of: Callable[[str], tuple[int, ...]]) -> None:
        self.store = store
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
            holders[meta.creator] = {
                seat for seat in range(meta.players) if not meta.bots[seat] and seat not in meta.invited
            }
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
                lifecycle.append_key_event(key_id, orjson.dumps(base | {"kind": YOUR_TURN, "seats": mine}))

    def read(self, key_id: str | None, cursor: str, wait_seconds: float = 0.0, limit: int = PAGE) -> list[KeyEvent]:
        """The key's events after ``cursor``, waiting up to ``wait_seconds`` for the first."""
        if key_id is None:
            raise errors.missing_api_key("WatchKeyEvents")
        after = check_cursor(cursor)
        found = self.store.lifecycle.key_events(key_id, after, limit, wait_seconds)
        return [key_event(event_id, payload) for event_id, payload in found]

    def follow(
        self, key_id: str | None, cursor: str, is_open: Callable[[], bool]
    ) -> Generator[KeyEvent | None, None, None]:
        """The key's events after ``cursor``, then live, while ``is_open()``; None after each idle wait (a moment
        to send a heartbeat)."""
        if key_id is None:
            raise errors.missing_api_key("WatchKeyEvents")
        after = check_cursor(cursor)
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
