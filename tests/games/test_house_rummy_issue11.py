"""House Rummy, issue 11: the defects found by the independent review, replayed exactly as the issue gives them.

Defect 1, the text: "If you draw more than one card, you must play the bottom-most card that you drew ... I must
play the 3♥ this turn." Taking two or more cards is legal whenever some sequence of plays open to the player this
turn plays the bottom card.
Defect 2, the text: "You are not allowed to protect something that nothing else can play to."
"""

from __future__ import annotations

import pytest

import engine
from engine import GameState
from engine.games.house_rummy.table import Group
from tests.games.test_house_rummy_support import deal, group, legal

SEED_220 = ["0 draw", "0 meld 6H,7H,8H", "0 discard 9S 0", "1 draw", "1 discard 4D 0"]
SEED_79 = ["0 draw", "0 discard KD 0", "1 draw", "1 meld 2S,AS,KS", "1 discard 7S 0"]
SEED_15 = ["0 draw", "0 meld 8C,8D,8S", "0 discard 9S 0", "1 draw", "1 discard 4D 0"]
SEED_5869 = ["0 draw", "0 meld 9H,JH,TH", "0 discard KH 0", "1 draw", "1 discard 4D 0"]
SEED_3794 = ["0 draw", "0 meld 4C,4H,4S", "0 discard 5C 0", "1 draw", "1 meld 2D,3D,4D", "1 discard QS 0", "0 draw"]


def replay(seed: int, moves: list[str]) -> GameState:
    """``engine.new_game("house_rummy", 2, seed)`` and the moves, each written "<seat> <move>"."""
    state, _ = engine.new_game("house_rummy", 2, seed)
    for entry in moves:
        seat, move = entry.split(" ", 1)
        state, _ = engine.apply(state, int(seat), move)
    return state


def refusal(state: GameState, seat: int, move: str) -> engine.IllegalMoveError:
    snapshot = engine.encode(state)
    with pytest.raises(engine.IllegalMoveError) as error:
        engine.apply(state, seat, move)
    assert engine.encode(state) == snapshot
    assert move in error.value.reason and error.value.reason.endswith(".")
    return error.value


# ----- defect 1: the bottom-most card taken must be playable by some sequence of plays this turn -----------------
def test_seed_220_the_bottom_card_is_played_with_a_transition() -> None:
    state = replay(220, SEED_220)
    assert state.table["piles"] == [["7S", "9S", "4D"]] and state.table["groups"][0]["cards"] == ["6H", "7H", "8H"]
    assert "take 0 2" in legal(state, 0)  # was refused with move/bottom_card_not_playable
    state, events = engine.apply(state, 0, "take 0 2")
    assert events[0].data == {"pile": 0, "cards": ["9S", "4D"], "mustPlayBottom": True}
    assert "lay_off TR,9S 0hi" in legal(state, 0)
    state, _ = engine.apply(state, 0, "lay_off TR,9S 0hi")
    assert state.table["groups"][0]["cards"] == ["6H", "7H", "8H", "TR", "9S"]
    assert state.table["bottom_card"] == "" and "discard 4D 0" in legal(state, 0)


def test_seed_79_the_bottom_card_is_played_through_a_cross_card() -> None:
    state = replay(79, SEED_79)
    assert state.table["groups"][0]["cards"] == ["KS", "AS", "2S"]  # the KS is a Cross card, in seat 1's run
    assert legal(state, 0) == ["draw", "take 0 1", "take 0 2"]  # was only draw and take 0 1
    state, _ = engine.apply(state, 0, "take 0 2")
    assert legal(state, 0) == ["meld KD,KH,KS"]
    state, _ = engine.apply(state, 0, "meld KD,KH,KS")
    assert state.table["groups"][1]["cards"] == ["KS", "KH", "KD"] and state.table["groups"][1]["owners"] == [1, 0, 0]
    assert state.table["cross_second_group"] == {"KS": 1} and state.table["bottom_card"] == ""


def test_seed_15_the_bottom_card_is_played_with_a_move_card() -> None:
    state = replay(15, SEED_15)
    assert state.table["groups"][0]["cards"] == ["8S", "8D", "8C"]
    assert "take 0 2" in legal(state, 0)
    state, _ = engine.apply(state, 0, "take 0 2")
    assert "meld 8S,9S,TS" in legal(state, 0)
    state, _ = engine.apply(state, 0, "meld 8S,9S,TS")
    assert state.table["groups"][0]["cards"] == ["8D", "8C"]  # the Move card left its set
    assert state.table["groups"][1]["cards"] == ["8S", "9S", "TS"] and state.table["bottom_card"] == ""


def test_seed_5869_the_bottom_card_is_played_after_another_play() -> None:
    state = replay(5869, SEED_5869)
    assert "take 0 2" in legal(state, 0)
    state, _ = engine.apply(state, 0, "take 0 2")
    assert state.table["bottom_card"] == "KH"
    # The King of Hearts fits nowhere yet; the Queen first, then the King.
    assert "lay_off QH 0hi" in legal(state, 0)
    # The duty stays: no discard before the King is played, nor a play after which it could not be.
    error = refusal(state, 0, "discard 3D 0")
    assert error.code == "move/must_play_bottom_card" and "King of Hearts" in error.reason
    assert refusal(state, 0, "lay_off PR 0hi").code == "move/must_play_bottom_card"
    assert "lay_off PR 0hi" not in legal(state, 0)
    state, _ = engine.apply(state, 0, "lay_off QH 0hi")
    assert "lay_off KH 0hi" in legal(state, 0) and not [m for m in legal(state, 0) if m.startswith("discard")]
    state, _ = engine.apply(state, 0, "lay_off KH 0hi")
    assert state.table["groups"][0]["cards"] == ["9H", "TH", "JH", "QH", "KH"]
    assert "discard 3D 0" in legal(state, 0)


def test_a_take_whose_bottom_card_no_play_can_reach_is_refused() -> None:
    state = replay(5869, SEED_5869)
    assert "take 0 3" not in legal(state, 0)
    error = refusal(state, 0, "take 0 3")
    assert error.code == "move/bottom_card_not_playable" and "9 of Spades" in error.reason


def test_the_search_plays_through_several_plays() -> None:
    # Seat 0 takes the 8S and the 4D: the 8S fits only after the 7H, laid off first off seat 1's run, and then with
    # the Transition.
    state = deal([["7H", "TR", "2C", "KS"], ["3S", "4S"]], piles=[["JD", "8S", "4D"]], groups=[group("4H,5H,6H", 1)])
    assert legal(state, 0) == ["draw", "take 0 1", "take 0 2"]
    state, _ = engine.apply(state, 0, "take 0 2")
    assert legal(state, 0) == ["lay_off 7H 0hi"]  # "TR,7H" first would leave the 8S stranded
    assert refusal(state, 0, "lay_off TR,7H 0hi").code == "move/must_play_bottom_card"
    assert refusal(state, 0, "discard KS 0").code == "move/must_play_bottom_card"
    state, _ = engine.apply(state, 0, "lay_off 7H 0hi")
    assert legal(state, 0) == ["lay_off TR,8S 0hi"]
    state, _ = engine.apply(state, 0, "lay_off TR,8S 0hi")
    assert state.table["groups"][0]["cards"] == ["4H", "5H", "6H", "7H", "TR", "8S"]


# ----- defect 2: Protected only where something else can still play ---------------------------------------------
def test_seed_3794_no_protected_on_a_set_whose_missing_card_is_locked() -> None:
    state = replay(3794, SEED_3794)
    assert state.table["groups"][0]["cards"] == ["4S", "4H", "4C"]
    assert state.table["groups"][1]["cards"] == ["2D", "3D", "4D"]  # the only missing Four, locked in a run
    protect = [move for move in legal(state, 0) if move.startswith("lay_off PR")]
    assert protect == ["lay_off PR 1hi", "lay_off PR 1lo"]  # the 5D and the AD can still go there
    error = refusal(state, 0, "lay_off PR 0")
    assert error.code == "move/nothing_to_protect" and "nothing else can play to" in error.reason


def both_transitions_on_the_board() -> list[Group]:
    run = group("9C,TC,JC", 1)
    run["cards"] = ["TR", *run["cards"], "TR"]  # as if both Transitions had been played with their cards
    run["owners"] = [1, *run["owners"], 1]
    run["positions"] = [0, *run["positions"], 0]
    return [run]


def test_no_protected_on_a_run_end_that_can_never_be_played_to() -> None:
    # The run 2H-3H-4H needs the Ace of Hearts below it, locked in a set; with a Transition still off the board,
    # "TR,AC" could still go there, so the end may be protected.
    groups = [group("2H,3H,4H", 1), group("AS,AH,AD", 1), group("5S,5D,5C", 1)]
    state = deal([["PR", "9S", "KD"], ["3S"]], groups=groups, phase="play")
    assert [m for m in legal(state, 0) if m.startswith("lay_off PR 0")] == ["lay_off PR 0hi", "lay_off PR 0lo"]
    # Both Transitions on the board: nothing else can ever play below the Two.
    extra = both_transitions_on_the_board()
    state = deal([["PR", "9S", "KD"], ["3S"]], groups=[*groups, *extra], phase="play")
    assert [m for m in legal(state, 0) if m.startswith("lay_off PR 0")] == ["lay_off PR 0hi"]
    assert refusal(state, 0, "lay_off PR 0lo").code == "move/nothing_to_protect"
    # The 5H, the run's next card above, is free: that end stays protectable; once it is locked, no longer.
    state.table["groups"][2]["cards"].append("5H")
    state.table["groups"][2]["owners"].append(1)
    state.legal_cache.clear()
    assert [m for m in legal(state, 0) if m.startswith("lay_off PR 0")] == []
    assert refusal(state, 0, "lay_off PR 0hi").code == "move/nothing_to_protect"
