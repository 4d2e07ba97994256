"""Server-Sent Events for ``GET /v1/games/{id}/events?follow=true``: a game's versions as they are committed.

A ``retry:`` line first, then one ``version`` event per version (``id:`` the version, data: a WatchGameResponse as
JSON), a comment line as heartbeat every ``heartbeat_seconds`` while idle, and an ``end`` event (data ``{"reason":
"finished"}``, or ``"expired"`` when the game vanished) when the stream is over.
"""

from __future__ import annotations

import time
from collections.abc import Generator, Iterator

import orjson

from service.core.records import VersionUpdate
from service.edges import convert

Watch = Generator[VersionUpdate | None, None, str]


def prime(updates: Watch) -> VersionUpdate | StopIteration | None:
    """The first item of ``updates`` (None: idle), or the StopIteration that carries why it ended at once."""
    try:
        return next(updates)
    except StopIteration as stop:
        return stop


def event_stream(
    first: VersionUpdate | StopIteration | None, updates: Watch, heartbeat_seconds: float, retry_milliseconds: int
) -> Iterator[bytes]:
    """Server-Sent Events: ``retry:`` first; ``event: version`` with ``id:`` (the version) per version; a comment as
    heartbeat every ``heartbeat_seconds`` while idle; ``event: end`` when the match is finished (or the game
    expired). A stream the server stops (shutdown) ends without ``end``, so the browser reconnects elsewhere with
    Last-Event-ID. ``first`` is the first item of ``updates`` already taken (``prime``)."""
    yield b"retry: %d\n\n" % retry_milliseconds
    idle_since = time.monotonic()
    item: VersionUpdate | StopIteration | None = first
    try:
        while True:
            if isinstance(item, StopIteration):
                reason = item.value or "stopped"
                break
            if item is None:
                if time.monotonic() - idle_since >= heartbeat_seconds:
                    idle_since = time.monotonic()
                    yield b": heartbeat\n\n"
            else:
                idle_since = time.monotonic()
                data = orjson.dumps(convert.update_json(item))
                yield b"id: %d\nevent: version\ndata: %s\n\n" % (item.version, data)
            item = prime(updates)
        if reason in ("finished", "gone"):
            ended = {"reason": "finished" if reason == "finished" else "expired"}
            yield b"event: end\ndata: %s\n\n" % orjson.dumps(ended)
    finally:
        updates.close()
