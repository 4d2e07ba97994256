"""Hints (SuggestMoves, ``GET /v1/games/{id}/hints``): the best few legal moves of the caller's seat, each with the
search's estimate, from what the seat may know only (``engine.bots.hints.suggest_moves`` over
``engine.bots.seat_input``: never the state).

- **The same answer** for the same game, version and seat: the search runs a fixed number of iterations
  (each game's default, ``engine.bots.hints.hint_iterations``, or the server's ``--hint-iterations``), never a time
  budget, with a generator seeded from the game's
  seed, the version and the seat (``hint_random``). A larger ``count`` lists more of the same ranking.
- **A cache per version**: each process keeps the ranking of the last ``CACHED_HINTS`` (game, version, seat) it
  computed (every suggestion up to ``MAX_HINT_COUNT``; a request takes its first ``count``). The answer is
  deterministic, so any replica may compute it again; nothing is stored in the store.
- **Cost control**: a search is computed only after ``admit`` lets it (the gate's hint rate per API key or client
  address, ``service/access/limits.py``); an answer from the cache costs nothing and is not counted.
- **Refusals, typed** (service/core/errors.py): a game created with hints off ``hints/disabled``; no or a wrong
  token ``auth/missing_token``, ``auth/invalid_token``; a finished match ``game/finished``; a seat with no decision
  to make now ``move/not_your_turn``; a count outside 0..``MAX_HINT_COUNT`` ``request/invalid``.
"""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

import engine
from engine.bots import seat_input
from engine.bots.hints import DEFAULT_HINT_COUNT, MAX_HINT_COUNT, hint_iterations, suggest_moves
from service.core import errors, telemetry
from service.core.games import StoredGames, legal_move, required_seat
from service.core.records import LegalMove

CACHED_HINTS = 1024
"""The rankings one process keeps, newest used last."""


@dataclass(frozen=True, slots=True)
class SuggestedMove:
    """One suggestion as answered: the move (as ListLegalMoves lists it), its visits and its expected reward."""

    move: LegalMove
    visits: int
    expected_reward: float | None


@dataclass(frozen=True, slots=True)
class HintAnswer:
    """SuggestMoves' answer: the suggestions for ``seat`` at ``version``, best first, and the search's iterations
    (0: the seat had one legal move)."""

    game_id: str
    version: int
    seat: int
    suggestions: tuple[SuggestedMove, ...]
    iterations: int


def hint_random(seed: int, version: int, seat: int) -> random.Random:
    """The generator of the hint of ``seat`` at ``version`` of a game created with ``seed`` (string seeds hash with
    SHA-512, the same in every process)."""
    return random.Random(f"hint:{seed}:{version}:{seat}")


def checked_count(count: int) -> int:
    """The number of suggestions asked: 0 means ``DEFAULT_HINT_COUNT``; INVALID_ARGUMENT outside 0..MAX."""
    if count == 0:
        return DEFAULT_HINT_COUNT
    if not 1 <= count <= MAX_HINT_COUNT:
        raise errors.invalid_argument(
            f"count must be 1 to {MAX_HINT_COUNT} (0 or absent: {DEFAULT_HINT_COUNT}); got {count}.", field="count"
        )
    return count


class Hints:
    """The hints of a seat, computed at most once per (game, version, seat) in this process."""

    def __init__(self, games: StoredGames, *, iterations: int | None = None) -> None:
        """``iterations``: the search's iterations of every hint; None: each game's default
        (``engine.bots.hints.hint_iterations``)."""
        if iterations is not None and iterations < 1:
            raise ValueError("A hint's search needs at least one iteration.")
        self.games = games
        self.iterations = iterations
        self._cache: OrderedDict[tuple[str, int, int], HintAnswer] = OrderedDict()
        self._lock = threading.Lock()

    def suggest(
        self, game_id: str, token: str | None, count: int = 0, admit: Callable[[], None] | None = None
    ) -> HintAnswer:
        """The ``count`` best moves of the token's seat now (see the module's docstring). ``admit``: called before a
        search is computed (not for a cached answer); raises to refuse it (``limit/hint_rate``)."""
        wanted = checked_count(count)
        stored, meta = self.games.load(game_id)
        seat = required_seat(game_id, meta, token, "SuggestMoves")
        if not meta.hints:
            raise errors.hints_disabled(game_id)
        if stored.finished:
            raise errors.hint_of_finished_game(game_id)
        if meta.open_seats:
            raise errors.waiting_for_players(game_id, meta.open_seats)
        key = (game_id, stored.version, seat)
        with self._lock:
            known = self._cache.get(key)
            if known is not None:
                self._cache.move_to_end(key)
        if known is None:
            state = self.games.state_of(stored)
            if seat not in engine.to_act(state):
                raise errors.hint_not_your_turn(game_id, seat)
            if admit is not None:
                admit()
            seed = meta.seed if meta.seed is not None else state.seed
            known = self._compute(game_id, stored.version, seat, seed, state)
            with self._lock:
                self._cache[key] = known
                while len(self._cache) > CACHED_HINTS:
                    self._cache.popitem(last=False)
        return HintAnswer(game_id, known.version, seat, known.suggestions[:wanted], known.iterations)

    def _compute(self, game_id: str, version: int, seat: int, seed: int, state: engine.GameState) -> HintAnswer:
        given = seat_input(state, seat)
        iterations = self.iterations or hint_iterations(state.game_id)
        with telemetry.span("engine.suggest_moves", game_type=state.game_id, iterations=iterations):
            suggestions = suggest_moves(given, hint_random(seed, version, seat), MAX_HINT_COUNT, iterations)
        answered = tuple(
            SuggestedMove(legal_move(state, seat, suggestion.move), suggestion.visits, suggestion.expected_reward)
            for suggestion in suggestions
        )
        searched = 0 if len(given.legal_moves) == 1 else iterations
        return HintAnswer(game_id, version, seat, answered, searched)
