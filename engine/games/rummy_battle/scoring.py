"""Scoring: a round's points (played cards plus, cards in hand minus, Action Cards played +5, going out bonus or
penalty), the match totals and the score sheet."""

from __future__ import annotations

from typing import Any, Final

from engine.games.rummy_battle.cards import ACTION_POINTS, card_points
from engine.games.rummy_battle.melds import Group
from engine.games.rummy_battle.table import RoundRecord, RummyTable, table_of
from engine.scoring import RoundScore, ScoreSheet, highest_scorers, packed, totals_from_rounds, unpacked
from engine.state import GameState

GOING_OUT_PENALTY: Final = -100  # going out before the Marker is revealed
SHARED_GOING_OUT_PENALTY: Final = -50  # each of several players Lucky Day put out before the Marker
GOING_OUT_BONUS: Final = 10  # the first player out after the Marker is revealed


def played_points(groups: list[Group], players: int) -> list[int]:
    """Points of the cards each seat has in front of it (its own groups, its lay-offs, Sets it stole)."""
    points = [0] * players
    for group in groups:
        for card, seat in zip(group["cards"], group["by"], strict=True):
            points[seat] += card_points(card)
    return points


def hand_points(hands: list[list[str]]) -> list[int]:
    return [sum(card_points(card) for card in hand) for hand in hands]


def standing(state: GameState) -> list[int]:
    """The round in progress as ``score_round`` would count it now: cards played and Actions, less the cards
    held; no going-out points."""
    table = table_of(state)
    played = played_points(table["groups"], state.players)
    in_hand = hand_points(table["hands"])
    actions = table["actions_played"]
    return [played[seat] + ACTION_POINTS * actions[seat] - in_hand[seat] for seat in range(state.players)]


def going_out_points(outs: list[int], players: int, *, marker_revealed: bool) -> list[int]:
    """-100 for going out before the Marker (-50 each when Lucky Day puts several out); +10 for the first after."""
    points = [0] * players
    if not outs:
        return points
    if marker_revealed:
        points[outs[0]] = GOING_OUT_BONUS
    elif len(outs) == 1:
        points[outs[0]] = GOING_OUT_PENALTY
    else:
        for seat in outs:
            points[seat] = SHARED_GOING_OUT_PENALTY
    return points


def score_round(
    groups: list[Group],
    hands: list[list[str]],
    actions_played: list[int],
    outs: list[int],
    ended: str,
    *,
    marker_revealed: bool,
) -> RoundRecord:
    players = len(hands)
    played = played_points(groups, players)
    in_hand = hand_points(hands)
    bonus = going_out_points(outs, players, marker_revealed=marker_revealed)
    points = [
        played[seat] + ACTION_POINTS * actions_played[seat] - in_hand[seat] + bonus[seat] for seat in range(players)
    ]
    return RoundRecord(
        points=points,
        played=played,
        actions=list(actions_played),
        in_hand=in_hand,
        bonus=bonus,
        outs=list(outs),
        ended=ended,
        marker_revealed=marker_revealed,
        explanations=packed(explain_round(groups, hands, actions_played, bonus, points)),
    )


def explain_round(
    groups: list[Group], hands: list[list[str]], actions_played: list[int], bonus: list[int], points: list[int]
) -> list[dict[str, Any]]:
    """Per seat, where its points came from: the cards it has in front of it in each group (its own, its lay-offs,
    Sets it stole) with their points, its Action Cards (+5 each), the cards left in its hand (all shown at the
    round's end: they are counted) and their points, its going-out bonus or penalty, and its total."""
    explained: list[dict[str, Any]] = []
    for seat, total in enumerate(points):
        played = []
        for index, group in enumerate(groups):
            cards = [card for card, by in zip(group["cards"], group["by"], strict=True) if by == seat]
            if cards:
                kind = "run" if group["run"] else "set"
                played.append(
                    {"group": index, "kind": kind, "cards": cards, "points": sum(card_points(c) for c in cards)}
                )
        explained.append(
            {
                "groups": played,
                "actionCards": actions_played[seat],
                "actionPoints": ACTION_POINTS * actions_played[seat],
                "hand": sorted(hands[seat]),
                "handPoints": sum(card_points(card) for card in hands[seat]),
                "goingOut": bonus[seat],
                "points": total,
            }
        )
    return explained


def match_totals(table: RummyTable, players: int) -> list[int]:
    """Each seat's total over the rounds played so far."""
    return totals_from_rounds([record["points"] for record in table["rounds"]], players)  # a list: per view


def score(state: GameState, *, finished: bool) -> ScoreSheet:
    """One entry per round with its details; the highest total wins once the match is over (ties share)."""
    table = table_of(state)
    rounds = tuple(
        RoundScore(
            f"round {number}",
            tuple(record["points"]),
            {
                "played": record["played"],
                "actionCards": record["actions"],
                "inHand": record["in_hand"],
                "goingOut": record["bonus"],
                "outs": record["outs"],
                "ended": record["ended"],
                "markerRevealed": record["marker_revealed"],
                **({"explanations": unpacked(record["explanations"])} if "explanations" in record else {}),
            },
        )
        for number, record in enumerate(table["rounds"], start=1)
    )
    totals = tuple(match_totals(table, state.players))
    return ScoreSheet(totals, rounds, finished, highest_scorers(totals) if finished else ())
