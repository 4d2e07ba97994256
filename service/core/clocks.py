"""Turn clocks (issue 16): a game created with ``clock: {turnSeconds}`` gives each seat to act a deadline, kept in
the store so that it survives restarts; when one passes, any replica's sweeper applies the game's timeout move
(``Game.timeout_move``, chosen from its legal moves) through the core's one write path, with the same
compare-and-set as a client: a late human move and the timeout never both land.

Stored per game: a clock record (``ClockRecord``: the version it belongs to, each acting seat's deadline and turn
start, epoch ms, and the seats' match time left) and the game's earliest deadline in a sorted set (Redis
``<prefix>{clocks}:due``; a dict for the embedded store). A seat that stays to act across versions (the discard
after its draw, a claim still open while another seat answers) keeps its deadline; a seat that comes to act gets
``turnSeconds`` from the commit. The turn clock is the whole turn's: a turn of several moves gets a timeout move per
move until the seat is no longer to act.

A sweeper claims an expired game by moving its due time to a lease (a compare-and-set on the sorted set: one
sweeper wins), applies the timeout moves, and the commit's hook (``deadline_hook``) writes the next deadlines
(replacing the lease); a sweeper that dies holding a lease leaves the game to another once the lease is over. The
sweeper and the timeout moves are in service/core/timeouts.py; this module is the clock and its hook.

A match clock (``matchSeconds``, chess-clock style) charges each seat the time its turns took (from the start of
its turn to the commit that ended it); a turn's deadline is then the sooner of ``turnSeconds`` and the seat's match
time left, so a seat whose match time is spent has its next turns timed out at once. With ``onTimeout: "forfeit"``
a seat out of time plays no timeout move but loses the match (service/core/forfeit.py, service/core/timeouts.py).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from service.core import errors
from service.core.hooks import Commit, CommitHook
from service.storage.protocols import ClockStore

log = logging.getLogger("cardengine.clocks")

MIN_TURN_SECONDS = 1
MAX_TURN_SECONDS = 86_400
MAX_MATCH_SECONDS = 7 * 86_400
ON_TIMEOUT_MOVE = "move"
ON_TIMEOUT_FORFEIT = "forfeit"
# An abandoned match (nobody has moved for this many timeout moves in a row) pauses its clock: no deadline runs
# until a person or a bot moves again, so it neither plays itself forever nor keeps refreshing its time-to-live.
MAX_IDLE_MOVES = 100


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
    offered. ``turn_seconds`` 0 is allowed with a match clock (the match clock alone then limits each turn)."""
    if not 0 <= match_seconds <= MAX_MATCH_SECONDS:
        raise errors.invalid_argument(
            f"clock.matchSeconds must be 0 (no match clock) to {MAX_MATCH_SECONDS} (seconds per seat for the whole "
            f"match); got {match_seconds}.",
            field="clock.matchSeconds",
            code="clock/invalid_match_seconds",
        )
    low = 0 if match_seconds else MIN_TURN_SECONDS
    if not low <= turn_seconds <= MAX_TURN_SECONDS:
        raise errors.invalid_argument(
            f"clock.turnSeconds must be {MIN_TURN_SECONDS} to {MAX_TURN_SECONDS} (seconds per turn; 0 only with a "
            f"matchSeconds); got {turn_seconds}.",
            field="clock.turnSeconds",
            code="clock/invalid_turn_seconds",
        )
    if on_timeout not in ("", ON_TIMEOUT_MOVE, ON_TIMEOUT_FORFEIT):
        raise errors.invalid_argument(
            f'clock.onTimeout must be "move" (the default: the game\'s timeout move) or "forfeit" (the seat loses '
            f"the match); got {errors.quote(on_timeout)}.",
            field="clock.onTimeout",
            code="clock/invalid_on_timeout",
        )
    return ClockSpec(turn_seconds, match_seconds, on_timeout or ON_TIMEOUT_MOVE)


def spec_of(raw: dict[str, Any] | None) -> ClockSpec | None:
    return None if raw is None else ClockSpec.from_record(raw)


@dataclass(frozen=True, slots=True)
class ClockRecord:
    """The clock at one version: each acting seat's deadline and the start of its turn (epoch ms), and with a match
    clock each seat's match time left at the start of its current or next turn (ms; missing: all of it)."""

    version: int
    deadlines: dict[int, int]
    starts: dict[int, int] = field(default_factory=dict)
    banks: dict[int, int] = field(default_factory=dict)
    idle: int = 0  # timeout moves in a row (none by a person or bot since); MAX_IDLE_MOVES pauses the clock

    @property
    def paused(self) -> bool:
        return self.idle >= MAX_IDLE_MOVES

    def encode(self) -> bytes:
        return orjson.dumps(
            {
                "v": self.version,
                "d": sorted(self.deadlines.items()),
                "s": sorted(self.starts.items()),
                "b": sorted(self.banks.items()),
                "i": self.idle,
            }
        )

    @classmethod
    def decode(cls, data: bytes) -> ClockRecord:
        raw = orjson.loads(data)

        def table(key: str) -> dict[int, int]:
            return {int(seat): int(ms) for seat, ms in raw.get(key, ())}

        return cls(int(raw["v"]), table("d"), table("s"), table("b"), int(raw.get("i", 0)))

    def due_ms(self) -> int | None:
        return min(self.deadlines.values()) if self.deadlines else None


def next_record(
    spec: ClockSpec,
    previous: ClockRecord | None,
    version: int,
    to_act: Sequence[int],
    *,
    finished: bool,
    at_ms: int,
    timed_out: bool = False,
) -> ClockRecord | None:
    """The clock at ``version``: a seat that was already to act keeps its turn's start (so its deadline); a seat
    that comes to act starts its turn at ``at_ms``. With a match clock, a seat whose turn ended is charged the time
    it took (chess-clock style), and a turn's deadline is its start plus the smaller of ``turnSeconds`` and the
    seat's match time left. None when the match is over or nobody is to act. After MAX_IDLE_MOVES timeout moves in
    a row (``timed_out``: the version's move was one) the clock pauses: no deadlines, no turn running, until a
    move that is no timeout."""
    match_ms = spec.match_seconds * 1000
    starts = previous.starts if previous is not None else {}
    banks = dict(previous.banks) if previous is not None else {}
    if match_ms:
        for seat, start in starts.items():
            if finished or seat not in to_act:
                banks[seat] = max(0, banks.get(seat, match_ms) - max(0, at_ms - start))
    if finished or not to_act:
        return None
    idle = (previous.idle if previous is not None else 0) + 1 if timed_out else 0
    if idle >= MAX_IDLE_MOVES:
        if match_ms:  # the running turns are charged up to the pause
            for seat, start in starts.items():
                banks[seat] = max(0, banks.get(seat, match_ms) - max(0, at_ms - start))
        return ClockRecord(version, {}, {}, banks, idle)
    kept = {seat: starts.get(seat, at_ms) for seat in to_act}
    deadlines: dict[int, int] = {}
    for seat, start in kept.items():
        limits = [spec.turn_seconds * 1000] if spec.turn_seconds else []
        if match_ms:
            limits.append(banks.get(seat, match_ms))
        deadlines[seat] = start + min(limits)
    return ClockRecord(version, deadlines, kept, banks, idle)


def save(store: ClockStore, game_id: str, record: ClockRecord | None) -> None:
    if record is None:
        store.save_clock(game_id, None, None)
    else:
        store.save_clock(game_id, record.encode(), record.due_ms())


def load(store: ClockStore, game_id: str) -> ClockRecord | None:
    raw = store.load_clock(game_id)
    return None if raw is None else ClockRecord.decode(raw)


def after_commit(
    store: ClockStore,
    spec: ClockSpec,
    game_id: str,
    version: int,
    to_act: Sequence[int],
    *,
    finished: bool,
    timed_out: bool = False,
) -> ClockRecord | None:
    """The hook after a committed create or move of a clocked game: writes the next deadlines. A store failure
    here is logged, not raised (the move stands); the sweeper finds a record of an older version and writes the
    current one."""
    try:
        previous = load(store, game_id) if version > 0 else None
        if previous is not None and previous.version >= version:  # a newer commit's hook already ran
            return previous
        record = next_record(spec, previous, version, to_act, finished=finished, at_ms=now_ms(), timed_out=timed_out)
        save(store, game_id, record)
        return record
    except errors.StoreUnavailableError as error:
        log.warning("turn clock not updated", extra={"game_id": game_id, "version": version, "error": str(error)})
        return None


def clock_view(spec: ClockSpec, record: ClockRecord | None, players: int, at_ms: int | None = None) -> dict[str, Any]:
    """The public clock of a game's header: ``{turnSeconds, matchSeconds, onTimeout, deadlines: [{seat, deadline
    (epoch ms), remainingMs}], matchRemainingMs: [ms per seat]}`` (the last with a match clock only, while the
    match is on: each seat's match time left now, its running turn counted)."""
    now = now_ms() if at_ms is None else at_ms
    deadlines = [] if record is None else sorted(record.deadlines.items())
    banks: list[int] = []
    if spec.match_seconds and record is not None:
        for seat in range(players):
            bank = record.banks.get(seat, spec.match_seconds * 1000)
            start = record.starts.get(seat)
            banks.append(max(0, bank - max(0, now - start)) if start is not None else bank)
    return {
        "turnSeconds": spec.turn_seconds,
        "matchSeconds": spec.match_seconds,
        "onTimeout": spec.on_timeout,
        "deadlines": [{"seat": seat, "deadline": ms, "remainingMs": max(0, ms - now)} for seat, ms in deadlines],
        "matchRemainingMs": banks,
        "paused": record is not None and record.paused,
    }


def deadline_hook(store: ClockStore) -> CommitHook:
    """The after-commit hook of turn clocks: a clocked game's next deadlines written, and its header's clock."""

    def write_deadlines(commit: Commit) -> dict[str, Any] | None:
        if commit.meta.clock is None:
            return None
        spec = ClockSpec.from_record(commit.meta.clock)
        finished, timed_out = commit.finished, commit.timed_out
        record = after_commit(
            store, spec, commit.game_id, commit.version, commit.to_act, finished=finished, timed_out=timed_out
        )
        return {"clock": clock_view(spec, record, commit.meta.players)}

    return write_deadlines
