"""Watching games on Redis: the commit script publishes each new version on the game's channel
``<prefix>{<id>}:watch``, and one background thread per process follows the channels and wakes this process's
watchers (``RedisStore.watching`` and ``wait_for_version``).

On a plain Redis, and on a cluster without sharded pub/sub, the thread holds one pattern subscription (a cluster
broadcasts a classic PUBLISH to every node, so any node sees every game). On Redis Cluster 7 and later the commit
publishes with SPUBLISH (only the slot's node carries it) and the thread SSUBSCRIBEs to the channels of the games this
process watches, on their nodes. Either way, when a node fails the thread subscribes again, and the watchers poll
meanwhile (``watch_poll_seconds`` of the core).

``watching`` returns once Redis has confirmed the subscription (or after ``SUBSCRIBE_WAIT`` seconds, when the poll
covers): a version read inside it and waited for cannot miss a commit made meanwhile.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

import redis
import redis.cluster

from service.storage.store import VersionWaiters

log = logging.getLogger("cardengine.redis")

LISTEN_ERRORS = (redis.RedisError, redis.exceptions.RedisClusterException, OSError, ValueError)
SUBSCRIBE_WAIT = 2.0  # seconds a new watcher waits for its subscription's confirmation


class RedisWatch:
    """The watchers of this process and the thread that wakes them; ``sharded``: SSUBSCRIBE per watched game."""

    def __init__(self, client: Any, prefix: str, *, cluster: bool, sharded: bool) -> None:
        self.client = client
        self.prefix = prefix
        self.cluster = cluster
        self.sharded = sharded
        self._waiters = VersionWaiters()
        self._watched: dict[str, int] = {}  # channel -> watchers in this process (sharded pub/sub)
        self._watched_changed = threading.Event()
        self._listener: threading.Thread | None = None
        self._listener_lock = threading.Lock()
        self._closed = threading.Event()
        self._confirmed: set[str] = set()  # the pattern or channels whose subscription Redis confirmed
        self._confirmation = threading.Condition()

    def channel(self, game_id: str) -> str:
        return f"{self.prefix}{{{game_id}}}:watch"

    def _game_of(self, channel: bytes) -> str:
        return channel.decode()[len(self.prefix) + 1 : -len("}:watch")]

    def pattern(self) -> str:
        return f"{self.prefix}{{*}}:watch"

    @contextmanager
    def watching(self, game_id: str) -> Iterator[None]:
        self._ensure_listener()
        if self.sharded:
            with self._sharded_watching(game_id):
                yield
            return
        with self._waiters.watching(game_id):
            self._await_confirmation(self.pattern())
            yield

    def _await_confirmation(self, subscription: str) -> None:
        with self._confirmation:
            self._confirmation.wait_for(lambda: subscription in self._confirmed, timeout=SUBSCRIBE_WAIT)

    def _confirm(self, subscription: bytes) -> None:
        with self._confirmation:
            self._confirmed.add(subscription.decode())
            self._confirmation.notify_all()

    def _forget_confirmations(self) -> None:
        with self._confirmation:
            self._confirmed.clear()

    @contextmanager
    def _sharded_watching(self, game_id: str) -> Iterator[None]:
        """Counts this process's watchers of the game's channel: the listener subscribes to watched channels."""
        channel = self.channel(game_id)
        with self._listener_lock:
            self._watched[channel] = self._watched.get(channel, 0) + 1
        self._watched_changed.set()
        try:
            with self._waiters.watching(game_id):
                self._await_confirmation(channel)
                yield
        finally:
            with self._listener_lock:
                self._watched[channel] -= 1
                if not self._watched[channel]:
                    del self._watched[channel]
            self._watched_changed.set()

    def wait_for_version(self, game_id: str, version: int, timeout: float) -> bool:
        return self._waiters.wait(game_id, version, timeout)

    def close(self) -> None:
        self._closed.set()
        self._waiters.wake_all()
        if self._listener is not None:
            self._listener.join(timeout=5)

    def _ensure_listener(self) -> None:
        with self._listener_lock:
            if self._listener is None or not self._listener.is_alive():
                target = self._listen_sharded if self.sharded else self._listen
                self._listener = threading.Thread(target=target, name="redis-watch", daemon=True)
                self._listener.start()

    def _lost(self, error: Exception, message: str) -> None:
        """After a failed subscription: a pause, and on a cluster the slot map again (a failover may have moved the
        slots: else the subscription goes to the dead node again)."""
        if self._closed.is_set():
            return
        log.warning(message, extra={"error": str(error)})
        time.sleep(0.5)
        if self.cluster:
            with suppress(*LISTEN_ERRORS):
                self.client.nodes_manager.initialize()

    def _listen(self) -> None:
        """Follows every game's watch channel (one pattern subscription per process) until closed; reconnects."""
        while not self._closed.is_set():
            pubsub = self.client.pubsub()
            try:
                pubsub.psubscribe(self.pattern())
                while not self._closed.is_set():
                    message = pubsub.get_message(timeout=0.5)
                    if message is None:
                        continue
                    if message.get("type") == "psubscribe":
                        self._confirm(message["channel"])
                    elif message.get("type") == "pmessage":
                        self._waiters.notify(self._game_of(message["channel"]), int(message["data"]))
            except LISTEN_ERRORS as error:
                self._lost(error, "watch subscription lost; reconnecting")
            finally:
                self._forget_confirmations()
                with suppress(*LISTEN_ERRORS):
                    pubsub.close()

    def _listen_sharded(self) -> None:
        """Follows the channels of the games watched in this process (SSUBSCRIBE on each channel's node) until
        closed; when a node fails, subscribes again (the slot's new master) on a new pub/sub."""
        while not self._closed.is_set():
            pubsub = self.client.pubsub()
            subscribed: set[str] = set()
            self._watched_changed.set()
            try:
                while not self._closed.is_set():
                    if self._watched_changed.is_set():
                        subscribed = self._resubscribe(pubsub, subscribed)
                    if not subscribed:
                        self._watched_changed.wait(0.5)
                        continue
                    message = pubsub.get_sharded_message(timeout=0.1)
                    if message is None:
                        continue
                    if message.get("type") == "ssubscribe":
                        self._confirm(message["channel"])
                    elif message.get("type") == "smessage":
                        self._waiters.notify(self._game_of(message["channel"]), int(message["data"]))
            except LISTEN_ERRORS as error:
                self._lost(error, "sharded watch subscription lost; resubscribing")
            finally:
                self._forget_confirmations()
                with suppress(*LISTEN_ERRORS):
                    pubsub.close()

    def _resubscribe(self, pubsub: Any, subscribed: set[str]) -> set[str]:
        """Subscribes to the channels watched now and not yet, unsubscribes from those no longer watched."""
        self._watched_changed.clear()
        with self._listener_lock:
            wanted = set(self._watched)
        for channel in sorted(wanted - subscribed):
            pubsub.ssubscribe(channel)
        for channel in sorted(subscribed - wanted):
            with self._confirmation:
                self._confirmed.discard(channel)
            pubsub.sunsubscribe(channel)
        return wanted
