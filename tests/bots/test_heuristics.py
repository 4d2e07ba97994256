"""The games' cheap ways to play in a search's simulations (``engine.bots.heuristics``), on scripted hands.

Dragons: CR is the hand's draw-2 dragon, JA its rare dragon (``fixed_hand``'s defaults).
"""

from __future__ import annotations

import random

import engine
from engine.bots.heuristics import HEURISTICS, best_standing
from engine.games.dragon_rummy.heuristic import best_turn_move
from engine.moves import Move
from tests.games.scripting import play
from tests.games.test_dragon_rummy import fixed_hand


def chosen(policy_state: engine.GameState, seat: int, seeds: int = 20) -> set[str]:
    moves = engine.legal_moves(policy_state, seat)
    return {str(best_turn_move(policy_state, seat, moves, random.Random(seed))) for seed in range(seeds)}


def test_dragon_rummy_digs_the_pile_only_for_a_card_that_scores() -> None:
    rare_on_top = fixed_hand(
        [["AZ", "BR", "EM", "FR", "GO", "ON", "SH", "ST"], ["AZ"] * 3 + ["BR"] * 3 + ["EM"] * 2], discard=["JA"]
    )
    assert chosen(rare_on_top, 0) == {"take JA 1"}
    draw_two_on_top = fixed_hand(
        [["AZ", "BR", "EM", "FR", "GO", "ON", "SH", "ST"], ["AZ"] * 3 + ["BR"] * 3 + ["EM"] * 2], discard=["CR"]
    )
    assert "take CR 1" in [str(move) for move in engine.legal_moves(draw_two_on_top, 0)]
    assert chosen(draw_two_on_top, 0) == {"draw"}


def test_dragon_rummy_lays_down_what_scores_and_keeps_draw_two_dragons() -> None:
    state = fixed_hand(
        [["GO", "GO", "GO", "CR", "CR", "CR", "JA", "EM"], ["AZ"] * 3 + ["BR"] * 3 + ["EM"] * 2], deck_top=["ST"]
    )
    state, _ = play(state, [(0, "draw")])
    legal = [str(move) for move in engine.legal_moves(state, 0)]
    assert "set CR,CR,CR" in legal and "play CR" in legal
    assert chosen(state, 0) <= {"set GO,GO,GO", "play JA"}  # 3 points each; the draw-2 dragons score -1


def test_dragon_rummy_discards_a_lone_card_never_the_rare_dragon_or_a_pair() -> None:
    state = fixed_hand([["GO", "GO", "JA", "EM", "ST"], ["AZ"] * 3 + ["BR"] * 3 + ["EM"] * 2], deck_top=["SH"])
    state, _ = play(state, [(0, "draw"), (0, "play JA")])
    assert chosen(state, 0) == {"discard EM", "discard SH", "discard ST"}


def test_best_standing_plays_what_raises_the_standing_most() -> None:
    state = fixed_hand(
        [["GO", "GO", "GO", "CR", "CR", "CR", "JA", "EM"], ["AZ"] * 3 + ["BR"] * 3 + ["EM"] * 2], deck_top=["ST"]
    )
    state, _ = play(state, [(0, "draw")])
    moves = engine.legal_moves(state, 0)
    picks = {str(best_standing(state, 0, moves, random.Random(seed))) for seed in range(20)}
    assert picks == {"set GO,GO,GO", "play JA"}  # +3 each; a discard +0, the draw-2 dragons -3 or -1


def test_every_heuristic_returns_one_of_the_legal_moves_of_a_whole_match() -> None:
    for game_id, heuristic in HEURISTICS.items():
        state, _ = engine.new_game(game_id, 2, 3, engine.get_game(game_id).playout_options)
        generator = random.Random(3)
        for _ in range(400):
            if engine.is_finished(state):
                break
            seat = engine.to_act(state)[0]
            moves = engine.legal_moves(state, seat)
            move = heuristic(state, seat, moves, generator)
            assert isinstance(move, Move) and move in moves
            state, _ = engine.apply(state, seat, move)
