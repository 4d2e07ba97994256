"""A preset deck (the option ``deck``, engine/preset.py) for every game: the set-up's shuffle of the whole deck
takes its order instead of the seed's, so two seeds deal alike; it is checked to be the game's deck in some order
(``options/invalid_deck`` otherwise) and never kept in the match's options, snapshot or views."""

from __future__ import annotations

import random

import pytest

import engine
from engine import registry
from engine.preset import InvalidPresetDeckError

BUILT_IN = [game.id for game in registry.BUILT_IN_GAMES]


def shuffled_deck(game_id: str, players: int | None = None, seed: int = 1) -> list[str]:
    state, _ = engine.new_game(game_id, players, 0)
    deck = sorted(engine.get_game(game_id).deck(state))
    random.Random(seed).shuffle(deck)
    return deck


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_two_seeds_set_up_alike_from_one_preset(game_id: str) -> None:
    deck = shuffled_deck(game_id)
    one, one_events = engine.new_game(game_id, None, 1, {"deck": deck})
    other, other_events = engine.new_game(game_id, None, 2, {"deck": ",".join(deck)})
    assert one.table == other.table
    assert [event.kind for event in one_events] == [event.kind for event in other_events]
    assert "deck" not in one.options
    assert b"preset" not in engine.encode(one) and one.preset is None
    without, _ = engine.new_game(game_id, None, 1)
    assert engine.encode(without) == engine.encode(engine.new_game(game_id, None, 1)[0])


def test_house_rummy_deals_the_preset_from_its_top() -> None:
    """House Rummy deals with ``deal_round_robin``: from the end of the shuffled list, one card at a time from the
    seat after the dealer (seat 1 deals here, so seat 0 gets the last card), then turns the next card."""
    deck = shuffled_deck("house_rummy", 2)
    state, _ = engine.new_game("house_rummy", 2, 3, {"deck": deck})
    assert state.table["dealer"] == 1
    assert engine.view(state, 0)["hand"] == sorted(deck[-1::-2][:10])
    assert engine.view(state, 1)["hand"] == sorted(deck[-2::-2][:10])
    assert engine.view(state, None)["piles"] == [[deck[-21]]]
    assert deck[-1::-2][:10] == ["4C", "TR", "QD", "6C", "9S", "9H", "8C", "3H", "2D", "8S"]


def refusal(options: dict[str, object], game_id: str = "house_rummy") -> InvalidPresetDeckError:
    with pytest.raises(InvalidPresetDeckError) as caught:
        engine.new_game(game_id, 2, 3, options)
    assert caught.value.code == "options/invalid_deck" and caught.value.option == "deck"
    return caught.value


def test_a_preset_that_is_not_the_deck_is_refused() -> None:
    deck = shuffled_deck("house_rummy", 2)
    every = (
        "Option 'deck' must list every card of this match's deck once each (identical copies as often as the deck "
        "has them); "
    )
    assert refusal({"deck": deck[:-1]}).reason == every + f"56 cards for a deck of 57; it lacks {deck[-1]}."
    doubled = [*deck[:-1], deck[0]]
    assert refusal({"deck": doubled}).reason == every + f"it lacks {deck[-1]}; it has {deck[0]} beyond the deck."
    assert refusal({"deck": [*deck, "ZZ"]}).reason == every + "58 cards for a deck of 57; it has ZZ beyond the deck."
    seven = ["AS", "2S", "3S", "4S", "5S", "6S", "7S"]
    assert (
        refusal({"deck": seven}).reason == every + "7 cards for a deck of 57; it lacks 2C, 2D, 2H, 3C, 3D and 45 more."
    )
    assert refusal({"deck": 7}).reason == (
        "Option 'deck' must be a list of card codes (or one string of codes joined by commas); got a value of type int."
    )
    assert refusal({"deck": "AS,,2S"}).reason == "Option 'deck' has an empty card code."
    with pytest.raises(engine.InvalidOptionError, match="Unknown option 'decks'"):
        engine.new_game("house_rummy", 2, 3, {"decks": deck})
