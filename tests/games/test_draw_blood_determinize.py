"""Draw Blood's determinization (issue 13; docs/rules/draw_blood.md, "What a seat knows"): a sample keeps what the
seat knows (its hand, everything face up, the sizes of hands and of the Draw Pile, the cards another seat took with
the Discard Pile) and deals the rest again. Called as ``engine.api.determinize``: importing the submodule
``engine.determinize`` (the games' determinize modules do, lazily) rebinds the package attribute
``engine.determinize`` to that module.

The scripted hand: 3 players, seed 9. Seat 0 draws and discards a 2 of Hearts, seat 1 draws and discards a Werewolf,
seat 2 picks up the Discard Pile (2 of Hearts, Werewolf on top) and must use its top card: it plays the Werewolf.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import engine
from engine import GameState, api
from tests.games.scripting import play

SAMPLES = range(20)
PICK_UP = [(0, "draw"), (0, "discard 2H"), (1, "draw"), (1, "discard WEREWOLF"), (2, "pick_up_discard_pile")]


def picked_up() -> GameState:
    state, _ = play(engine.new_game("draw_blood", 3, seed=9)[0], PICK_UP)
    return state


def after_werewolf() -> GameState:
    state, _ = play(picked_up(), [(2, "play_monster WEREWOLF")])
    return state


def unseen(state: GameState, seat: int) -> Counter[str]:
    """The cards of the other hands and the Draw Pile: what a sample may deal again."""
    table = state.table
    hands = [hand for other, hand in enumerate(table["hands"]) if other != seat]
    return Counter(card for place in [*hands, table["draw_pile"]] for card in place)


def without(table: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {key: value for key, value in table.items() if key not in keys}


def test_pick_up_records_the_cards_everyone_saw_go_into_the_hand() -> None:
    state = picked_up()
    assert state.table["known_cards"] == [[], [], ["2H", "WEREWOLF"]]
    assert state.table["must_use_card"] == "WEREWOLF"
    state = after_werewolf()
    # The Werewolf left the hand (played into the Monster Row); the 2 of Hearts is still known to be there.
    assert state.table["known_cards"] == [[], [], ["2H"]]
    assert engine.to_act(state) == (0,)


def test_a_sample_keeps_what_the_seat_knows_and_deals_the_rest_again() -> None:
    state = after_werewolf()
    before = engine.encode(state)
    table = state.table
    assert sorted(table["hands"][0]) == [
        "1S",
        "1S",
        "5S",
        "5S",
        "6H",
        "6H",
        "7S",
        "VAMPIRE",
        "WATERMONSTER",
        "WEREWOLF",
    ]
    seat_1_hands, seat_2_rests, draw_piles = set(), set(), set()
    for seed in SAMPLES:
        sample = api.determinize(state, 0, seed)
        drawn = sample.table
        assert drawn["hands"][0] == table["hands"][0]  # the seat's own hand, in its order
        assert [len(hand) for hand in drawn["hands"]] == [10, 10, 11]
        assert len(drawn["draw_pile"]) == 22
        assert "2H" in drawn["hands"][2]  # taken from the Discard Pile by seat 2 and not played since
        assert drawn["known_cards"] == [[], [], ["2H"]]
        # Everything face up and every record is the truth; only the other hands and the Draw Pile change.
        assert without(drawn, "hands", "draw_pile") == without(table, "hands", "draw_pile")
        assert unseen(sample, 0) == unseen(state, 0)
        assert engine.view(sample, 0) == engine.view(state, 0)
        assert engine.legal_moves(sample, 0) == engine.legal_moves(state, 0)
        assert sample.rng_state != state.rng_state
        seat_1_hands.add(tuple(sorted(drawn["hands"][1])))
        rest = Counter(drawn["hands"][2]) - Counter(["2H"])
        seat_2_rests.add(tuple(sorted(rest.elements())))
        draw_piles.add(tuple(drawn["draw_pile"]))
    assert engine.encode(state) == before  # the true state never changes
    assert len(seat_1_hands) == len(SAMPLES) and tuple(sorted(table["hands"][1])) not in seat_1_hands
    assert len(seat_2_rests) > 1
    assert len(draw_piles) == len(SAMPLES) and tuple(table["draw_pile"]) not in draw_piles


def test_the_card_that_must_be_used_next_stays_in_the_hand() -> None:
    state = picked_up()
    for seat in (0, 1):
        for seed in SAMPLES:
            sample = api.determinize(state, seat, seed)
            hand = Counter(sample.table["hands"][2])
            assert hand["WEREWOLF"] >= 1 and hand["2H"] >= 1
            assert len(sample.table["hands"][2]) == 12
            assert sample.table["must_use_card"] == "WEREWOLF"
            assert engine.view(sample, seat) == engine.view(state, seat)
    # The holder itself keeps its whole hand.
    for seed in SAMPLES:
        sample = api.determinize(state, 2, seed)
        assert sample.table["hands"][2] == state.table["hands"][2]
        assert (
            engine.legal_moves(sample, 2)
            == engine.legal_moves(state, 2)
            == [engine.Move.parse("play_monster WEREWOLF")]
        )


def test_playing_a_copy_of_a_known_card_forgets_it() -> None:
    """Seat 2 held a 2 of Hearts of its own too: once it discards one, the others cannot tell which copy it was."""
    state, _ = play(after_werewolf(), [(0, "draw"), (0, "discard 6H"), (1, "draw"), (1, "discard 2H"), (2, "draw")])
    assert state.table["known_cards"] == [[], [], ["2H"]]
    state, _ = engine.apply(state, 2, "discard 2H")
    assert Counter(state.table["hands"][2])["2H"] == 1
    assert state.table["known_cards"] == [[], [], []]
    without_2h = [seed for seed in SAMPLES if "2H" not in api.determinize(state, 0, seed).table["hands"][2]]
    assert without_2h  # no longer kept in seat 2's hand


def test_once_the_hand_is_over_only_the_draw_pile_order_is_unknown() -> None:
    """A random hand (seed 3) in which seat 1 goes out with 11 cards left in the Draw Pile."""
    state, _ = engine.new_game("draw_blood", 2, seed=3)
    chooser = random.Random(3)
    while state.table["phase"] != "hand_over":
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, chooser.choice(engine.legal_moves(state, seat)))
    table = state.table
    assert state.step == 68 and len(table["draw_pile"]) == 11
    assert table["scored_hands"][0]["went_out"] == 1
    orders = set()
    for seed in SAMPLES:
        sample = api.determinize(state, 1, seed)
        assert without(sample.table, "draw_pile") == without(table, "draw_pile")  # every hand is shown
        assert Counter(sample.table["draw_pile"]) == Counter(table["draw_pile"])
        assert sample.rng_state != state.rng_state
        orders.add(tuple(sample.table["draw_pile"]))
    assert len(orders) > 1 and tuple(table["draw_pile"]) not in orders
