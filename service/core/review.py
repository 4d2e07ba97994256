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
- **A page at a time**: each decision is a search (tens of milliseconds; a long match holds hundreds), so a request
  reviews at most ``page_size`` decisions (20 by default, 50 at most) and answers the token of the next page (the
  version of the next decision, in decimal). The match is replayed up to the page (rules only, cheap).
- **Cost control**: a finished match never changes, so each process keeps the last ``CACHED_DECISIONS`` reviewed
  decisions (game, seat, version); a page with a decision not kept is admitted first by the gate's hint rate
  (``admit``: one hint of the caller's key or address), a page answered from what is kept costs nothing. Games
  created with hints off are reviewed too: the match is over.
- **Refusals, typed**: no or a wrong token ``auth/missing_token``, ``auth/invalid_token``; a match not over
  ``game/not_finished``; an unknown game ``game/not_found``; a page size or token out of range ``request/invalid``.
"""

from __future__ import annotations

import random
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
CACHED_DECISIONS = 4096
"""The reviewed decisions one process keeps, newest used last."""
DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 50


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
    """ReviewMatch's answer: a page of the decisions of ``seat`` in order, the search's iterations per decision and
    the token of the next page ("" on the last)."""

    game_id: str
    seat: int
    decisions: tuple[ReviewedMove, ...]
    iterations: int
    next_page_token: str


def checked_page(page_size: int, page_token: str, version: int) -> tuple[int, int]:
    """The page's size (0: ``DEFAULT_PAGE_SIZE``) and the version its first decision is at or after (a page token is
    that version, in decimal); INVALID_ARGUMENT for a size over ``MAX_PAGE_SIZE`` or a token that is no version of
    the match."""
    if not 0 <= page_size <= MAX_PAGE_SIZE:
        raise errors.invalid_argument(
            f"pageSize must be 0 to {MAX_PAGE_SIZE} (0: {DEFAULT_PAGE_SIZE}); got {page_size}.", field="pageSize"
        )
    start = 0
    if page_token:
        if not page_token.isdigit() or int(page_token) > version:
            raise errors.invalid_argument(
                "pageToken is not a page token of this review: pass nextPageToken of the previous page unchanged.",
                field="pageToken",
            )
        start = int(page_token)
    return page_size or DEFAULT_PAGE_SIZE, start


class Reviews:
    """The reviews of finished matches; each decision computed at most once per process while it is kept."""

    def __init__(self, games: StoredGames, *, iterations: int | None = None) -> None:
        """``iterations``: the search's iterations per decision; None: each game's hint default."""
        if iterations is not None and iterations < 1:
            raise ValueError("A review's search needs at least one iteration.")
        self.games = games
        self.iterations = iterations
        self._cache: OrderedDict[tuple[str, int, int], ReviewedMove] = OrderedDict()
        self._lock = threading.Lock()

    def review(
        self,
        game_id: str,
        token: str | None,
        admit: Callable[[], None] | None = None,
        *,
        page_size: int = 0,
        page_token: str = "",
    ) -> MatchReview:
        """A page of the review of the token's seat (see the module's docstring). ``admit``: called before a page
        with a decision not yet kept is computed; raises to refuse it (``limit/hint_rate``)."""
        stored, meta = self.games.load(game_id)
        seat = required_seat(game_id, meta, token, "ReviewMatch")
        if not stored.finished:
            raise errors.game_not_finished(game_id, stored.version, REVIEW_WAITS)
        size, start = checked_page(page_size, page_token, stored.version)
        entries = [LogEntry.decode(raw) for raw in self.games.store.log(game_id, -1)][: stored.version + 1]
        seed, options = creation_parameters(meta, stored)
        iterations = self.iterations or hint_iterations(meta.game_type)
        page: list[ReviewedMove] = []
        next_token = ""
        pending_admission = admit  # asked once, before the page's first search
        state, _ = engine.new_game(meta.game_type, meta.players, seed, options)
        for entry in entries[1:]:
            if entry.seat is None or entry.move is None or seating.is_join_entry(entry.move, entry.seat, entry.events):
                continue  # a seat taken from the lobby, or a forfeit: no move
            move = engine.parse_move(state, entry.move)
            version = entry.version - 1
            if entry.seat == seat and version >= start and len(engine.legal_moves(state, seat)) > 1:
                if len(page) == size:
                    next_token = str(version)
                    break
                key = (game_id, seat, version)
                with self._lock:
                    kept = self._cache.get(key)
                if kept is None:
                    if pending_admission is not None:
                        pending_admission()
                        pending_admission = None
                    with telemetry.span("engine.review_decision", game_type=meta.game_type, iterations=iterations):
                        rng = hint_random(seed, version, seat)
                        kept = reviewed_move(state, seat, move, version, rng, iterations, timed_out=entry.timed_out)
                    self._keep(key, kept)
                page.append(kept)
            state, _ = engine.apply(state, entry.seat, move)
        return MatchReview(game_id, seat, tuple(page), iterations, next_token)

    def _keep(self, key: tuple[str, int, int], reviewed: ReviewedMove) -> None:
        with self._lock:
            self._cache[key] = reviewed
            self._cache.move_to_end(key)
            while len(self._cache) > CACHED_DECISIONS:
                self._cache.popitem(last=False)


def reviewed_move(
    state: engine.GameState,
    seat: int,
    move: engine.Move,
    version: int,
    rng: random.Random,
    iterations: int,
    *,
    timed_out: bool,
) -> ReviewedMove:
    """The review of ``move``, a decision of ``seat`` (more than one legal move) in ``state`` at ``version``, on
    its seat input."""
    decision = review_decision(seat_input(state, seat), move, rng, iterations)
    assert decision is not None, "a decision has more than one legal move"
    return ReviewedMove(
        version=version,
        made=legal_move(state, seat, decision.made),
        best=legal_move(state, seat, decision.best),
        made_reward=decision.made_reward,
        best_reward=decision.best_reward,
        cost=decision.cost,
        rank=decision.rank,
        legal_moves=decision.legal_moves,
        timed_out=timed_out,
    )
