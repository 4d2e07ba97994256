"""Each round's or hand's result carries its explanation (issue 27), in the scoring event and in the score sheet's
round: per seat the points and where they came from, with only what the rules reveal at that moment."""

from __future__ import annotations

from typing import Any

import engine
from tests.games import test_house_rummy_support as house
from tests.games.scripting import events_of, play
from tests.games.test_dracula import COFFIN_A_HANDS, COFFIN_A_MOVES, two_player_deal
from tests.games.test_house_rummy_cards import STOCK

# Coffin A (tests/games/test_dracula.py): QH 9H 8H / KS 5H 2D / JC 3C AS, seat 0 across, seat 1 down.
COFFIN_A_SIDES: list[dict[str, Any]] = [
    {
        "side": 0,
        "seats": [0],
        "points": 135,
        "direction": "across",
        "lines": [
            {"cells": "a1-b1-c1", "cards": ["QH", "9H", "8H"], "faceValue": 27, "multiplier": 5, "vampire": False,
             "value": 135},
            {"cells": "a3-b3-c3", "cards": ["JC", "3C", "AS"], "faceValue": 4, "multiplier": 3, "vampire": False,
             "value": 12},
            {"cells": "a2-b2-c2", "cards": ["KS", "5H", "2D"], "faceValue": 7, "multiplier": 1, "vampire": False,
             "value": 7},
        ],
    },
    {
        "side": 1,
        "seats": [1],
        "points": 34,
        "direction": "down",
        "lines": [
            {"cells": "b1-b2-b3", "cards": ["9H", "5H", "3C"], "faceValue": 17, "multiplier": 2, "vampire": False,
             "value": 34},
            {"cells": "c1-c2-c3", "cards": ["8H", "2D", "AS"], "faceValue": 11, "multiplier": 1, "vampire": False,
             "value": 11},
            {"cells": "a1-a2-a3", "cards": ["QH", "KS", "JC"], "faceValue": 10, "multiplier": 1, "vampire": False,
             "value": 10},
        ],
    },
]  # fmt: skip


def test_a_dracula_coffin_is_explained_line_by_line_in_the_event_and_the_score_sheet() -> None:
    state, events = play(two_player_deal(COFFIN_A_HANDS, "5H", direction="across"), COFFIN_A_MOVES)
    [scored] = events_of(events, "coffin_scored")
    coffin = {
        "a1": "QH",
        "b1": "9H",
        "c1": "8H",
        "a2": "KS",
        "b2": "5H",
        "c2": "2D",
        "a3": "JC",
        "b3": "3C",
        "c3": "AS",
    }
    # In the event a line names its cells only: each card is shown once, in "coffin".
    event_sides = [
        {**side, "lines": [{k: v for k, v in line.items() if k != "cards"} for line in side["lines"]]}
        for side in COFFIN_A_SIDES
    ]
    assert scored.for_seat(None) == {
        "kind": "coffin_scored",
        "label": "deal 1",
        "points": [135, 34],
        "lineRank": 1,
        "coffin": coffin,
        "sides": event_sides,
    }
    round_details = engine.score(state).rounds[0].details
    assert round_details == {"coffin": coffin, "lineRank": 1, "sides": COFFIN_A_SIDES}


def house_rummy_hand_end(state: engine.GameState, seat: int, card: str) -> tuple[engine.ScoreSheet, dict[str, Any]]:
    """Seat ``seat`` discards its last card: the score sheet and the hand_scored event as a spectator sees it."""
    state, events = house.play(state, seat, f"discard {card} 0")
    assert engine.is_finished(state)
    [scored] = [event for event in events if event.kind == "hand_scored"]
    shown = scored.for_seat(None)
    assert shown is not None
    return engine.score(state), shown


def test_a_house_rummy_hand_is_explained_with_the_double_run_and_the_hands_left() -> None:
    # 2H 3H 4H of seat 0 (the 2H is a Double Run); seat 1 lays the 5H off it and goes out. Seat 0 holds the 9C.
    state = house.deal([["9C"], ["5H", "9D"]], groups=[house.group("2H,3H,4H", 0)], phase="play", turn=1, stock=STOCK)
    state, _ = house.play(state, 1, "lay_off 5H 0hi")
    sheet, event = house_rummy_hand_end(state, 1, "9D")
    explained = [
        {"groups": [{"group": 0, "kind": "run", "cards": ["2H", "3H", "4H"], "multiplier": 2, "points": 30}],
         "hotPotato": 0, "groupBonus": 0, "hand": ["9C"], "sponged": [], "handPoints": 5, "points": 25},
        {"groups": [{"group": 0, "kind": "run", "cards": ["5H"], "multiplier": 2, "points": 10}],
         "hotPotato": 0, "groupBonus": 0, "hand": [], "sponged": [], "handPoints": 0, "points": 10},
    ]  # fmt: skip
    assert (event["seat"], event["reason"], event["points"]) == (1, "went_out", [25, 10])
    assert event["explanations"] == explained
    assert sheet.rounds[0].details["explanations"] == explained


def test_a_house_rummy_hand_is_explained_with_what_a_sponge_absorbed() -> None:
    # Seat 0's set of tens holds a Sponge: the Ace (15) of its hand counts nothing, the Three (5) counts. A
    # group's cards are listed as they lie on the board.
    state = house.deal([["AD", "3C"], ["9C"]], groups=[house.group("TC,TD,TS", 0)], phase="play", turn=1, stock=STOCK)
    sheet, event = house_rummy_hand_end(state, 1, "9C")
    explained = [
        {"groups": [{"group": 0, "kind": "set", "cards": ["TS", "TD", "TC"], "multiplier": 1, "points": 30}],
         "hotPotato": 0, "groupBonus": 0, "hand": ["3C"], "sponged": ["AD"], "handPoints": 5, "points": 25},
        {"groups": [], "hotPotato": 0, "groupBonus": 0, "hand": [], "sponged": [], "handPoints": 0, "points": 0},
    ]  # fmt: skip
    assert event["explanations"] == explained and sheet.rounds[0].details["explanations"] == explained
