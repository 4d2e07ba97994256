"""Scripted hands for Rummy Battle: fixed deals, exact moves, exact states, events and scores.

Each test sets ``state.table`` directly after ``engine.new_game`` (stock bottom first, top card last), then plays
notation strings through ``engine.apply``. The rule each test covers is named in docs/rules/rummy_battle.md.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import engine
from engine import GameState
from tests.games.scripting import edited, events_of, play

GAME = "rummy_battle"


def run(owner: int, cards: list[str], low: int, by: list[int] | None = None) -> dict[str, Any]:
    suit = next(card[1] for card in cards if card != "JK")
    return {"owner": owner, "run": True, "key": suit, "low": low, "cards": cards, "by": by or [owner] * len(cards)}


def a_set(owner: int, cards: list[str], by: list[int] | None = None) -> dict[str, Any]:
    rank = next(card[0] for card in cards if card != "JK")
    return {"owner": owner, "run": False, "key": rank, "low": 0, "cards": cards, "by": by or [owner] * len(cards)}


def deal(
    hands: list[list[str]],
    *,
    stock: list[str] | None = None,
    discards: list[str] | None = None,
    marker: int = 0,
    groups: list[dict[str, Any]] | None = None,
    opened: list[bool] | None = None,
    turn: int = 0,
    phase: str = "draw",
    first_turn: bool = False,
    second_chance: list[bool] | None = None,
    options: dict[str, object] | None = None,
) -> GameState:
    """A fresh match whose current round is replaced by the given fixed deal."""
    players = len(hands)
    state, _ = engine.new_game(GAME, players, 1, options or {})
    table = state.table
    table["hands"] = [list(hand) for hand in hands]
    table["stock"] = ",".join(stock if stock is not None else ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"])
    table["marker"] = marker
    table["discards"] = list(discards or [])
    table["groups"] = list(groups or [])
    table["opened"] = list(opened or [False] * players)
    table["turn"] = turn
    table["phase"] = phase
    table["first_turn"] = first_turn
    if second_chance is not None:
        table["second_chance"] = list(second_chance)
    return edited(state)


def moves(state: GameState, seat: int) -> list[str]:
    return [str(move) for move in engine.legal_moves(state, seat)]


def kinds(state: GameState, seat: int, kind: str) -> list[str]:
    return [notation for notation in moves(state, seat) if notation.split()[0] == kind]


def rejected(state: GameState, seat: int, notation: str) -> str:
    before = engine.encode(state)
    with pytest.raises(engine.IllegalMoveError) as caught:
        engine.apply(state, seat, notation)
    assert engine.encode(state) == before
    assert caught.value.reason.endswith(".")
    return caught.value.code


# ----- the deck and the deal ---------------------------------------------------------------------------------
def test_the_pack_is_two_decks_four_jokers_and_four_of_each_action_card() -> None:
    state, _ = engine.new_game(GAME, 4, 7)
    deck = Counter(engine.get_game(GAME).deck(state))
    assert sum(deck.values()) == 128
    assert deck["JK"] == 4
    assert deck["7H"] == 2 and deck["AS"] == 2
    assert {card: deck[card] for card in ("Hoard", "Pickpocket", "Thief", "Switcheroo", "LuckyDay")} == {
        "Hoard": 4,
        "Pickpocket": 4,
        "Thief": 4,
        "Switcheroo": 4,
        "LuckyDay": 4,
    }


def test_the_deal_ten_each_marker_thirty_from_the_bottom_and_a_play_card_turned_up() -> None:
    for seed in range(40):
        state, events = engine.new_game(GAME, 4, seed)
        table = state.table
        assert [len(hand) for hand in table["hands"]] == [10, 10, 10, 10]
        assert len(table["discards"]) == 1
        assert table["discards"][0] not in ("Hoard", "Pickpocket", "Thief", "Switcheroo", "LuckyDay")
        # 128 - 40 dealt - 1 up-card; an Action Card turned up goes back into the centre, above the Marker.
        assert table["stock"].count(",") + 1 == 87
        assert table["marker"] == 30
        view = engine.view(state, None)
        assert (view["stockCount"], view["cardsAboveMarker"], view["markerRevealed"]) == (87, 57, False)
        assert engine.to_act(state) == (1,)  # the player to the left of the dealer (seat 0) goes first
        started = events_of(events, "round_started")[0]
        assert started.data["dealer"] == 0 and started.data["upCard"] == table["discards"][0]
    returned = [engine.new_game(GAME, 4, seed)[1][0].data["actionCardsReturned"] for seed in range(40)]
    assert any(returned), "some deal turned up an Action Card and put it back"


def test_counts_are_options_and_a_pack_too_small_for_the_deal_is_refused() -> None:
    state, _ = engine.new_game(GAME, 2, 3, {"hand_size": 7, "marker_depth": 12, "jokers": 2, "action_copies": 1})
    assert [len(hand) for hand in state.table["hands"]] == [7, 7]
    assert state.table["marker"] == 12
    assert len(engine.get_game(GAME).deck(state)) == 104 + 2 + 5
    with pytest.raises(engine.InvalidOptionError) as caught:
        engine.new_game(GAME, 6, 0, {"decks": 1, "jokers": 0, "action_copies": 0})
    assert caught.value.code == "game/invalid_option" and caught.value.option == "hand_size"
    with pytest.raises(engine.InvalidPlayersError):
        engine.new_game(GAME, 7, 0)


# ----- drawing -----------------------------------------------------------------------------------------------
def test_first_player_takes_the_up_card_without_playing_it_or_two_from_the_stock() -> None:
    state = deal([["2D", "9S"], ["KH", "4C", "7D"]], discards=["5S"], turn=1, first_turn=True)
    assert moves(state, 1) == ["draw", "take 1"]
    state, events = engine.apply(state, 1, "take 1")
    assert state.table["hands"][1] == ["KH", "4C", "7D", "5S"]
    assert state.table["must_play"] == "" and state.table["discards"] == []
    assert events[0].data == {"cards": ["5S"], "mustPlayLast": False}
    assert "discard 5S" in moves(state, 1)


def test_draw_takes_two_from_the_stock_seen_only_by_the_drawer() -> None:
    state = deal([["9S", "KD"], ["KH"]], stock=["2C", "3C", "4C", "5C"])
    state, events = engine.apply(state, 0, "draw")
    assert state.table["hands"][0] == ["9S", "KD", "5C", "4C"]
    assert state.table["stock"] == "2C,3C"
    drew = events_of(events, "drew")[0]
    assert drew.for_seat(0) == {"kind": "drew", "seat": 0, "count": 2, "cards": ["5C", "4C"]}
    assert drew.for_seat(1) == {"kind": "drew", "seat": 0, "count": 2}
    assert drew.for_seat(None) == {"kind": "drew", "seat": 0, "count": 2}


def test_taking_from_the_discard_pile_the_deepest_card_must_be_played_at_once() -> None:
    state = deal([["7H", "8H", "KS", "2D"], ["KH"]], discards=["9H", "QC", "3S"])
    assert kinds(state, 0, "take") == ["take 3"]  # only 9H, the third card down, fits a group of the hand
    assert rejected(state, 0, "take 1") == "move/deepest_card_unplayable"
    assert rejected(state, 0, "take 4") == "move/bad_count"
    state, events = engine.apply(state, 0, "take 3")
    assert events[0].data == {"cards": ["3S", "QC", "9H"], "mustPlayLast": True}
    assert state.table["hands"][0] == ["7H", "8H", "KS", "2D", "3S", "QC"]
    assert state.table["must_play"] == "9H" and state.table["discards"] == []
    assert moves(state, 0) == ["meld 7H,8H,9H"]
    assert rejected(state, 0, "discard KS") == "move/must_play_taken_card"
    state, _ = engine.apply(state, 0, "meld 7H,8H,9H")
    assert state.table["must_play"] == "" and state.table["opened"][0] is True
    assert state.table["groups"] == [run(0, ["7H", "8H", "9H"], 7)]


def test_a_submitted_take_is_checked_alone_with_the_predicate_that_lists_the_takes() -> None:
    groups = [run(1, ["4H", "5H", "6H"], 4)]
    state = deal(
        [["KS", "KD", "2C"], ["2S"]], discards=["7H", "9C", "KC", "3D", "QS"], groups=groups, opened=[True, True]
    )
    game = engine.get_game(GAME)
    # explain, on a state whose legal moves were never listed, judges each count alone: KC makes a Set with the
    # hand's Kings (take 3), 7H fits the Run on the table (take 5); QS, 3D and 9C fit nothing.
    judged = [
        count for count in range(1, 6) if game.explain(state, 0, engine.parse_move(state, f"take {count}")) is None
    ]
    assert judged == [3, 5]
    assert not state.legal_cache
    assert kinds(state, 0, "take") == ["take 3", "take 5"]
    refusal = game.explain(state, 0, engine.parse_move(state, "take 4"))
    assert refusal is not None and refusal.code == "move/deepest_card_unplayable"


def test_an_opened_player_may_take_a_card_he_can_play_off_on_a_group() -> None:
    groups = [run(1, ["4S", "5S", "6S"], 4)]
    state = deal([["KD", "2H"], ["QC"]], discards=["7S", "9D"], groups=groups, opened=[True, True])
    assert kinds(state, 0, "take") == ["take 2"]
    state, _ = engine.apply(state, 0, "take 2")
    assert moves(state, 0) == ["lay_off g1 7S"]
    state, _ = engine.apply(state, 0, "lay_off g1 7S")
    assert state.table["groups"][0]["cards"] == ["4S", "5S", "6S", "7S"]
    assert state.table["groups"][0]["by"] == [1, 1, 1, 0]
    assert state.table["hands"][0] == ["KD", "2H", "9D"]


# ----- Runs, Sets and Jokers ---------------------------------------------------------------------------------
def test_melds_with_a_joker_are_listed_once_with_the_card_it_stands_for() -> None:
    state = deal([["5H", "6H", "JK", "5S", "Thief"], ["KH"]], phase="play")
    assert sorted(kinds(state, 0, "meld")) == ["meld 5H,6H,JK=7H", "meld 5S,5H,JK", "meld JK=4H,5H,6H"]


def test_the_ace_is_high_or_low_but_a_run_does_not_turn_the_corner() -> None:
    state = deal([["AS", "2S", "3S", "QS", "KS"], ["KH"]], phase="play")
    assert kinds(state, 0, "meld") == ["meld AS,2S,3S", "meld QS,KS,AS"]
    state = deal([["KS", "AS", "2S"], ["KH"]], phase="play")
    assert kinds(state, 0, "meld") == []
    assert rejected(state, 0, "meld KS,AS,2S") == "move/not_in_sequence"


def test_a_run_of_all_thirteen_ranks_is_one_move_written_ace_low() -> None:
    hearts = [rank + "H" for rank in "A23456789TJQK"]
    state = deal([[*hearts, "9C"], ["KS"]], phase="play")
    longest = [meld for meld in kinds(state, 0, "meld") if meld.count(",") == 12]
    assert longest == ["meld " + ",".join(hearts)]
    assert str(engine.get_game(GAME).parse_move("meld " + ",".join([*hearts[1:], "AH"]))) == longest[0]
    state, _ = engine.apply(state, 0, "meld " + ",".join([*hearts[1:], "AH"]))
    assert state.table["groups"] == [run(0, hearts, 1)]


def test_sets_of_three_or_more_of_a_rank_may_hold_both_copies_of_a_card() -> None:
    state = deal([["9D", "9D", "9C", "9S"], ["KH"]], phase="play")
    assert sorted(kinds(state, 0, "meld")) == [
        "meld 9D,9D,9C",
        "meld 9S,9D,9C",
        "meld 9S,9D,9D",
        "meld 9S,9D,9D,9C",
    ]


def test_malformed_or_unheld_groups_are_refused_with_precise_codes() -> None:
    state = deal([["5H", "6H", "7H", "JK", "9C"], ["KH"]], phase="play")
    assert rejected(state, 0, "meld 5H,6H,JK=7H") == "move/joker_for_held_card"
    assert rejected(state, 0, "meld 5H,6H") == "move/group_too_small"
    assert rejected(state, 0, "meld 5S,5H,JK") == "move/card_not_in_hand"
    assert rejected(state, 0, "meld 5H,6H,JK") == "move/joker_unplaced"
    assert rejected(state, 0, "meld JK,5H,JK") == "move/card_not_in_hand"  # the Set 5H,JK,JK: one Joker is held
    assert rejected(state, 0, "meld 5H,9C,JK=7H") == "move/not_a_group"
    assert rejected(state, 0, "meld 5H,6H,ZZ") == "move/not_a_play_card"
    assert rejected(state, 0, "meld 5H,7H,JK=9H") == "move/not_in_sequence"
    assert rejected(state, 0, "meld JK=5H,JK=6H,JK=7H") == "move/jokers_only"
    with pytest.raises(engine.IllegalMoveError) as caught:  # a Move value never parsed keeps its order
        engine.apply(state, 0, engine.Move("meld", ("5H,7H,6H",)))
    assert caught.value.code == "move/not_canonical" and "5H,6H,7H" in caught.value.reason
    # A list argument is a multiset: any order of the same cards is the same move, in its canonical notation.
    game = engine.get_game(GAME)
    assert str(game.parse_move("meld 5H,7H,6H")) == "meld 5H,6H,7H"
    assert str(game.parse_move("meld JK=8H,7H,5H,6H")) == "meld 5H,6H,7H,JK=8H"
    assert str(game.parse_move("meld AS,KS,QS")) == "meld QS,KS,AS"
    assert str(game.parse_move("meld JK,5C,5S,5H")) == "meld 5S,5H,5C,JK"
    permuted, events = engine.apply(state, 0, "meld 7H,5H,6H")
    assert events[0].data == {"group": "g1", "meldKind": "run", "cards": ["5H", "6H", "7H"]}
    assert permuted.table["groups"] == [run(0, ["5H", "6H", "7H"], 5)]
    state, _ = engine.apply(state, 0, "meld 5H,6H,7H,JK=8H")
    assert state.table["groups"] == [run(0, ["5H", "6H", "7H", "JK"], 5)]
    assert engine.view(state, None)["groups"] == [
        {"id": "g1", "owner": 0, "kind": "run", "cards": ["5H", "6H", "7H", "JK=8H"], "by": "0000"}
    ]


def test_playing_off_needs_an_open_player_and_a_card_that_extends_the_group() -> None:
    groups = [run(1, ["4S", "5S", "6S"], 4), a_set(1, ["QS", "QH", "QD"])]
    hands = [["3S", "QC", "JK", "8S", "Hoard"], ["KH"]]
    closed = deal(hands, groups=groups, phase="play")
    assert kinds(closed, 0, "lay_off") == []
    assert rejected(closed, 0, "lay_off g1 3S") == "move/not_opened"
    state = deal(hands, groups=groups, opened=[True, True], phase="play")
    assert kinds(state, 0, "lay_off") == [
        "lay_off g1 3S",
        "lay_off g1 JK=3S",
        "lay_off g1 JK=7S",
        "lay_off g2 QC",
        "lay_off g2 JK",
    ]
    assert rejected(state, 0, "lay_off g1 8S") == "move/does_not_fit"
    assert rejected(state, 0, "lay_off g9 3S") == "move/unknown_group"
    assert rejected(state, 0, "lay_off g2 QH") == "move/card_not_in_hand"
    state, events = engine.apply(state, 0, "lay_off g1 JK=7S")
    assert state.table["groups"][0] == run(1, ["4S", "5S", "6S", "JK"], 4, by=[1, 1, 1, 0])
    assert events[0].data == {"group": "g1", "card": "JK=7S", "luckyDay": False}
    assert "lay_off g1 8S" in moves(state, 0)
    assert "draw_bonus" not in moves(state, 0)  # adding to a group earns no card


def test_an_ace_plays_off_on_either_end_of_a_two_to_king_run_once() -> None:
    ranks = "23456789TJQK"
    groups = [run(1, [rank + "D" for rank in ranks], 2)]
    state = deal([["AD", "JK"], ["KH"]], groups=groups, opened=[True, True], phase="play")
    assert kinds(state, 0, "lay_off") == ["lay_off g1 AD", "lay_off g1 JK=AD"]
    state, _ = engine.apply(state, 0, "lay_off g1 AD")
    assert state.table["groups"][0]["low"] == 1 and len(state.table["groups"][0]["cards"]) == 13
    assert kinds(state, 0, "lay_off") == []  # A to K is full: no second Ace


# ----- a new group earns a card; discards; going out ---------------------------------------------------------
def test_going_out_after_the_marker_scores_plus_ten() -> None:
    state = deal(
        [["7H", "8H", "9H", "KS"], ["2C", "5D", "Hoard"]],
        stock=["4D", "3D", "2D"],
        marker=1,
        discards=["QC"],
        options={"rounds": 1},
    )
    state, events = engine.apply(state, 0, "draw")
    assert [e.kind for e in events] == ["drew", "marker_revealed"]
    assert engine.view(state, 1)["markerRevealed"] is True
    state, _ = engine.apply(state, 0, "meld 7H,8H,9H")
    assert "draw_bonus" in moves(state, 0) and state.table["bonus_draws"] == 1
    state, events = engine.apply(state, 0, "draw_bonus")
    assert events[0].for_seat(0) == {"kind": "drew_bonus", "seat": 0, "count": 1, "cards": ["4D"]}
    assert state.table["hands"][0] == ["KS", "2D", "3D", "4D"]
    state, _ = engine.apply(state, 0, "meld 2D,3D,4D")
    assert "draw_bonus" not in moves(state, 0)  # the stock is empty
    state, events = engine.apply(state, 0, "discard KS")
    assert [e.kind for e in events] == ["discarded", "went_out", "round_ended", "match_finished"]
    ended = events_of(events, "round_ended")[0].data
    assert ended["points"] == [40, -15] and ended["bonus"] == [10, 0] and ended["outs"] == [0]
    sheet = engine.score(state)
    assert sheet.totals == (40, -15) and sheet.finished and sheet.winners == (0,)
    assert sheet.rounds[0].details["played"] == [30, 0] and sheet.rounds[0].details["inHand"] == [0, 15]
    assert engine.to_act(state) == ()


def test_going_out_by_playing_before_the_marker_costs_one_hundred() -> None:
    state = deal(
        [["7H", "8H", "9H", "5S"], ["AS", "JK", "TD", "LuckyDay"]],
        stock=["2C", "3C", "4C", "6C", "5C", "5D"],
        marker=2,
        options={"rounds": 1},
    )
    state, _ = play(state, [(0, "draw"), (0, "meld 5S,5D,5C")])
    state, events = engine.apply(state, 0, "meld 7H,8H,9H")
    assert [e.kind for e in events] == ["melded", "went_out", "round_ended", "match_finished"]
    assert events[1].data == {"by": "playing"}
    # The text's example hand: an Action Card, a Joker, a Ten and an Ace left in hand are -50.
    assert engine.score(state).totals == (30 - 100, -50)


def test_the_texts_scoring_examples_minus_fifty_in_hand_with_thirty_or_one_twenty_played() -> None:
    hand = ["Thief", "JK", "TS", "AD"]  # the text's example: -5 - 20 - 10 - 15 = -50 in unplayed cards
    groups = [
        a_set(1, ["QS", "QH", "QD"]),  # seat 1 has played 30
        a_set(2, ["AS", "AH", "AD", "AC"]),  # seat 2 has played 60 + 40 + 20 = 120
        a_set(2, ["KS", "KH", "KD", "KC"]),
        run(2, ["2S", "3S", "4S", "5S"], 2),
    ]
    state = deal(
        [["9C"], list(hand), list(hand)],
        marker=10,
        groups=groups,
        opened=[False, True, True],
        phase="play",
        options={"rounds": 1},
    )
    state, events = engine.apply(state, 0, "discard 9C")
    ended = events_of(events, "round_ended")[0].data
    assert ended["inHand"] == [0, 50, 50] and ended["played"] == [0, 30, 120]
    # "+30 points in played cards ... a final score of -20 points (30 - 50)"; "+120 ... +70 points (120 - 50)".
    assert engine.score(state).totals == (10, -20, 70)
    # The explanation (issue 27): each seat's groups with their points, and the hands left, shown as they count.
    left = ["AD", "JK", "TS", "Thief"]
    explained = [
        {"groups": [], "actionCards": 0, "actionPoints": 0, "hand": [], "handPoints": 0, "goingOut": 10, "points": 10},
        {"groups": [{"group": 0, "kind": "set", "cards": ["QS", "QH", "QD"], "points": 30}], "actionCards": 0,
         "actionPoints": 0, "hand": left, "handPoints": 50, "goingOut": 0, "points": -20},
        {"groups": [{"group": 1, "kind": "set", "cards": ["AS", "AH", "AD", "AC"], "points": 60},
                    {"group": 2, "kind": "set", "cards": ["KS", "KH", "KD", "KC"], "points": 40},
                    {"group": 3, "kind": "run", "cards": ["2S", "3S", "4S", "5S"], "points": 20}],
         "actionCards": 0, "actionPoints": 0, "hand": left, "handPoints": 50, "goingOut": 0, "points": 70},
    ]  # fmt: skip
    assert ended["explanations"] == explained
    assert engine.score(state).rounds[0].details["explanations"] == explained


def test_when_the_stock_runs_out_the_round_ends_with_no_bonus_or_penalty() -> None:
    state = deal([["KS", "2C"], ["QD", "QH"]], stock=["4H"], marker=5, options={"rounds": 1})
    state, events = engine.apply(state, 0, "draw")
    assert state.table["hands"][0] == ["KS", "2C", "4H"]
    state, events = engine.apply(state, 0, "discard KS")
    assert [e.kind for e in events] == ["discarded", "stock_exhausted", "round_ended", "match_finished"]
    assert events_of(events, "round_ended")[0].data["ended"] == "stock"
    assert engine.score(state).totals == (-10, -20)
    assert engine.score(state).rounds[0].details["goingOut"] == [0, 0]


def test_a_discard_ends_the_turn_play_cards_to_the_visible_pile_action_cards_to_their_own() -> None:
    state = deal([["Thief", "2C", "9S"], ["KH"], ["QS"]], discards=["4D"], phase="play")
    state, _ = engine.apply(state, 0, "discard 9S")
    assert state.table["discards"] == ["4D", "9S"] and engine.to_act(state) == (1,)
    assert state.table["phase"] == "draw"
    state = deal([["Thief", "2C", "9S"], ["KH"], ["QS"]], discards=["4D"], phase="play")
    state, _ = engine.apply(state, 0, "discard Thief")
    assert state.table["action_pile"] == ["Thief"] and state.table["discards"] == ["4D"]
    assert state.table["actions_played"] == [0, 0, 0]  # a discarded Action Card is not played
    assert engine.view(state, 2)["discardPile"] == ["4D"]


# ----- Action Cards ------------------------------------------------------------------------------------------
def test_hoard_takes_any_number_from_the_discard_pile_without_playing_the_deepest() -> None:
    state = deal([["Hoard", "2C"], ["KH"]], discards=["9S", "8D", "KH"])
    assert kinds(state, 0, "take") == []
    assert kinds(state, 0, "hoard") == ["hoard 1", "hoard 2", "hoard 3"]
    state, events = engine.apply(state, 0, "hoard 3")
    assert state.table["hands"][0] == ["2C", "KH", "8D", "9S"]
    assert state.table["must_play"] == "" and state.table["action_pile"] == ["Hoard"]
    assert state.table["actions_played"] == [1, 0]
    assert [e.kind for e in events] == ["action_played", "hoarded"]
    assert kinds(state, 0, "discard") == ["discard 2C", "discard 8D", "discard 9S", "discard KH"]
    assert rejected(state, 0, "hoard 1") == "move/already_drew"


def test_pickpocket_takes_a_random_card_that_only_thief_and_victim_see() -> None:
    groups = [run(0, ["7H", "8H", "9H"], 7)]
    hands = [["Pickpocket", "3C"], ["AS", "KD"], ["5D"]]
    closed = deal(hands, phase="play", second_chance=[False, False, False])
    assert rejected(closed, 0, "pickpocket 1") == "move/not_opened"
    state = deal(hands, groups=groups, opened=[True, False, False], phase="play", second_chance=[False] * 3)
    assert kinds(state, 0, "pickpocket") == ["pickpocket 1", "pickpocket 2"]
    assert rejected(state, 0, "pickpocket 0") == "move/bad_target"
    after, events = engine.apply(state, 0, "pickpocket 1")
    again, _ = engine.apply(state, 0, "pickpocket 1")
    assert again.table == after.table  # seeded chance: the same state gives the same card
    taken = after.table["hands"][0][-1]
    assert after.table["hands"][0] == ["3C", taken] and taken in ("AS", "KD")
    assert sorted(after.table["hands"][1] + [taken]) == ["AS", "KD"]
    stolen = events_of(events, "pickpocketed")[0]
    assert stolen.for_seat(0) == {"kind": "pickpocketed", "seat": 0, "victim": 1, "card": taken}
    assert stolen.for_seat(1) == {"kind": "pickpocketed", "seat": 0, "victim": 1, "card": taken}
    assert stolen.for_seat(2) == {"kind": "pickpocketed", "seat": 0, "victim": 1}
    assert stolen.for_seat(None) == {"kind": "pickpocketed", "seat": 0, "victim": 1}
    assert taken not in str(engine.view(after, 2)) and taken not in str(engine.view(after, None))
    assert after.table["actions_played"] == [1, 0, 0] and after.table["phase"] == "play"


def test_second_chance_cancels_an_action_card_once_per_game() -> None:
    groups = [run(0, ["7H", "8H", "9H"], 7)]
    state = deal([["Pickpocket", "Pickpocket", "3C"], ["AS", "KD"]], groups=groups, opened=[True, False], phase="play")
    state, events = engine.apply(state, 0, "pickpocket 1")
    assert engine.to_act(state) == (1,) and moves(state, 1) == ["second_chance", "accept"]
    assert [e.kind for e in events] == ["action_played", "awaiting_second_chance"]
    assert rejected(state, 1, "draw") == "move/answer_second_chance"
    state, events = engine.apply(state, 1, "second_chance")
    assert events[0].data == {"cancelled": "pickpocket", "by": 0}
    assert state.table["hands"] == [["Pickpocket", "3C"], ["AS", "KD"]]
    assert state.table["second_chance"] == [True, False]
    assert state.table["actions_played"] == [1, 0]  # the spent card still counts as played (+5)
    assert engine.to_act(state) == (0,) and state.table["phase"] == "play"
    state, events = engine.apply(state, 0, "pickpocket 1")  # no 2nd Chance left: it takes effect at once
    assert [e.kind for e in events] == ["action_played", "pickpocketed"]
    assert len(state.table["hands"][0]) == 2 and len(state.table["hands"][1]) == 1


def test_accepting_lets_the_action_card_take_effect() -> None:
    groups = [run(0, ["7H", "8H", "9H"], 7)]
    state = deal([["Switcheroo", "2C", "3C"], ["KH"]], groups=groups, opened=[True, False], phase="play")
    state, _ = play(state, [(0, "switcheroo 1"), (1, "accept")])
    assert state.table["hands"] == [["KH"], ["2C", "3C"]]
    assert state.table["second_chance"] == [True, True]


def test_thief_takes_an_opponents_set_which_then_scores_for_him_and_the_victim_stays_open() -> None:
    groups = [
        run(0, ["7H", "8H", "9H"], 7),
        a_set(1, ["QS", "QH", "QD", "QC"], by=[1, 1, 1, 0]),
        run(1, ["2S", "3S", "4S"], 2),
    ]
    state = deal(
        [["Thief", "4C", "5C"], ["TH", "KD"]],
        stock=["6D", "2D", "3D", "4D", "5D", "9S", "8S"],
        groups=groups,
        opened=[True, True],
        phase="play",
        second_chance=[False, False],
        options={"rounds": 1},
    )
    assert kinds(state, 0, "thief") == ["thief g2"]  # not a Run, not his own Set
    assert rejected(state, 0, "thief g3") == "move/not_a_set"
    assert rejected(state, 0, "thief g1") == "move/not_a_set"
    assert rejected(state, 0, "thief g7") == "move/unknown_group"
    state, events = engine.apply(state, 0, "thief g2")
    assert events[-1].data == {"victim": 1, "group": "g2"}
    assert state.table["groups"][1] == a_set(0, ["QS", "QH", "QD", "QC"])
    assert "draw_bonus" not in moves(state, 0)  # no card for a stolen Set
    state, _ = play(state, [(0, "discard 4C"), (1, "draw")])
    assert state.table["opened"][1] is True
    assert "lay_off g1 TH" in moves(state, 1)
    state, _ = play(state, [(1, "lay_off g1 TH"), (1, "discard 9S")])
    assert state.table["hands"] == [["5C"], ["KD", "8S"]]
    state, _ = play(state, [(0, "draw"), (0, "discard 5D"), (1, "draw"), (1, "discard 8S"), (0, "draw")])
    state, events = engine.apply(state, 0, "discard 4D")
    assert events_of(events, "round_ended")[0].data["ended"] == "stock"
    # Seat 0: its Run 15, the stolen Set 40 (the Queen of clubs it had played off too), Thief +5, 5C and 6D -10.
    # Seat 1: its Run 15 and the Ten played off 10, KD, 3D and 2D in hand -20.
    assert engine.score(state).totals == (50, 5)


def test_switcheroo_swaps_whole_hands_and_cannot_be_the_last_card() -> None:
    groups = [run(0, ["7H", "8H", "9H"], 7)]
    state = deal(
        [["Switcheroo", "2C", "3C"], ["KH"], ["QS"]],
        groups=groups,
        opened=[True, False, False],
        phase="play",
        second_chance=[False] * 3,
    )
    state, events = engine.apply(state, 0, "switcheroo 1")
    assert state.table["hands"] == [["KH"], ["2C", "3C"], ["QS"]]
    received = events_of(events, "hand_received")
    assert [(e.seat, e.audience, e.data["cards"]) for e in received] == [(0, (0,), ["KH"]), (1, (1,), ["2C", "3C"])]
    assert events_of(events, "hands_switched")[0].data == {"victim": 1, "handCounts": [1, 2, 1]}
    last = deal([["Switcheroo"], ["KH"]], groups=groups, opened=[True, False], phase="play")
    assert kinds(last, 0, "switcheroo") == []
    assert rejected(last, 0, "switcheroo 1") == "move/last_card"


def lucky_table(hands: list[list[str]], marker: int = 0) -> GameState:
    groups = [run(0, ["5H", "6H", "7H"], 5), a_set(1, ["KS", "KH", "KD"])]
    return deal(
        hands,
        stock=["2S", "3S", "4S", "9D", "TD"],
        marker=marker,
        groups=groups,
        opened=[True, True, False],
        phase="play",
        options={"rounds": 1},
    )


def test_lucky_day_gives_every_player_in_turn_one_play_off_and_the_turn_goes_on() -> None:
    state = lucky_table([["LuckyDay", "2C", "4H"], ["9C"], ["KC", "4S"]])
    state, _ = engine.apply(state, 0, "lucky_day")
    assert engine.to_act(state) == (0,) and moves(state, 0) == ["lay_off g1 4H", "pass"]
    state, _ = engine.apply(state, 0, "lay_off g1 4H")
    assert engine.to_act(state) == (1,) and moves(state, 1) == ["pass"]
    state, _ = engine.apply(state, 1, "pass")
    assert moves(state, 2) == ["lay_off g2 KC", "pass"]  # Lucky Day lets an unopened player play off
    state, _ = engine.apply(state, 2, "lay_off g2 KC")
    assert state.table["phase"] == "play" and engine.to_act(state) == (0,)
    assert state.table["hands"] == [["2C"], ["9C"], ["4S"]]
    assert state.table["groups"][0]["by"] == [0, 0, 0, 0] and state.table["groups"][1]["by"] == [1, 1, 1, 2]
    assert state.table["opened"] == [True, True, False]


def test_lucky_day_putting_one_player_out_before_the_marker_costs_him_one_hundred() -> None:
    state = lucky_table([["LuckyDay", "2C", "9C"], ["8H"], ["KC", "4S"]])
    state, events = play(state, [(0, "lucky_day"), (0, "pass"), (1, "lay_off g1 8H"), (2, "lay_off g2 KC")])
    assert [e.kind for e in events_of(events, "went_out")] == ["went_out"]
    assert engine.score(state).totals == (15 + 5 - 10, 30 + 5 - 100, 10 - 5)


def test_lucky_day_putting_several_out_before_the_marker_costs_fifty_each() -> None:
    state = lucky_table([["LuckyDay", "2C", "9C"], ["8H"], ["KC"]])
    state, events = play(state, [(0, "lucky_day"), (0, "pass"), (1, "lay_off g1 8H"), (2, "lay_off g2 KC")])
    assert events_of(events, "round_ended")[0].data["outs"] == [1, 2]
    assert engine.score(state).totals == (15 + 5 - 10, 30 + 5 - 50, 10 - 50)


def test_after_the_marker_the_first_out_in_lucky_days_order_earns_the_ten() -> None:
    state = lucky_table([["LuckyDay", "2C", "9C"], ["8H"], ["KC"]], marker=5)
    state, _ = play(state, [(0, "lucky_day"), (0, "pass"), (1, "lay_off g1 8H"), (2, "lay_off g2 KC")])
    assert engine.score(state).totals == (15 + 5 - 10, 30 + 5 + 10, 10)


def test_action_cards_played_score_five_and_left_in_hand_cost_five() -> None:
    state = lucky_table([["LuckyDay", "Thief", "9C"], ["8H", "Hoard"], ["KC", "4S"]])
    state, _ = play(state, [(0, "lucky_day"), (0, "pass"), (1, "pass"), (2, "pass"), (0, "discard 9C")])
    state, _ = play(state, [(1, "draw"), (1, "discard TD"), (2, "draw"), (2, "discard 4S")])
    state, _ = play(state, [(0, "draw"), (0, "discard Thief")])
    # The stock is empty: the round ends with no bonus. Seat 0 keeps 2S; seat 1 keeps its Hoard (-5).
    sheet = engine.score(state)
    assert sheet.rounds[0].details["actionCards"] == [1, 0, 0]
    assert sheet.rounds[0].details["inHand"] == [5, 15, 20]
    assert sheet.totals == (15 + 5 - 5, 30 - 5 - 5 - 5, -10 - 5 - 5)


# ----- rounds, the match and the views ------------------------------------------------------------------------
def test_the_deal_rotates_and_the_match_ends_after_its_rounds_with_ties_shared() -> None:
    state = deal(
        [["5C"], ["Hoard"], ["QH"]],
        marker=10,
        groups=[run(1, ["2S", "3S", "4S"], 2)],
        phase="play",
        second_chance=[True, False, True],
        options={"rounds": 2},
    )
    state, events = engine.apply(state, 0, "discard 5C")
    assert events_of(events, "round_ended")[0].data["points"] == [10, 10, -10]
    assert state.table["round"] == 2 and state.table["dealer"] == 1
    assert engine.to_act(state) == (2,)  # the player to the left of the new dealer
    assert [len(hand) for hand in state.table["hands"]] == [10, 10, 10]
    assert state.table["groups"] == [] and state.table["opened"] == [False] * 3
    assert state.table["second_chance"] == [True, False, True]  # once per game, not per round
    assert not engine.score(state).finished
    state.table["hands"] = [["9S"], ["KS"], ["AH"]]
    state.table["phase"] = "play"
    state.table["stock"] = "2C,3C"
    state.table["marker"] = 0
    state, _ = engine.apply(edited(state), 2, "discard AH")
    sheet = engine.score(state)
    assert [r.points for r in sheet.rounds] == [(10, 10, -10), (-5, -10, -100)]
    assert sheet.totals == (5, 0, -110) and sheet.finished and sheet.winners == (0,)


def test_a_tie_shares_the_win() -> None:
    state = deal(
        [["5C"], ["Hoard"]], marker=10, groups=[run(1, ["2S", "3S", "4S"], 2)], phase="play", options={"rounds": 1}
    )
    state, _ = engine.apply(state, 0, "discard 5C")
    assert engine.score(state).totals == (10, 10) and engine.score(state).winners == (0, 1)


def test_views_show_the_own_hand_counts_of_others_and_every_public_card() -> None:
    groups = [run(1, ["2S", "3S", "4S"], 2)]
    state = deal([["QH", "JK", "Thief"], ["9C", "9D"]], discards=["5D", "6C"], groups=groups, marker=3)
    state.table["action_pile"] = ["Hoard"]
    mine = engine.view(state, 0)
    assert mine["hand"] == ["QH", "JK", "Thief"]
    assert mine["handCounts"] == [3, 2] and mine["stockCount"] == 8 and mine["cardsAboveMarker"] == 5
    assert mine["discardPile"] == ["5D", "6C"] and mine["actionPile"] == ["Hoard"]
    assert mine["groups"][0]["cards"] == ["2S", "3S", "4S"]
    assert mine["secondChance"] == [True, True] and mine["toAct"] == [0]
    spectator = engine.view(state, None)
    assert spectator["hand"] is None
    assert "9C" not in str(spectator) and "QH" not in str(spectator) and "9C" not in str(mine)
    assert engine.view(state, 1)["hand"] == ["9D", "9C"]  # by suit: spades, hearts, diamonds, clubs


def test_moves_out_of_turn_or_phase_are_refused() -> None:
    state = deal([["7H", "8H", "9H", "KS"], ["2C"]], discards=["QC"])
    with pytest.raises(engine.NotYourTurnError):
        engine.apply(state, 1, "draw")
    assert rejected(state, 0, "discard KS") == "move/draw_first"
    assert rejected(state, 0, "pass") == "move/nothing_to_pass"
    assert rejected(state, 0, "accept") == "move/nothing_to_answer"
    assert rejected(state, 0, "lucky_day") == "move/no_action_card"
    state, _ = engine.apply(state, 0, "draw")
    assert rejected(state, 0, "draw") == "move/already_drew"
    assert rejected(state, 0, "draw_bonus") == "move/no_bonus_draw"
    assert rejected(state, 0, "discard AD") == "move/card_not_in_hand"
    with pytest.raises(engine.InvalidMoveError):
        engine.apply(state, 0, "meld")


def test_a_joker_taken_as_the_deepest_card_must_go_into_a_group_at_once() -> None:
    state = deal([["4C", "5C", "9D", "KS"], ["KH"]], discards=["JK", "QD"])
    assert kinds(state, 0, "take") == ["take 2"]
    state, _ = engine.apply(state, 0, "take 2")
    assert state.table["must_play"] == "JK" and state.table["hands"][0] == ["4C", "5C", "9D", "KS", "QD"]
    assert sorted(moves(state, 0)) == ["meld 4C,5C,JK=6C", "meld JK=3C,4C,5C"]
    assert rejected(state, 0, "meld KS,JK=QS,KS") == "move/not_in_sequence"
    assert rejected(state, 0, "meld 9D,JK=TD,JK=JD") == "move/card_not_in_hand"


def test_a_group_made_after_taking_must_include_the_deepest_card() -> None:
    state = deal([["7H", "8H", "9H", "2S", "2D"], ["KH"]], discards=["2C"])
    state, _ = engine.apply(state, 0, "take 1")
    assert moves(state, 0) == ["meld 2S,2D,2C"]
    assert rejected(state, 0, "meld 7H,8H,9H") == "move/must_play_taken_card"
    assert rejected(state, 0, "lucky_day") == "move/must_play_taken_card"


def test_pickpocket_thief_and_switcheroo_need_an_open_player_lucky_day_and_hoard_do_not() -> None:
    hands = [["Thief", "Switcheroo", "LuckyDay", "Hoard", "2C"], ["KH"]]
    groups = [a_set(1, ["QS", "QH", "QD"])]
    state = deal(hands, groups=groups, discards=["5D"])
    assert [m for m in moves(state, 0) if m.split()[0] not in ("draw", "take")] == ["hoard 1", "lucky_day"]
    assert rejected(state, 0, "thief g1") == "move/not_opened"
    assert rejected(state, 0, "switcheroo 1") == "move/not_opened"


def test_lucky_day_before_the_draw_returns_to_the_draw() -> None:
    state = lucky_table([["LuckyDay", "2C"], ["9C"], ["4S"]])
    state.table["phase"] = "draw"
    state, _ = play(edited(state), [(0, "lucky_day"), (0, "pass"), (1, "pass"), (2, "pass")])
    assert state.table["phase"] == "draw" and engine.to_act(state) == (0,)
    assert moves(state, 0) == ["draw"]


def test_a_thief_played_as_the_last_card_puts_its_player_out() -> None:
    groups = [run(0, ["7H", "8H", "9H"], 7), a_set(1, ["QS", "QH", "QD"])]
    state = deal(
        [["Thief"], ["KH", "2C"]],
        groups=groups,
        opened=[True, True],
        phase="play",
        marker=0,
        second_chance=[False, False],
        options={"rounds": 1},
    )
    state, events = engine.apply(state, 0, "thief g2")
    assert [e.kind for e in events][-3:] == ["went_out", "round_ended", "match_finished"]
    # Seat 0: its Run 15, the stolen Set 30, Thief +5, out before the Marker -100. Seat 1: nothing in front, -15.
    assert engine.score(state).totals == (-50, -15)


def test_a_pickpocket_played_as_the_last_card_brings_a_card_back_and_is_no_going_out() -> None:
    groups = [run(0, ["7H", "8H", "9H"], 7)]
    state = deal(
        [["Pickpocket"], ["KH"]],
        groups=groups,
        opened=[True, False],
        phase="play",
        second_chance=[False] * 2,
        options={"rounds": 1},
    )
    state, _ = engine.apply(state, 0, "pickpocket 1")
    assert state.table["hands"] == [["KH"], []]
    assert state.table["phase"] == "play" and state.table["outs"] == []
    state, _ = engine.apply(state, 0, "discard KH")
    assert engine.score(state).rounds[0].details["outs"] == [0]  # now he has discarded his last card


def test_a_player_robbed_of_his_last_card_is_not_out_and_draws_on_his_turn() -> None:
    groups = [run(0, ["7H", "8H", "9H"], 7)]
    state = deal(
        [["Pickpocket", "2C", "3D"], ["KH"]],
        groups=groups,
        opened=[True, False],
        phase="play",
        second_chance=[False] * 2,
    )
    state, _ = play(state, [(0, "pickpocket 1"), (0, "discard 2C")])
    assert state.table["hands"][1] == [] and engine.to_act(state) == (1,)
    assert rejected(state, 1, "discard KH") == "move/draw_first"
    state, _ = engine.apply(state, 1, "draw")
    assert len(state.table["hands"][1]) == 2


def test_without_second_chance_cards_the_action_takes_effect_at_once() -> None:
    groups = [run(0, ["7H", "8H", "9H"], 7)]
    state = deal(
        [["Switcheroo", "2C"], ["KH"]],
        groups=groups,
        opened=[True, False],
        phase="play",
        options={"second_chance": False},
    )
    assert state.table["second_chance"] == [False, False]
    state, _ = engine.apply(state, 0, "switcheroo 1")
    assert state.table["hands"] == [["KH"], ["2C"]] and state.table["phase"] == "play"
