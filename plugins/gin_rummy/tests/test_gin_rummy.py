"""Gin Rummy's rules on fixed deals, through the engine's public API: the knock and its scoring in both variants,
gin, the undercut (a tie: 0 in OpenSpiel's variant, the defender's in the classic match), the wall, the classic
match's bonuses, OpenSpiel's action ids, the refusals, and what a determinized sample keeps.
docs/rules/gin_rummy.md names the test of each rule."""

from __future__ import annotations

from typing import Any

import pytest
from cardengine_gin_rummy.cards import CARD_IDS, CODES
from cardengine_gin_rummy.legal import move_of_action
from cardengine_gin_rummy.melds import min_deadwood
from cardengine_gin_rummy.moves import action_of

import engine
from engine import GameState, IllegalMoveError, Move
from engine.certify.playout import Variant, run_playout

GAME = engine.get_game("gin_rummy")

KNOCKER = ["AS", "2S", "3S", "4C", "5C", "6C", "7D", "8D", "9D", "2H"]  # deadwood 2 (the Two of Hearts)
DEFENDER = ["4S", "KS", "KC", "KD", "5H", "6H", "7H", "QS", "JC", "9H"]  # lays off 4S; 29 left after its melds
TIED = ["KS", "KC", "KD", "5H", "6H", "7H", "9C", "TC", "JC", "2D"]  # deadwood 2, as the knocker's


def dealt(hands: list[list[str]], upcard: str, stock: list[str], **options: Any) -> GameState:
    """A new match whose first hand is dealt as given: ``stock`` from the top, the other cards under them."""
    state, _ = engine.new_game("gin_rummy", 2, 0, options)
    used = {*hands[0], *hands[1], upcard, *stock}
    rest = [code for code in CODES if code not in used]
    table = state.table
    table["hands"] = [[CARD_IDS[code] for code in hand] for hand in hands]
    table["upcard"] = CARD_IDS[upcard]
    table["stock"] = [CARD_IDS[code] for code in reversed([*stock, *rest])]
    table["deadwood"] = [min_deadwood(hand) for hand in table["hands"]]
    return state


def play(state: GameState, *moves: str) -> GameState:
    """Plays ``moves`` ("SEAT MOVE") in order."""
    for text in moves:
        seat, move = text.split(" ", 1)
        state, _ = engine.apply(state, int(seat), move)
    return state


def knocked(state: GameState) -> GameState:
    """Both pass the first upcard, seat 0 draws the Ten of Hearts, knocks, discards it, lays its three melds."""
    return play(
        state, "0 pass", "1 pass", "0 draw_stock", "0 knock", "0 discard TH",
        "0 meld AS,2S,3S", "0 meld 4C,5C,6C", "0 meld 7D,8D,9D", "0 pass",
    )  # fmt: skip


def ending(state: GameState) -> tuple[str, tuple[int, ...]]:
    sheet = engine.score(state)
    return str(sheet.rounds[0].details["ending"]), sheet.totals


@pytest.mark.parametrize("variant", ["openspiel", "classic"])
def test_a_knock_scores_the_deadwood_difference_after_a_lay_off(variant: str) -> None:
    state = dealt([KNOCKER, DEFENDER], "8H", ["TH"], variant=variant, target_score=100)
    assert engine.view(state, None)["upcard"] == ["8H"]
    state = knocked(state)
    view = engine.view(state, None)
    assert (view["spread"], view["upcard"], view["discardPile"]) == (["2H"], [], ["8H", "TH"])
    assert view["melds"] == [
        {"owner": 0, "cards": ["AS", "2S", "3S"]},
        {"owner": 0, "cards": ["4C", "5C", "6C"]},
        {"owner": 0, "cards": ["7D", "8D", "9D"]},
    ]
    assert sorted(str(move) for move in engine.legal_moves(state, 1)) == ["lay_off 4S", "pass"]
    state = play(state, "1 lay_off 4S", "1 pass", "1 meld KS,KC,KD", "1 meld 5H,6H,7H", "1 pass")
    points = [27, -27] if variant == "openspiel" else [27, 0]
    assert engine.score(state).rounds[0].points == tuple(points)
    assert engine.score(state).rounds[0].details["layoffs"] == ["4S"]
    assert engine.score(state).rounds[0].details["deadwood"] == [2, 29]
    assert engine.score(state).rounds[0].details["ending"] == "knock"


def test_the_knocker_must_discard_so_as_to_keep_ten_or_less() -> None:
    state = play(dealt([KNOCKER, DEFENDER], "8H", ["TH"], variant="openspiel"), "0 pass", "1 pass", "0 draw_stock")
    assert engine.view(state, 0)["deadwood"] == 2
    state = play(state, "0 knock")
    assert sorted(str(move) for move in engine.legal_moves(state, 0)) == ["discard 2H", "discard TH"]
    error = GAME.explain(state, 0, Move("discard", ("AS",)))
    assert isinstance(error, IllegalMoveError)
    assert error.code == "move/deadwood_too_high"
    assert str(error) == (
        "'discard AS': after a knock the discard must leave 10 points of deadwood or less (hand 1, step 4)."
    )


def test_a_tie_is_no_undercut_in_openspiels_variant_and_the_defenders_in_the_classic_match() -> None:
    moves = ["1 pass", "1 meld KS,KC,KD", "1 meld 5H,6H,7H", "1 meld 9C,TC,JC", "1 pass"]
    openspiel = play(knocked(dealt([KNOCKER, TIED], "8H", ["TH"], variant="openspiel")), *moves)
    assert ending(openspiel) == ("knock", (0, 0))
    classic = play(knocked(dealt([KNOCKER, TIED], "8H", ["TH"], variant="classic")), *moves)
    assert ending(classic) == ("undercut", (0, 25))


def test_gin_scores_25_more_and_allows_no_lay_off() -> None:
    gin = ["AS", "2S", "3S", "4C", "5C", "6C", "7D", "8D", "9D", "TD"]
    state = play(
        dealt([gin, DEFENDER], "8H", ["TH"], variant="openspiel"),
        "0 pass", "1 pass", "0 draw_stock", "0 knock", "0 discard TH",
        "0 meld AS,2S,3S", "0 meld 4C,5C,6C", "0 meld 7D,8D,9D,TD", "0 pass",
    )  # fmt: skip
    error = GAME.explain(state, 1, Move("lay_off", ("4S",)))
    assert isinstance(error, IllegalMoveError) and error.code == "move/layoffs_over"
    state = play(state, "1 meld KS,KC,KD", "1 meld 5H,6H,7H", "1 pass")
    assert ending(state) == ("gin", (4 + 10 + 10 + 9 + 25, -(4 + 10 + 10 + 9 + 25)))


def test_at_the_wall_only_knock_or_pass_and_a_pass_ends_the_hand_at_nothing() -> None:
    state = dealt([DEFENDER, TIED], "8H", [], variant="openspiel")
    table = state.table
    table["stock"] = table["stock"][-3:]  # three stock cards left: a draw leaves the wall of two
    state = play(state, "0 pass", "1 pass", "0 draw_stock", "0 discard QS")
    assert engine.view(state, 1)["phase"] == "wall"
    assert sorted(str(move) for move in engine.legal_moves(state, 1)) == ["knock", "pass"]  # 2D + QS: 12 - 10
    state = play(state, "1 pass")
    assert ending(state) == ("wall", (0, 0))
    assert engine.view(state, None)["finished"] is True


def test_a_classic_match_to_the_target_adds_game_box_and_shutout_bonuses() -> None:
    state = knocked(dealt([KNOCKER, DEFENDER], "8H", ["TH"], variant="classic", target_score=20))
    state = play(state, "1 lay_off 4S", "1 pass", "1 meld KS,KC,KD", "1 meld 5H,6H,7H", "1 pass")
    sheet = engine.score(state)
    assert sheet.finished
    # 27 for the hand; 100 game and 25 box bonus; the loser won no hand, so the winner's 152 is doubled.
    assert sheet.rounds[-1].points == (25 + 100 + 152, 0)
    assert sheet.totals == (304, 0)
    assert sheet.winners == (0,)


def test_a_classic_hand_short_of_the_target_deals_the_next_hand_by_the_other_dealer() -> None:
    state = knocked(dealt([KNOCKER, DEFENDER], "8H", ["TH"], variant="classic"))
    state = play(state, "1 pass", "1 pass")  # no lay-off, no meld: all ten cards count (81)
    view = engine.view(state, None)
    assert (view["handNumber"], view["dealer"], view["turn"], view["phase"]) == (2, 0, 1, "first_upcard")
    assert view["totals"] == [81 - 2, 0]


def test_moves_carry_openspiels_action_ids_both_ways() -> None:
    state = dealt([KNOCKER, DEFENDER], "8H", ["TH"], variant="openspiel")
    assert [action_of(move) for move in engine.legal_moves(state, 0)] == [52, 54]
    assert action_of(Move("discard", ("7H",))) == 3 * 13 + 6
    assert action_of(engine.get_game("gin_rummy").parse_move("meld 3S,AS,2S")) == 56 + 65
    assert action_of(Move("meld", ("2S,2C,2D",))) == 56 + 1 * 5 + 3
    assert action_of(Move("meld", ("TH,JH,QH,KH",))) == 56 + 65 + 44 + 3 * 10 + 9
    assert str(move_of_action(state, 56 + 65)) == "meld AS,2S,3S"
    assert str(move_of_action(state, 51)) == "discard KH"
    layoff = knocked(dealt([KNOCKER, DEFENDER], "8H", ["TH"], variant="openspiel"))
    assert str(move_of_action(layoff, CARD_IDS["4S"])) == "lay_off 4S"


@pytest.mark.parametrize(
    ("moves", "move", "code"),
    [
        ([], "draw_stock", "move/upcard_on_offer"),
        (["0 pass", "1 pass"], "draw_upcard", "move/must_draw_stock"),
        (["0 draw_upcard"], "knock", "move/cannot_knock"),
        (["0 draw_upcard"], "discard 3H", "move/card_not_in_hand"),
        (["0 draw_upcard"], "discard 1H", "move/unknown_card"),
        (["0 draw_upcard"], "draw_stock", "move/wrong_phase"),
    ],
)
def test_refusals_name_the_rule_and_change_nothing(moves: list[str], move: str, code: str) -> None:
    state = play(dealt([DEFENDER, KNOCKER], "8H", ["TH"], variant="openspiel"), *moves)
    before = engine.encode(state)
    with pytest.raises(IllegalMoveError) as raised:
        engine.apply(state, 0, move)
    assert raised.value.code == code
    assert engine.encode(state) == before


def test_the_knockers_melds_must_leave_ten_or_less_and_it_passes_only_then() -> None:
    # OpenSpiel's example: the runs 6-8 of Spades and of Clubs beat the set of Eights, which would leave 26.
    hand = ["6S", "7S", "8S", "6C", "7C", "8C", "8D", "AS", "AC", "AH"]
    state = play(dealt([hand, DEFENDER], "QH", ["KH"], variant="openspiel"), "0 pass", "1 pass", "0 draw_stock")
    state = play(state, "0 knock", "0 discard KH")
    assert sorted(str(move) for move in engine.legal_moves(state, 0)) == [
        "meld 6C,7C,8C",
        "meld 6S,7S,8S",
        "meld AS,AC,AH",
    ]
    refused = GAME.explain(state, 0, Move("meld", ("8S,8C,8D",)))
    assert isinstance(refused, IllegalMoveError) and refused.code == "move/meld_leaves_deadwood"
    refused = GAME.explain(state, 0, Move("pass", ()))
    assert isinstance(refused, IllegalMoveError) and refused.code == "move/must_meld"
    state = play(state, "0 meld 6S,7S,8S", "0 meld 6C,7C,8C", "0 meld AS,AC,AH", "0 pass")
    assert engine.view(state, 1)["spread"] == ["8D"]


def test_a_sample_keeps_the_card_the_other_seat_took_from_the_discard_pile() -> None:
    state = play(dealt([KNOCKER, DEFENDER], "8H", ["TH"], variant="openspiel"), "0 draw_upcard", "0 discard 2H")
    for seed in range(5):
        sample = engine.get_game("gin_rummy").determinize(state, 1, seed)
        assert CARD_IDS["8H"] in sample.table["hands"][0]
        assert sorted(sample.table["hands"][1]) == sorted(state.table["hands"][1])


@pytest.mark.parametrize("seed", [3, 190])
def test_the_classic_match_passes_every_check(seed: int) -> None:
    """The conformance suite's checks (views, events, secrecy, determinize, notation, legality) on two random classic
    matches of two hands: the hand's end reveals, the next deal (seed 190 knocks in its second hand)."""
    match = run_playout(Variant("gin_rummy", 2, {"max_hands": 2}), seed)
    sheet = engine.score(match.state)
    assert sheet.finished and len(sheet.rounds) >= 2


def test_a_preset_deck_is_openspiels_chance_outcomes_in_order() -> None:
    """The preset deck (the option ``deck``): seat 0's ten cards, seat 1's ten, the upcard, then the stock as drawn,
    whatever the seed: OpenSpiel's chance outcomes in order."""
    deck = [*KNOCKER, *DEFENDER, "8H", "TH", *[code for code in CODES if code not in {*KNOCKER, *DEFENDER, "8H", "TH"}]]
    for seed in (1, 2):
        state, _ = engine.new_game("gin_rummy", 2, seed, {"variant": "openspiel", "deck": deck})
        assert engine.view(state, 0)["hand"] == sorted(KNOCKER, key=CARD_IDS.__getitem__)
        assert engine.view(state, 1)["hand"] == sorted(DEFENDER, key=CARD_IDS.__getitem__)
        assert engine.view(state, None)["upcard"] == ["8H"]
        state = play(state, "0 pass", "1 pass", "0 draw_stock")
        assert "TH" in engine.view(state, 0)["hand"]
