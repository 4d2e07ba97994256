"""Scoring a hand: the points each seat has played minus the points left in its hand, with the scoring modifiers.

Played cards: 2-9 five, 10-K ten; an Ace at the low end of a run (played on a Two) five, any other Ace (on a
King, in a set) fifteen; Transition and Protected nothing; the Hot Potato on the board -25. With the New Card
Rules: a run holding a Double Run card counts each of its cards double (x4 with both), whoever played them; a
"+5 on 2" Ace on a Two is worth 5 more (doubled with its run); a seat with a "+5 per group" card in play gets 5
for each group it started (once, however many such cards, never doubled); each Sponge a seat has in play makes
one card of its hand count nothing (the costliest one: the choice a player makes).
In hand: each card's value (an Ace 15), Transition and Protected 10, the Hot Potato 25.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.games.house_rummy.cards import (
    DOUBLE_RUN,
    HOT_POTATO,
    PLUS_ON_TWO,
    PLUS_PER_GROUP,
    SPECIAL_NAMES,
    SPONGE,
    ability,
    face_value,
    hand_penalty,
)
from engine.games.house_rummy.table import FINISHED, NOBODY, RUN, Group, HouseTable, new_cards_on, table_of
from engine.scoring import RoundScore, ScoreSheet, highest_scorers, totals_from_rounds, unpacked
from engine.state import GameState

GROUP_BONUS = 5
PLUS_ON_TWO_BONUS = 5
HOT_POTATO_POINTS = -25


@dataclass(frozen=True, slots=True)
class SeatScore:
    board: int  # points of the cards in the seat's area
    group_bonus: int  # "+5 per group"
    hand: int  # points left in hand, after sponges (subtracted)
    sponged: tuple[str, ...]  # hand cards a Sponge absorbed

    @property
    def total(self) -> int:
        return self.board + self.group_bonus - self.hand

    def as_list(self) -> list[int]:
        return [self.board, self.group_bonus, self.hand]


def run_multiplier(group: Group, *, new_cards: bool) -> int:
    if not new_cards:
        return 1
    doubles: int = sum(1 for card in group["cards"] if ability(card, new_cards=True) == DOUBLE_RUN)
    return 1 << doubles


def card_points(group: Group, index: int, *, new_cards: bool) -> int:
    """The points of one card in a group, before its run's multiplier."""
    card = group["cards"][index]
    if card in SPECIAL_NAMES:
        return 0
    if card[0] != "A" or group["kind"] != RUN:
        return face_value(card)
    if group["positions"][index] == group["low"]:  # the low end of a run: played on a Two
        return 5 + (PLUS_ON_TWO_BONUS if ability(card, new_cards=new_cards) == PLUS_ON_TWO else 0)
    return 15


def card_multipliers(groups: list[Group], *, new_cards: bool) -> dict[str, int]:
    """Each card's multiplier on the board: the highest of the runs it is in (a Cross card may be in two groups)."""
    multiplier: dict[str, int] = {}
    for group in groups:
        if group["kind"] == RUN:
            factor = run_multiplier(group, new_cards=new_cards)
            for card in group["cards"]:
                multiplier[card] = max(multiplier.get(card, 1), factor)
    return multiplier


def score_hand(
    groups: list[Group],
    cross_second: dict[str, int],
    hands: list[list[str]],
    potato_on_board: list[list[str]],
    *,
    new_cards: bool,
) -> list[SeatScore]:
    players = len(hands)
    multiplier = card_multipliers(groups, new_cards=new_cards)
    board = [0] * players
    has_group_bonus = [False] * players
    sponges = [0] * players
    for index, group in enumerate(groups):
        for position, card in enumerate(group["cards"]):
            if cross_second.get(card) == index:
                continue  # a Cross card in its second group counts once, with its first
            owner = group["owners"][position]
            board[owner] += card_points(group, position, new_cards=new_cards) * multiplier.get(card, 1)
            kind = ability(card, new_cards=new_cards)
            if kind == PLUS_PER_GROUP:
                has_group_bonus[owner] = True
            elif kind == SPONGE:
                sponges[owner] += 1
    for seat, cards in enumerate(potato_on_board):
        board[seat] += sum(HOT_POTATO_POINTS for card in cards if card == HOT_POTATO)
    scores: list[SeatScore] = []
    for seat in range(players):
        started = sum(1 for group in groups if group["starter"] == seat)
        bonus = GROUP_BONUS * started if has_group_bonus[seat] else 0
        costs = sorted(hands[seat], key=hand_penalty, reverse=True)
        absorbed = tuple(costs[: sponges[seat]])
        left = sum(hand_penalty(card) for card in costs[sponges[seat] :])
        scores.append(SeatScore(board[seat], bonus, left, absorbed))
    return scores


def explain_hand(
    groups: list[Group],
    cross_second: dict[str, int],
    hands: list[list[str]],
    potato_on_board: list[list[str]],
    scores: list[SeatScore],
    *,
    new_cards: bool,
) -> list[dict[str, Any]]:
    """Per seat, where its points came from (``score_hand``'s arithmetic, card by card): the cards it has in each
    group with their points (after the run's multiplier), the Hot Potato on the board, the +5 per group bonus, and
    the cards left in its hand (all shown at the hand's end: they are counted): those that count, those a Sponge
    absorbed, and the points they cost."""
    multiplier = card_multipliers(groups, new_cards=new_cards)
    explained: list[dict[str, Any]] = []
    for seat, score in enumerate(scores):
        played: list[dict[str, Any]] = []
        for index, group in enumerate(groups):
            owned = [
                position
                for position, card in enumerate(group["cards"])
                if group["owners"][position] == seat and cross_second.get(card) != index
            ]
            if not owned:
                continue
            points = sum(
                card_points(group, position, new_cards=new_cards) * multiplier.get(group["cards"][position], 1)
                for position in owned
            )
            played.append(
                {
                    "group": index,
                    "kind": group["kind"],
                    "cards": [group["cards"][position] for position in owned],
                    "multiplier": run_multiplier(group, new_cards=new_cards) if group["kind"] == RUN else 1,
                    "points": points,
                }
            )
        potato = sum(HOT_POTATO_POINTS for card in potato_on_board[seat] if card == HOT_POTATO)
        explained.append(
            {
                "groups": played,
                "hotPotato": potato,
                "groupBonus": score.group_bonus,
                "hand": sorted(_without(hands[seat], score.sponged)),
                "sponged": list(score.sponged),
                "handPoints": score.hand,
                "points": score.total,
            }
        )
    return explained


def _without(cards: list[str], taken: tuple[str, ...]) -> list[str]:
    left = list(cards)
    for card in taken:
        left.remove(card)
    return left


def standing(state: GameState) -> list[int]:
    """The hand in progress as ``score_hand`` would count it now: the board's points and bonuses less the
    penalties of the cards held."""
    table = table_of(state)
    board = (table["groups"], table["cross_second_group"], table["hands"], table["potato_on_board"])
    return [seat_score.total for seat_score in score_hand(*board, new_cards=new_cards_on(state))]


def match_totals(table: HouseTable, players: int) -> list[int]:
    return totals_from_rounds([record["points"] for record in table["rounds"]], players)  # a list: per view


def score(state: GameState) -> ScoreSheet:
    table = table_of(state)
    rounds = tuple(
        RoundScore(
            record["label"],
            tuple(record["points"]),
            {
                "reason": record["reason"],
                "seat": None if record["seat"] == NOBODY else record["seat"],
                "board": [part[0] for part in record["parts"]],
                "groupBonus": [part[1] for part in record["parts"]],
                "hand": [part[2] for part in record["parts"]],
                **({"explanations": unpacked(record["explanations"])} if "explanations" in record else {}),
            },
        )
        for record in table["rounds"]
    )
    totals = tuple(match_totals(table, state.players))
    finished = table["phase"] == FINISHED
    return ScoreSheet(totals, rounds, finished, highest_scorers(totals) if finished else (), {"hands": len(rounds)})
