"""Dracula's determinization (docs/rules/dracula.md, "What a seat knows"): what a seat knows stays, the other hands
and the stock are dealt again."""

from __future__ import annotations

from collections import Counter

import engine
from engine import api

SAMPLES = range(12)


def sample(state: engine.GameState, seat: int, seed: int) -> engine.GameState:
    return api.determinize(state, seat, seed)


def play_first_moves(state: engine.GameState, until: int) -> engine.GameState:
    """Plays the first legal move of the seat to act until ``until`` moves were made in the match."""
    while state.step < until:
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, engine.legal_moves(state, seat)[0])
    return state


def two_player_first_deal() -> engine.GameState:
    """Seed 7: seat 0 deals first and declares across; seat 0 holds 9H 9S VP JH, seat 1 JC TS 6H 5S, the nail 3C."""
    state, _ = engine.new_game("dracula", 2, seed=7)
    state, _ = engine.apply(state, 0, "declare across")
    assert state.table["hands"] == [["9H", "9S", "VP", "JH"], ["JC", "TS", "6H", "5S"]]
    assert state.table["coffin"][4] == "3C"
    return state


def test_a_sample_keeps_the_seats_hand_the_coffin_and_every_size() -> None:
    state = two_player_first_deal()
    state, _ = engine.apply(state, 1, "place 5S b1")
    truth = engine.encode(state)
    for seed in SAMPLES:
        world = sample(state, 0, seed).table
        assert world["hands"][0] == ["9H", "9S", "VP", "JH"]
        assert world["coffin"] == [None, "5S", None, None, "3C", None, None, None, None]
        assert len(world["hands"][1]) == 3
        assert len(world["stock"]) == 45
        assert world["used"] == []
        assert world["turn"] == 0
    assert engine.encode(state) == truth  # the true state never changes


def test_the_other_hand_and_the_stock_order_are_dealt_again() -> None:
    state = two_player_first_deal()
    unseen = Counter([*state.table["hands"][1], *state.table["stock"]])
    hands, stocks = set(), set()
    for seed in SAMPLES:
        world = sample(state, 0, seed)
        assert Counter([*world.table["hands"][1], *world.table["stock"]]) == unseen
        assert world.rng_state != state.rng_state
        hands.add(tuple(world.table["hands"][1]))
        stocks.add(tuple(world.table["stock"]))
    assert len(hands) == len(SAMPLES) and tuple(state.table["hands"][1]) not in hands
    assert len(stocks) == len(SAMPLES)
    # The other seat's samples keep its own hand and deal seat 0's cards (its Vampire too) among the unseen.
    seat_zero_hands = {tuple(sample(state, 1, seed).table["hands"][0]) for seed in SAMPLES}
    assert len(seat_zero_hands) > 1
    assert all(sample(state, 1, seed).table["hands"][1] == ["JC", "TS", "6H", "5S"] for seed in SAMPLES)


def test_a_later_deal_comes_from_the_sampled_stock_and_never_holds_a_used_card() -> None:
    state = play_first_moves(two_player_first_deal(), until=9)  # deal 1's eight cards placed: deal 2 is dealt
    table = state.table
    assert table["deal"] == 2 and len(table["used"]) == 9 and len(table["stock"]) == 36
    seat = engine.to_act(state)[0]
    other = 1 - seat
    seen = {*table["used"], *table["hands"][seat], *(card for card in table["coffin"] if card)} - {"VP"}
    next_nails = set()
    for seed in SAMPLES:
        world = sample(state, seat, seed)
        assert not seen & {*world.table["hands"][other], *world.table["stock"]}
        assert Counter(world.table["hands"][other] + world.table["stock"]) == Counter(
            table["hands"][other] + table["stock"]
        )
        after = play_first_moves(world, until=17)  # deal 2 placed: deal 3 dealt from the sampled stock
        next_nails.add(after.table["coffin"][4])
    assert len(next_nails) > 1


def test_in_the_last_deal_the_other_hand_is_inferred_exactly() -> None:
    """Six deals use the 54 cards once: in deal 6 the stock is empty and the other hand holds the unseen cards."""
    state = play_first_moves(two_player_first_deal(), until=1 + 5 * 8 + 1)
    table = state.table
    assert table["deal"] == 6 and table["stock"] == []
    seat = engine.to_act(state)[0]
    other = 1 - seat
    for seed in SAMPLES:
        world = sample(state, seat, seed).table
        assert Counter(world["hands"][other]) == Counter(table["hands"][other])
        assert world["stock"] == []


def four_player_deal() -> engine.GameState:
    """Seed 7, four players: seat 0 deals; seats 1 (left-hand opponent) and 2 (partner) get a Vampire."""
    state, _ = engine.new_game("dracula", 4, seed=7)
    state, _ = engine.apply(state, 0, "declare down")
    hands = state.table["hands"]
    assert [len(hand) for hand in hands] == [13, 14, 14, 13]
    assert hands[1][-1] == hands[2][-1] == "VP" and engine.to_act(state) == (1,)
    return state


def test_four_players_the_vampires_stay_with_the_seats_the_text_gives_them_to() -> None:
    state = four_player_deal()
    hands = state.table["hands"]
    partner_hands = set()
    for seed in SAMPLES:
        world = sample(state, 0, seed).table["hands"]
        assert world[0] == hands[0]
        assert [len(hand) for hand in world] == [13, 14, 14, 13]
        assert world[1].count("VP") == 1 and world[2].count("VP") == 1 and "VP" not in world[3]
        assert Counter(world[1] + world[2] + world[3]) == Counter(hands[1] + hands[2] + hands[3])
        partner_hands.add(tuple(world[2]))  # partners' hands are hidden from each other
    assert len(partner_hands) == len(SAMPLES)


def test_four_players_a_placed_vampire_leaves_its_hand_in_every_sample() -> None:
    state = four_player_deal()
    state, _ = engine.apply(state, 1, "place VP b2")  # seat 1 nails the coffin with its Vampire
    hands = state.table["hands"]
    for seed in SAMPLES:
        world = sample(state, 3, seed).table["hands"]
        assert world[3] == hands[3]
        assert "VP" not in world[1] and world[2].count("VP") == 1 and "VP" not in world[0]
        assert [len(hand) for hand in world] == [13, 13, 14, 13]
