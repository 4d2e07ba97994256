"""Turn clocks (issue 16): a game created with ``clock: {turnSeconds}`` gives each seat to act a deadline, kept in
the store so that it survives restarts; when one passes, any replica's sweeper applies the game's timeout move
(``Game.timeout_move``, chosen from its legal moves) through the core's one write path, with the same
compare-and-set as a client: a late human move and the timeout never both land.

Stored per game: a deadlines record (``ClockRecord``: the version it belongs to and each acting seat's deadline,
epoch ms) and the game's earliest deadline in a sorted set (Redis ``<prefix>{clocks}:due``; a dict for the embedded
store). A seat that stays to act across versions (the discard after its draw, a claim still open while another seat
answers) keeps its deadline; a seat that comes to act gets ``turnSeconds`` from the commit. The turn clock is the
whole turn's: a turn of several moves gets a timeout move per move until the seat is no longer to act.

A sweeper claims an expired game by moving its due time to a lease (a compare-and-set on the sorted set: one
sweeper wins), applies the timeout moves, and the commit's hook writes the next deadlines (replacing the lease);
a sweeper that dies holding a lease leaves the game to another once the lease is over.

Offered now: ``onTimeout: "move"`` and ``turnSeconds`` only; ``onTimeout: "forfeit"`` and ``matchSeconds`` (a
chess clock) are refused with their own error codes (``clock/forfeit_not_offered``,
``clock/match_clock_not_offered``) until they are.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast

import orjson

from service import errors

if TYPE_CHECKING:
    from service.core import GameService
    from service.store import GameStore

log = logging.getLogger("cardengine.clocks")

MIN_TURN_SECONDS = 1
MAX_TURN_SECONDS = 86_400
ON_TIMEOUT_MOVE = "move"
ON_TIMEOUT_FORFEIT = "forfeit"
SWEEP_SECONDS = 0.25  # how often a sweeper looks for expired deadlines
LEASE_SECONDS = 10.0  # a claimed deadline comes back to the other sweepers after this, if its claimer died
SWEEP_BATCH = 64
MAX_TIMEOUT_MOVES = 16  # per claim: the moves of one timed-out turn (draw, then discard), and a margin


class ClockStore(Protocol):
    """The deadline methods of ``MemoryStore`` and ``RedisStore``."""

    def save_clock(self, game_id: str, record: bytes | None, due_ms: int | None) -> None: ...

    def load_clock(self, game_id: str) -> bytes | None: ...

    def due_clocks(self, now_ms: int, limit: int) -> list[tuple[str, int]]: ...

    def move_clock(self, game_id: str, expected_ms: int, new_ms: int | None) -> bool: ...


def clock_store(store: GameStore) -> ClockStore:
    return cast(ClockStore, store)


def now_ms() -> int:
    return int(time.time() * 1000)


@dataclass(frozen=True, slots=True)
class ClockSpec:
    """A game's clock, fixed at creation (kept in the game's meta)."""

    turn_seconds: int
    match_seconds: int = 0
    on_timeout: str = ON_TIMEOUT_MOVE

    def to_record(self) -> dict[str, Any]:
        return {"t": self.turn_seconds, "m": self.match_seconds, "o": self.on_timeout}

    @classmethod
    def from_record(cls, raw: dict[str, Any]) -> ClockSpec:
        return cls(int(raw["t"]), int(raw.get("m", 0)), str(raw.get("o", ON_TIMEOUT_MOVE)))


def clock_spec(turn_seconds: int, match_seconds: int = 0, on_timeout: str = "") -> ClockSpec:
    """A checked clock of CreateGame; INVALID_ARGUMENT with a ``clock/...`` code for what is out of range or not
    offered."""
    if not MIN_TURN_SECONDS <= turn_seconds <= MAX_TURN_SECONDS:
        raise errors.invalid_argument(
            f"clock.turnSeconds must be {MIN_TURN_SECONDS} to {MAX_TURN_SECONDS} (seconds per turn); got "
            f"{turn_seconds}.",
            field="clock.turnSeconds",
            code="clock/invalid_turn_seconds",
        )
    if match_seconds:
        raise errors.invalid_argument(
            "clock.matchSeconds (a match clock per seat) is not offered yet: give turnSeconds only (a deadline per "
            "turn), and leave matchSeconds 0.",
            field="clock.matchSeconds",
            code="clock/match_clock_not_offered",
        )
    if on_timeout == ON_TIMEOUT_FORFEIT:
        raise errors.invalid_argument(
            'clock.onTimeout "forfeit" is not offered yet: a seat that runs out of time plays its game\'s timeout '
            'move (onTimeout "move", the default).',
            field="clock.onTimeout",
            code="clock/forfeit_not_offered",
        )
    if on_timeout not in ("", ON_TIMEOUT_MOVE):
        raise errors.invalid_argument(
            f'clock.onTimeout must be "move" (the default); got {errors.quote(on_timeout)}.',
            field="clock.onTimeout",
            code="clock/invalid_on_timeout",
        )
    return ClockSpec(turn_seconds, 0, ON_TIMEOUT_MOVE)


def spec_of(raw: dict[str, Any] | None) -> ClockSpec | None:
    return None if raw is None else ClockSpec.from_record(raw)


@dataclass(frozen=True, slots=True)
class ClockRecord:
    """The deadlines of one version: seat -> epoch ms."""

    version: int
    deadlines: dict[int, int]

    def encode(self) -> bytes:
        return orjson.dumps({"v": self.version, "d": [[seat, ms] for seat, ms in sorted(self.deadlines.items())]})

    @classmethod
    def decode(cls, data: bytes) -> ClockRecord:
        raw = orjson.loads(data)
        return cls(int(raw["v"]), {int(seat): int(ms) for seat, ms in raw["d"]})

    def due_ms(self) -> int | None:
        return min(self.deadlines.values()) if self.deadlines else None


def next_record(
    spec: ClockSpec, previous: ClockRecord | None, version: int, to_act: Sequence[int], finished: bool, at_ms: int
) -> ClockRecord | None:
    """The deadlines at ``version``: a seat that was already to act keeps its deadline, a seat that comes to act
    gets ``turnSeconds`` from ``at_ms``; None when the match is over or nobody is to act."""
    if finished or not to_act:
        return None
    kept = previous.deadlines if previous is not None else {}
    fresh = at_ms + spec.turn_seconds * 1000
    return ClockRecord(version, {seat: kept.get(seat, fresh) for seat in to_act})


def save(store: GameStore, game_id: str, record: ClockRecord | None) -> None:
    if record is None:
        clock_store(store).save_clock(game_id, None, None)
    else:
        clock_store(store).save_clock(game_id, record.encode(), record.due_ms())


def load(store: GameStore, game_id: str) -> ClockRecord | None:
    raw = clock_store(store).load_clock(game_id)
    return None if raw is None else ClockRecord.decode(raw)


def after_commit(
    store: GameStore, spec: ClockSpec, game_id: str, version: int, to_act: Sequence[int], finished: bool
) -> ClockRecord | None:
    """The hook after a committed create or move of a clocked game: writes the next deadlines. A store failure
    here is logged, not raised (the move stands); the sweeper finds a record of an older version and writes the
    current one."""
    try:
        previous = load(store, game_id) if version > 0 else None
        if previous is not None and previous.version >= version:  # a newer commit's hook already ran
            return previous
        record = next_record(spec, previous, version, to_act, finished, now_ms())
        save(store, game_id, record)
        return record
    except errors.StoreUnavailableError as error:
        log.warning("turn clock not updated", extra={"game_id": game_id, "version": version, "error": str(error)})
        return None


def clock_view(spec: ClockSpec, record: ClockRecord | None, at_ms: int | None = None) -> dict[str, Any]:
    """The public clock of a game's header: ``{turnSeconds, onTimeout, deadlines: [{seat, deadline (epoch ms),
    remainingMs}]}`` for the seats to act."""
    now = now_ms() if at_ms is None else at_ms
    deadlines = [] if record is None else sorted(record.deadlines.items())
    return {
        "turnSeconds": spec.turn_seconds,
        "matchSeconds": spec.match_seconds,
        "onTimeout": spec.on_timeout,
        "deadlines": [{"seat": seat, "deadline": ms, "remainingMs": max(0, ms - now)} for seat, ms in deadlines],
    }


# ----- the sweeper ------------------------------------------------------------------------------------------------


class ClockSweeper:
    """A thread that applies the timeout moves of expired deadlines (one per replica and per bot-worker process;
    claims keep two sweepers from working on one game at once, the compare-and-set from double-applying)."""

    def __init__(
        self, service: GameService, *, interval: float = SWEEP_SECONDS, lease_seconds: float = LEASE_SECONDS
    ) -> None:
        self.service = service
        self.interval = interval
        self.lease_ms = int(lease_seconds * 1000)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.applied = 0  # timeout moves this sweeper has applied (for operators and tests)

    def start(self) -> ClockSweeper:
        self._thread = threading.Thread(target=self._run, name="clock-sweeper", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                self.sweep()
            except errors.StoreUnavailableError as error:
                log.warning("clock sweep failed; retrying", extra={"error": str(error)})
            except Exception:
                log.exception("clock sweep failed")

    def sweep(self) -> int:
        """One pass: claims every expired game and applies its timeout moves; returns how many were applied."""
        store = clock_store(self.service.store)
        applied = 0
        now = now_ms()
        for game_id, due in store.due_clocks(now, SWEEP_BATCH):
            if self._stop.is_set():
                break
            lease = now_ms() + self.lease_ms
            if not store.move_clock(game_id, due, lease):
                continue  # another sweeper claimed it, or a commit moved its deadline
            applied += self.service.apply_timeouts(game_id, lease)
        self.applied += applied
        return applied
