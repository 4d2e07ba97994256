"""Draw Blood's scoring: a hand's points (cards in one's Meld Area minus cards left in hand), the totals, the end
of the match at the target score (or the optional hand limit) and the score sheet."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games.draw_blood.cards import CARD_POINTS, hand_points, sort_cards
from engine.games.draw_blood.table import DrawBloodTable, HandRecord, Meld, table_of
from engine.options import OptionValue
from engine.scoring import RoundScore, ScoreSheet, highest_scorers, packed, totals_from_rounds, unpacked
from engine.state import GameState


def meld_points(melds: list[Meld], players: int) -> list[int]:
    """Each card in the Melds scores for the seat that placed it (its Meld Area): 5, 10, 20 or 20 points."""
    points = [0] * players
    for meld in melds:
        for card, placed_by in zip(meld["cards"], meld["placed_by"], strict=True):
            points[placed_by] += CARD_POINTS[card]
    return points


def standing(state: GameState) -> list[int]:
    """The hand in progress as ``score_hand`` would count it now: Meld points less the points of cards held."""
    table = table_of(state)
    melded = meld_points(table["melds"], state.players)
    return [melded[seat] - hand_points(hand) for seat, hand in enumerate(table["hands"])]


def score_hand(table: DrawBloodTable, players: int, went_out: int | None, ending: str) -> HandRecord:
    """The record of the hand just ended: Meld points minus the points of the cards still held."""
    melded = meld_points(table["melds"], players)
    held = [hand_points(hand) for hand in table["hands"]]
    points = [melded[seat] - held[seat] for seat in range(players)]
    return HandRecord(
        label=f"hand {table['hand_number']}",
        points=points,
        meld_points=melded,
        hand_points=held,
        ending=ending,
        went_out=went_out,
        hands=packed([sort_cards(hand) for hand in table["hands"]]),
        explanations=packed(explain_hand(table["melds"], held, points)),
    )


def explain_hand(melds: list[Meld], held: list[int], points: list[int]) -> list[dict[str, Any]]:
    """Per seat, where its points came from: the cards it placed in each Meld (its Meld Area) with their points,
    the points of the cards it still held (subtracted; the hands are shown beside, in ``hands``), and its total."""
    explained: list[dict[str, Any]] = []
    for seat, total in enumerate(points):
        placed = []
        for meld in melds:
            cards = [card for card, by in zip(meld["cards"], meld["placed_by"], strict=True) if by == seat]
            if cards:
                placed.append(
                    {
                        "meld": meld["id"],
                        "kind": meld["kind"],
                        "cards": cards,
                        "points": sum(CARD_POINTS[card] for card in cards),
                    }
                )
        explained.append({"melds": placed, "handPoints": held[seat], "points": total})
    return explained


def totals(table: DrawBloodTable, players: int) -> list[int]:
    return totals_from_rounds([record["points"] for record in table["scored_hands"]], players)  # a list: per view


def match_over(totals_now: list[int], hands_played: int, options: Mapping[str, OptionValue]) -> bool:
    """The text: "the first player to reach the high score is the winner". The match ends after the hand in which
    a total reaches ``target_score``; ``max_hands`` (0, the default: no limit) also ends it after that many hands."""
    max_hands = int(options["max_hands"])
    return max(totals_now) >= int(options["target_score"]) or 0 < max_hands <= hands_played


def score(state: GameState, *, finished: bool) -> ScoreSheet:
    """The score sheet: one round per hand played, the totals, and the winners (the highest totals, ties share)
    once the match is ``finished``."""
    table = table_of(state)
    rounds = tuple(
        RoundScore(
            record["label"],
            tuple(record["points"]),
            {
                "meldPoints": list(record["meld_points"]),
                "handPoints": list(record["hand_points"]),
                "ending": record["ending"],
                "out": record["went_out"],
                **{key: unpacked(record[key]) for key in ("hands", "explanations") if key in record},
            },
        )
        for record in table["scored_hands"]
    )
    totals_now = totals(table, state.players)
    return ScoreSheet(
        tuple(totals_now),
        rounds,
        finished,
        highest_scorers(totals_now) if finished else (),
        {"targetScore": int(state.options["target_score"]), "handsPlayed": len(table["scored_hands"])},
    )
