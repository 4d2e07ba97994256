"""Scripted Dragon Mystery Rummy hands: every rule of the text with exact values (see docs/rules/dragon_rummy.md).

Dragons: AZ Azure, BR Bronze, CR Crimson, EM Emerald, FR Frost, GO Golden, JA Jade, ON Onyx, SH Shadow, ST Storm.
Unless a test says otherwise, this hand's draw-2 dragon is Crimson (CR) and its rare dragon Jade (JA).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

import engine
from engine.games.dragon_rummy.cards import KINDS, card_name, full_deck
from engine.games.dragon_rummy.flow import split_source
from engine.games.dragon_rummy.legal import (
    ALREADY_PLAYED,
    BAD_COUNT,
    BAD_SET_SIZE,
    CANNOT_PLAY_TAKEN,
    CARD_NOT_IN_HAND,
    LAST_CARD,
    NO_SET_IN_PLAY,
    NOT_ENOUGH_CARDS,
    can_still_play,
    refuse_set_cards,
    refuse_single_play,
    refuse_take,
    splittable_kinds,
)
from engine.games.dragon_rummy.scoring import card_points, play_area_points
from tests.games.scripting import edited, events_of, play
from tests.playout import strings_in

GAME = "dragon_rummy"


def fixed_hand(
    hands: Sequence[Sequence[str]],
    *,
    discard: Sequence[str] = (),
    deck_top: Sequence[str] = (),
    areas: Sequence[Sequence[str]] | None = None,
    draw_two: str = "CR",
    rare: str = "JA",
    rest: str = "deck",
    turn: int = 0,
    starter: int = 0,
    target: int = 50,
    earlier_points: Sequence[Sequence[int]] = (),
) -> engine.GameState:
    """A hand in progress at the start of ``turn``'s turn, with every card placed.

    ``deck_top`` lists the next cards drawn, in order. The cards not named anywhere else go under ``deck_top``
    in the deck (``rest="deck"``) or under the discard pile (``rest="discard"``), so the forty cards are all
    there. ``earlier_points`` are the points of hands already played.
    """
    players = len(hands)
    state, _ = engine.new_game(GAME, players, seed=7, options={"target_score": target})
    play_areas = [list(area) for area in (areas or [[] for _ in range(players)])]
    named = Counter([*(c for h in hands for c in h), *discard, *deck_top, *(c for a in play_areas for c in a)])
    named.update([draw_two, rare])
    leftover = Counter(full_deck())
    leftover.subtract(named)
    assert all(n >= 0 for n in leftover.values()), f"too many copies: {-leftover}"
    rest_cards = sorted(leftover.elements())
    deck = list(reversed(deck_top))
    pile = list(discard)
    if rest == "deck":
        deck = rest_cards + deck
    else:
        pile = rest_cards + pile
    state.table.update(
        phase="draw",
        hand_number=len(earlier_points) + 1,
        starter=starter,
        turn=turn,
        draw_two_dragon=draw_two,
        rare_dragon=rare,
        deck=deck,
        discard_pile=pile,
        hands=[sorted(hand) for hand in hands],
        play_areas=[sorted(area) for area in play_areas],
        must_play=None,
        single_plays_used=[],
        last_card_drawn=False,
        hand_records=[
            {
                "hand": number + 1,
                "draw_two_dragon": "ON",
                "rare_dragon": "SH",
                "ended": "out",
                "ended_by": 0,
                "points": list(points),
                "play_area_counts": [[0, 0, 0] for _ in range(players)],
            }
            for number, points in enumerate(earlier_points)
        ],
    )
    return edited(state)


def legal(state: engine.GameState, seat: int) -> list[str]:
    return [str(move) for move in engine.legal_moves(state, seat)]


def rejected(state: engine.GameState, seat: int, move: str) -> engine.EngineError:
    before = engine.encode(state)
    with pytest.raises(engine.EngineError) as caught:
        engine.apply(state, seat, move)
    assert engine.encode(state) == before
    assert caught.value.reason.endswith(".")
    return caught.value


def assert_all_cards_present(state: engine.GameState) -> None:
    game = engine.get_game(GAME)
    placed: Counter[str] = Counter()
    for place in game.card_locations(state):
        placed.update(place.cards)
    assert placed == Counter(full_deck())


# ----- the cards and the deal ------------------------------------------------------------------------------


def test_deck_is_ten_dragons_of_four() -> None:
    deck = full_deck()
    assert len(deck) == 40
    assert Counter(deck) == {kind: 4 for kind in KINDS}
    assert KINDS == ("AZ", "BR", "CR", "EM", "FR", "GO", "JA", "ON", "SH", "ST")


def test_cards_and_moves_are_named_in_full() -> None:
    game = engine.get_game(GAME)
    assert [(card.code, card.name, card.count) for card in game.cards()][:2] == [
        ("AZ", "Azure Dragon", 4),
        ("BR", "Bronze Dragon", 4),
    ]
    assert game.card_name("ST") == "Storm Dragon" and game.card_name("QH") is None
    state = fixed_hand([["AZ", "AZ", "AZ", "EM"], ["GO", "ON", "SH"]], discard=["JA", "BR"])
    assert engine.describe_move(state, 0, engine.Move("take", ("JA", "2"))) == (
        "Take the top 2 cards of the discard pile, down to the Jade Dragon, and play the Jade Dragon this turn"
    )
    assert engine.describe_move(state, 0, engine.Move("set", ("AZ,AZ,AZ",))) == "Play a set of three Azure Dragons"
    assert engine.describe_move(state, 0, engine.Move("discard", ("EM",))) == (
        "Discard the Emerald Dragon, ending the turn"
    )


@pytest.mark.parametrize(("players", "hand_size", "deck_count"), [(2, 8, 21), (3, 7, 16), (4, 6, 13)])
def test_deal_sizes_face_up_dragons_and_discard(players: int, hand_size: int, deck_count: int) -> None:
    for seed in range(20):
        state, events = engine.new_game(GAME, players, seed=seed)
        view = engine.view(state, None)
        assert view["handCounts"] == [hand_size] * players
        assert view["deckCount"] == deck_count  # 40 - dealt - 2 face-up dragons - 1 discard
        assert len(view["discard"]) == 1
        assert view["drawTwo"] != view["rare"]
        assert view["toAct"] == [0] and view["phase"] == "draw" and view["handNumber"] == 1
        assert view["playAreas"] == [[] for _ in range(players)]
        started = events_of(events, "hand_started")[0]
        assert started.data["drawTwo"] == view["drawTwo"] and started.data["rare"] == view["rare"]
        dealt = events_of(events, "hand_dealt")
        assert [event.audience for event in dealt] == [(seat,) for seat in range(players)]
        assert [event.data["cards"] for event in dealt] == [engine.view(state, s)["hand"] for s in range(players)]
        assert_all_cards_present(state)


def test_rare_dragon_matching_the_draw_two_dragon_is_shuffled_back_and_turned_again() -> None:
    redraws = 0
    for seed in range(300):
        state, events = engine.new_game(GAME, 2, seed=seed)
        for event in events_of(events, "rare_turned_again"):
            redraws += 1
            assert event.data["card"] == state.table["draw_two_dragon"]
        assert state.table["rare_dragon"] != state.table["draw_two_dragon"]
        assert_all_cards_present(state)
    assert redraws > 0  # with 3 of the 39 remaining cards matching, some of 300 deals turn again


# ----- drawing and discarding ------------------------------------------------------------------------------


def test_draw_takes_the_top_card_then_the_mandatory_discard_passes_the_turn() -> None:
    state = fixed_hand([["AZ", "BR", "EM", "FR"], ["GO", "ON", "SH", "ST"]], discard=["ST"], deck_top=["AZ", "BR"])
    assert legal(state, 0) == ["draw"]  # the ST on the discard pile could not be played
    state, events = engine.apply(state, 0, "draw")
    assert state.table["hands"][0] == ["AZ", "AZ", "BR", "EM", "FR"]
    assert state.table["phase"] == "play"
    (drew,) = events
    # 40 cards - 8 in hands - 1 discarded - 2 face up = 29 in the deck, 28 after the draw.
    assert drew.for_seat(0) == {"kind": "drew", "seat": 0, "deckCount": 28, "lastCard": False, "card": "AZ"}
    assert drew.for_seat(1) == {"kind": "drew", "seat": 0, "deckCount": 28, "lastCard": False}
    assert drew.for_seat(None) == {"kind": "drew", "seat": 0, "deckCount": 28, "lastCard": False}
    # No dragon can be played: only the discard (one card, mandatory) ends the turn; there is no pass.
    assert legal(state, 0) == ["discard AZ", "discard BR", "discard EM", "discard FR"]
    state, events = engine.apply(state, 0, "discard EM")
    assert [e.kind for e in events] == ["discarded"]
    assert events[0].data == {"card": "EM", "handCount": 4}
    assert state.table["discard_pile"][-2:] == ["ST", "EM"]
    assert state.table["turn"] == 1 and state.table["phase"] == "draw"
    assert engine.to_act(state) == (1,)


def test_playing_needs_a_draw_or_take_first_and_drawing_happens_once() -> None:
    state = fixed_hand([["JA", "EM"], ["GO", "ON"]], discard=["ST"])
    assert rejected(state, 0, "play JA").code == "move/wrong_phase"
    assert rejected(state, 0, "discard EM").code == "move/wrong_phase"
    assert rejected(state, 1, "draw").code == "move/not_your_turn"
    state, _ = engine.apply(state, 0, "draw")
    error = rejected(state, 0, "draw")
    assert error.code == "move/wrong_phase"
    assert "already drawn or taken" in error.reason


# ----- taking from the discard pile ------------------------------------------------------------------------


def test_faq_digging_for_the_rare_dragon_takes_every_card_on_top_and_it_must_be_played() -> None:
    state = fixed_hand([["CR", "EM", "FR"], ["GO", "ON", "SH"]], discard=["JA", "AZ", "BR"])
    # BR (on top) and AZ cannot be played; digging three deep for the rare Jade Dragon can.
    assert legal(state, 0) == ["draw", "take JA 3"]
    state, events = engine.apply(state, 0, "take JA 3")
    assert events[0].kind == "took" and events[0].data == {"cards": ["JA", "AZ", "BR"], "count": 3}
    table = state.table
    assert table["discard_pile"] == [] and table["must_play"] == "JA"
    assert table["hands"][0] == ["AZ", "BR", "CR", "EM", "FR", "JA"]
    # The taken Jade is public until played; the player's own hand lists the rest.
    assert engine.view(state, 1)["mustPlay"] == "JA"
    assert engine.view(state, 0)["hand"] == ["AZ", "BR", "CR", "EM", "FR"]
    assert engine.view(state, 0)["handCounts"] == [6, 3]
    # No discard before the Jade is played; other plays that keep it playable may come first.
    assert legal(state, 0) == ["play CR", "play JA"]
    error = rejected(state, 0, "discard AZ")
    assert error.code == "move/must_play_taken"
    assert "Jade Dragon" in error.reason
    state, _ = play(state, [(0, "play CR"), (0, "play JA")])
    assert state.table["must_play"] is None
    assert state.table["play_areas"][0] == ["CR", "JA"]
    assert "discard AZ" in legal(state, 0)


def test_explain_agrees_with_the_legal_moves() -> None:
    """One source of legality: explain() is None for every legal move, a precise refusal for the others."""
    game = engine.get_game(GAME)
    state = fixed_hand([["CR", "EM", "FR"], ["GO", "ON", "SH"]], discard=["JA", "AZ", "BR"])
    assert [game.explain(state, 0, move) for move in engine.legal_moves(state, 0)] == [None, None]  # draw, take
    state, _ = engine.apply(state, 0, "take JA 3")
    # Playing the draw-2 Crimson first keeps the taken Jade playable: legal, so nothing to explain.
    assert [str(move) for move in engine.legal_moves(state, 0)] == ["play CR", "play JA"]
    assert game.explain(state, 0, engine.Move("play", ("CR",))) is None
    refused = game.explain(state, 0, engine.Move("discard", ("AZ",)))
    assert refused is not None and refused.code == "move/must_play_taken"
    assert refused.reason == (
        "'discard AZ': the Jade Dragon taken from the discard pile must be played first (before the discard) "
        "(hand 1, step 1)."
    )
    unknown = game.explain(state, 0, engine.Move("play", ("QQ",)))
    assert unknown is not None and unknown.code == "move/unknown_card"
    assert "Azure, Bronze, Crimson, Emerald, Frost, Golden, Jade, Onyx, Shadow, Storm Dragons" in unknown.reason


def test_take_of_the_top_card_only() -> None:
    state = fixed_hand([["AZ", "AZ", "EM", "FR"], ["GO", "ON", "SH"]], discard=["BR", "AZ"])
    assert legal(state, 0) == ["draw", "take AZ 1"]
    state, _ = engine.apply(state, 0, "take AZ 1")
    assert state.table["discard_pile"][-1:] == ["BR"]
    assert legal(state, 0) == ["set AZ,AZ,AZ"]  # the taken Azure completes a set, the only way to play it
    state, events = play(state, [(0, "set AZ,AZ,AZ"), (0, "discard EM")])
    assert state.table["play_areas"][0] == ["AZ", "AZ", "AZ"]
    assert events[0].data == {"cards": ["AZ", "AZ", "AZ"]}


def test_a_take_is_illegal_when_its_deepest_card_cannot_be_played() -> None:
    # Two Azures in a hand of two: the taken third would make a set that empties the hand.
    state = fixed_hand([["AZ", "AZ"], ["GO", "ON", "SH"]], discard=["BR", "AZ"])
    assert legal(state, 0) == ["draw"]
    error = rejected(state, 0, "take AZ 1")
    assert error.code == "move/cannot_play_taken"
    assert "Azure Dragon" in error.reason
    assert rejected(state, 0, "take BR 1").code == "move/wrong_card"
    assert rejected(state, 0, "take BR 3").code == "move/bad_count"
    assert rejected(state, 0, "take BR 0").code == "move/bad_count"
    assert rejected(state, 0, "take BR x").code == "move/bad_count"
    assert rejected(state, 0, "take XX 1").code == "move/unknown_card"
    assert rejected(state, 0, "take AZ").code == "move/malformed"


def test_other_plays_may_not_make_the_taken_card_unplayable() -> None:
    # Seat 1 has sets of three Golden and Shadow Dragons; seat 0 digs for a Golden: its split uses the turn's one
    # split, so the Shadow split must wait.
    state = fixed_hand(
        [["SH", "EM"], ["ON", "ST"]],
        discard=["GO", "FR"],
        areas=[[], ["GO", "GO", "GO", "SH", "SH", "SH"]],
    )
    state, _ = engine.apply(state, 0, "take GO 2")
    assert legal(state, 0) == ["play GO"]
    assert rejected(state, 0, "play SH").code == "move/must_play_taken"
    state, events = engine.apply(state, 0, "play GO")
    assert events[0].data == {"card": "GO", "fromSeat": 1}
    assert rejected(state, 0, "play SH").code == "move/already_played"
    assert legal(state, 0) == ["discard EM", "discard FR", "discard SH"]


# ----- the draw-2 dragon -----------------------------------------------------------------------------------


def test_draw_two_dragon_draws_two_once_per_turn() -> None:
    state = fixed_hand([["CR", "CR", "EM"], ["GO", "ON", "SH"]], deck_top=["GO", "ON", "SH"])
    state, _ = engine.apply(state, 0, "draw")
    state, events = engine.apply(state, 0, "play CR")
    (played,) = events
    assert played.kind == "draw_two_played"
    assert played.for_seat(1) == {
        "kind": "draw_two_played",
        "seat": 0,
        "card": "CR",
        "drawnCount": 2,
        "deckCount": 29,  # 40 - 6 in hands - 2 face up = 32; one drawn, then two
        "lastCard": False,
    }
    assert played.for_seat(0) == {**(played.for_seat(1) or {}), "drawn": ["ON", "SH"]}
    assert state.table["hands"][0] == ["CR", "EM", "GO", "ON", "SH"]
    assert state.table["play_areas"][0] == ["CR"]
    error = rejected(state, 0, "play CR")
    assert error.code == "move/already_played"
    assert "once per turn" in error.reason


def test_draw_two_dragons_played_as_a_set_draw_nothing() -> None:
    state = fixed_hand([["CR", "CR", "CR", "EM"], ["GO", "ON", "SH"]], deck_top=["GO"])
    state, _ = engine.apply(state, 0, "draw")
    assert legal(state, 0)[:2] == ["play CR", "set CR,CR,CR"]
    state, events = engine.apply(state, 0, "set CR,CR,CR")
    assert [e.kind for e in events] == ["set_played"]
    assert state.table["hands"][0] == ["EM", "GO"]
    assert len(state.table["deck"]) == 30  # 40 - 7 in hands - 2 face up - 1 drawn: the set drew nothing
    assert rejected(state, 0, "play CR").code == "move/card_not_in_hand"


def test_draw_two_with_one_card_left_draws_it_and_the_hand_ends_after_that_turn() -> None:
    state = fixed_hand([["CR", "EM", "FR"], ["GO", "ON", "SH"]], deck_top=["ST", "AZ"], rest="discard", discard=["BR"])
    assert len(state.table["deck"]) == 2
    state, _ = engine.apply(state, 0, "draw")
    state, events = engine.apply(state, 0, "play CR")
    assert events[0].data["drawnCount"] == 1 and events[0].data["lastCard"] is True
    assert state.table["hands"][0] == ["AZ", "EM", "FR", "ST"]
    assert state.table["deck"] == []
    assert state.table["last_card_drawn"] is True
    state, events = engine.apply(state, 0, "discard FR")
    ended = events_of(events, "hand_ended")[0]
    assert ended.data == {
        "hand": 1,
        "ended": "deck",
        "points": [-1, 0],
        "totals": [-1, 0],
        "explanations": [
            {"cards": ["CR"], "drawTwo": 1, "rare": 0, "other": 0, "points": -1},
            {"cards": [], "drawTwo": 0, "rare": 0, "other": 0, "points": 0},
        ],
    }
    assert state.table["hand_number"] == 2


def test_draw_two_after_the_last_card_was_drawn_draws_nothing() -> None:
    state = fixed_hand([["CR", "EM"], ["GO", "ON", "SH"]], deck_top=["ST"], rest="discard", discard=["BR"])
    state, events = engine.apply(state, 0, "draw")
    assert events[0].data == {"deckCount": 0, "lastCard": True}
    state, events = engine.apply(state, 0, "play CR")
    assert events[0].data["drawnCount"] == 0
    assert state.table["hands"][0] == ["EM", "ST"]
    state, events = engine.apply(state, 0, "discard ST")
    assert events_of(events, "hand_ended")[0].data["ended"] == "deck"


# ----- the rare dragon -------------------------------------------------------------------------------------


def test_rare_dragon_takes_every_other_copy_in_play_from_everyone() -> None:
    state = fixed_hand([["EM", "JA"], ["GO", "ON"], ["SH", "ST"]], areas=[[], ["BR", "BR", "BR", "JA"], []])
    state, _ = engine.apply(state, 0, "draw")
    state, events = engine.apply(state, 0, "play JA")
    assert events[0].kind == "rare_played"
    assert events[0].data == {"card": "JA", "takenFrom": [0, 1, 0]}
    assert state.table["play_areas"] == [["JA", "JA"], ["BR", "BR", "BR"], []]
    assert state.table["single_plays_used"] == ["rare"]
    assert_all_cards_present(state)


def test_rare_dragon_from_two_opponents_and_once_per_turn() -> None:
    state = fixed_hand([["JA", "EM", "FR"], ["GO", "ON"], ["SH", "ST"]], areas=[[], ["JA"], ["JA"]])
    state, _ = play(state, [(0, "draw"), (0, "play JA")])
    assert state.table["play_areas"] == [["JA", "JA", "JA"], [], []]
    assert engine.view(state, None)["playAreaPoints"] == [9, 0, 0]
    # Two copies in one hand: only one may be played per turn.
    state = fixed_hand([["JA", "JA", "EM"], ["GO", "ON"]])
    state, _ = play(state, [(0, "draw"), (0, "play JA")])
    assert rejected(state, 0, "play JA").code == "move/already_played"


# ----- one of a dragon of which a set of three is in play --------------------------------------------------


def test_single_dragon_takes_one_of_a_set_of_three_so_both_have_two() -> None:
    state = fixed_hand([["GO", "EM", "FR"], ["ON", "SH"]], areas=[[], ["GO", "GO", "GO"]])
    state, _ = engine.apply(state, 0, "draw")
    assert "play GO" in legal(state, 0)
    state, events = engine.apply(state, 0, "play GO")
    assert events[0].kind == "set_split" and events[0].data == {"card": "GO", "fromSeat": 1}
    assert state.table["play_areas"] == [["GO", "GO"], ["GO", "GO"]]
    assert state.table["single_plays_used"] == ["split"]


def test_single_dragon_without_a_set_of_three_in_play_is_illegal() -> None:
    state = fixed_hand([["ON", "EM", "FR"], ["GO", "SH"]], areas=[[], ["ST", "ST"]], discard=["ST"])
    state, _ = engine.apply(state, 0, "draw")
    error = rejected(state, 0, "play ON")
    assert error.code == "move/no_set_in_play"
    assert "set of three" in error.reason
    assert rejected(state, 0, "play GO").code == "move/card_not_in_hand"
    assert rejected(state, 0, "play QQ").code == "move/unknown_card"


def test_one_split_per_turn() -> None:
    state = fixed_hand([["GO", "SH", "EM"], ["ON", "ST"]], areas=[[], ["GO", "GO", "GO", "SH", "SH", "SH"]])
    state, _ = play(state, [(0, "draw"), (0, "play GO")])
    assert rejected(state, 0, "play SH").code == "move/already_played"
    state, _ = play(state, [(0, "discard EM"), (1, "draw"), (1, "discard ST"), (0, "draw"), (0, "play SH")])
    assert state.table["play_areas"] == [["GO", "GO", "SH", "SH"], ["GO", "GO", "SH", "SH"]]


def test_fourth_of_ones_own_set_of_three_joins_it() -> None:
    state = fixed_hand([["ST", "EM"], ["ON", "GO"]], areas=[["ST", "ST", "ST"], []])
    state, events = play(state, [(0, "draw"), (0, "play ST")])
    assert events[-1].data == {"card": "ST", "fromSeat": 0}
    assert state.table["play_areas"][0] == ["ST", "ST", "ST", "ST"]


# ----- sets ------------------------------------------------------------------------------------------------


def test_any_sets_of_three_or_four_in_one_turn_and_going_out_ends_the_hand() -> None:
    state = fixed_hand(
        [["AZ", "AZ", "AZ", "BR", "BR", "BR", "BR"], ["GO", "ON", "SH"]],
        deck_top=["EM"],
        areas=[[], ["JA"]],
    )
    state, _ = engine.apply(state, 0, "draw")
    assert legal(state, 0) == [
        "set AZ,AZ,AZ",
        "set BR,BR,BR",
        "set BR,BR,BR,BR",
        "discard AZ",
        "discard BR",
        "discard EM",
    ]
    state, events = play(state, [(0, "set AZ,AZ,AZ"), (0, "set BR,BR,BR,BR"), (0, "discard EM")])
    ended = events_of(events, "hand_ended")[0]
    assert ended.seat == 0
    assert ended.data == {
        "hand": 1,
        "ended": "out",
        "points": [7, 3],
        "totals": [7, 3],
        "explanations": [
            {"cards": ["AZ", "AZ", "AZ", "BR", "BR", "BR", "BR"], "drawTwo": 0, "rare": 0, "other": 7, "points": 7},
            {"cards": ["JA"], "drawTwo": 0, "rare": 1, "other": 0, "points": 3},
        ],
    }
    sheet = engine.score(state)
    assert sheet.totals == (7, 3)
    assert sheet.rounds[0].label == "hand 1"
    assert sheet.rounds[0].details["playAreas"] == [
        {"drawTwo": 0, "rare": 0, "other": 7},
        {"drawTwo": 0, "rare": 1, "other": 0},
    ]


def test_bad_sets_are_rejected_with_reasons() -> None:
    state = fixed_hand([["AZ", "AZ", "AZ", "BR", "BR"], ["GO", "ON", "SH"]])
    state, _ = engine.apply(state, 0, "draw")
    assert rejected(state, 0, "set AZ,AZ").code == "move/bad_set_size"
    assert rejected(state, 0, "set AZ,AZ,BR").code == "move/mixed_set"
    assert rejected(state, 0, "set BR,BR,BR").code == "move/card_not_in_hand"
    assert rejected(state, 0, "set AZ,AZ,AZ,AZ").code == "move/card_not_in_hand"
    assert rejected(state, 0, "set AZ,AZ,XX").code == "move/unknown_card"


def test_no_play_may_empty_the_hand() -> None:
    state = fixed_hand([["AZ", "AZ"], ["GO", "ON", "SH"]], deck_top=["AZ"])
    state, _ = engine.apply(state, 0, "draw")
    error = rejected(state, 0, "set AZ,AZ,AZ")
    assert error.code == "move/last_card"
    assert "can only be discarded" in error.reason
    assert legal(state, 0) == ["discard AZ"]
    state = fixed_hand([["GO"], ["ON", "SH"]], deck_top=["JA"], areas=[[], ["GO", "GO", "GO"]])
    state, _ = play(state, [(0, "draw"), (0, "play JA")])
    assert rejected(state, 0, "play GO").code == "move/last_card"
    state, events = engine.apply(state, 0, "discard GO")
    assert events_of(events, "hand_ended")[0].data["ended"] == "out"


# ----- the end of a hand, scoring and the end of the match -------------------------------------------------


def test_hand_ends_after_the_turn_of_the_player_who_draws_the_last_card() -> None:
    state = fixed_hand(
        [["EM", "FR"], ["GO", "ON"]],
        deck_top=["ST"],
        rest="discard",
        discard=["BR"],
        areas=[["CR", "JA", "SH", "SH", "SH"], ["AZ", "AZ", "AZ", "AZ", "CR"]],
    )
    state, events = engine.apply(state, 0, "draw")
    assert events[0].data["lastCard"] is True
    assert engine.to_act(state) == (0,)  # the turn goes on: plays, then the discard
    state, events = engine.apply(state, 0, "discard ST")
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["discarded", "hand_ended", "hand_started"]
    # Seat 0: Crimson (draw-2) -1, Jade (rare) +3, three Shadows +3; seat 1: four Azures +4, Crimson -1.
    # Cards left in hand score nothing.
    explained = [
        {"cards": ["CR", "JA", "SH", "SH", "SH"], "drawTwo": 1, "rare": 1, "other": 3, "points": 5},
        {"cards": ["AZ", "AZ", "AZ", "AZ", "CR"], "drawTwo": 1, "rare": 0, "other": 4, "points": 3},
    ]
    assert events[1].data == {"hand": 1, "ended": "deck", "points": [5, 3], "totals": [5, 3], "explanations": explained}
    # The next hand: everything reshuffled and dealt again; the next seat starts.
    table = state.table
    assert table["hand_number"] == 2 and table["starter"] == 1 and table["turn"] == 1
    assert [len(hand) for hand in table["hands"]] == [8, 8]
    assert table["play_areas"] == [[], []]
    assert len(table["discard_pile"]) == 1 and len(table["deck"]) == 21
    assert_all_cards_present(state)
    assert engine.score(state).rounds[0].details == {
        "drawTwo": "CR",
        "rare": "JA",
        "ended": "deck",
        "by": 0,
        "playAreas": [{"drawTwo": 1, "rare": 1, "other": 3}, {"drawTwo": 1, "rare": 0, "other": 4}],
        "explanations": explained,
    }


def test_turn_passes_to_the_left_and_the_next_hand_starts_one_seat_further() -> None:
    state = fixed_hand([["EM", "FR"], ["GO", "BR"], ["ON", "AZ"]], turn=1, starter=1, deck_top=["SH", "ST"])
    state, _ = play(state, [(1, "draw"), (1, "discard GO")])
    assert engine.to_act(state) == (2,)
    state, events = play(state, [(2, "draw"), (2, "discard ON")])
    assert engine.to_act(state) == (0,)
    assert events_of(events, "hand_ended") == []
    state = fixed_hand([["EM", "FR"], ["GO", "BR"], ["ON", "AZ"]], turn=2, starter=2, deck_top=["ST"], rest="discard")
    state, events = play(state, [(2, "draw"), (2, "discard ST")])
    assert events_of(events, "hand_ended")[0].data["ended"] == "deck"
    started = events_of(events, "hand_started")[0]
    assert started.data["hand"] == 2 and started.data["starter"] == 0
    assert started.data["handCounts"] == [7, 7, 7]
    assert engine.to_act(state) == (0,)


def test_scores_accumulate_over_hands_until_the_target_and_the_best_total_wins() -> None:
    state = fixed_hand(
        [["EM", "GO", "GO", "GO"], ["ON", "SH"]],
        areas=[["JA"], ["CR", "ST", "ST", "ST"]],
        earlier_points=[[4, 6], [3, 3]],
        target=12,
        deck_top=["FR"],
        rest="discard",
    )
    assert engine.view(state, None)["totals"] == [7, 9]
    state, events = play(state, [(0, "draw"), (0, "set GO,GO,GO")])
    assert not engine.is_finished(state)
    state, events = engine.apply(state, 0, "discard EM")
    assert events_of(events, "hand_ended")[0].data["points"] == [6, 2]
    finished = events_of(events, "match_finished")[0]
    assert finished.data == {"totals": [13, 11], "winners": [0]}
    sheet = engine.score(state)
    assert sheet.finished and sheet.totals == (13, 11) and sheet.winners == (0,)
    assert [r.points for r in sheet.rounds] == [(4, 6), (3, 3), (6, 2)]
    assert engine.to_act(state) == ()
    assert rejected(state, 1, "draw").code == "game/finished"


def test_a_tie_at_the_top_shares_the_win() -> None:
    state = fixed_hand(
        [["EM"], ["ON", "SH"]],
        areas=[["GO", "GO", "GO"], ["ST", "ST", "ST"]],
        earlier_points=[[47, 47]],
        deck_top=["AZ"],
        rest="discard",
    )
    state, events = play(state, [(0, "draw"), (0, "discard AZ")])
    assert events_of(events, "hand_ended")[0].data == {
        "hand": 2,
        "ended": "deck",
        "points": [3, 3],
        "totals": [50, 50],
        "explanations": [
            {"cards": ["GO", "GO", "GO"], "drawTwo": 0, "rare": 0, "other": 3, "points": 3},
            {"cards": ["ST", "ST", "ST"], "drawTwo": 0, "rare": 0, "other": 3, "points": 3},
        ],
    }
    assert events_of(events, "match_finished")[0].data == {"totals": [50, 50], "winners": [0, 1]}
    sheet = engine.score(state)
    assert sheet.finished and sheet.winners == (0, 1)
    assert engine.view(state, None)["finished"] is True


def test_target_score_option_is_validated() -> None:
    with pytest.raises(engine.InvalidOptionError):
        engine.new_game(GAME, 2, options={"target_score": 0})
    with pytest.raises(engine.InvalidOptionError):
        engine.new_game(GAME, 2, options={"target_score": 1_000_001})
    assert engine.view(engine.new_game(GAME, 2)[0], None)["targetScore"] == 50
    state, _ = engine.new_game(GAME, 3, options={"target_score": 20})
    assert engine.view(state, None)["targetScore"] == 20
    with pytest.raises(engine.InvalidPlayersError):
        engine.new_game(GAME, 5)


def last_card_to_draw(earlier: list[int], target: int) -> engine.GameState:
    """Hand 2 of a 2-player match: the deck's last card (AZ) is seat 0's to draw; each play area scores 3."""
    return fixed_hand(
        [["EM"], ["ON", "SH"]],
        areas=[["GO", "GO", "GO"], ["ST", "ST", "ST"]],
        earlier_points=[earlier],
        target=target,
        deck_top=["AZ"],
        rest="discard",
    )


def test_you_can_set_any_number_of_points_you_want_to() -> None:
    """ "You can set any number of points you want to for shorter or longer games." (Winning; issue 11, defect 4:
    targets above 500 were refused.) Any whole number from 1 to 1,000,000, the documented bound, is accepted."""
    for target in (750, 1_000_000):
        state, _ = engine.new_game(GAME, 2, seed=3, options={"target_score": target})
        assert engine.view(state, None)["targetScore"] == target
        assert engine.score(state).details == {"targetScore": target}
    for target in (0, 1_000_001):
        with pytest.raises(engine.InvalidOptionError) as caught:
            engine.new_game(GAME, 2, options={"target_score": target})
        assert caught.value.code == "game/invalid_option"
        assert caught.value.option == "target_score"
        assert "'target_score'" in caught.value.reason
    (option,) = engine.get_game(GAME).catalog_entry()["options"]
    assert (option["name"], option["minimum"], option["maximum"]) == ("target_score", 1, 1_000_000)
    # A longer game to 750: totals of 703 and 748 after a hand do not end it; the next hand is dealt.
    state, events = play(last_card_to_draw(earlier=[700, 745], target=750), [(0, "draw"), (0, "discard AZ")])
    assert events_of(events, "hand_ended")[0].data["totals"] == [703, 748]
    assert events_of(events, "match_finished") == []
    assert not engine.is_finished(state) and state.table["hand_number"] == 3
    # The hand that brings a total to 750 ends it.
    state, events = play(last_card_to_draw(earlier=[700, 747], target=750), [(0, "draw"), (0, "discard AZ")])
    assert events_of(events, "match_finished")[0].data == {"totals": [703, 750], "winners": [1]}
    assert engine.score(state).winners == (1,)


# ----- views -----------------------------------------------------------------------------------------------


def test_views_show_own_hand_counts_for_others_and_every_public_card() -> None:
    state = fixed_hand(
        [["AZ", "EM", "FR"], ["GO", "ON"], ["SH", "ST", "ST"]],
        discard=["BR", "AZ", "EM"],
        areas=[["GO", "GO", "GO"], ["CR"], []],
    )
    mine = engine.view(state, 0)
    assert mine["hand"] == ["AZ", "EM", "FR"]
    assert mine["handCounts"] == [3, 2, 3]
    assert mine["discard"][-3:] == ["BR", "AZ", "EM"]  # spread: every card shows, bottom first
    assert mine["playAreas"] == [["GO", "GO", "GO"], ["CR"], []]
    assert mine["playAreaPoints"] == [3, -1, 0]
    assert (mine["drawTwo"], mine["rare"]) == ("CR", "JA")
    assert (mine["drawTwoName"], mine["rareName"]) == ("Crimson Dragon", "Jade Dragon")
    assert mine["deckCount"] == len(state.table["deck"])
    assert engine.view(state, 1)["hand"] == ["GO", "ON"]
    spectator = engine.view(state, None)
    assert spectator["hand"] is None and spectator["seat"] is None
    # Seat 2 holds the only Storm Dragons outside the face-down deck: nobody else sees one.
    assert [s for s in strings_in(engine.view(state, 0)) if s == "ST"] == []
    assert [s for s in strings_in(spectator) if s == "ST"] == []
    assert engine.view(state, 2)["hand"] == ["SH", "ST", "ST"]


# ----- the pure helpers --------------------------------------------------------------------------------------


def test_card_points_by_role_in_the_hand() -> None:
    assert [card_points(card, "CR", "JA") for card in ("CR", "JA", "GO")] == [-1, 3, 1]
    assert play_area_points(["CR", "CR", "JA", "JA", "JA", "GO", "GO"], "CR", "JA") == -2 + 9 + 2
    assert card_name("JA") == "Jade Dragon"


def test_sets_of_three_in_play_and_their_splits() -> None:
    areas = [["GO", "GO", "GO", "ST", "ST"], ["SH", "SH", "SH", "SH"], ["BR", "BR", "BR"]]
    assert splittable_kinds(areas) == {"GO", "BR"}
    assert split_source("BR", areas) == 2
    assert split_source("SH", areas) is None
    # kind, in hand, hand size, deck size, used slots, draw-2, rare, splittable
    assert refuse_single_play("GO", 1, 3, 10, (), "CR", "JA", {"GO"}) is None
    assert refuse_single_play("GO", 1, 3, 10, ("split",), "CR", "JA", {"GO"}) == ALREADY_PLAYED
    assert refuse_single_play("ST", 1, 3, 10, (), "CR", "JA", {"GO"}) == NO_SET_IN_PLAY
    assert refuse_single_play("JA", 1, 1, 10, (), "CR", "JA", set()) == LAST_CARD
    assert refuse_single_play("CR", 1, 1, 10, (), "CR", "JA", set()) is None  # the two drawn cards refill the hand
    assert refuse_single_play("CR", 1, 1, 0, (), "CR", "JA", set()) == LAST_CARD
    assert refuse_single_play("CR", 0, 4, 10, (), "CR", "JA", set()) == CARD_NOT_IN_HAND
    assert [refuse_set_cards(size, 4, 5) for size in (2, 3, 4, 5)] == [BAD_SET_SIZE, None, None, BAD_SET_SIZE]
    assert refuse_set_cards(4, 4, 4) == LAST_CARD
    assert refuse_set_cards(3, 2, 6) == NOT_ENOUGH_CARDS
    assert can_still_play("AZ", 3, 4, 10, ("split",), "CR", "JA", set())
    assert not can_still_play("AZ", 3, 3, 10, (), "CR", "JA", set())


def test_take_needs_the_deepest_card_playable_at_once() -> None:
    discard = ["JA", "AZ", "BR"]
    assert refuse_take(3, discard, ["EM"], 10, "CR", "JA", set()) is None
    assert refuse_take(2, discard, ["EM"], 10, "CR", "JA", set()) == CANNOT_PLAY_TAKEN
    assert refuse_take(2, discard, ["EM"], 10, "CR", "JA", {"AZ"}) is None
    assert refuse_take(1, discard, ["BR", "BR", "EM"], 10, "CR", "JA", set()) is None
    assert refuse_take(1, discard, ["BR", "BR"], 10, "CR", "JA", set()) == CANNOT_PLAY_TAKEN
    assert refuse_take(4, discard, ["EM"], 10, "CR", "JA", set()) == BAD_COUNT
