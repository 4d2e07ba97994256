"""``Game.standing``: the round in progress counted as the rule texts count a round's end (cards laid down less
cards held), which the ``hard`` level's search uses to value a round it has not played to the end."""

from __future__ import annotations

import random

import engine

# What a card held at the end costs, from each rule text's scoring table.
RUMMY_BATTLE_HELD = {"A": 15, "T": 10, "J": 10, "Q": 10, "K": 10}  # "2's - 9's": 5, Action Cards 5, Jokers 20
HOUSE_RUMMY_HELD = {"A": 15, "T": 10, "J": 10, "Q": 10, "K": 10}  # 2-9: 5; Transition and Protected -10
DRAW_BLOOD_HELD = {"VAMPIRE": 10, "WEREWOLF": 10, "WATERMONSTER": 10, "KILL": 20}  # numbered Blood Cards: 5


def dealt_hand(game: str, seed: int, seat: int) -> tuple[list[str], list[int]]:
    state, _ = engine.new_game(game, 2, seed)
    return list(engine.view(state, seat)["hand"]), engine.get_game(game).standing(state)


def test_rummy_battle_counts_every_card_held_against_its_seat_at_the_deal() -> None:
    for seat in (0, 1):
        hand, standing = dealt_hand("rummy_battle", 11, seat)
        held = sum(20 if card == "Joker" else RUMMY_BATTLE_HELD.get(card[0], 5) for card in hand)
        assert standing[seat] == -held
    assert dealt_hand("rummy_battle", 11, 0)[1] == [-55, -65]


def test_house_rummy_counts_every_card_held_against_its_seat_at_the_deal() -> None:
    hand, standing = dealt_hand("house_rummy", 11, 0)
    assert hand.count("TR") == 1  # the Transition: -10 in hand
    assert standing[0] == -sum(HOUSE_RUMMY_HELD.get(card[0], 5) for card in hand) == -75


def test_draw_blood_counts_melds_for_and_cards_held_against_their_seat() -> None:
    state, _ = engine.new_game("draw_blood", 2, 11)
    hand = engine.view(state, 0)["hand"]
    assert engine.get_game("draw_blood").standing(state)[0] == -sum(DRAW_BLOOD_HELD.get(card, 5) for card in hand)
    assert engine.get_game("draw_blood").standing(state)[0] == -75


def test_dragon_rummy_counts_only_the_play_areas_and_the_dealt_areas_are_empty() -> None:
    state, _ = engine.new_game("dragon_rummy", 2, 11)
    assert engine.get_game("dragon_rummy").standing(state) == [0, 0]  # cards in hand score nothing


def test_dracula_settles_the_coffin_as_it_is_with_empty_cells_worth_nothing() -> None:
    state, _ = engine.new_game("dracula", 2, 5)
    dracula = engine.get_game("dracula")
    assert dracula.standing(state) == [0, 0]  # before the first dealer declares the directions
    generator = random.Random(2)
    for _ in range(3):
        seat = engine.to_act(state)[0]
        moves = engine.legal_moves(state, seat)
        state, _ = engine.apply(state, seat, moves[generator.randrange(len(moves))])
    view = engine.view(state, None)
    assert view["coffin"] == [[None, None, None], ["4D", "5H", "2D"], [None, None, None]]
    across = view["directions"].index("across")
    # The middle row: 4 + 5 + 2 = 11, trebled for three red cards. Each column holds one card: the best is the 5.
    assert dracula.standing(state)[across] == 33
    assert dracula.standing(state)[1 - across] == 5
