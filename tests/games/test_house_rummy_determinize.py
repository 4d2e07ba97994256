"""House Rummy's determinization (docs/rules/house_rummy.md, "What a seat knows"): a sample keeps the seat's hand,
everything face up, the sizes of hands and the draw pile, and the cards it knows in other hands (taken from a discard
pile, shown by See Hand, given by Fish or Exchange 1); everything else is dealt again."""

from __future__ import annotations

from collections import Counter

import engine
from engine import GameState
from tests.games.test_house_rummy_support import deal, play

GAME = engine.get_game("house_rummy")
STOCK = ["2C", "3S", "4D", "KD", "5C", "7C", "JH", "QS"]


def samples(state: GameState, seat: int, count: int = 16) -> list[GameState]:
    return [GAME.determinize(state, seat, seed) for seed in range(count)]


def test_a_sample_keeps_the_seats_hand_the_public_cards_and_every_size() -> None:
    state, _ = engine.new_game("house_rummy", 3, 17, {"single_hand": True})
    for sample in samples(state, 0):
        table, truth = sample.table, state.table
        assert table["hands"][0] == truth["hands"][0]
        assert [len(hand) for hand in table["hands"]] == [len(hand) for hand in truth["hands"]]
        assert len(table["stock"]) == len(truth["stock"]) and table["piles"] == truth["piles"]
        assert Counter(sum(table["hands"][1:], table["stock"])) == Counter(sum(truth["hands"][1:], truth["stock"]))
        assert sample.rng_state != state.rng_state
        assert engine.view(sample, 0) == engine.view(state, 0)
    assert len({tuple(sample.table["hands"][1]) for sample in samples(state, 0)}) > 1
    assert len({tuple(sample.table["stock"]) for sample in samples(state, 0)}) > 1
    assert state.table == engine.new_game("house_rummy", 3, 17, {"single_hand": True})[0].table  # unchanged


def test_cards_taken_from_a_discard_pile_stay_in_that_hand_until_played() -> None:
    state = deal(
        [["2H", "9D"], ["5H", "6H", "KC", "QS"], ["TC", "TD"]], piles=[["JC", "4H", "7S"]], stock=STOCK, turn=1
    )
    state, _ = play(state, 1, "take 0 2")  # 4H and 7S, seen by everyone; 4H (the bottom-most) must be played
    assert state.table["known_cards"] == [[], ["4H", "7S"], []]
    for sample in samples(state, 0):
        hand = sample.table["hands"][1]
        assert len(hand) == 6 and "4H" in hand and "7S" in hand
    assert len({tuple(sorted(s.table["hands"][1])) for s in samples(state, 0)}) > 1  # the rest varies
    state, _ = play(state, 1, "meld 4H,5H,6H")  # 4H leaves the hand in the open: no longer known there
    assert state.table["known_cards"] == [[], ["7S"], []]
    assert all("7S" in sample.table["hands"][1] for sample in samples(state, 2))
    assert any("KC" not in sample.table["hands"][1] for sample in samples(state, 2))


def test_see_hand_shows_a_hand_to_the_discarder_alone() -> None:
    state = deal([["4H", "KC", "2D"], ["5S", "9S"], ["TC", "TD"]], phase="play", stock=STOCK)
    state, _ = play(state, 0, "discard 4H 0", "see_hand 1")  # 4H: See hand
    assert state.table["seen_cards"] == {"0:1": ["5S", "9S"]}
    assert all(sorted(sample.table["hands"][1]) == ["5S", "9S"] for sample in samples(state, 0))
    assert len({tuple(sorted(s.table["hands"][1])) for s in samples(state, 2)}) > 1  # seat 2 did not see it
    assert all(sample.table["seen_cards"] == {} for sample in samples(state, 2))  # nor does its sample tell


def test_a_card_given_by_fish_is_known_to_the_giver_in_the_askers_hand() -> None:
    state = deal([["3D", "KC", "2D"], ["5H", "9S"], ["TC", "TD"]], phase="play", stock=STOCK)
    state, _ = play(state, 0, "discard 3D 0", "fish 1 9")  # 3D: Fish
    state, _ = play(state, 1, "give 9S")
    assert state.table["seen_cards"] == {"1:0": ["9S"]}
    assert all("9S" in sample.table["hands"][0] for sample in samples(state, 1))
    assert any("9S" not in sample.table["hands"][0] for sample in samples(state, 2))


def test_an_exchange_is_known_to_its_two_players_and_hides_both_hands_from_the_others() -> None:
    state = deal(
        [["6H", "KC", "2D"], ["5H", "9S", "QC"], ["TC", "TD"]], piles=[["JC", "4S"]], phase="draw", turn=1, stock=STOCK
    )
    state, _ = play(state, 1, "take 0 1", "discard 5H 0")  # 4S publicly into seat 1's hand
    state, _ = play(state, 2, "draw", "discard TC 0")
    state, _ = play(state, 0, "draw", "discard 6H 0", "exchange 1")  # 6H: Exchange 1
    state, _ = play(state, 0, "give KC")
    # Seat 0 chose KC: a sample for seat 1 draws seat 0's choice again from seat 0's sampled hand.
    chosen = {sample.table["action"]["chosen"][0] for sample in samples(state, 1)}
    assert len(chosen) > 1 and all(card for card in chosen)
    for sample in samples(state, 1):
        assert sample.table["action"]["chosen"][0] in sample.table["hands"][0]
    state, _ = play(state, 1, "give 9S")
    assert state.table["known_cards"] == [[], [], []]  # seat 2 cannot tell whether 4S went
    assert state.table["seen_cards"] == {"0:1": ["4S", "KC"], "1:0": ["9S"]}
    assert all({"4S", "KC"} <= set(sample.table["hands"][1]) for sample in samples(state, 0))
    assert all("9S" in sample.table["hands"][0] for sample in samples(state, 1))
    assert any("4S" not in sample.table["hands"][1] for sample in samples(state, 2))


def test_a_finished_match_deals_only_the_draw_pile_again() -> None:
    state = deal([["KC"], ["5H", "9S"]], phase="play", stock=STOCK)
    state, _ = play(state, 0, "discard KC 0")
    assert engine.is_finished(state)
    for sample in samples(state, 1):
        assert sample.table["hands"] == state.table["hands"]
        assert sorted(sample.table["stock"]) == sorted(state.table["stock"])
    assert len({tuple(sample.table["stock"]) for sample in samples(state, 1)}) > 1
