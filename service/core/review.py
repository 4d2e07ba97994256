"""Review after the match (ReviewMatch, ``GET /v1/games/{id}/review``): each decision of the caller's seat in a
finished match, with the move the strongest search preferred there and the estimated cost of the move made, so
that a player sees where a hand was lost.

- **From the seat's input only**: the match is rebuilt from its creation parameters and log (``engine.replay``'s
  way), and each decision is judged by ``engine.bots.review.review_decision`` on ``engine.bots.seat_input`` of the
  state before it, never on the state: the cards the seat could not see then play no part.
- **The hint of that version**: the same search, iterations and generator as a hint (``service.core.hints``:
  ``hint_random`` of the game's seed, the version and the seat), so a decision's preferred move is what SuggestMoves
  would have put first. A decision is a version at which the seat moved with more than one legal move; the
  service's moves for a seat out of time are listed as such.
- **Cost control**: a finished match never changes, so each process keeps the last ``CACHED_REVIEWS`` reviews
  (game, seat); a review that must be computed is admitted first by the gate's hint rate (``admit``: one hint of
  the caller's key or address), while a cached one costs nothing. Games created with hints off are reviewed too:
  the match is over.
- **Refusals, typed**: no or a wrong token ``auth/missing_token``, ``auth/invalid_token``; a match not over
  ``game/not_finished``; an unknown game ``game/not_found``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

import engine
from engine.bots import seat_input
from engine.bots.hints import hint_iterations
from engine.bots.review import review_decision
from service.core import errors, seating, telemetry
from service.core.audit import creation_parameters
from service.core.games import StoredGames, legal_move, required_seat
from service.core.hints import hint_random
from service.core.records import LegalMove
from service.core.stored import LogEntry

REVIEW_WAITS = "a match is reviewed once it is (ask for hints while it is played)"
CACHED_REVIEWS = 256
"""The reviews one process keeps, newest used last."""


@dataclass(frozen=True, slots=True)
class ReviewedMove:
    """One decision as answered: the version it was made at, the move made and the preferred move (as
    ListLegalMoves lists them), their estimates, the cost, the made move's rank and the number of legal moves."""

    version: int
    made: LegalMove
    best: LegalMove
    made_reward: float | None
    best_reward: float | None
    cost: float | None
    rank: int
    legal_moves: int
    timed_out: bool


@dataclass(frozen=True, slots=True)
class MatchReview:
    """ReviewMatch's answer: every decision of ``seat`` in order, the search's iterations per decision and the sum
    of the known costs."""

    game_id: str
    seat: int
    decisions: tuple[ReviewedMove, ...]
    iterations: int
    total_cost: float


class Reviews:
    """The reviews of finished matches, computed at most once per (game, seat) in this process."""

    def __init__(self, games: StoredGames, *, iterations: int | None = None) -> None:
        """``iterations``: the search's iterations per decision; None: each game's hint default."""
        if iterations is not None and iterations < 1:
            raise ValueError("A review's search needs at least one iteration.")
        self.games = games
        self.iterations = iterations
        self._cache: OrderedDict[tuple[str, int], MatchReview] = OrderedDict()
        self._lock = threading.Lock()

    def review(self, game_id: str, token: str | None, admit: Callable[[], None] | None = None) -> MatchReview:
        """The review of the token's seat (see the module's docstring). ``admit``: called before a review is
        computed (not for a cached one); raises to refuse it (``limit/hint_rate``)."""
        stored, meta = self.games.load(game_id)
        seat = required_seat(game_id, meta, token, "ReviewMatch")
        if not stored.finished:
            raise errors.game_not_finished(game_id, stored.version, REVIEW_WAITS)
        key = (game_id, seat)
        with self._lock:
            known = self._cache.get(key)
            if known is not None:
                self._cache.move_to_end(key)
                return known
        if admit is not None:
            admit()
        entries = [LogEntry.decode(raw) for raw in self.games.store.log(game_id, -1)][: stored.version + 1]
        seed, options = creation_parameters(meta, stored)
        iterations = self.iterations or hint_iterations(meta.game_type)
        with telemetry.span("engine.review_match", game_type=meta.game_type, iterations=iterations):
            decisions = reviewed_moves(meta.game_type, meta.players, seed, options, entries, seat, iterations)
        total = sum(decision.cost or 0.0 for decision in decisions)
        known = MatchReview(game_id, seat, decisions, iterations, total)
        with self._lock:
            self._cache[key] = known
            while len(self._cache) > CACHED_REVIEWS:
                self._cache.popitem(last=False)
        return known


def reviewed_moves(
    game_type: str,
    players: int,
    seed: int,
    options: dict[str, object],
    entries: list[LogEntry],
    seat: int,
    iterations: int,
) -> tuple[ReviewedMove, ...]:
    """The match rebuilt from its set-up and the moves of ``entries`` (the log from version 0), with each decision
    of ``seat`` reviewed on the state before it."""
    state, _ = engine.new_game(game_type, players, seed, options)
    reviewed: list[ReviewedMove] = []
    for entry in entries[1:]:
        if entry.seat is None or entry.move is None or seating.is_join_entry(entry.move, entry.seat, entry.events):
            continue  # a seat taken from the lobby, or a forfeit: no move
        move = engine.parse_move(state, entry.move)
        if entry.seat == seat:
            version = entry.version - 1
            decision = review_decision(seat_input(state, seat), move, hint_random(seed, version, seat), iterations)
            if decision is not None:
                reviewed.append(
                    ReviewedMove(
                        version=version,
                        made=legal_move(state, seat, decision.made),
                        best=legal_move(state, seat, decision.best),
                        made_reward=decision.made_reward,
                        best_reward=decision.best_reward,
                        cost=decision.cost,
                        rank=decision.rank,
                        legal_moves=decision.legal_moves,
                        timed_out=entry.timed_out,
                    )
                )
        state, _ = engine.apply(state, entry.seat, move)
    return tuple(reviewed)
