"""Timeouts: when a seat's turn clock (service/core/clocks.py) runs out, the sweeper claims its game and the
service plays the game's timeout move for the seat through the one write path, or with ``onTimeout: "forfeit"``
ends the match (service/core/forfeit.py). One sweeper per replica and per bot-worker process: claims keep two
sweepers from working on one game at once, the compare-and-set from double-applying."""

from __future__ import annotations

import logging

import engine
from service.core import clocks, errors, forfeit
from service.core.games import StoredGames
from service.core.hooks import Commit, CommitHooks
from service.core.moves import Moves
from service.core.periodic import Periodic
from service.core.stored import GameMeta, LogEntry
from service.storage.protocols import Missing, Stale, StoredGame

log = logging.getLogger("cardengine.service")
sweep_log = logging.getLogger("cardengine.clocks")

SWEEP_SECONDS = 0.25  # how often a sweeper looks for expired deadlines
LEASE_SECONDS = 10.0  # a claimed deadline comes back to the other sweepers after this, if its claimer died
SWEEP_BATCH = 64
MAX_TIMEOUT_MOVES = 16  # per claim: the moves of one timed-out turn (draw, then discard), and a margin


class Timeouts:
    def __init__(self, games: StoredGames, moves: Moves, hooks: CommitHooks) -> None:
        self.games = games
        self.moves = moves
        self.hooks = hooks

    def apply_timeouts(self, game_id: str, lease_ms: int) -> int:
        """The timeout moves of a game whose clock a sweeper claimed (its due time moved to ``lease_ms``): while a
        seat to act is past its deadline, its game's ``timeout_move`` at the current version through the one write
        path (``Moves.commit_move``, flagged ``timed_out``); a stale version means a person or another sweeper
        moved first, and its commit set the next deadlines. Returns the moves applied."""
        store = self.games.store
        applied = 0
        for _ in range(MAX_TIMEOUT_MOVES):
            stored = store.load(game_id)
            meta = None if stored is None else GameMeta.decode(stored.meta)
            spec = None if meta is None else clocks.spec_of(meta.clock)
            if stored is None or meta is None or spec is None or stored.finished:
                if store.move_clock(game_id, lease_ms, None):
                    store.save_clock(game_id, None, None)
                return applied
            # Waiting for players (service/core/lobby.py): nobody acts, so no deadline runs yet.
            acting = () if meta.open_seats else engine.to_act(self.games.state_of(stored))
            record = clocks.load(store, game_id)
            if record is None or record.version != stored.version:  # a commit whose hook did not run: write it now
                finished = stored.finished
                record = clocks.after_commit(store, spec, game_id, stored.version, acting, finished=finished)
                if record is None:
                    return applied
            now = clocks.now_ms()
            late = [seat for seat in acting if record.deadlines.get(seat, now + 1) <= now]
            if not late:  # give the lease back as the earliest deadline (unless a commit has replaced it)
                store.move_clock(game_id, lease_ms, record.due_ms())
                return applied
            if spec.on_timeout == clocks.ON_TIMEOUT_FORFEIT:
                return applied + self._forfeit(stored, meta, late[0])
            if not self._timeout_move(stored, meta, late[0]):
                return applied
            applied += 1
        return applied

    def _timeout_move(self, stored: StoredGame, meta: GameMeta, seat: int) -> bool:
        """The game's timeout move for ``seat``; False when a person or another sweeper moved first."""
        move = engine.get_game(meta.game_type).timeout_move(self.games.state_of(stored), seat)
        try:
            self.moves.commit_move(stored, meta, seat, move.notation, omit_view=True, timed_out=True)
        except errors.ServiceError as error:
            if error.code == "version/stale":
                return False
            raise
        log.info("turn timed out", extra={"game_id": stored.game_id, "seat": seat, "version": stored.version + 1})
        return True

    def _forfeit(self, stored: StoredGame, meta: GameMeta, seat: int) -> int:
        """Ends the match at ``stored`` (the expected version): ``seat`` ran out of time and forfeits. One more
        version, committed with compare-and-set like a move, whose log entry has no move and one public event
        (``forfeited``); the snapshot is unchanged and the record finished (service/core/forfeit.py). 0 when a
        person, a bot or another sweeper moved first (their commit set the next deadlines), else 1."""
        game_id = stored.game_id
        version = stored.version + 1
        events = (forfeit.forfeit_event(seat),)
        first_sequence = stored.event_count
        entry = LogEntry(
            version, seat, None, (), finished=True, first_sequence=first_sequence, events=events, timed_out=True
        )
        event_count = first_sequence + len(events)
        updated = StoredGame(game_id, version, stored.snapshot, event_count, finished=True, meta=stored.meta)
        outcome = self.games.store.commit(updated, stored.version, entry.encode(), None, stored.commit_id)
        if isinstance(outcome, Stale):
            return 0
        if isinstance(outcome, Missing):
            raise errors.game_not_found(game_id)
        self.hooks.run(Commit(game_id, meta, version, seat, None, (), finished=True, timed_out=True))
        log.info("seat forfeited on time", extra={"game_id": game_id, "seat": seat})
        return 1


class ClockSweeper:
    """A thread that applies the timeout moves of expired deadlines, every ``interval`` seconds."""

    def __init__(
        self, timeouts: Timeouts, *, interval: float = SWEEP_SECONDS, lease_seconds: float = LEASE_SECONDS
    ) -> None:
        self.timeouts = timeouts
        self.interval = interval
        self.lease_ms = int(lease_seconds * 1000)
        self._loop = Periodic("clock-sweeper", interval, self.sweep, sweep_log, "clock sweep")
        self.applied = 0  # timeout moves this sweeper has applied (for operators and tests)

    def start(self) -> ClockSweeper:
        self._loop.start()
        return self

    def stop(self) -> None:
        self._loop.stop()

    def sweep(self) -> int:
        """One pass: claims every expired game and applies its timeout moves; returns how many were applied."""
        store = self.timeouts.games.store
        applied = 0
        now = clocks.now_ms()
        for game_id, due in store.due_clocks(now, SWEEP_BATCH):
            if self._loop.stopping:
                break
            lease = clocks.now_ms() + self.lease_ms
            if not store.move_clock(game_id, due, lease):
                continue  # another sweeper claimed it, or a commit moved its deadline
            try:
                moves = self.timeouts.apply_timeouts(game_id, lease)
                applied += moves
                self.applied += moves
            except errors.StoreUnavailableError:
                raise
            except Exception:  # one game's failure (its lease runs out, it is tried again) never stops the others
                sweep_log.exception("timeout move failed", extra={"game_id": game_id})
        return applied
