"""Creates in doubt, undone: a create answered 503 leaves no game behind (issue 36).

A create whose answer was lost, or that no replica confirmed, may be stored, or may still be stored later (a stalled
Redis runs what it had read once it wakes). A create without a request id is never retried under the same game id,
so such a game would be an orphan for the store's time-to-live. ``Withdrawals`` undoes it: ``GameStore.withdraw``
removes the game if it is stored and keeps a create that has not run yet from ever running. Tried from one background
thread (the 503 is not held up by a store that does not answer), again and again until ``GIVE_UP_SECONDS``.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque

from service.core import errors
from service.storage.protocols import GameStore, StoredGame

log = logging.getLogger("cardengine.withdrawals")

RETRY_SECONDS = 0.5  # between two tries while the store does not answer
GIVE_UP_SECONDS = 600.0  # a withdrawal still failing after this is logged and dropped (the game then expires)
MAX_PENDING = 10_000  # creates in doubt kept at once; beyond, the oldest is dropped (and logged)


class Withdrawals:
    """The creates in doubt of this process, withdrawn at once or from a background thread."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self._pending: deque[tuple[StoredGame, float]] = deque()  # (the create, given up at)
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self._trying = 0

    def withdraw(self, game: StoredGame) -> None:
        """Withdraws ``game``'s create in the background, as soon as the store answers."""
        with self._lock:
            if len(self._pending) >= MAX_PENDING:
                dropped, _ = self._pending.popleft()
                log.warning("create in doubt not withdrawn: too many pending", extra={"game_id": dropped.game_id})
            self._pending.append((game, time.monotonic() + GIVE_UP_SECONDS))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="create-withdrawals", daemon=True)
                self._thread.start()
        self._wake.set()

    def pending(self) -> int:
        """The creates not yet withdrawn (those being tried count)."""
        with self._lock:
            return len(self._pending) + self._trying

    def _try(self, game: StoredGame) -> bool:
        try:
            self.store.withdraw(game)
        except errors.StoreUnavailableError:
            return False
        log.info("create in doubt withdrawn", extra={"game_id": game.game_id})
        return True

    def _run(self) -> None:
        while True:
            self._wake.wait(RETRY_SECONDS)
            self._wake.clear()
            with self._lock:
                batch = list(self._pending)
                self._pending.clear()
                self._trying = len(batch)
            kept = []
            for game, give_up_at in batch:
                if self._try(game):
                    continue
                if time.monotonic() >= give_up_at:
                    log.warning(
                        "create in doubt not withdrawn: the store did not answer", extra={"game_id": game.game_id}
                    )
                    continue
                kept.append((game, give_up_at))
            with self._lock:
                self._pending.extendleft(reversed(kept))
                self._trying = 0
            if kept:
                time.sleep(RETRY_SECONDS)
