"""A game's events as its caller may see them: in pages (``events``), followed live (``watch``), and the stream
tickets that stand for a seat token in a URL.

Browsers cannot send headers on an EventSource: ``create_stream_ticket`` trades a seat token for a short-lived
ticket of one game and one seat (kept hashed in the store, so every replica knows it), which ``events`` and
``watch`` accept in place of the token."""

from __future__ import annotations

import base64
import hmac
import logging
import math
import secrets
import threading
import time
from collections.abc import Callable, Generator

import orjson

from service.core import errors
from service.core.games import StoredGames, required_seat, seat_of_token, token_hash
from service.core.records import EventLog, EventView, StreamTicket, VersionUpdate
from service.core.stored import GameMeta, LogEntry

log = logging.getLogger("cardengine.service")

WATCH_POLL_SECONDS = 1.0
WATCH_CHUNK = 100  # log entries read at once by a watch catching up
DEFAULT_PAGE_SIZE = 100
MAX_PAGE_SIZE = 1000
DEFAULT_TICKET_SECONDS = 60.0
# Tickets a seat may take at once; the bucket refills at this many per ticket lifetime, so a seat holds at most twice
# this many live tickets (a page load takes one, a reconnect reuses it) and the store at most that many keys a seat.
TICKETS_PER_SEAT = 8


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


def checked_after(after_version: int | None) -> int:
    """The version to read after (-1: from the deal); INVALID_ARGUMENT for a negative one."""
    if after_version is None:
        return -1
    if after_version < 0:
        raise errors.invalid_argument(f"after must be a version (>= 0); got {after_version}.", field="after")
    return after_version


class EventStreams:
    """``watch_poll_seconds``: how long a watch waits for a version before it yields None (a heartbeat);
    ``ticket_seconds``: how long a stream ticket is valid."""

    def __init__(
        self,
        games: StoredGames,
        *,
        watch_poll_seconds: float = WATCH_POLL_SECONDS,
        ticket_seconds: float = DEFAULT_TICKET_SECONDS,
    ) -> None:
        self.games = games
        self.watch_poll_seconds = watch_poll_seconds
        self.ticket_seconds = ticket_seconds
        self._stopping = threading.Event()

    def stop_watches(self) -> None:
        """Ends live watches: each returns at its next wake-up (at most ``watch_poll_seconds``)."""
        self._stopping.set()

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
        stored, meta = self.games.load(game_id)
        seat = self._reader_seat(game_id, meta, token, ticket)
        if page_token:
            after, skip = decode_page_token(game_id, seat, page_token)
        else:
            after, skip = checked_after(after_version), 0
        entries = [LogEntry.decode(raw) for raw in self.games.store.log(game_id, after, size + 1)]
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
        stored, meta = self.games.load(game_id)
        seat = self._reader_seat(game_id, meta, token, ticket)
        last = checked_after(after_version)
        if stored.finished and last >= stored.version:
            return "finished"
        store = self.games.store
        with store.watching(game_id):
            while is_active() and not self._stopping.is_set():
                entries = store.log(game_id, last, WATCH_CHUNK)
                for raw in entries:
                    entry = LogEntry.decode(raw)
                    yield entry.update_for(meta, seat)
                    last = entry.version
                    if entry.finished:
                        return "finished"
                if entries:
                    continue
                if not store.wait_for_version(game_id, last, self.watch_poll_seconds):
                    if store.load(game_id) is None:
                        return "gone"
                    yield None
        return "stopped"

    def create_stream_ticket(self, game_id: str, token: str | None) -> StreamTicket:
        """A new ticket of ``token``'s seat for this game's event stream, valid ``ticket_seconds`` (reusable until
        then, so an EventSource may reconnect with it). The store keeps only its SHA-256. A seat takes at most
        ``TICKETS_PER_SEAT`` at once (then RESOURCE_EXHAUSTED, limit/stream_tickets, with the wait)."""
        _, meta = self.games.load(game_id)
        seat = required_seat(game_id, meta, token, "CreateStreamTicket")
        rate = TICKETS_PER_SEAT / self.ticket_seconds
        wait = self.games.store.limits.take(f"tickets:{game_id}:{seat}", rate, TICKETS_PER_SEAT)
        if wait:
            raise errors.too_many_stream_tickets(game_id, seat, TICKETS_PER_SEAT, max(1, math.ceil(wait)))
        ticket = "st_" + secrets.token_urlsafe(24)
        self.games.store.put_ticket(game_id, token_hash(ticket), seat, self.ticket_seconds)
        log.info("stream ticket issued", extra={"game_id": game_id, "seat": seat})
        return StreamTicket(ticket, game_id, seat, self.ticket_seconds, time.time() + self.ticket_seconds)

    def _reader_seat(self, game_id: str, meta: GameMeta, token: str | None, ticket: str | None) -> int | None:
        """The seat of a reader: from its stream ticket if it sent one, else from its token (None: a spectator)."""
        if ticket is None:
            return seat_of_token(game_id, meta, token)
        if token:
            raise errors.invalid_argument(
                "Send either a seat token (Authorization header) or a stream ticket (ticket=...), not both.",
                field="ticket",
            )
        digest = token_hash(ticket)
        if any(hmac.compare_digest(digest, known) for known in meta.token_hashes if known):
            raise errors.token_in_url(game_id)
        seat = self.games.store.ticket_seat(game_id, digest)
        if seat is None:
            raise errors.invalid_ticket(game_id)
        return seat
