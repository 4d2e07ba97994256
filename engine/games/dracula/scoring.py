"""Dracula's scores: the points of a full coffin, the final bonus, totals, and the score sheet with each
coffin's line-by-line breakdown (line arithmetic is in ``coffin``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.games.dracula.cards import VAMPIRE
from engine.games.dracula.coffin import (
    CELL_NAMES,
    LINES,
    LineScore,
    card_value,
    line_scores,
    multiplier,
    settle,
)
from engine.games.dracula.table import DraculaTable, RoundRecord, side_of, table_of
from engine.scoring import RoundScore, ScoreSheet, highest_scorers, totals_from_rounds
from engine.state import GameState

# Why a side earns the final bonus: the higher total, the best line of the game (equal totals), or nobody.
DIFFERENCE = "difference"
BEST_LINE = "best_line"
NO_BONUS = "none"
BONUS_REASONS = (DIFFERENCE, BEST_LINE, NO_BONUS)


def coffin_lines(coffin: Sequence[str | None], directions: Sequence[str]) -> list[list[LineScore]]:
    """Each side's lines of a full coffin, best first: side 0 scores ``directions[0]``, side 1 ``directions[1]``."""
    return [line_scores(coffin, directions[0]), line_scores(coffin, directions[1])]


def settle_coffin(lines: Sequence[Sequence[LineScore]]) -> tuple[tuple[int, int], int]:
    """A full coffin's points per side from its ``coffin_lines`` and the rank of the lines that settled it (1: the
    best lines; 2 or 3: the tie-break went to the second or third best)."""
    first, second, rank = settle([line.value for line in lines[0]], [line.value for line in lines[1]])
    return (first, second), rank


def standing(state: GameState) -> list[int]:
    """The coffin being filled as if it were settled now, its empty cells counting nothing: a line's placed cards at
    face value, doubled for two of one suit, the full multiplier once it holds three; 0 with the Vampire. Zeros
    before the directions are declared."""
    table = table_of(state)
    directions = table["directions"]
    if not directions[0] or not directions[1]:
        return [0] * state.players
    coffin = table["coffin"]
    best = [
        sorted((partial_line(coffin, line, directions[side]) for line in LINES[directions[side]]), reverse=True)
        for side in (0, 1)
    ]
    first, second, _ = settle(best[0], best[1])
    return [(first, second)[side_of(seat)] for seat in range(state.players)]


def partial_line(coffin: Sequence[str | None], line: tuple[int, int, int], direction: str) -> int:
    cards = [card for card in (coffin[cell] for cell in line) if card is not None]
    if VAMPIRE in cards:
        return 0
    face = sum(card_value(card, direction) for card in cards)
    if len(cards) == 3:
        return face * multiplier(cards)
    if len(cards) == 2 and cards[0][1] == cards[1][1]:
        return face * 2
    return face


def final_bonus(table: DraculaTable) -> tuple[int | None, int, str]:
    """(side that earns the bonus or None, the bonus, why: ``difference``, ``best_line`` or ``none``).

    The higher total adds the difference; with equal totals, the side that made the highest-scoring line of the
    game gets that line's value; if both made equal best lines, nobody gets a bonus.
    """
    side_totals = totals_from_rounds((record["points"] for record in table["rounds"]), 2)
    best_line = table["best_line"]
    if side_totals[0] != side_totals[1]:
        return (0 if side_totals[0] > side_totals[1] else 1), abs(side_totals[0] - side_totals[1]), DIFFERENCE
    if best_line[0] != best_line[1]:
        return (0 if best_line[0] > best_line[1] else 1), max(best_line), BEST_LINE
    return None, 0, NO_BONUS


def totals(state: GameState, *, finished: bool) -> list[int]:
    """Each seat's total: its side's points in every coffin, plus the bonus once the match is finished."""
    table = table_of(state)
    start = table["bonus"] if finished else None
    # A list, not a generator: the view gives the totals on every move.
    return totals_from_rounds([record["points"] for record in table["rounds"]], state.players, start)


def score(state: GameState, *, finished: bool) -> ScoreSheet:
    table = table_of(state)
    directions = [table["directions"][0], table["directions"][1]]
    rounds = []
    for record in table["rounds"]:
        lines = coffin_lines(record["cards"], directions)
        details = coffin_details(record, directions, lines, state.players)
        rounds.append(RoundScore(record["label"], tuple(record["points"]), details))
    if finished and any(table["bonus"]):  # explained: the higher total's difference, or the best line's value
        rounds.append(RoundScore("bonus", tuple(table["bonus"]), {"bonusReason": final_bonus(table)[2]}))
    seat_totals = totals_from_rounds((r.points for r in rounds), state.players)
    winners = highest_scorers(seat_totals) if finished else ()
    return ScoreSheet(
        tuple(seat_totals),
        tuple(rounds),
        finished,
        winners,
        {"bestLine": list(table["best_line"]), "directions": list(table["directions"])},
    )


def coffin_details(
    record: RoundRecord,
    directions: Sequence[str],
    lines: Sequence[Sequence[LineScore]],
    players: int,
    *,
    line_cards: bool = True,
) -> dict[str, Any]:
    """The breakdown of a scored coffin: its cards and, per side, its seats, the points it scored and its
    ``coffin_lines``, best first (the line at ``lineRank`` - 1 is the one each side scored). ``line_cards`` False: a
    line names its cells only, whose cards ``coffin`` gives (the event's form: each card shown once)."""
    return {
        "coffin": {CELL_NAMES[i]: card for i, card in enumerate(record["cards"])},
        "lineRank": record["line_rank"],
        "sides": [
            {
                "side": side,
                "seats": [seat for seat in range(players) if seat % 2 == side],
                "points": record["points"][side],
                "direction": directions[side],
                "lines": [
                    {
                        "cells": line.name,
                        **({"cards": list(line.cards)} if line_cards else {}),
                        "faceValue": line.face_value,
                        "multiplier": line.multiplier,
                        "vampire": line.drained,
                        "value": line.value,
                    }
                    for line in lines[side]
                ],
            }
            for side in (0, 1)
        ],
    }
