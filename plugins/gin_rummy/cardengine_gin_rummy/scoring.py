"""Gin Rummy's scores: how a hand ended, its points, the classic match's end and bonuses, the score sheet.

The ``openspiel`` variant scores OpenSpiel's returns: the knocker wins the deadwood difference, plus 25 for gin;
a knocker whose difference is below zero (undercut) loses it and 25 more; a tie scores 0; a hand nobody knocked in
scores 0. The ``classic`` match (Bicycle's rules, docs/rules/gin_rummy.md): the knocker scores the difference (25
more for gin); a defender whose deadwood is equal or lower (undercut, ties included) scores the difference and 25;
the first to the target wins 100 for the game, each side 25 per hand won (box), and a shutout doubles the
winner's score.
"""

from __future__ import annotations

from typing import Any, Final

from cardengine_gin_rummy.cards import CODES
from cardengine_gin_rummy.melds import MELD_CARDS
from cardengine_gin_rummy.table import NOBODY, HandRecord, table_of
from engine.scoring import RoundScore, ScoreSheet, highest_scorers, packed, totals_from_rounds
from engine.scoring import unpacked as unpacked
from engine.state import GameState

OPENSPIEL: Final = "openspiel"
CLASSIC: Final = "classic"
VARIANTS: Final = (CLASSIC, OPENSPIEL)

KNOCK: Final = "knock"
GIN: Final = "gin"
UNDERCUT: Final = "undercut"
WALL: Final = "wall"  # two stock cards left and no knock
DRAW_LIMIT: Final = "draw_limit"  # the 50th draw of an upcard in a hand (OpenSpiel's cap)
REPEATED_DISCARD: Final = "repeated_discard"  # two discards in a row of the card just taken (OpenSpiel's cap)
ENDINGS: Final = (KNOCK, GIN, UNDERCUT, WALL, DRAW_LIMIT, REPEATED_DISCARD)
VOID_ENDINGS: Final = frozenset({WALL, DRAW_LIMIT, REPEATED_DISCARD})

GIN_BONUS: Final = 25
UNDERCUT_BONUS: Final = 25
GAME_BONUS: Final = 100
BOX_BONUS: Final = 25


def variant_of(state: GameState) -> str:
    return str(state.options["variant"])


def hand_ending(state: GameState) -> str:
    """``gin``, ``undercut`` or ``knock`` for a hand the defender has finished."""
    table = table_of(state)
    knocker = table["knocker"]
    knocker_deadwood, defender_deadwood = table["deadwood"][knocker], table["deadwood"][1 - knocker]
    if knocker_deadwood == 0:
        return GIN
    difference = defender_deadwood - knocker_deadwood
    if difference < 0 or (difference == 0 and variant_of(state) == CLASSIC):
        return UNDERCUT
    return KNOCK


def hand_points(state: GameState, ending: str) -> list[int]:
    table = table_of(state)
    if ending in VOID_ENDINGS:
        return [0, 0]
    knocker = table["knocker"]
    difference = table["deadwood"][1 - knocker] - table["deadwood"][knocker]
    points = [0, 0]
    if variant_of(state) == OPENSPIEL:  # OpenSpiel's returns, zero-sum
        result = difference + (GIN_BONUS if ending == GIN else 0) - (UNDERCUT_BONUS if ending == UNDERCUT else 0)
        points[knocker], points[1 - knocker] = result, -result
    elif ending == UNDERCUT:
        points[1 - knocker] = UNDERCUT_BONUS - difference
    else:
        points[knocker] = difference + (GIN_BONUS if ending == GIN else 0)
    return points


def hand_record(state: GameState, ending: str) -> HandRecord:
    """The hand's record: its points and explanation (who knocked, each deadwood, melds, lay-offs, cards left)."""
    table = table_of(state)
    knocker = table["knocker"]
    details = {
        "knocker": None if knocker == NOBODY else knocker,
        "deadwood": list(table["deadwood"]),
        "melds": [[",".join(CODES[card] for card in MELD_CARDS[meld]) for meld in melds] for melds in table["melds"]],
        "layoffs": [CODES[card] for card in table["layoffs"]],
        "cards": [[CODES[card] for card in sorted(hand)] for hand in table["hands"]],
    }
    return HandRecord(
        label=f"hand {table['hand_number']}", points=hand_points(state, ending), ending=ending, details=packed(details)
    )


def hand_winner(record: HandRecord) -> int | None:
    points = record["points"]
    return 0 if points[0] > points[1] else 1 if points[1] > points[0] else None


def totals(state: GameState, *, finished: bool) -> list[int]:
    table = table_of(state)
    start = table["bonus"] if finished else None
    return totals_from_rounds([record["points"] for record in table["rounds"]], 2, start)


def match_over(state: GameState, seat_totals: list[int]) -> bool:
    """One hand in the ``openspiel`` variant; the classic match ends when a total reaches the target, or after
    ``max_hands`` hands when that cap is set."""
    if variant_of(state) == OPENSPIEL:
        return True
    cap = int(state.options["max_hands"])
    return max(seat_totals) >= int(state.options["target_score"]) or (cap > 0 and table_of(state)["hand_number"] >= cap)


def final_bonus(state: GameState) -> list[int]:
    """The classic match's bonuses: 100 to the winner (the higher total), 25 per hand won to each, and the winner's
    whole score doubled when the loser won no hand (a shutout). None in the ``openspiel`` variant."""
    if variant_of(state) == OPENSPIEL:
        return [0, 0]
    table = table_of(state)
    seat_totals = totals(state, finished=False)
    bonus = [BOX_BONUS * won for won in table["hands_won"]]
    if seat_totals[0] == seat_totals[1]:
        return bonus
    winner = 0 if seat_totals[0] > seat_totals[1] else 1
    bonus[winner] += GAME_BONUS
    if table["hands_won"][1 - winner] == 0:
        bonus[winner] += seat_totals[winner] + bonus[winner]
    return bonus


def winners(seat_totals: list[int]) -> tuple[int, ...]:
    return highest_scorers(seat_totals)


def round_details(record: HandRecord) -> dict[str, Any]:
    return {"ending": record["ending"], **unpacked(record["details"])}


def score(state: GameState, *, finished: bool) -> ScoreSheet:
    table = table_of(state)
    rounds = [
        RoundScore(
            record["label"], tuple(record["points"]), {"ending": record["ending"], **unpacked(record["details"])}
        )
        for record in table["rounds"]
    ]
    if finished and any(table["bonus"]):
        rounds.append(RoundScore("bonus", tuple(table["bonus"]), {"handsWon": list(table["hands_won"])}))
    seat_totals = totals_from_rounds((r.points for r in rounds), 2)
    details: dict[str, Any] = {"variant": variant_of(state), "handsWon": list(table["hands_won"])}
    return ScoreSheet(tuple(seat_totals), tuple(rounds), finished, winners(seat_totals) if finished else (), details)
