"""Bot workers: threads that play the bot seats of games waiting in the store's bot queue.

Each worker loops: claim the earliest due game (``BotQueue.claim``, with a lease and the think delay), load it
through the core (``BotTurns.bot_turn``: the bot seat to act and its seat-scoped input), let the seat's policy
(``service.core.bot_kinds.BOT_POLICIES``) choose a move with a generator seeded by the game's seed, version and seat,
and apply it through the core with compare-and-set on the version it was chosen at (``apply_bot_move``). A stale
version means another worker (or a person) moved first: the move is dropped. Nothing ever waits on a request:
the queue is in the store, so workers run in ``cardengine serve`` (a background thread, by default) or in any
number of ``cardengine bots`` processes on any machine.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass

import engine
import engine.bots as engine_bots
from service.core import errors, telemetry
from service.core.bot_kinds import BOT_POLICIES, bot_policy, is_bot_spec
from service.core.game_service import GameService
from service.core.records import BotTurn
from service.storage.protocols import GONE_VERSION

log = logging.getLogger("cardengine.bots")

DEFAULT_LEASE_SECONDS = 10.0
DEFAULT_SWEEP_SECONDS = 10.0
IDLE_WAIT_SECONDS = 1.0
STALL_SECONDS = 60.0  # a worker that has not come round its loop this long is reported unhealthy


@dataclass(frozen=True, slots=True, kw_only=True)
class BotSettings:
    workers: int = 1
    delay_seconds: float = 0.0  # think delay: a bot moves at least this long after its turn began
    budget_seconds: float = engine_bots.DEFAULT_BUDGET_SECONDS  # time a policy may take per move
    lease_seconds: float = DEFAULT_LEASE_SECONDS  # a claimed game returns to the queue after this if not played
    sweep_seconds: float = DEFAULT_SWEEP_SECONDS  # how often lost marks are looked for (Redis)

    def __post_init__(self) -> None:
        if self.workers < 0 or self.delay_seconds < 0 or self.budget_seconds <= 0:
            raise ValueError("bot workers and delay must be >= 0 and the budget positive.")
        if self.lease_seconds <= self.budget_seconds:
            raise ValueError("the bot lease must be longer than the move budget.")


class BotWorkers:
    """``settings.workers`` threads playing bot seats over ``service``; ``start`` and ``stop`` (graceful: a move
    in flight is finished)."""

    def __init__(
        self,
        service: GameService,
        settings: BotSettings | None = None,
        policies: Mapping[str, engine_bots.Policy] | None = None,
    ) -> None:
        self.service = service
        self.settings = settings or BotSettings()
        self.policies = dict(BOT_POLICIES if policies is None else policies)
        self.queue = service.store.bots
        self._stopping = threading.Event()
        self._threads: list[threading.Thread] = []
        self._heartbeats: dict[int, float] = {}
        self._counts_lock = threading.Lock()
        self.moves_played = 0
        self.stale_dropped = 0

    # ----- running ----------------------------------------------------------------------------------------------
    def start(self) -> BotWorkers:
        for index in range(self.settings.workers):
            self._heartbeats[index] = time.monotonic()
            thread = threading.Thread(target=self._run, args=(index,), name=f"bot-worker-{index}", daemon=True)
            self._threads.append(thread)
            thread.start()
        if self._threads:
            log.info("bot workers started", extra={"workers": self.settings.workers})
        return self

    def stop(self, timeout: float = 10.0) -> None:
        """No new claims; waits up to ``timeout`` for the moves in flight."""
        self._stopping.set()
        self.queue.wake_all()
        deadline = time.monotonic() + timeout
        for thread in self._threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        if self._threads:
            log.info("bot workers stopped", extra={"moves": self.moves_played})

    def healthy(self) -> bool:
        """Every worker thread alive and round its loop within ``STALL_SECONDS``."""
        now = time.monotonic()
        return all(thread.is_alive() for thread in self._threads) and all(
            now - beat < STALL_SECONDS for beat in self._heartbeats.values()
        )

    def _run(self, index: int) -> None:
        next_sweep = time.monotonic()
        while not self._stopping.is_set():
            self._heartbeats[index] = time.monotonic()
            try:
                if index == 0 and time.monotonic() >= next_sweep:
                    next_sweep = time.monotonic() + self.settings.sweep_seconds
                    self.queue.sweep()
                claim = self.queue.claim(self.settings.lease_seconds, self.settings.delay_seconds)
                if claim.game_id is None:
                    wait = IDLE_WAIT_SECONDS if claim.wait_seconds is None else claim.wait_seconds
                    self.queue.wait(max(0.001, min(wait, IDLE_WAIT_SECONDS)))
                    continue
                self.play(claim.game_id)
            except errors.StoreUnavailableError as error:
                log.warning("bot worker: store unavailable", extra={"error": str(error)})
                self._stopping.wait(1.0)
            except Exception:
                log.exception("bot worker: unexpected error")
                self._stopping.wait(1.0)

    # ----- one move ---------------------------------------------------------------------------------------------
    def play(self, game_id: str) -> bool:
        """Plays one bot move of a claimed game, or settles its queue entry when no bot is to act; True if a move
        was committed."""
        try:
            turn = self.service.bot_turns.bot_turn(game_id, self.settings.budget_seconds)
        except engine.EngineError as error:  # a snapshot of another rules version (or corrupt): no bot can play it
            log.warning("bot worker: game cannot be played", extra={"game_id": game_id, "code": error.code})
            self.queue.mark(game_id, GONE_VERSION, "done")
            return False
        if turn is None:
            self.queue.mark(game_id, GONE_VERSION, "done")
            return False
        if turn.seat is None or turn.seat_input is None:
            self.queue.mark(game_id, turn.version, "done" if turn.finished else "idle")
            return False
        policy = self.policies.get(turn.kind) or (bot_policy(turn.kind) if is_bot_spec(turn.kind) else None)
        if policy is None:  # a kind this worker does not know (an older release): another worker may
            log.error("bot worker: no policy for this kind", extra={"game_id": game_id, "bot": turn.kind})
            return False
        return self._move(turn, policy)

    def _move(self, turn: BotTurn, policy: engine_bots.Policy) -> bool:
        assert turn.seat is not None and turn.seat_input is not None
        started = time.perf_counter()
        with telemetry.span("bot.decide", bot=turn.kind):
            move = policy.choose(turn.seat_input, engine_bots.bot_random(turn.seed, turn.version, turn.seat))
        thought = time.perf_counter() - started
        telemetry.bot_decided(turn.seat_input.game_type, turn.kind, thought)
        context = {"game_id": turn.game_id, "seat": turn.seat, "version": turn.version, "bot": turn.kind}
        if thought > self.settings.budget_seconds:
            log.warning("bot move over its budget", extra={**context, "milliseconds": round(thought * 1000, 1)})
        try:
            self.service.bot_turns.apply_bot_move(turn.game_id, turn.seat, move.notation, turn.version)
        except errors.ServiceError as error:
            if error.code == "version/stale":
                with self._counts_lock:
                    self.stale_dropped += 1
                log.info("bot move dropped: the game moved on", extra=context)
                return False
            raise
        except engine.EngineError as error:
            log.error("bot move refused by the rules", extra={**context, "kind": move.kind, "code": error.code})
            log.debug("bot move refused by the rules", extra={**context, "move": move.notation})  # a secret: DEBUG
            return False
        with self._counts_lock:
            self.moves_played += 1
        log.info(
            "bot move played",
            extra={**context, "version": turn.version + 1, "kind": move.kind, "milliseconds": thought * 1000},
        )
        log.debug("bot move text", extra={**context, "version": turn.version + 1, "move": move.notation})
        return True
