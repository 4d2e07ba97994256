"""Draw Blood: going out, the depleted Draw Pile, scoring 5/10/20/20, hands to the target, views
(docs/rules/draw_blood.md)."""

from __future__ import annotations

import random

import engine
from engine.games.draw_blood.melds import IMMUNITY_RUN, RUN, SET
from tests.games.scripting import edited, events_of, play
from tests.games.test_draw_blood import K, V, W, legal, meld, position, rejected, row, slot


def going_out_by_meld(options: dict[str, object] | None = None) -> engine.GameState:
    """Seat 1 has a Run 1-2-3 with seat 0's 4 played off it; seat 0 draws the third 2 and melds its last cards."""
    melds = [meld(1, 1, RUN, ["1S", "2H", "3S", "4H"], placed_by=[1, 1, 1, 0])]
    rows = [row(vampire=slot([V])), row(werewolf=slot([W]))]
    return position([["2H", "2H"], ["5S", V, K]], draw=["6H", "6H", "2H"], rows=rows, melds=melds, options=options)


# Each seat's points explained (issue 27): the cards it placed in each Meld, its hand's points, its total.
GOING_OUT_EXPLAINED = [
    {
        "melds": [
            {"meld": 1, "kind": "run", "cards": ["4H"], "points": 5},  # played off seat 1's Run: seat 0's Meld Area
            {"meld": 2, "kind": "set", "cards": ["2H", "2H", "2H"], "points": 15},
        ],
        "handPoints": 0,
        "points": 20,
    },
    {"melds": [{"meld": 1, "kind": "run", "cards": ["1S", "2H", "3S"], "points": 15}], "handPoints": 35, "points": -20},
]


def test_going_out_ends_the_hand_and_scores_melds_minus_cards_in_hand() -> None:
    state, events = play(going_out_by_meld(), [(0, "draw"), (0, "meld 2H,2H,2H")])
    assert [event.kind for event in events] == ["drew", "melded", "went_out", "hand_scored"]
    assert events[-1].data == {
        "hand": 1,
        "ending": "out",
        "out": 0,
        "meldPoints": [15 + 5, 15],
        "handPoints": [0, 5 + 10 + 20],
        "points": [20, -20],
        "totals": [20, -20],
        "hands": [[], ["5S", V, K]],
        "explanations": GOING_OUT_EXPLAINED,
    }
    sheet = engine.score(state)
    assert sheet.totals == (20, -20)
    assert not sheet.finished
    assert sheet.rounds[0].label == "hand 1"
    assert sheet.rounds[0].details == {
        "meldPoints": [20, 15],
        "handPoints": [0, 35],
        "ending": "out",
        "out": 0,
        "hands": [[], ["5S", V, K]],
        "explanations": GOING_OUT_EXPLAINED,
    }
    view = engine.view(state, 0)
    assert view["phase"] == "hand_over"
    assert view["hand"] is None
    assert view["hands"] == [[], ["5S", V, K]]  # every hand is shown at the end of a hand
    assert engine.to_act(state) == (1,)
    assert legal(state, 1) == ["next_hand"]
    assert rejected(state, 1, "draw").code == "move/hand_over"


def test_the_next_hand_is_dealt_by_its_leader_and_the_lead_passes_left() -> None:
    state, _ = play(going_out_by_meld(), [(0, "draw"), (0, "meld 2H,2H,2H")])
    state, events = engine.apply(state, 1, "next_hand")
    assert events[0].kind == "hand_dealt"
    assert events[0].data == {"hand": 2, "leader": 1, "drawPileCount": 34}
    assert rejected(state, 1, "next_hand").code == "move/hand_not_over"
    view = engine.view(state, None)
    assert (view["phase"], view["handNumber"], view["turn"]) == ("draw", 2, 1)
    assert view["handCounts"] == [10, 10]
    assert view["melds"] == [] and view["discardPile"] == []
    assert view["liveMonsters"] == [0, 0]
    assert view["totals"] == [20, -20]


def test_going_out_by_discarding_the_last_card() -> None:
    rows = [row(vampire=slot([V]), werewolf=slot([W])), row()]
    state = position([["3S", "3S"], ["1S"]], draw=["6H", "6H"], rows=rows)
    state, events = play(state, [(0, "draw"), (0, "meld 3S,3S"), (0, "discard 6H")])
    scored = events_of(events, "hand_scored")[0]
    assert (scored.data["ending"], scored.data["out"], scored.data["points"]) == ("out", 0, [10, -5])
    assert state.table["discard_pile"] == ["6H"]


def test_the_hand_ends_the_moment_the_last_card_is_drawn() -> None:
    melds = [meld(1, 1, IMMUNITY_RUN, ["COFFIN", "FULLMOON", "WATER"])]
    rows = [row(vampire=slot([V])), row(vampire=slot([V, "3S", "3S", "3S"]), werewolf=slot([W]))]
    state = position([["1S", "2H", "3S"], [K, W]], draw=["4H"], rows=rows, melds=melds, options={"immunity": True})
    state, events = engine.apply(state, 0, "draw")
    assert [event.kind for event in events] == ["drew", "hand_scored"]
    assert events[1].data == {
        "hand": 1,
        "ending": "depleted",
        "out": None,
        "meldPoints": [0, 60],  # Monsters in a row and used triples score nothing
        "handPoints": [20, 30],
        "points": [-20, 30],
        "totals": [-20, 30],
        "hands": [["1S", "2H", "3S", "4H"], [W, K]],
        "explanations": [
            {"melds": [], "handPoints": 20, "points": -20},
            {"melds": [{"meld": 1, "kind": "immunity_run", "cards": ["COFFIN", "FULLMOON", "WATER"], "points": 60}],
             "handPoints": 30, "points": 30},
        ],
    }  # fmt: skip
    assert engine.to_act(state) == (1,)
    assert legal(state, 1) == ["next_hand"]
    assert rejected(state, 0, "meld 1S,2H,3S").code == "move/not_your_turn"


def test_card_values_in_hand_5_10_20_20() -> None:
    rows = [row(vampire=slot([V])), row()]
    hands = [["2H", "2H"], ["1S", "7S", V, W, K, "COFFIN"]]
    state = position(hands, draw=["6H", "6H", "2H"], rows=rows, options={"immunity": True})
    state, events = play(state, [(0, "draw"), (0, "meld 2H,2H,2H")])
    assert events[-1].data["handPoints"] == [0, 5 + 5 + 10 + 10 + 20 + 20]
    assert events[-1].data["meldPoints"] == [15, 0]


def test_completing_a_pair_takes_its_points_and_the_triple_is_not_scored() -> None:
    melds = [meld(1, 1, SET, ["5S", "5S"]), meld(2, 1, SET, [K, K])]
    rows = [row(vampire=slot([V]), werewolf=slot([W])), row(werewolf=slot([W]))]
    state = position([["5S"], ["1S"]], draw=["6H", "6H", "7S"], rows=rows, melds=melds)
    state, events = play(state, [(0, "draw"), (0, "pair_kill 1 5S 1 werewolf"), (0, "discard 7S")])
    assert events[-1].data["meldPoints"] == [0, 40]
    assert events[-1].data["points"] == [0, 35]


def test_the_match_ends_after_the_hand_in_which_a_player_reaches_the_target() -> None:
    state, events = play(going_out_by_meld({"target_score": 20}), [(0, "draw"), (0, "meld 2H,2H,2H")])
    assert events[-1].kind == "match_finished"
    assert events[-1].data == {"totals": [20, -20], "winners": [0]}
    assert engine.is_finished(state)
    assert engine.to_act(state) == ()
    sheet = engine.score(state)
    assert (sheet.finished, sheet.winners, sheet.totals) == (True, (0,), (20, -20))
    assert sheet.details == {"targetScore": 20, "handsPlayed": 1}
    assert engine.view(state, None)["hands"] == [[], ["5S", V, K]]


def test_by_default_hands_are_dealt_until_a_player_reaches_500() -> None:
    """The text: "Continue to deal out hands, and the first player to reach the high score is the winner". This seeded
    2-player match between random bots needs 21 hands to reach 500, and the default hand limit does not cut it."""
    rng = random.Random(1)
    state, _ = engine.new_game("draw_blood", 2, seed=1)
    while not engine.is_finished(state):
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
    sheet = engine.score(state)
    assert len(sheet.rounds) == 21
    assert sheet.totals == (310, 575)
    assert sheet.winners == (1,)


def test_by_default_no_hand_limit_ends_the_match() -> None:
    """Issue 11, defect 3. The text: "Players should agree upon a high score, like 500, before play begins. Continue
    to deal out hands, and the first player to reach the high score is the winner." With the default options no hand
    limit ends the match: hand 50 ends below the target, and hand 51 is dealt (the match once stopped after 50)."""
    state = position([["1S"], ["1S"]], draw=["1S"])
    state.table["hand_number"] = 50
    state, events = engine.apply(edited(state), 0, "draw")  # the last card of the Draw Pile: the hand is over
    assert [event.kind for event in events] == ["drew", "hand_scored"]
    assert events[-1].data["totals"] == [-10, -5]
    assert not engine.is_finished(state)
    assert (engine.view(state, None)["phase"], engine.to_act(state)) == ("hand_over", (0,))  # hand 51's leader
    state, events = engine.apply(state, 0, "next_hand")
    assert events[0].data == {"hand": 51, "leader": 0, "drawPileCount": 34}
    assert engine.view(state, None)["totals"] == [-10, -5]


def test_the_hand_limit_is_an_option_off_by_default() -> None:
    game = engine.get_game("draw_blood")
    (spec,) = [spec for spec in game.options if spec.name == "max_hands"]
    assert (spec.default, spec.minimum) == (0, 0)
    assert "no hand limit" in spec.description
    capped = position([["1S"], ["1S"]], draw=["1S"], options={"max_hands": 50})
    capped.table["hand_number"] = 50
    capped, events = engine.apply(edited(capped), 0, "draw")
    assert events[-1].kind == "match_finished"
    assert events[-1].data == {"totals": [-10, -5], "winners": [1]}


def test_below_the_target_the_match_goes_on() -> None:
    state, _ = play(going_out_by_meld({"target_score": 21}), [(0, "draw"), (0, "meld 2H,2H,2H")])
    assert not engine.is_finished(state)


def test_the_hand_limit_ends_the_match_and_ties_share_the_win() -> None:
    state = position([["1S"], ["1S"]], draw=["1S"], options={"max_hands": 1})
    state, events = engine.apply(state, 0, "draw")
    assert events[-1].data == {"totals": [-10, -5], "winners": [1]}
    tied = position([["1S"], ["1S", "1S"]], draw=["1S"], options={"max_hands": 1})
    tied, events = engine.apply(tied, 0, "draw")
    assert events[-1].data == {"totals": [-10, -10], "winners": [0, 1]}
    assert engine.score(tied).winners == (0, 1)


def test_three_players_take_turns_to_the_left() -> None:
    state = position([["1S"], ["2H"], ["3S"]], draw=["6H"] * 6)
    order = []
    for _ in range(4):
        seat = engine.to_act(state)[0]
        order.append(seat)
        state, _ = play(state, [(seat, "draw"), (seat, "end_turn")])
    assert order == [0, 1, 2, 0]


# ----- views -------------------------------------------------------------------------------------------------
def test_views_show_ones_own_hand_and_counts_of_the_others() -> None:
    state = position([["1S", K], ["2H", "4H", V]], discard=["7S"], rows=[row(vampire=slot([V])), row()])
    own = engine.view(state, 1)
    assert own["hand"] == ["2H", "4H", V]
    assert own["handCounts"] == [2, 3]
    assert own["drawPileCount"] == 4
    assert own["discardPile"] == ["7S"]
    assert own["monsterRows"][0]["vampire"] == {"cards": [V], "alive": True, "immunity": [], "immune": False}
    spectator = engine.view(state, None)
    assert spectator["hand"] is None
    assert "hands" not in spectator
    assert K not in str(spectator) and K not in str(own)


def test_monsters_and_kill_cards_as_melds_score_10_and_20_each() -> None:
    melds = [meld(1, 0, "kill_set", [K, K])]
    rows = [row(vampire=slot([V])), row()]
    state = position([[V, W], ["1S"]], draw=["6H", "6H", "WATERMONSTER"], rows=rows, melds=melds)
    state, events = play(state, [(0, "draw"), (0, "meld VAMPIRE,WEREWOLF,WATERMONSTER")])
    assert events[-1].data["meldPoints"] == [40 + 30, 0]
    assert events[-1].data["points"] == [70, -5]
