"""Dragon Mystery Rummy's scoring: each dragon in a play area scores by its role in the hand, cards in hand score
nothing, and the match totals add the hands."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.games.dragon_rummy.cards import DRAW_TWO_POINTS, OTHER_POINTS, RARE_POINTS
from engine.games.dragon_rummy.table import DragonTable, table_of, target_score
from engine.scoring import RoundScore, ScoreSheet, highest_scorers, totals_from_rounds, unpacked
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


def explain_hand(areas: Sequence[Sequence[str]], draw_two: str, rare: str) -> list[dict[str, Any]]:
    """Per seat, where its points came from: its play area's dragons, how many of each role (-1, +3, +1 each) and
    the total. Cards left in hand score nothing, so the hands are not shown."""
    explained: list[dict[str, Any]] = []
    for area in areas:
        draw_twos, rares, others = play_area_counts(area, draw_two, rare)
        points = play_area_points(area, draw_two, rare)
        explained.append({"cards": list(area), "drawTwo": draw_twos, "rare": rares, "other": others, "points": points})
    return explained


def standing(state: GameState) -> list[int]:
    """The hand in progress as the end of a hand scores it: each play area's points now."""
    table = table_of(state)
    draw_two, rare = table["draw_two_dragon"], table["rare_dragon"]
    return [play_area_points(area, draw_two, rare) for area in table["play_areas"]]


def match_totals(table: DragonTable, players: int) -> list[int]:
    return totals_from_rounds([record["points"] for record in table["hand_records"]], players)  # a list: per view


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
                **(
                    {
                        "explanations": explain_hand(
                            unpacked(record["play_areas"]), record["draw_two_dragon"], record["rare_dragon"]
                        )
                    }
                    if "play_areas" in record
                    else {}
                ),
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
