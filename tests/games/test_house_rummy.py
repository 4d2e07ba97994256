"""House Rummy, the base rules: scripted hands with fixed deals, exact moves, states, events and scores."""

from __future__ import annotations

import pytest

import engine
from engine.games.house_rummy.melds import find_melds
from tests.games.test_house_rummy_support import deal, group, kinds, legal, play

BASE = {"new_cards": False}


# ----- the deal -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "new_cards", "hand_size", "stock"),
    [(2, True, 10, 36), (2, False, 10, 31), (4, True, 7, 28), (6, False, 7, 9), (6, True, 7, 14)],
)
def test_deal_sizes(players: int, new_cards: bool, hand_size: int, stock: int) -> None:
    state, events = engine.new_game("house_rummy", players, 7, {"new_cards": new_cards})
    table = state.table
    assert [len(hand) for hand in table["hands"]] == [hand_size] * players
    assert len(table["piles"]) == 1 and len(table["piles"][0]) == 1
    assert len(table["stock"]) == stock
    assert kinds(events) == ["hand_started"] + ["hand_dealt"] * players
    assert events[0].data["turned"] == table["piles"][0][0]


def test_players_two_to_six_default_two() -> None:
    assert engine.new_game("house_rummy")[0].players == 2
    for bad in (1, 7):
        with pytest.raises(engine.InvalidPlayersError):
            engine.new_game("house_rummy", bad)


def test_play_begins_left_of_the_dealer() -> None:
    state, _ = engine.new_game("house_rummy", 4, 3)
    assert state.table["dealer"] == 3
    assert engine.to_act(state) == (0,)


# ----- draw -----------------------------------------------------------------------------------------------------
def test_draw_one_from_the_stock_is_secret() -> None:
    state = deal([["2C", "7D"], ["3S", "4S"]], stock=["9S", "KD"], piles=[["5H"]], options=BASE)
    state, events = play(state, 0, "draw")
    assert state.table["hands"][0] == ["2C", "7D", "KD"]
    assert state.table["stock"] == ["9S"]
    assert state.table["phase"] == "play"
    drew, card = events
    assert drew.kind == "drew" and drew.audience is None
    assert drew.for_seat(1) == {"kind": "drew", "seat": 0, "reason": "draw", "stockCount": 1}
    assert card.kind == "drew_card" and card.audience == (0,)
    assert card.for_seat(0) == {"kind": "drew_card", "seat": 0, "card": "KD"}
    assert card.for_seat(1) is None and card.for_seat(None) is None


def test_take_top_cards_of_the_discard_pile_bottom_one_must_be_played() -> None:
    # Pile bottom to top: QC 3H 9S 4D. Taking 3 takes 3H, 9S, 4D; 3H (the bottom-most taken) must be played.
    state = deal([["4H", "5H", "KS"], ["3S", "4S"]], piles=[["QC", "3H", "9S", "4D"]], options=BASE)
    assert legal(state, 0) == ["draw", "take 0 1", "take 0 3"]  # taking 2 (bottom 9S) or 4 (bottom QC) is not
    with pytest.raises(engine.IllegalMoveError) as error:
        play(state, 0, "take 0 2")
    assert error.value.code == "move/bottom_card_not_playable"
    state, events = play(state, 0, "take 0 3")
    assert state.table["piles"] == [["QC"]]
    assert sorted(state.table["hands"][0]) == ["3H", "4D", "4H", "5H", "9S", "KS"]
    assert events[0].data == {"pile": 0, "cards": ["3H", "9S", "4D"], "mustPlayBottom": True}
    view = engine.view(state, 0)
    assert view["mustPlayBottomCard"] is True and view["hand"][view["bottomCardIndex"]] == "3H"
    assert engine.view(state, 1)["bottomCardIndex"] is None
    assert legal(state, 0) == ["meld 3H,4H,5H"]
    with pytest.raises(engine.IllegalMoveError) as error:
        play(state, 0, "discard KS 0")
    assert error.value.code == "move/must_play_bottom_card"
    state, _ = play(state, 0, "meld 3H,4H,5H")
    assert "discard KS 0" in legal(state, 0)


def test_single_card_taken_need_not_be_played() -> None:
    state = deal([["4H", "5H", "KS"], ["3S", "4S"]], piles=[["QC", "3H", "9S", "4D"]], options=BASE)
    state, _ = play(state, 0, "take 0 1")
    assert state.table["bottom_card"] == ""
    assert "discard 4D 0" in legal(state, 0)


# ----- groups ---------------------------------------------------------------------------------------------------
def test_sets_and_runs() -> None:
    melds = find_melds(["7H", "7S", "7D", "8H", "9H", "KC"], [], new_cards=False)
    assert sorted(melds) == [("7D", "7H", "7S"), ("7H", "8H", "9H")]


def test_meld_cards_may_be_listed_in_any_order() -> None:
    # A run written in rank order (10-J-Q) is the same move as its sorted notation.
    state = deal([["TH", "JH", "QH", "2C"], ["3S", "4S"]], phase="play", options=BASE)
    assert "meld JH,QH,TH" in legal(state, 0)
    assert str(engine.parse_move(state, "meld TH,JH,QH")) == "meld JH,QH,TH"
    state, events = play(state, 0, "meld TH,JH,QH")
    assert kinds(events) == ["melded"]
    assert state.table["groups"][0]["cards"] == ["TH", "JH", "QH"]
    assert state.table["hands"][0] == ["2C"]


@pytest.mark.parametrize(
    ("hand", "melds"),
    [
        (["AH", "2H", "3H"], [("2H", "3H", "AH")]),  # Ace low
        (["QH", "KH", "AH"], [("AH", "KH", "QH")]),  # Ace high
        (["KH", "AH", "2H"], []),  # not both: King-Ace-Two is no run
        (["QH", "KH", "AH", "2H"], [("AH", "KH", "QH")]),  # the text's example: Q-K-A-2 is not a run
        (
            ["JH", "QH", "KH", "AH", "2H", "3H"],
            [("2H", "3H", "AH"), ("AH", "KH", "QH"), ("AH", "JH", "KH", "QH"), ("JH", "KH", "QH")],
        ),
    ],
)
def test_ace_low_or_high_but_not_both(hand: list[str], melds: list[tuple[str, ...]]) -> None:
    assert sorted(find_melds(hand, [], new_cards=False)) == sorted(melds)


def test_meld_that_is_no_group_is_rejected() -> None:
    state = deal([["7H", "8S", "9H", "KC"], ["3S"]], phase="play", options=BASE)
    with pytest.raises(engine.IllegalMoveError) as error:
        play(state, 0, "meld 7H,8S,9H")
    assert error.value.code == "move/not_a_group"
    assert state.table["hands"][0] == ["7H", "8S", "9H", "KC"]


def test_play_off_another_players_group_and_others_build_on_it() -> None:
    # Seat 1's 4-5-6 of hearts; seat 0 plays the 7 off it (kept in seat 0's area); seat 2 can then play the 8.
    run = group("4H,5H,6H", 1, False)
    state = deal([["7H", "KC", "2C"], ["3S", "4S"], ["8H", "QD", "QS"]], groups=[run], phase="play", options=BASE)
    assert "lay_off 7H 0hi" in legal(state, 0)  # before seat 0 has any group of its own
    state, events = play(state, 0, "lay_off 7H 0hi", "discard KC 0")
    assert events[0].data == {"cards": ["7H"], "target": "0hi"}
    assert state.table["groups"][0]["cards"] == ["4H", "5H", "6H", "7H"]
    assert state.table["groups"][0]["owners"] == [1, 1, 1, 0]
    state, _ = play(state, 1, "draw", "discard 3S 0")
    state, _ = play(state, 2, "draw")
    assert "lay_off 8H 0hi" in legal(state, 2)
    state, _ = play(state, 2, "lay_off 8H 0hi")
    assert state.table["groups"][0]["owners"] == [1, 1, 1, 0, 2]


def test_run_end_must_be_named_when_a_card_fits_both() -> None:
    # 2H..KH (twelve hearts) and the Ace of hearts fits below the Two (5 points) or above the King (15 points).
    run = group("2H,3H,4H,5H,6H,7H,8H,9H,TH,JH,QH,KH", 1, False)
    state = deal([["AH", "5C", "6C"], ["3S"]], groups=[run], phase="play", options=BASE)
    assert [m for m in legal(state, 0) if m.startswith("lay_off")] == ["lay_off AH 0hi", "lay_off AH 0lo"]


def test_one_new_group_per_turn_but_lay_offs_are_unlimited() -> None:
    state = deal([["7H", "7S", "7D", "2C", "3C", "4C", "7C", "QD"], ["3S"]], phase="play", options=BASE)
    state, _ = play(state, 0, "meld 7D,7H,7S")
    assert not [m for m in legal(state, 0) if m.startswith("meld")]
    with pytest.raises(engine.IllegalMoveError) as error:
        play(state, 0, "meld 2C,3C,4C")
    assert error.value.code == "move/one_group_per_turn"
    state, _ = play(state, 0, "lay_off 7C 0")
    assert state.table["groups"][0]["cards"] == ["7S", "7H", "7D", "7C"]


def test_one_group_per_turn_off_allows_several_groups() -> None:
    state = deal(
        [["7H", "7S", "7D", "2C", "3C", "4C", "QD"], ["3S"]],
        phase="play",
        options={**BASE, "one_group_per_turn": False},
    )
    state, _ = play(state, 0, "meld 7D,7H,7S", "meld 2C,3C,4C")
    assert len(state.table["groups"]) == 2 and state.table["hands"][0] == ["QD"]


# ----- rummy on the board ---------------------------------------------------------------------------------------
def test_rummy_on_the_board_first_claimant_clockwise_from_the_discarder() -> None:
    run = group("4H,5H,6H", 0, False)
    hands = [["9C", "KS"], ["3S", "4S"], ["8D", "8S"], ["JC", "QC"]]
    state = deal(hands, groups=[run], phase="play", turn=2, options=BASE)
    state.table["hands"][2].append("7H")
    state, events = play(state, 2, "discard 7H 0")
    assert kinds(events) == ["discarded", "claim_window"]
    assert state.table["phase"] == "claim"
    assert engine.to_act(state) == (3, 0, 1)
    assert legal(state, 1) == ["claim 0hi", "pass"]
    state, _ = play(state, 1, "claim 0hi")
    state, _ = play(state, 0, "claim 0hi")
    assert engine.to_act(state) == (3,)
    state, events = play(state, 3, "pass")
    # Seat 3 is first from the discarder's left but passed; seat 0 is the first claimant clockwise.
    assert events[1].kind == "rummy_on_the_board" and events[1].seat == 0
    assert state.table["groups"][0]["cards"] == ["4H", "5H", "6H", "7H"]
    assert state.table["groups"][0]["owners"] == [0, 0, 0, 0]
    assert state.table["piles"] == [["JD"]]
    assert state.table["turn"] == 3 and state.table["phase"] == "draw"


def test_no_claim_window_for_an_unplayable_discard() -> None:
    state = deal([["9C", "KS"], ["3S", "4S"]], groups=[group("4H,5H,6H", 0, False)], phase="play", options=BASE)
    state, events = play(state, 0, "discard 9C 0")
    assert kinds(events) == ["discarded", "turn"]
    assert engine.to_act(state) == (1,)


# ----- going out ------------------------------------------------------------------------------------------------
def test_discarding_the_last_card_ends_the_hand_at_once() -> None:
    groups = [group("4H,5H,6H", 0, False), group("QS,QD,QC", 1, False)]
    state = deal([["9C"], ["3S", "AD"]], groups=groups, phase="play", options=BASE)
    state, events = play(state, 0, "discard 9C 0")
    assert kinds(events) == ["discarded", "went_out", "hand_scored", "match_finished"]
    assert engine.is_finished(state)
    sheet = engine.score(state)
    # Seat 0: 4-5-6 (15) and nothing in hand. Seat 1: three Queens (30) minus 3 (5) and an Ace (15).
    assert sheet.totals == (15, 10)
    assert sheet.winners == (0,)
    assert sheet.rounds[0].details["reason"] == "went_out"


def test_a_playable_card_may_not_be_discarded_last() -> None:
    state = deal([["7H"], ["3S", "4S"]], groups=[group("4H,5H,6H", 1, False)], phase="play", options=BASE)
    assert legal(state, 0) == ["lay_off 7H 0hi"]
    with pytest.raises(engine.IllegalMoveError) as error:
        play(state, 0, "discard 7H 0")
    assert error.value.code == "move/playable_last_card"


def test_playing_out_gives_every_other_player_one_more_turn() -> None:
    run = group("4H,5H,6H", 1, False)
    hands = [["7H"], ["3S", "KD"], ["8S", "9D"]]
    state = deal(hands, groups=[run], phase="play", stock=["2S", "2D", "2C", "5C"], options=BASE)
    state, events = play(state, 0, "lay_off 7H 0hi")
    assert kinds(events) == ["laid_off", "played_out", "turn"]
    assert state.table["played_out"] == 0 and engine.to_act(state) == (1,)
    state, _ = play(state, 1, "draw", "discard KD 0")
    state, events = play(state, 2, "draw", "discard 9D 0")
    assert kinds(events)[-2:] == ["hand_scored", "match_finished"]
    sheet = engine.score(state)
    # Seat 0: 7H (5). Seat 1: 4-5-6 (15) minus 3S and 5C (10). Seat 2: minus 8S and 2C (10): the stock is drawn
    # from its end (5C, then 2C).
    assert sheet.totals == (5, 5, -10)
    assert sheet.winners == (0, 1)
    assert sheet.rounds[0].details == {
        "reason": "played_out",
        "seat": 0,
        "board": [5, 15, 0],
        "groupBonus": [0, 0, 0],
        "hand": [0, 10, 10],
        "explanations": [
            {"groups": [{"group": 0, "kind": "run", "cards": ["7H"], "multiplier": 1, "points": 5}], "hotPotato": 0,
             "groupBonus": 0, "hand": [], "sponged": [], "handPoints": 0, "points": 5},
            {"groups": [{"group": 0, "kind": "run", "cards": ["4H", "5H", "6H"], "multiplier": 1, "points": 15}],
             "hotPotato": 0, "groupBonus": 0, "hand": ["3S", "5C"], "sponged": [], "handPoints": 10, "points": 5},
            {"groups": [], "hotPotato": 0, "groupBonus": 0, "hand": ["2C", "8S"], "sponged": [], "handPoints": 10,
             "points": -10},
        ],
    }  # fmt: skip


# ----- scores ---------------------------------------------------------------------------------------------------
def test_card_values_and_the_ace() -> None:
    groups = [
        group("AH,2H,3H", 0, False),  # the Ace on a Two: 5 + 5 + 5
        group("QS,KS,AS", 0, False),  # the Ace on a King: 10 + 10 + 15
        group("TC,TD,TS", 1, False),
        group("JC,JD,JH", 1, False),
    ]
    state = deal([["5C"], ["AD", "2C"]], groups=groups, phase="play", options=BASE)
    state, _ = play(state, 0, "discard 5C 0")
    # Seat 0: 15 + 35 = 50. Seat 1: tens 30 + jacks 30 = 60, minus the Ace (15) and the Two (5) in hand.
    assert engine.score(state).totals == (50, 40)


def test_ace_in_a_set_is_fifteen() -> None:
    groups = [group("AC,AD,AS", 0, False)]
    state = deal([["5C"], ["3D"]], groups=groups, phase="play", options=BASE)
    state, _ = play(state, 0, "discard 5C 0")
    assert engine.score(state).totals == (45, -5)


# ----- the match ------------------------------------------------------------------------------------------------
def test_a_match_is_played_to_the_target_score() -> None:
    state = deal(
        [["9C"], ["3S", "KD"]],
        groups=[group("4H,5H,6H", 0, False)],
        phase="play",
        options={**BASE, "single_hand": False, "target_score": 80},
    )
    state, events = play(state, 0, "discard 9C 0")
    assert "hand_started" in kinds(events) and not engine.is_finished(state)
    assert state.table["hand_number"] == 2 and state.table["dealer"] == 0
    assert engine.to_act(state) == (1,)  # left of the new dealer
    assert engine.score(state).totals == (15, -15)
    # Second hand: seat 1 goes out with 100 on the board and reaches the target (85 >= 80).
    state.table["hands"] = [["2S", "3D"], ["8C"]]
    state.table["groups"] = [group("TH,JH,QH,KH", 1, False), group("TC,TD,TS", 1, False), group("JC,JD,JS", 1, False)]
    state.table["phase"] = "play"
    state, events = play(state, 1, "discard 8C 0")
    assert kinds(events)[-1] == "match_finished"
    sheet = engine.score(state)
    assert sheet.totals == (5, 85) and sheet.winners == (1,)
    assert [r.label for r in sheet.rounds] == ["hand 1", "hand 2"]


def test_the_match_ends_after_max_hands() -> None:
    state = deal(
        [["9C"], ["3S"]],
        phase="play",
        options={**BASE, "single_hand": False, "max_hands": 1},
    )
    state, _events = play(state, 0, "discard 9C 0")
    assert engine.is_finished(state)
    assert engine.score(state).totals == (0, -5)


def test_by_default_hands_go_on_until_the_target_and_only_bots_get_a_hand_cap() -> None:
    game = engine.get_game("house_rummy")
    state, _ = engine.new_game("house_rummy", 2, 7, {})
    assert state.options["max_hands"] == 0 and state.options["target_score"] == 500
    assert game.playout_options == {"max_hands": 20}
    # The 20th hand ends far below the target: a 21st is dealt (the cap of 20 hands was the old default).
    state = deal([["9C"], ["3S"]], phase="play", options={**BASE, "single_hand": False}, hand_number=20)
    state, events = play(state, 0, "discard 9C 0")
    assert "hand_started" in kinds(events) and "match_finished" not in kinds(events)
    assert not engine.is_finished(state) and state.table["hand_number"] == 21
    bots = {**BASE, "single_hand": False, **game.playout_options}
    capped, events = play(deal([["9C"], ["3S"]], phase="play", options=bots, hand_number=20), 0, "discard 9C 0")
    assert engine.is_finished(capped) and kinds(events)[-1] == "match_finished"


def test_the_hand_ends_when_the_stock_runs_out() -> None:
    state = deal([["9C", "2D"], ["3S", "KD"]], stock=["5S"], phase="draw", options=BASE)
    state, events = play(state, 0, "draw", "discard 9C 0")
    assert kinds(events)[-2:] == ["hand_scored", "match_finished"]
    assert engine.score(state).rounds[0].details["reason"] == "stock_exhausted"
    assert engine.score(state).totals == (-10, -15)


# ----- views, notation, errors ----------------------------------------------------------------------------------
def test_views_hide_other_hands() -> None:
    state = deal([["9C", "2D"], ["3S", "KD", "4C"]], options=BASE)
    mine = engine.view(state, 1)
    assert mine["hand"] == ["3S", "4C", "KD"] and mine["handCounts"] == [2, 3]
    spectator = engine.view(state, None)
    assert spectator["hand"] is None and spectator["hands"] is None
    assert spectator["piles"] == [["JD"]] and spectator["stockCount"] == 4


def test_errors_have_codes_and_change_nothing() -> None:
    state = deal([["9C", "2D"], ["3S", "KD"]], options=BASE)
    snapshot = engine.encode(state)
    cases = {
        "discard 9C 0": "move/wrong_phase",
        "take 3 1": "move/no_such_pile",
        "take 0 5": "move/bad_count",
    }
    for text, code in cases.items():
        with pytest.raises(engine.IllegalMoveError) as error:
            engine.apply(state, 0, text)
        assert error.value.code == code and text in error.value.reason
    with pytest.raises(engine.NotYourTurnError):
        engine.apply(state, 1, "draw")
    with pytest.raises(engine.InvalidMoveError):
        engine.apply(state, 0, "meld")
    state, _ = play(state, 0, "draw")
    with pytest.raises(engine.IllegalMoveError) as error:
        engine.apply(state, 0, "discard KD 0")
    assert error.value.code == "move/card_not_in_hand" and "KD" in error.value.reason
    assert engine.encode(engine.decode(snapshot)) == snapshot
