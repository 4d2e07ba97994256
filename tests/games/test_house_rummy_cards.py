"""House Rummy, the New Card Rules: every card of the Card List, the special cards and the General Rules."""

from __future__ import annotations

import pytest

import engine
from engine.games.house_rummy.cards import ABILITIES, full_deck
from engine.games.house_rummy.melds import find_melds
from tests.games.test_house_rummy_support import deal, group, kinds, legal, play

STOCK = ["2C", "3S", "4D", "KD"]  # the top card is the last: KD


def test_the_card_list_read_as_spades_hearts_diamonds_clubs() -> None:
    assert ABILITIES == {
        "2S": "new_discard", "2H": "double_run", "2D": "double_run", "2C": "new_discard",
        "3H": "reverse", "3D": "fish", "3C": "cross",
        "4S": "plus_per_group", "4H": "see_hand", "4C": "collectable",
        "5S": "draw_discard", "5D": "go_again",
        "6S": "skip", "6H": "exchange", "6D": "cross", "6C": "plus_per_group",
        "7H": "search",
        "8S": "move", "8H": "move", "8D": "move", "8C": "move",
        "9H": "go_again", "9D": "draw_discard", "9C": "reverse",
        "TS": "exchange", "TH": "cross", "TD": "sponge",
        "JS": "see_hand", "JC": "search",
        "QD": "skip", "QC": "fish",
        "KS": "cross", "KH": "sponge",
        "AS": "ka2", "AH": "plus_on_two", "AD": "plus_on_two", "AC": "ka2",
    }  # fmt: skip
    deck = full_deck(True)
    assert len(deck) == 57 and deck.count("TR") == 2 and deck.count("PR") == 2 and deck.count("HP") == 1
    assert len(full_deck(False)) == 52


# ----- on-discard actions ---------------------------------------------------------------------------------------
def test_new_discard_starts_a_new_pile_and_an_emptied_pile_is_gone_except_the_last() -> None:
    state = deal([["2S", "JC", "KC"], ["5H", "9S"]], phase="play", piles=[["JD"]], stock=STOCK)
    assert [m for m in legal(state, 0) if m.startswith("discard 2S")] == ["discard 2S new"]
    state, events = play(state, 0, "discard 2S new")
    assert events[0].data == {"card": "2S", "pile": 1, "newPile": True}
    assert state.table["piles"] == [["JD"], ["2S"]]
    assert legal(state, 1) == ["draw", "take 0 1", "take 1 1"]  # any pile, but one pile per draw
    state, _ = play(state, 1, "take 1 1")
    assert state.table["piles"] == [["JD"]]  # picked up completely: gone
    assert [m for m in legal(state, 1) if m.startswith("discard 5H")] == ["discard 5H 0"]


def test_the_last_discard_pile_stays_when_picked_up_completely() -> None:
    state = deal([["JC", "KC"], ["5H", "9S"]], piles=[["JD"]], stock=STOCK)
    state, _ = play(state, 0, "take 0 1")
    assert state.table["piles"] == [[]]
    assert [m for m in legal(state, 0) if m.startswith("discard KC")] == ["discard KC 0"]


def test_reverse_turns_the_order_around() -> None:
    state = deal([["3H", "KC"], ["5H"], ["9S"]], phase="play", stock=STOCK)
    state, events = play(state, 0, "discard 3H 0")
    assert state.table["direction"] == -1 and state.table["turn"] == 2
    assert kinds(events) == ["discarded", "discard_action", "turn"]
    assert engine.view(state, None)["direction"] == "right"


def test_reverse_does_nothing_with_two_players() -> None:
    state = deal([["3H", "KC"], ["5H"]], phase="play", stock=STOCK)
    state, _ = play(state, 0, "discard 3H 0")
    assert state.table["direction"] == 1 and state.table["turn"] == 1


def test_skip_skips_the_next_player() -> None:
    state = deal([["6S", "KC"], ["5H"], ["9S"]], phase="play", stock=STOCK)
    state, events = play(state, 0, "discard 6S 0")
    assert kinds(events) == ["discarded", "discard_action", "skipped", "turn"]
    assert events[2].seat == 1 and state.table["turn"] == 2


def test_two_turns_in_a_row_trigger_discard_actions_only_on_the_first() -> None:
    # Two players: a Skip gives seat 0 a second turn in a row; the Go Again discarded then does nothing.
    state = deal([["6S", "9H", "KC"], ["5H"]], phase="play", stock=STOCK)
    state, _ = play(state, 0, "discard 6S 0")
    assert state.table["turn"] == 0 and state.table["turns_in_a_row"] == 2
    state, events = play(state, 0, "draw", "discard 9H 0")
    assert "discard_action" not in kinds(events)
    assert state.table["turn"] == 1 and state.table["turns_in_a_row"] == 1


def test_go_again_takes_another_turn_at_once() -> None:
    state = deal([["5D", "KC"], ["5H"], ["9S"]], phase="play", stock=STOCK)
    state, events = play(state, 0, "discard 5D 0")
    assert state.table["turn"] == 0 and state.table["phase"] == "draw"
    assert events[-1].kind == "turn" and events[-1].data == {"again": True}


def test_fish_the_asked_player_chooses_which_card_to_give() -> None:
    state = deal([["3D", "KC"], ["7S", "7C", "5H"], ["9S"]], phase="play", stock=STOCK)
    state, _ = play(state, 0, "discard 3D 0")
    assert state.table["phase"] == "fish"
    assert "fish 1 7" in legal(state, 0) and "fish 2 H" in legal(state, 0) and "fish 0 7" not in legal(state, 0)
    state, _ = play(state, 0, "fish 1 7")
    assert engine.to_act(state) == (1,)
    assert legal(state, 1) == ["give 7C", "give 7S"]
    state, events = play(state, 1, "give 7S")
    assert state.table["hands"][0] == ["KC", "7S"] and state.table["hands"][1] == ["7C", "5H"]
    given, card = events[:2]
    assert given.for_seat(2) == {"kind": "fish_given", "seat": 1, "to": 0}
    assert card.for_seat(0) == {"kind": "fish_card", "seat": 1, "to": 0, "card": "7S"}
    assert card.for_seat(1) == card.for_seat(0) and card.for_seat(2) is None
    assert state.table["turn"] == 1


def test_fish_go_fish_draws_one() -> None:
    state = deal([["QC", "KC"], ["7S", "7C", "5H"], ["9S"]], phase="play", stock=STOCK)
    state, _ = play(state, 0, "discard QC 0")
    state, events = play(state, 0, "fish 2 H")
    assert kinds(events)[:4] == ["fished", "go_fish", "drew", "drew_card"]
    assert state.table["hands"][0] == ["KC", "KD"] and state.table["turn"] == 1


def test_see_hand_is_shown_to_the_discarder_only() -> None:
    state = deal([["4H", "KC"], ["7S", "5H"], ["9S"]], phase="play", stock=STOCK)
    state, _ = play(state, 0, "discard 4H 0")
    state, events = play(state, 0, "see_hand 1")
    shown = events[1]
    assert shown.kind == "hand_shown" and shown.audience == (0,)
    assert shown.for_seat(0) == {"kind": "hand_shown", "seat": 1, "to": 0, "cards": ["5H", "7S"]}
    assert shown.for_seat(2) is None and shown.for_seat(None) is None
    assert events[0].for_seat(2) == {"kind": "saw_hand", "seat": 0, "shown": 1}


def test_draw_and_discard_one_the_second_discard_triggers_nothing() -> None:
    state = deal([["5S", "9D", "KC"], ["5H"], ["9S"]], phase="play", stock=STOCK)
    state, events = play(state, 0, "discard 5S 0")
    assert state.table["phase"] == "extra_discard" and state.table["hands"][0] == ["9D", "KC", "KD"]
    assert events[-2].kind == "drew" and events[-2].data["reason"] == "draw_discard"
    assert events[-1].for_seat(0) == {"kind": "drew_card", "seat": 0, "card": "KD"}
    state, events = play(state, 0, "discard 9D 0")  # itself a Draw & Discard 1: no action
    assert kinds(events) == ["discarded", "turn"]
    assert state.table["piles"] == [["JD", "5S", "9D"]] and state.table["turn"] == 1


def test_exchange_both_players_choose_a_card_face_down() -> None:
    state = deal([["6H", "KC", "2D"], ["7S", "5H"], ["9S"]], phase="play", stock=STOCK)
    state, _ = play(state, 0, "discard 6H 0")
    state, _ = play(state, 0, "exchange 1")
    assert engine.to_act(state) == (0, 1)
    state, _ = play(state, 1, "give 5H")
    assert engine.to_act(state) == (0,)
    state, events = play(state, 0, "give KC")
    assert state.table["hands"][0] == ["2D", "5H"] and state.table["hands"][1] == ["7S", "KC"]
    assert kinds(events) == ["exchange_chosen", "exchange_done", "exchanged", "exchanged", "turn"]
    assert events[2].for_seat(0) == {"kind": "exchanged", "seat": 0, "gave": "KC", "got": "5H"}
    assert events[3].for_seat(1) == {"kind": "exchanged", "seat": 1, "gave": "5H", "got": "KC"}
    assert events[2].for_seat(1) is None and events[3].for_seat(2) is None


def test_search_discard_takes_any_card_of_its_pile() -> None:
    state = deal([["7H", "KC"], ["5H"]], phase="play", piles=[["QC", "4D"], ["2S"]], stock=STOCK)
    state, _ = play(state, 0, "discard 7H 0")
    assert legal(state, 0) == ["search 4D", "search QC"]
    state, events = play(state, 0, "search QC")
    assert state.table["piles"] == [["4D", "7H"], ["2S"]] and state.table["hands"][0] == ["KC", "QC"]
    assert events[0].data == {"card": "QC", "pile": 0}


def test_a_single_card_taken_then_a_card_of_the_same_effect_discarded_does_not_trigger() -> None:
    state = deal([["QD", "KC"], ["5H"], ["9S"]], piles=[["JD", "6S"]], stock=STOCK)
    state, _ = play(state, 0, "take 0 1")
    state, events = play(state, 0, "discard QD 0")  # Skip after taking a single Skip
    assert "discard_action" not in kinds(events) and state.table["turn"] == 1


def test_discarding_a_last_card_with_a_draw_action_ends_the_game_at_once() -> None:
    state = deal([["5S"], ["5H"]], phase="play", stock=STOCK)
    state, events = play(state, 0, "discard 5S 0")
    assert kinds(events) == ["discarded", "went_out", "hand_scored", "match_finished"]
    assert state.table["hands"][0] == [] and state.table["stock"] == STOCK


def test_skip_and_reverse_do_nothing_once_someone_has_played_out() -> None:
    state = deal([[], ["6S", "KC"], ["3H", "2D"], ["9S"]], phase="play", turn=1, played_out=0, stock=STOCK)
    state, _ = play(state, 1, "discard 6S 0")
    assert state.table["turn"] == 2
    state, _ = play(state, 2, "draw", "discard 3H 0")
    assert state.table["direction"] == 1 and state.table["turn"] == 3
    state, events = play(state, 3, "draw", "discard 9S 0")
    assert kinds(events)[-2:] == ["hand_scored", "match_finished"]  # the game ends before seat 0's next turn


# ----- play modifiers ---------------------------------------------------------------------------------------------
def test_ka2_ace_is_in_a_run_with_both_a_king_and_a_two() -> None:
    assert ("2S", "AS", "KS") in find_melds(["KS", "AS", "2S"], [], new_cards=True)
    assert find_melds(["KH", "AH", "2H"], [], new_cards=True) == []  # an ordinary Ace
    assert find_melds(["KS", "AS", "2S"], [], new_cards=False) == []  # without the New Card Rules
    state = deal([["AS", "2S", "9C"], ["5H"]], groups=[group("JS,QS,KS", 1)], phase="play", stock=STOCK)
    state, _ = play(state, 0, "lay_off AS 0hi", "lay_off 2S 0hi")
    assert state.table["groups"][0]["cards"] == ["JS", "QS", "KS", "AS", "2S"]
    state, _ = play(state, 0, "discard 9C 0")
    assert engine.score(state).totals == (20, 25)  # the KA2 Ace on a King: 15, and the Two 5


def test_cross_card_can_also_start_a_group_of_the_other_kind() -> None:
    groups = [group("4D,5D,6D", 0)]
    state = deal([["9C", "JC"], ["6S", "6H", "KC", "2D"]], groups=groups, phase="play", turn=1, stock=STOCK)
    assert "meld 6D,6H,6S" in legal(state, 1)
    state, events = play(state, 1, "meld 6D,6H,6S")
    assert events[0].data == {"group": 1, "meldKind": "set", "cards": ["6S", "6H", "6D"], "boardCardUsed": True}
    assert state.table["cross_second_group"] == {"6D": 1} and state.table["groups"][1]["owners"] == [1, 1, 0]
    assert engine.view(state, None)["groups"][1]["cards"] == ["6S", "6H", "+6D"]
    state, _ = play(state, 1, "discard KC 0")
    state, _ = play(state, 0, "draw")
    assert not [m for m in legal(state, 0) if m.startswith("meld")]  # now in both kinds of group
    state.table["hands"][0] = ["9C"]
    state, _ = play(state, 0, "discard 9C 0")
    assert engine.score(state).totals == (15, 5)  # the 6D counts once, for its owner; seat 1 holds the 2D


def test_move_card_changes_group_and_leaves_the_old_group_as_it_was() -> None:
    groups = [group("6H,7H,8H", 0), group("8S,8D,8C", 1)]
    state = deal([["9C", "9H", "TS", "KC"], ["5H"]], groups=groups, phase="play", stock=STOCK)
    assert "move_card 8H 1" in legal(state, 0)
    assert not [m for m in legal(state, 0) if m.startswith("move_card 8S")]  # not another player's card
    state, events = play(state, 0, "move_card 8H 1")
    assert events[0].data == {"card": "8H", "from": 0, "target": "1"}
    assert state.table["groups"][0]["cards"] == ["6H", "7H"] and state.table["groups"][0]["high"] == 8
    assert state.table["groups"][1]["cards"] == ["8S", "8D", "8C", "8H"] and state.table["groups"][1]["owners"] == [
        1,
        1,
        1,
        0,
    ]
    assert "lay_off 9H 0hi" in legal(state, 0)  # the run keeps its span: the next card is still the Nine


def test_move_card_into_a_new_group_with_two_cards_from_hand() -> None:
    groups = [group("6H,7H,8H", 0)]
    state = deal([["9H", "TH", "KC"], ["5H"]], groups=groups, phase="play", stock=STOCK)
    state, _ = play(state, 0, "meld 8H,9H,TH")
    assert state.table["groups"][0]["cards"] == ["6H", "7H"]
    assert state.table["groups"][1]["cards"] == ["8H", "9H", "TH"] and state.table["hand_number"] == 1
    assert state.table["hands"][0] == ["KC"]


def test_collectable_at_the_bottom_need_not_be_played() -> None:
    state = deal([["KC", "2D"], ["5H"]], piles=[["QC", "4C", "9S"]], stock=STOCK)
    assert "take 0 2" in legal(state, 0) and "take 0 3" not in legal(state, 0)
    state, _ = play(state, 0, "take 0 2")
    assert state.table["bottom_card"] == "" and "discard 4C 0" in legal(state, 0)


# ----- scoring modifiers ------------------------------------------------------------------------------------------
def finish(state: engine.GameState, seat: int, card: str) -> engine.ScoreSheet:
    """Seat ``seat`` discards its last card; the hand is scored."""
    state, _ = play(state, seat, f"discard {card} 0")
    assert engine.is_finished(state)
    return engine.score(state)


def test_sponge_absorbs_a_card_from_hand() -> None:
    groups = [group("TC,TD,TS", 0)]
    state = deal([["AD", "3C"], ["9C"]], groups=groups, phase="play", turn=1, stock=STOCK)
    sheet = finish(state, 1, "9C")
    assert sheet.totals == (25, 0)  # 30 played; the Ace (15) absorbed, the Three (5) counts


def test_plus_five_per_group_counts_once_and_not_for_cards_on_other_groups() -> None:
    groups = [group("4S,4H,4D", 0), group("6C,7C,8C", 0), group("QS,QH,QD", 1)]
    state = deal([["QC", "3D"], ["5H"]], groups=groups, phase="play", stock=STOCK)
    state, _ = play(state, 0, "lay_off QC 2")
    sheet = finish(state, 0, "3D")
    # 15 + 15 + the Queen 10, and 5 for each of the two groups seat 0 started (two +5 cards: counted once).
    assert sheet.totals == (50, 25)
    assert sheet.rounds[0].details["groupBonus"] == [10, 0]


def test_plus_five_on_two_and_double_run() -> None:
    # A+2+3 of hearts: the Ace on a Two is 5 + 5, and the 2H doubles the run: (10 + 5 + 5) x 2.
    state = deal([["9C"], ["5H"]], groups=[group("AH,2H,3H", 0)], phase="play", stock=STOCK)
    assert finish(state, 0, "9C").totals == (40, -5)


def test_plus_five_on_two_across_a_transition() -> None:
    state = deal([["TR", "AH", "9C"], ["5H"]], groups=[group("2S,3S,4S", 1)], phase="play", stock=STOCK)
    state, _ = play(state, 0, "lay_off TR,AH 0lo")
    assert state.table["groups"][0]["cards"] == ["AH", "TR", "2S", "3S", "4S"]
    assert finish(state, 0, "9C").totals == (10, 15)


def test_double_run_doubles_the_cards_of_other_players_too() -> None:
    state = deal([["9C"], ["5H", "9D"]], groups=[group("2H,3H,4H", 0)], phase="play", turn=1, stock=STOCK)
    state, _ = play(state, 1, "lay_off 5H 0hi")
    assert finish(state, 1, "9D").totals == (25, 10)  # seat 0: 15 x 2 minus the 9C; seat 1: 5 x 2


def test_both_double_runs_in_one_run_count_four_times() -> None:
    run = group("2H,3H,4H,5H,6H,7H,8H,9H,TH,JH,QH,KH", 0)
    state = deal([["TR", "TR", "AC", "2D", "9C"], ["5S"]], groups=[run], phase="play", stock=STOCK)
    state, _ = play(state, 0, "lay_off TR,AC 0hi", "lay_off TR,2D 0hi")
    assert state.table["groups"][0]["cards"][-5:] == ["KH", "TR", "AC", "TR", "2D"]
    # 2-9 of hearts 40, 10-K 40, the KA2 Ace on a King 15, the 2D 5: 100, x4.
    assert finish(state, 0, "9C").totals == (400, -5)


# ----- special cards ----------------------------------------------------------------------------------------------
def test_transition_the_texts_example_two_of_hearts_transition_three_of_spades() -> None:
    state = deal([["TR", "2H", "9C", "KC"], ["5H"]], groups=[group("3S,4S,5S", 1)], phase="play", stock=STOCK)
    assert "lay_off TR,2H 0lo" in legal(state, 0)
    with pytest.raises(engine.IllegalMoveError) as error:
        play(state, 0, "lay_off TR 0lo")
    assert error.value.code == "move/transition_needs_card"
    assert str(engine.parse_move(state, "lay_off 2H,TR 0lo")) == "lay_off TR,2H 0lo"  # as the cards lie
    state, _ = play(state, 0, "lay_off 2H,TR 0lo")
    assert state.table["groups"][0]["cards"] == ["2H", "TR", "3S", "4S", "5S"]
    assert "lay_off 6S 0hi" not in legal(state, 0) and state.table["groups"][0]["low_suit"] == "H"


def test_transition_and_protected_cost_ten_in_hand_nothing_on_the_board() -> None:
    groups = [group("9S,TS,JS", 0)]
    state = deal([["9C"], ["TR", "PR", "5H"]], groups=groups, phase="play", stock=STOCK)
    state.table["groups"][0]["cards"].append("PR")
    state.table["groups"][0]["owners"].append(0)
    state.table["groups"][0]["positions"].append(0)
    assert finish(state, 0, "9C").totals == (25, -25)


def test_protected_blocks_a_set_and_one_run_end_at_a_time() -> None:
    groups = [group("7S,7H,7D", 1), group("4H,5H,6H", 1)]
    state = deal([["PR", "PR", "7C", "3H", "8H", "KC"], ["5C"]], groups=groups, phase="play", stock=STOCK)
    assert {m for m in legal(state, 0) if m.startswith("lay_off PR")} == {
        "lay_off PR 0",
        "lay_off PR 1lo",
        "lay_off PR 1hi",
    }
    state, _ = play(state, 0, "lay_off PR 0", "lay_off PR 1lo")
    assert [m for m in legal(state, 0) if m.startswith("lay_off")] == []  # no 7C on the set, no 3H below the run
    assert state.table["groups"][0]["cards"][-1] == "PR" and state.table["groups"][1]["cards"][0] == "PR"
    assert state.table["groups"][0]["protected"] == 1 and state.table["groups"][1]["low_closed"] == 2
    state.table["hands"][0].append("7H")
    assert [m for m in legal(state, 0) if m.startswith("lay_off")] == ["lay_off 7H 1hi"]  # the other end is open


def test_protected_cannot_go_where_nothing_else_can_play() -> None:
    groups = [group("9S,9H,9D,9C", 1), group("QH,KH,AH", 1)]
    state = deal([["PR", "KC"], ["5C"]], groups=groups, phase="play", stock=STOCK)
    assert [m for m in legal(state, 0) if m.startswith("lay_off")] == ["lay_off PR 1lo"]


def test_hot_potato_cannot_be_discarded_and_is_played_only_when_going_out() -> None:
    state = deal([["HP", "9C", "3D"], ["5C"]], phase="play", stock=STOCK)
    assert "play_potato" not in legal(state, 0) and not [m for m in legal(state, 0) if "HP" in m]
    with pytest.raises(engine.IllegalMoveError) as error:
        play(state, 0, "discard HP 0")
    assert error.value.code == "move/hot_potato"
    state.table["hands"][0] = ["HP", "9C"]
    assert "play_potato" in legal(state, 0)
    state, _events = play(state, 0, "play_potato", "discard 9C 0")
    assert state.table["potato_on_board"][0] == ["HP"]
    assert engine.score(state).totals == (-25, -5)


def test_hot_potato_may_be_passed_after_playing_a_new_group() -> None:
    state = deal([["HP", "7S", "7H", "7D", "9C"], ["5C"]], phase="play", stock=STOCK)
    state, _ = play(state, 0, "meld 7D,7H,7S")
    assert state.table["phase"] == "potato" and legal(state, 0) == ["keep_potato", "pass_potato 1"]
    state, events = play(state, 0, "pass_potato 1")
    assert events[0].for_seat(None) == {"kind": "potato_passed", "seat": 0, "to": 1}
    assert state.table["hands"] == [["9C"], ["5C", "HP"]]
    assert state.table["phase"] == "play"


def test_hot_potato_can_be_traded_with_exchange() -> None:
    state = deal([["6H", "HP", "2D"], ["7S", "5H"]], phase="play", stock=STOCK)
    state, _ = play(state, 0, "discard 6H 0", "exchange 1", "give HP")
    state, _ = play(state, 1, "give 7S")
    assert state.table["hands"] == [["2D", "7S"], ["5H", "HP"]]


# ----- rejections -------------------------------------------------------------------------------------------------
def rejected(state: engine.GameState, seat: int, move: str) -> str:
    snapshot = engine.encode(state)
    with pytest.raises(engine.IllegalMoveError) as error:
        engine.apply(state, seat, move)
    assert move in error.value.reason and error.value.reason.endswith(".")
    assert engine.encode(state) == snapshot
    return error.value.code


def test_play_phase_rejections_name_the_rule() -> None:
    groups = [group("4H,5H,6H", 1), group("8S,8D,8C", 1), group("QS,QH,QD", 0)]
    state = deal([["2S", "7S", "7H", "7D", "9C", "HP", "TR", "KC"], ["5C"]], groups=groups, phase="play", stock=STOCK)
    assert rejected(state, 0, "lay_off 9C 7") == "move/no_such_group"
    assert rejected(state, 0, "lay_off 9C 0") == "move/bad_target"
    assert rejected(state, 0, "lay_off 9C 0hi") == "move/does_not_fit"
    assert rejected(state, 0, "lay_off TR,9C 0hi") == "move/does_not_fit"
    assert rejected(state, 0, "lay_off HP 0hi") == "move/hot_potato"
    assert rejected(state, 0, "move_card 8S 2") == "move/not_your_move_card"
    assert rejected(state, 0, "play_potato") == "move/hot_potato_not_going_out"
    assert rejected(state, 0, "discard 2S 0") == "move/new_discard_pile"
    assert rejected(state, 0, "discard 9C new") == "move/new_discard_pile"
    assert rejected(state, 0, "discard 9C 4") == "move/no_such_pile"
    assert rejected(state, 0, "meld 7D,7H,7S,9C") == "move/not_a_group"
    assert rejected(state, 0, "meld 7C,7D,7H") == "move/card_not_in_hand"
    assert rejected(state, 0, "draw") == "move/wrong_phase"
    state, _ = play(state, 0, "meld 7D,7H,7S")
    assert rejected(state, 0, "discard 9C 0") == "move/wrong_phase"  # the Hot Potato decision comes first
    state, _ = play(state, 0, "keep_potato")
    assert rejected(state, 0, "meld 7D,7H,7S") == "move/one_group_per_turn"


def test_action_rejections_name_the_rule() -> None:
    state = deal([["3D", "KC"], ["7S", "7C", "5H"], []], phase="play", stock=STOCK)
    state, _ = play(state, 0, "discard 3D 0")
    assert rejected(state, 0, "fish 0 7") == "move/bad_seat"
    assert rejected(state, 0, "fish 9 7") == "move/bad_seat"
    assert rejected(state, 0, "fish 1 X") == "move/bad_ask"
    state, _ = play(state, 0, "fish 1 C")
    assert rejected(state, 1, "give 7S") == "move/card_does_not_match"
    assert rejected(state, 1, "give 2D") == "move/card_not_in_hand"
    state = deal([["6H", "KC"], ["7S"], []], phase="play", stock=STOCK)
    state, _ = play(state, 0, "discard 6H 0")
    assert legal(state, 0) == ["exchange 1"]
    assert rejected(state, 0, "exchange 2") == "move/empty_hand"
    state = deal([["7H", "KC"], ["5H"], []], phase="play", piles=[["QC"]], stock=STOCK)
    state, _ = play(state, 0, "discard 7H 0")
    assert rejected(state, 0, "search 7H") == "move/card_not_in_pile"
    state = deal([["7H", "KC"], ["5H"], []], phase="play", groups=[group("4H,5H,6H", 1)], stock=STOCK)
    state, _ = play(state, 0, "discard 7H 0")
    assert rejected(state, 1, "claim 0lo") == "move/does_not_fit"
    with pytest.raises(engine.NotYourTurnError):
        engine.apply(state, 0, "pass")


def test_without_new_cards_there_are_no_abilities() -> None:
    state = deal([["3H", "5D", "KC"], ["5H", "2S"], ["9S"]], phase="play", stock=STOCK, options={"new_cards": False})
    state, events = play(state, 0, "discard 3H 0")
    assert kinds(events) == ["discarded", "turn"] and state.table["direction"] == 1
    state, _ = play(state, 1, "draw")
    assert [m for m in legal(state, 1) if m.startswith("discard 2S")] == ["discard 2S 0"]


def test_a_playable_action_card_opens_the_claim_window_before_its_action() -> None:
    groups = [group("3S,4S,5S", 1)]
    state = deal([["6S", "KC"], ["5H"], ["9S"]], groups=groups, phase="play", stock=STOCK)
    state, events = play(state, 0, "discard 6S 0")
    assert kinds(events) == ["discarded", "claim_window"] and engine.to_act(state) == (1, 2)
    state, _ = play(state, 2, "claim 0hi")
    state, events = play(state, 1, "pass")
    assert kinds(events) == ["passed_claim", "rummy_on_the_board", "discard_action", "skipped", "turn"]
    assert state.table["groups"][0]["owners"] == [1, 1, 1, 2] and state.table["turn"] == 2


def test_go_again_still_works_once_someone_has_played_out() -> None:
    state = deal([[], ["5D", "KC"], ["3H", "2D"]], phase="play", turn=1, played_out=0, stock=STOCK)
    state, _ = play(state, 1, "discard 5D 0")
    assert state.table["turn"] == 1 and state.table["phase"] == "draw"


def test_a_discarded_protected_card_can_be_claimed() -> None:
    groups = [group("7S,7H,7D", 1)]
    state = deal([["PR", "KC"], ["5H"]], groups=groups, phase="play", stock=STOCK)
    state, _ = play(state, 0, "discard PR 0")
    assert legal(state, 1) == ["claim 0", "pass"]
    state, _ = play(state, 1, "claim 0")
    assert state.table["groups"][0]["cards"] == ["7S", "7H", "7D", "PR"] and state.table["groups"][0]["protected"] == 1
