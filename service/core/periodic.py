"""A step run every few seconds in a daemon thread: the service's sweepers (turn clocks, ratings), the matcher and
the tournament director are each one ``Periodic`` around their own step.

A step that fails never stops the loop: a store that is down or full is logged as a warning (the next tick tries
again), any other failure with its traceback.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from service.core import errors


class Periodic:
    """Calls ``step`` every ``interval`` seconds from ``start`` until ``stop``; ``what`` names it in the logs."""

    def __init__(self, name: str, interval: float, step: Callable[[], object], log: logging.Logger, what: str) -> None:
        self.name = name
        self.interval = interval
        self.step = step
        self.log = log
        self.what = what
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
        self._thread.start()

    @property
    def stopping(self) -> bool:
        """Whether ``stop`` was called: a long step may end early."""
        return self._stop.is_set()

    def stop(self, timeout: float = 5.0) -> None:
        """Ends the loop after the step under way (waiting for it at most ``timeout`` seconds)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=timeout)

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                self.step()
            except (errors.StoreUnavailableError, errors.StoreFullError) as error:
                self.log.warning(f"{self.what} failed; retrying", extra={"error": str(error)})
            except Exception:
                self.log.exception(f"{self.what} failed")
