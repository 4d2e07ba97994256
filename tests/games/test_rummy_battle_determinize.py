"""Determinization of Rummy Battle: what a seat knows stays, everything else is dealt again.

The rule text: "When a Play Card is discarded, it is placed adjacent to the card that is already there - so that ALL
discarded cards may be clearly seen by all players at all times" - so everyone sees the cards a player takes from
the discard pile: they are known to be in that hand until played. The project's Action Card rules (issue 6,
docs/rules/rummy_battle.md): Pickpocket's card is seen by the thief and the victim only; a Switcheroo swaps whole
hands, so each of the two knows the hand it gave away. "Count (30) cards from the BOTTOM of the remaining deck and
insert the Marker": the Marker's place in the stock is public; Action Cards turned up at the deal and put back
"into the center of the deck" lie at known places, which ones unseen.

Each test fixes a deal by editing a fresh state's table (stock bottom first, top card last) and plays exact moves.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import engine
from engine import GameState
from engine.api import determinize
from engine.games.rummy_battle.cards import is_action
from engine.games.rummy_battle.table import stock_cards
from tests.games.scripting import edited, events_of, play

GAME = "rummy_battle"
SAMPLES = 40
STOCK = ["2D", "3D", "5D", "6D", "7D", "8D", "2H", "3H", "5H", "6H", "9H", "TH", "JH", "KH", "2S", "3S", "4S", "8S"]


def fixed(hands: list[list[str]], *, discards: list[str], turn: int, opened: list[bool], seed: int = 1) -> GameState:
    """A fresh 3-player match (``seed`` gives the RNG state, which picks a Pickpocket's card) whose round is replaced
    by a fixed deal; seat 0 owns a Run of Clubs; no 2nd Chance."""
    state, _ = engine.new_game(GAME, len(hands), seed, {"second_chance": False})
    table = state.table
    table["hands"] = [list(hand) for hand in hands]
    table["stock"] = ",".join(STOCK)
    table["marker"] = 5
    table["discards"] = list(discards)
    table["groups"] = [{"owner": 0, "run": True, "key": "C", "low": 9, "cards": ["9C", "TC", "JC"], "by": [0, 0, 0]}]
    table["opened"] = list(opened)
    table["turn"] = turn
    table["phase"] = "draw"
    table["first_turn"] = False
    table["returned_actions"] = []
    return edited(state)


def samples(state: GameState, seat: int) -> list[GameState]:
    return [determinize(state, seat, seed) for seed in range(SAMPLES)]


def holds(hand: list[str], cards: list[str]) -> bool:
    return not Counter(cards) - Counter(hand)


def assert_kept(state: GameState, seat: int, sample: GameState) -> None:
    """What every sample keeps: the seat's hand and view, every hand's size, the stock's size and Marker, the
    public piles and groups; and it has a fresh RNG."""
    table, drawn = state.table, sample.table
    assert drawn["hands"][seat] == table["hands"][seat]
    assert [len(hand) for hand in drawn["hands"]] == [len(hand) for hand in table["hands"]]
    assert len(stock_cards(drawn["stock"])) == len(stock_cards(table["stock"]))
    assert drawn["marker"] == table["marker"]
    for key in ("discards", "action_pile", "groups", "must_play", "phase", "turn"):
        assert drawn[key] == table[key]
    assert engine.view(sample, seat) == engine.view(state, seat)
    assert sample.rng_state != state.rng_state


def taken_then_pickpocketed(seed: int = 4) -> tuple[GameState, GameState, str]:
    """Seat 1 takes the Ace of Clubs and the 7 of Spades from the discard pile and plays the 7 at once (the Ace is
    now known to be in seat 1's hand); seat 2 draws and discards; seat 0 draws and picks seat 1's pocket."""
    hands = [["Pickpocket", "3C", "4D", "JS"], ["5S", "6S", "KD", "QH", "4C"], ["9D", "TD", "4H", "8C"]]
    state = fixed(hands, discards=["7S", "AC"], turn=1, opened=[True, False, False], seed=seed)
    state, _ = play(state, [(1, "take 2"), (1, "meld 5S,6S,7S"), (1, "discard 4C"), (2, "draw"), (2, "discard 8S")])
    before = state
    state, events = play(state, [(0, "draw"), (0, "pickpocket 1")])
    taken = events_of(events, "pickpocketed")[0].secret["card"]
    return before, state, str(taken)


def test_a_card_taken_from_the_discard_pile_stays_in_that_hand_in_every_sample() -> None:
    before, _, _ = taken_then_pickpocketed()
    assert before.table["hands"][1] == ["KD", "QH", "AC"]
    for seat in (0, 2):
        drawn = samples(before, seat)
        for sample in drawn:
            assert_kept(before, seat, sample)
            assert "AC" in sample.table["hands"][1]
        # The other two cards of seat 1's hand and the stock's order are dealt again.
        assert len({tuple(sorted(sample.table["hands"][1])) for sample in drawn}) > 1
        assert len({sample.table["stock"] for sample in drawn}) == SAMPLES
        assert any(sample.table["hands"][1] != before.table["hands"][1] for sample in drawn)


def test_a_card_played_face_up_is_no_longer_known_in_the_hand() -> None:
    before, _, _ = taken_then_pickpocketed()
    # The 7 of Spades, the deepest card taken, was played at once: seat 1 holds no known card but the Ace.
    assert before.table["known_cards"] == [[], ["AC"], []]
    state, _ = play(before, [(0, "draw"), (0, "discard 4D"), (1, "draw"), (1, "discard AC")])
    assert state.table["known_cards"] == [[], [], []]
    drawn = samples(state, 2)
    for sample in drawn:
        assert_kept(state, 2, sample)
    assert len({tuple(sorted(sample.table["hands"][1])) for sample in drawn}) > 1


def test_pickpockets_card_is_known_to_the_thief_and_the_victim_only() -> None:
    _, state, taken = taken_then_pickpocketed()
    assert taken == "KD"  # the seeded Pickpocket's card (only the thief and the victim saw it)
    assert state.table["hands"][0] == ["3C", "4D", "JS", "3S", "2S", "KD"]
    assert state.table["hands"][1] == ["QH", "AC"]
    # The victim knows the King of Diamonds is in the thief's hand: it stays there in every sample.
    victims = samples(state, 1)
    for sample in victims:
        assert_kept(state, 1, sample)
        assert "KD" in sample.table["hands"][0]
    # The thief knows which card left: the Ace seat 1 took from the discard pile is still there.
    for sample in samples(state, 0):
        assert_kept(state, 0, sample)
        assert "AC" in sample.table["hands"][1]
    # A third seat cannot tell which card moved: neither the King in seat 0's hand nor the Ace in seat 1's is sure.
    thirds = samples(state, 2)
    for sample in thirds:
        assert_kept(state, 2, sample)
    assert not all("KD" in sample.table["hands"][0] for sample in thirds)
    assert not all("AC" in sample.table["hands"][1] for sample in thirds)
    assert state.table["known_cards"] == [[], [], []]
    assert state.table["privately_known"] == [["1:AC"], ["0:KD"], []]


def test_a_pickpocket_taking_the_known_card_leaves_the_thief_knowing_nothing_of_the_victims_hand() -> None:
    _, state, taken = taken_then_pickpocketed(seed=1)
    assert taken == "AC"  # the seeded Pickpocket's card: the Ace everyone knew of
    assert state.table["hands"][:2] == [["3C", "4D", "JS", "3S", "2S", "AC"], ["KD", "QH"]]
    assert state.table["privately_known"] == [[], ["0:AC"], []]
    for sample in samples(state, 1):
        assert "AC" in sample.table["hands"][0]
    thiefs = samples(state, 0)
    for sample in thiefs:
        assert_kept(state, 0, sample)
    assert len({tuple(sorted(sample.table["hands"][1])) for sample in thiefs}) > 1


def test_after_a_switcheroo_each_of_the_two_knows_the_hand_it_gave_away() -> None:
    hands = [["Switcheroo", "3C", "4D", "JS"], ["5S", "6S", "KD", "QH"], ["9D", "TD", "4H", "8C"]]
    state = fixed(hands, discards=["7S", "QC"], turn=0, opened=[True, False, False])
    state, _ = play(state, [(0, "take 1"), (0, "lay_off g1 QC"), (0, "switcheroo 1")])
    assert state.table["hands"][:2] == [["5S", "6S", "KD", "QH"], ["3C", "4D", "JS"]]
    for sample in samples(state, 0):
        assert_kept(state, 0, sample)
        assert sorted(sample.table["hands"][1]) == ["3C", "4D", "JS"]
    for sample in samples(state, 1):
        assert_kept(state, 1, sample)
        assert sorted(sample.table["hands"][0]) == ["5S", "6S", "KD", "QH"]
    thirds = samples(state, 2)
    assert len({tuple(sorted(sample.table["hands"][0])) for sample in thirds}) > 1
    assert len({tuple(sorted(sample.table["hands"][1])) for sample in thirds}) > 1


def test_a_card_taken_goes_with_its_hand_in_a_switcheroo() -> None:
    hands = [["4D", "JS", "8H"], ["Switcheroo", "5S", "6S", "KD"], ["9D", "TD", "4H", "8C"]]
    state = fixed(hands, discards=["9S", "QC", "7S"], turn=0, opened=[True, True, False])
    # Seat 0 takes the Queen of Clubs and the 7 of Spades and plays the Queen (the deepest card taken) at once.
    state, _ = play(state, [(0, "take 2"), (0, "lay_off g1 QC"), (0, "discard 8H"), (1, "switcheroo 0")])
    assert state.table["hands"][:2] == [["5S", "6S", "KD"], ["4D", "JS", "7S"]]
    # Everyone saw the 7 of Spades go to seat 0; after the swap it is in seat 1's hand.
    assert state.table["known_cards"] == [[], ["7S"], []]
    for sample in samples(state, 2):
        assert_kept(state, 2, sample)
        assert "7S" in sample.table["hands"][1]


def test_action_cards_put_back_at_the_deal_stay_action_cards_at_their_places() -> None:
    state, events = engine.new_game(GAME, 3, 8, {})
    assert events[0].data["actionCardsReturned"] == 2
    table: dict[str, Any] = state.table
    stock = stock_cards(table["stock"])
    assert table["returned_actions"] == [48, 49]
    assert [stock[48], stock[49]] == ["Pickpocket", "Switcheroo"]
    seat = engine.to_act(state)[0]
    drawn = samples(state, seat)
    for sample in drawn:
        assert_kept(state, seat, sample)
        sampled = stock_cards(sample.table["stock"])
        assert is_action(sampled[48]) and is_action(sampled[49])
    assert len({tuple(stock_cards(sample.table["stock"])[48:50]) for sample in drawn}) > 1
    assert len({sample.table["stock"] for sample in drawn}) == SAMPLES


def test_a_pending_action_card_keeps_its_victim_to_answer() -> None:
    hands = [["Pickpocket", "3C", "4D", "JS"], ["5S", "6S", "KD"], ["9D", "TD", "4H", "8C"]]
    state = fixed(hands, discards=["7S"], turn=0, opened=[True, False, False])
    state.table["second_chance"] = [True, True, True]
    state, _ = play(state, [(0, "draw"), (0, "pickpocket 1")])
    assert engine.to_act(state) == (1,)
    for sample in samples(state, 1):
        assert_kept(state, 1, sample)
        assert engine.to_act(sample) == (1,)
        assert sample.table["pending"] == {"action": "pickpocket", "by": 0, "victim": 1, "target": ""}
        assert engine.legal_moves(sample, 1) == engine.legal_moves(state, 1)
