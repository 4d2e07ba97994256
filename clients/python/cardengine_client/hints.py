"""The strongest search's answers for a seat (docs/api.md "Hints", "Review after the match"): ``suggest_moves``
and ``review_match`` (``HintCalls``, part of ``GameEngineClient``) and the review's values."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from cardengine_client._proto import game_engine_pb2 as pb
from cardengine_client._proto import game_engine_pb2_grpc as pb_grpc
from cardengine_client.values import Hints, LegalMove, Suggestion, legal_move_of


@dataclass(frozen=True, slots=True)
class ReviewedDecision:
    """One decision of a seat in a finished match: the move ``made`` at ``version`` beside the search's preferred
    move ``best``, their estimates, the ``cost`` (best less made, at least 0; 0 for the preferred move; None when the
    search never tried the move made), the made move's ``rank`` (1: the preferred) among ``legal_moves``."""

    version: int
    made: LegalMove
    best: LegalMove
    made_reward: float | None
    best_reward: float | None
    cost: float | None
    rank: int
    legal_moves: int
    timed_out: bool = False  # the service played it when the seat's turn clock ran out


@dataclass(frozen=True, slots=True)
class MatchReview:
    """``review_match``'s answer: a page of the decisions of ``seat`` in order (``review_decisions``: all of them),
    the search's iterations per decision and the next page's token ("" on the last page)."""

    game_id: str
    seat: int
    decisions: tuple[ReviewedDecision, ...]
    iterations: int
    next_page_token: str = ""

    @property
    def total_cost(self) -> float:
        """The sum of the known costs of the decisions here."""
        return sum(decision.cost or 0.0 for decision in self.decisions)

    def mistakes(self, threshold: float = 0.05) -> tuple[ReviewedDecision, ...]:
        """The decisions that cost more than ``threshold``, dearest first."""
        costly = [decision for decision in self.decisions if (decision.cost or 0.0) > threshold]
        return tuple(sorted(costly, key=lambda decision: -(decision.cost or 0.0)))


class HintCalls:
    """SuggestMoves and ReviewMatch, with a seat's token."""

    _stub: pb_grpc.GameEngineStub
    _call: Callable[..., Any]

    def suggest_moves(self, game_id: str, token: str, count: int = 0) -> Hints:
        """Hints: the seat's best ``count`` legal moves now (0: 3; at most 10), best first, each with the search's
        estimate; the same answer for the same game, version and seat. Typed errors: ``hints/disabled`` (a game
        created with hints off), ``game/finished``, ``move/not_your_turn``, ``limit/hint_rate`` (retryable)."""
        request = pb.SuggestMovesRequest(game_id=game_id, count=count)
        response = self._call(self._stub.SuggestMoves, request, token)
        return Hints(
            game_id=response.game_id,
            version=response.version,
            seat=response.seat,
            suggestions=tuple(
                Suggestion(
                    legal_move_of(item.move),
                    item.visits,
                    item.expected_reward if item.HasField("expected_reward") else None,
                )
                for item in response.suggestions
            ),
            iterations=response.iterations,
        )

    def review_match(self, game_id: str, token: str, page_size: int = 0, page_token: str = "") -> MatchReview:
        """Review after the match, one page: the token's seat's decisions in a finished match (``page_size``: 0
        means 20, at most 50), each beside the move the strongest search preferred there (the hint of that version)
        and the estimated cost of the move made; ``page_token``: the previous page's ``next_page_token``. Typed
        errors: ``game/not_finished`` while the match is played, ``limit/hint_rate`` (retryable)."""
        request = pb.ReviewMatchRequest(game_id=game_id, page_size=page_size, page_token=page_token)
        response = self._call(self._stub.ReviewMatch, request, token)
        return MatchReview(
            game_id=response.game_id,
            seat=response.seat,
            decisions=tuple(
                ReviewedDecision(
                    version=item.version,
                    made=legal_move_of(item.made),
                    best=legal_move_of(item.best),
                    made_reward=item.made_reward if item.HasField("made_reward") else None,
                    best_reward=item.best_reward if item.HasField("best_reward") else None,
                    cost=item.cost if item.HasField("cost") else None,
                    rank=item.rank,
                    legal_moves=item.legal_moves,
                    timed_out=item.timed_out,
                )
                for item in response.decisions
            ),
            iterations=response.iterations,
            next_page_token=response.next_page_token,
        )

    def review_decisions(self, game_id: str, token: str, page_size: int = 0) -> Iterator[ReviewedDecision]:
        """Every decision of the token's seat in a finished match, page after page (``review_match``)."""
        page_token = ""
        while True:
            page = self.review_match(game_id, token, page_size, page_token)
            yield from page.decisions
            if not page.next_page_token:
                return
            page_token = page.next_page_token
