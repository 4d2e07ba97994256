"""Determinization of Dragon Mystery Rummy: what a seat knows stays, everything else is dealt again.

The rule text: "Take cards from the discard pile. When taking cards from the discard pile, you must play the card
furthest back in the group you take. You must take every card from the card you want (that you must play), and all
cards on top of it." - the pile is spread face up, so everyone sees the cards a seat takes: they are known to be in
that hand until it plays or discards them. Draws ("Draw a card from the top of the dragon deck", the draw-2 dragon's
"draw 2 cards from the top of the dragon deck") are private to the drawer.

The moves are the first ones of the 3-player golden match (seed 1003, target 10):
tests/golden/matches/dragon_rummy-3p.txt.
"""

from __future__ import annotations

from collections import Counter

import engine
from engine.api import determinize
from tests.games.scripting import play

GAME = "dragon_rummy"
GOLDEN_MOVES: list[tuple[int, str]] = [
    (0, "take GO 1"),
    (0, "play GO"),
    (0, "discard JA"),
    (1, "draw"),
    (1, "play SH"),
    (1, "discard CR"),
    (2, "draw"),
    (2, "discard FR"),
    (0, "take FR 1"),
    (0, "play SH"),
    (0, "set FR,FR,FR"),
    (0, "discard ST"),
    (1, "draw"),
    (1, "discard BR"),
    (2, "draw"),
    (2, "discard ON"),
    (0, "draw"),
    (0, "discard JA"),
    (1, "draw"),
    (1, "discard ST"),
    (2, "take ST 5"),  # move 21: the Storm Dragon five deep, with BR, JA, ON, ST on top of it
    (2, "set JA,JA,JA"),
    (2, "set ST,ST,ST"),
    (2, "discard ON"),
    (0, "take JA 3"),  # move 25: JA (must be played), CR, ON
    (0, "play JA"),
    (0, "discard AZ"),
]
SAMPLES = 40


def after(moves: int, target: int = 10) -> engine.GameState:
    state, _ = engine.new_game(GAME, 3, 1003, {"target_score": target})
    state, _ = play(state, GOLDEN_MOVES[:moves])
    return state


def contains(hand: list[str], cards: list[str]) -> bool:
    return not Counter(cards) - Counter(hand)


def test_the_table_records_the_cards_taken_from_the_discard_pile_until_they_leave_the_hand() -> None:
    state = after(21)
    assert state.table["hands"][2] == ["AZ", "BR", "BR", "GO", "JA", "JA", "JA", "ON", "ON", "ST", "ST", "ST"]
    assert state.table["known_cards"] == [[], [], ["BR", "JA", "ON", "ST", "ST"]]
    state, _ = play(state, GOLDEN_MOVES[21:24])  # sets of Jade and Storm, then the Onyx discarded
    assert state.table["known_cards"] == [[], [], ["BR"]]
    state, _ = play(state, GOLDEN_MOVES[24:27])
    assert state.table["known_cards"] == [["CR", "ON"], [], ["BR"]]


def test_a_sample_keeps_the_seats_hand_every_taken_card_and_every_size() -> None:
    state = after(27)  # seat 1 to draw; seat 0 took JA, CR, ON (played JA), seat 2 still holds a taken BR
    assert engine.to_act(state) == (1,)
    table = state.table
    assert table["hands"] == [
        ["BR", "CR", "EM", "EM", "ON"],
        ["AZ", "AZ", "BR", "CR", "EM", "ON"],
        ["AZ", "BR", "BR", "GO", "ON"],
    ]
    before = engine.encode(state)
    unknown_to_seat_1 = Counter([*table["hands"][0], *table["hands"][2], *table["deck"]]) - Counter(["CR", "ON", "BR"])
    seat_0_rests: set[tuple[str, ...]] = set()
    decks: set[tuple[str, ...]] = set()
    for seed in range(SAMPLES):
        sample = determinize(state, 1, seed)
        hands = sample.table["hands"]
        assert hands[1] == table["hands"][1]
        assert [len(hand) for hand in hands] == [5, 6, 5] and len(sample.table["deck"]) == len(table["deck"]) == 8
        assert contains(hands[0], ["CR", "ON"]) and contains(hands[2], ["BR"])
        assert all(hand == sorted(hand) for hand in hands)
        rest = Counter([*hands[0], *hands[2], *sample.table["deck"]]) - Counter(["CR", "ON", "BR"])
        assert rest == unknown_to_seat_1
        for key in ("discard_pile", "play_areas", "known_cards", "must_play", "draw_two_dragon", "rare_dragon"):
            assert sample.table[key] == table[key]
        assert engine.view(sample, 1) == engine.view(state, 1)
        assert sample.rng_state != state.rng_state
        seat_0_rests.add(tuple(sorted((Counter(hands[0]) - Counter(["CR", "ON"])).elements())))
        decks.add(tuple(sample.table["deck"]))
    assert engine.encode(state) == before  # the true state never changes
    assert len(seat_0_rests) > 1 and len(decks) > 1  # seat 0's three unknown cards and the deck's order vary


def test_knowledge_is_per_seat_each_seat_keeps_its_own_hand() -> None:
    state = after(27)
    for seed in range(SAMPLES):
        sample = determinize(state, 0, seed)
        assert sample.table["hands"][0] == ["BR", "CR", "EM", "EM", "ON"]
        assert contains(sample.table["hands"][2], ["BR"])
        assert engine.view(sample, 0) == engine.view(state, 0)
    seat_1_hands = {tuple(determinize(state, 0, seed).table["hands"][1]) for seed in range(SAMPLES)}
    assert len(seat_1_hands) > 1  # seat 1 took nothing: all of its hand is unknown to seat 0


def test_the_card_that_must_be_played_and_the_rest_of_the_take_stay_with_the_taker() -> None:
    state = after(21)  # seat 2 took ST (must play it), BR, JA, ON, ST; seat 0 looks on
    assert state.table["must_play"] == "ST"
    for seed in range(SAMPLES):
        sample = determinize(state, 0, seed)
        assert contains(sample.table["hands"][2], ["BR", "JA", "ON", "ST", "ST"])
        assert sample.table["must_play"] == "ST"
        assert engine.view(sample, 0) == engine.view(state, 0)
    # The taker itself keeps its whole hand, and its legal moves are the same.
    legal = set(engine.legal_moves(state, 2))
    for seed in range(SAMPLES):
        sample = determinize(state, 2, seed)
        assert sample.table["hands"][2] == state.table["hands"][2]
        assert set(engine.legal_moves(sample, 2)) == legal


def test_a_new_hand_forgets_what_was_taken() -> None:
    state = after(27, target=50)  # the same deal, but the match goes on after the hand
    assert state.table["known_cards"] == [["CR", "ON"], [], ["BR"]]
    for _ in range(200):  # draws (listed first) and the first play or discard: the deck runs out
        if state.table["hand_number"] != 1:
            break
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, engine.legal_moves(state, seat)[0])
    assert state.table["hand_number"] == 2
    assert state.table["known_cards"] == [[], [], []]
