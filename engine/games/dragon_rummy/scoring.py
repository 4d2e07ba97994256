"""Dragon Mystery Rummy's scoring: each dragon in a play area scores by its role in the hand, cards in hand score
nothing, and the match totals add the hands."""

from __future__ import annotations

from collections.abc import Sequence

from engine.games.dragon_rummy.cards import DRAW_TWO_POINTS, OTHER_POINTS, RARE_POINTS
from engine.games.dragon_rummy.table import DragonTable, table_of, target_score
from engine.scoring import RoundScore, ScoreSheet, highest_scorers, totals_from_rounds
from engine.state import GameState


def card_points(card: str, draw_two: str, rare: str) -> int:
    """-1 for this hand's draw-2 dragon, +3 for its rare dragon, +1 for any other dragon."""
    if card == draw_two:
        return DRAW_TWO_POINTS
    if card == rare:
        return RARE_POINTS
    return OTHER_POINTS


def play_area_counts(cards: Sequence[str], draw_two: str, rare: str) -> list[int]:
    """[draw-2 dragons, rare dragons, other dragons] in a play area."""
    draw_twos, rares = cards.count(draw_two), cards.count(rare)
    return [draw_twos, rares, len(cards) - draw_twos - rares]


def play_area_points(cards: Sequence[str], draw_two: str, rare: str) -> int:
    """The sum of ``card_points`` over the play area, from its counts by role."""
    draw_twos, rares, others = play_area_counts(cards, draw_two, rare)
    return draw_twos * DRAW_TWO_POINTS + rares * RARE_POINTS + others * OTHER_POINTS


def match_totals(table: DragonTable, players: int) -> list[int]:
    return totals_from_rounds((record["points"] for record in table["hand_records"]), players)


def score(state: GameState, *, finished: bool) -> ScoreSheet:
    """One round per hand played, with its draw-2 and rare dragons, how it ended and each play area's counts;
    the winners (every seat with the best total) once the match is ``finished``."""
    table = table_of(state)
    rounds = tuple(
        RoundScore(
            f"hand {record['hand']}",
            tuple(record["points"]),
            {
                "drawTwo": record["draw_two_dragon"],
                "rare": record["rare_dragon"],
                "ended": record["ended"],
                "by": record["ended_by"],
                "playAreas": [{"drawTwo": d, "rare": r, "other": o} for d, r, o in record["play_area_counts"]],
            },
        )
        for record in table["hand_records"]
    )
    totals = match_totals(table, state.players)
    return ScoreSheet(
        tuple(totals),
        rounds,
        finished,
        highest_scorers(totals) if finished else (),
        {"targetScore": target_score(state)},
    )
