"""Bot seats: what a bot worker (service/bots/worker.py) reads to play a turn and how its move is committed, and
the after-commit hook that keeps the store's bot queue told whether a game waits on a bot."""

from __future__ import annotations

import logging

import engine
import engine.bots as engine_bots
from service.core import errors, telemetry
from service.core.games import StoredGames
from service.core.hooks import Commit, CommitHook
from service.core.moves import Moves
from service.core.records import BotTurn, MoveResult
from service.core.stored import GameMeta
from service.storage.protocols import BotState, GameStore

log = logging.getLogger("cardengine.service")


def bot_queue_hook(store: GameStore) -> CommitHook:
    """The after-commit hook of bot seats: the game marked in the bot queue as due (a bot is to act), idle or done.
    If the store fails here the move stands and the queue's sweep finds the game later."""

    def mark_bot_queue(commit: Commit) -> None:
        bots = commit.meta.bots
        if not any(bots):
            return
        due = any(bots[seat] for seat in commit.to_act)
        state: BotState = "done" if commit.finished else "due" if due else "idle"
        try:
            store.bots.mark(commit.game_id, commit.version, state)
        except errors.StoreUnavailableError as error:
            log.warning(
                "bot queue not updated; its sweep will find the game",
                extra={"game_id": commit.game_id, "version": commit.version, "error": str(error)},
            )

    return mark_bot_queue


class BotTurns:
    def __init__(self, games: StoredGames, moves: Moves) -> None:
        self.games = games
        self.moves = moves

    def bot_turn(self, game_id: str, budget_seconds: float = engine_bots.DEFAULT_BUDGET_SECONDS) -> BotTurn | None:
        """What a bot worker needs to play the game now: the first bot seat among the seats to act, its kind and
        its seat-scoped input (``engine.bots.SeatInput``: its own view and legal moves, never the state). None if
        the game is gone; a turn with no seat if no bot is to act (people are, or the match is over)."""
        stored = self.games.store.load(game_id)
        if stored is None:
            return None
        meta = GameMeta.decode(stored.meta)
        if stored.finished:
            return BotTurn(game_id, stored.version, finished=True)
        if meta.open_seats:  # waiting for players (service/core/lobby.py): no bot acts yet
            return BotTurn(game_id, stored.version, finished=False)
        state = self.games.state_of(stored)
        seed = meta.seed if meta.seed is not None else game_id
        for seat in engine.to_act(state):
            if meta.bots[seat]:
                seat_input = engine_bots.seat_input(state, seat, budget_seconds)
                kind = meta.bots[seat]
                return BotTurn(
                    game_id, stored.version, finished=False, seat=seat, kind=kind, seed=seed, seat_input=seat_input
                )
        return BotTurn(game_id, stored.version, finished=stored.finished)

    def apply_bot_move(self, game_id: str, seat: int, move: str, expected_version: int) -> MoveResult:
        """A bot seat's move, through the same rules and compare-and-set as a person's (``ApplyMove``); a stale
        ``expected_version`` is ABORTED (``version/stale``): another worker moved first. Only bot seats."""
        stored, meta = self.games.load(game_id, for_version=expected_version)
        if not 0 <= seat < meta.players or not meta.bots[seat]:
            raise errors.invalid_argument(f"Seat {seat} of game '{game_id}' is no bot seat.", field="seat")
        if stored.version != expected_version:
            telemetry.stale_conflict(meta.game_type)
            raise errors.stale_version(expected_version, stored.version)
        return self.moves.commit_move(stored, meta, seat, move)
