"""Rummy Battle for people: the catalog's card list, moves and events in words, and the JSON Schemas of the content
(docs/rules/rummy_battle.md, "Cards, moves and events in words")."""

from __future__ import annotations

from typing import Any

import fastjsonschema
import pytest

import engine
from engine import Event, GameState
from tests.games.scripting import events_of, play
from tests.games.test_rummy_battle import a_set, deal, run

GAME = engine.get_game("rummy_battle")
ACE_WORDS = 'An "A" may be used as a high OR low card in Runs ("Q, K, A" OR "A, 2, 3"), never both in one Run.'
ACTION_SCORE = "An Action Card played scores 5 points for its player; one left in hand costs 5."


def catalog_card(code: str) -> dict[str, Any]:
    return next(card for card in GAME.catalog_entry()["cards"] if card["code"] == code)


def names_and_points(*codes: str) -> list[tuple[str, int]]:
    return [(catalog_card(code)["name"], catalog_card(code)["points"]) for code in codes]


def test_catalog_lists_every_card_once_with_the_texts_points_and_words() -> None:
    cards = GAME.catalog_entry()["cards"]
    codes = [card["code"] for card in cards]
    assert len(codes) == len(set(codes)) == 52 + 7
    assert codes[:13] == ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"]
    assert codes[52:] == ["JK", "Hoard", "Pickpocket", "Thief", "Switcheroo", "LuckyDay", "SecondChance"]
    # Two decks, four Jokers and four of each Action Card: the 128 cards of the default pack.
    assert sum(card["count"] for card in cards) == 128
    # "1. A's 15 points"; "An 'A' may be used as a high OR low card in Runs"
    assert catalog_card("AH") == {
        "code": "AH", "name": "Ace of Hearts", "count": 2, "points": 15, "suit": "Hearts", "rank": "Ace",
        "description": ACE_WORDS,
    }  # fmt: skip
    # "2. 10's, J's, Q's and K's 10 points"; "3. 2's - 9's 5 points"
    assert names_and_points("TD", "JC", "QH", "KS", "2C", "9D") == [
        ("10 of Diamonds", 10), ("Jack of Clubs", 10), ("Queen of Hearts", 10), ("King of Spades", 10),
        ("2 of Clubs", 5), ("9 of Diamonds", 5),
    ]  # fmt: skip
    assert "description" not in catalog_card("9D")
    # "5. Jokers 20 points"
    assert catalog_card("JK") == {
        "code": "JK", "name": "Joker", "count": 4, "points": 20,
        "description": "Wild: a Joker stands for any card in a Run or Set. It is worth 20 points wherever it "
        "stands, and costs 20 if left in hand.",
    }  # fmt: skip
    # "4. Action Cards 5 points"; the Action Cards' codes are their own names, but Lucky Day's
    assert catalog_card("Pickpocket") == {
        "code": "Pickpocket", "name": "Pickpocket", "count": 4, "points": 5,
        "description": "Only once you have opened: take one card at random from a chosen opponent's hand; only you "
        f"and the victim learn which. The victim may cancel it with a 2nd Chance. {ACTION_SCORE}",
    }  # fmt: skip
    assert names_and_points("Hoard", "Thief", "Switcheroo", "LuckyDay") == [
        ("Hoard", 5), ("Thief", 5), ("Switcheroo", 5), ("Lucky Day", 5)
    ]  # fmt: skip
    assert catalog_card("Hoard")["description"].startswith(
        "Played as your draw, any time on your turn: take as many cards as you wish from the top of the discard pile, "
        "without having to play the last one taken at once."
    )
    assert "take a chosen Set (not a Run) an opponent laid down" in catalog_card("Thief")["description"]
    assert "you may NOT draw a card for it, and the victim is still open" in catalog_card("Thief")["description"]
    assert "swap your whole hand with a chosen opponent's" in catalog_card("Switcheroo")["description"]
    assert catalog_card("LuckyDay")["description"].startswith(
        "Any time on your turn: starting with you and going clockwise, every player may play off one card from hand "
        "onto any Run or Set"
    )
    # "Every player receives one 2nd Chance Card": held apart from the hand, so none in the pack, and never scored.
    assert catalog_card("SecondChance") == {
        "code": "SecondChance", "name": "2nd Chance", "count": 0,
        "description": "Every player receives one 2nd Chance Card, held apart from the hand: when a Pickpocket, Thief "
        "or Switcheroo is played against you, reveal it to cancel that Action Card. Once per game; it never scores "
        "(option second_chance).",
    }  # fmt: skip


def test_card_names_of_codes_and_group_tokens() -> None:
    assert [GAME.card_name(code) for code in ("QH", "TC", "JK", "JK=7H", "LuckyDay", "Thief", "SecondChance")] == [
        "Queen of Hearts", "10 of Clubs", "Joker", "Joker as the 7 of Hearts", "Lucky Day", "Thief", "2nd Chance"
    ]  # fmt: skip
    assert [GAME.card_name(code) for code in ("7h", "ZZ", "JK=", "JK=ZZ", "thief", "Marker")] == [None] * 6


def described(state: GameState, seat: int) -> dict[str, str]:
    return {str(move): engine.describe_move(state, seat, move) for move in engine.legal_moves(state, seat)}


def test_drawing_moves_in_words() -> None:
    hand = ["5C", "5D", "KH", "KD", "Hoard"]
    state = deal([hand, ["2S"]], discards=["KC", "9D", "5S"])
    assert described(state, 0) == {
        "draw": "Draw two cards from the stock",
        "take 1": "Take the top card of the discard pile (the 5 of Spades) and play it at once",
        "take 3": "Take the top 3 cards of the discard pile (the 5 of Spades, the 9 of Diamonds and the King of Clubs) "
        "and play the last one taken, the King of Clubs, at once",
        "hoard 1": "Play a Hoard as your draw: take the top card of the discard pile (the 5 of Spades) into your hand",
        "hoard 2": "Play a Hoard as your draw: take the top 2 cards of the discard pile (the 5 of Spades and the 9 of "
        "Diamonds) into your hand",
        "hoard 3": "Play a Hoard as your draw: take the top 3 cards of the discard pile (the 5 of Spades, the 9 of "
        "Diamonds and the King of Clubs) into your hand",
    }
    first = deal([hand, ["2S"]], discards=["5S"], first_turn=True, stock=["2C"])
    assert described(first, 0)["take 1"] == "Take the up-card, the 5 of Spades"
    assert described(first, 0)["draw"] == "Draw the last card of the stock"


def test_playing_moves_in_words_name_cards_groups_and_seats() -> None:
    groups = [run(1, ["6S", "7S", "8S"], 6), a_set(2, ["QS", "QH", "QH"])]
    hand = ["5C", "6C", "7C", "JK", "9S", "Thief", "Switcheroo", "Pickpocket", "LuckyDay"]
    state = deal([hand, ["2D", "3D"], ["4D"]], groups=groups, opened=[True, True, True], phase="play")
    moves = described(state, 0)
    assert moves["meld 5C,6C,7C"] == "Lay down a Run of the 5, 6 and 7 of Clubs"
    assert moves["meld 5C,6C,7C,JK=8C"] == "Lay down a Run of the 5, 6, 7 and 8 of Clubs, a Joker standing for the 8"
    assert moves["lay_off g1 9S"] == "Play off the 9 of Spades on Seat 1's Run g1 (the 6, 7 and 8 of Spades)"
    assert moves["lay_off g1 JK=5S"] == (
        "Play off a Joker as the 5 of Spades on Seat 1's Run g1 (the 6, 7 and 8 of Spades)"
    )
    assert (
        moves["lay_off g2 JK"] == "Play off a Joker on Seat 2's Set g2 (the Queen of Spades and two Queens of Hearts)"
    )
    assert moves["pickpocket 2"] == "Play a Pickpocket: take one card at random from Seat 2's hand of 1 card"
    assert moves["thief g2"] == (
        "Play a Thief: take Seat 2's Set g2 (the Queen of Spades and two Queens of Hearts), which then scores for you"
    )
    assert moves["switcheroo 1"] == "Play a Switcheroo: swap your other 8 cards for Seat 1's 2 cards"
    assert moves["lucky_day"] == (
        "Play a Lucky Day: starting with you and going clockwise, every player may play off one card from hand onto "
        "any Run or Set"
    )
    assert moves["discard 9S"] == "Discard the 9 of Spades, ending your turn"
    assert moves["discard JK"] == "Discard a Joker, ending your turn"
    assert moves["discard Thief"] == "Discard a Thief onto the Action Card pile (unplayed), ending your turn"
    unopened = deal([["5C", "6C", "7C", "9S"], ["2D"]], phase="play")
    assert described(unopened, 0)["meld 5C,6C,7C"] == "Open with a Run of the 5, 6 and 7 of Clubs"
    last = deal([["9S"], ["2D"]], phase="play")
    assert described(last, 0) == {"discard 9S": "Discard the 9 of Spades, your last card, and go out"}


def test_answers_and_lucky_days_round_in_words() -> None:
    groups = [run(0, ["7H", "8H", "9H"], 7)]
    state = deal([["Thief", "Pickpocket", "3C"], ["AS", "TH"]], groups=groups, opened=[True, False], phase="play")
    state, _ = engine.apply(state, 0, "pickpocket 1")
    assert described(state, 1) == {
        "second_chance": "Reveal your 2nd Chance to cancel Seat 0's Pickpocket",
        "accept": "Let Seat 0's Pickpocket take effect, keeping your 2nd Chance",
    }
    state = deal([["LuckyDay", "2C"], ["TH", "AS"]], groups=groups, opened=[True, False], phase="play")
    state, _ = play(state, [(0, "lucky_day"), (0, "pass")])
    assert described(state, 1) == {
        "lay_off g1 TH": "Play off the 10 of Hearts on Seat 0's Run g1 (the 7, 8 and 9 of Hearts) in Lucky Day's round",
        "pass": "Play off no card in Lucky Day's round",
    }


def texts(event: Event, names: tuple[str, ...] = (), seats: int = 2) -> dict[str, str | None]:
    """The event's text as the spectator and each seat read it (None: that viewer does not see it)."""
    viewers = [("spectator", None), *((f"seat {seat}", seat) for seat in range(seats))]
    shown = {viewer: engine.event_for("rummy_battle", event, seat, names) for viewer, seat in viewers}
    return {viewer: None if event is None else event["text"] for viewer, event in shown.items()}


def test_a_draw_is_read_with_its_cards_by_the_drawer_only() -> None:
    state = deal([["9S", "KD"], ["9H", "9D"]], stock=["2C", "3C", "4C", "5C"])
    state, events = engine.apply(state, 0, "draw")
    assert texts(events[0]) == {
        "spectator": "Seat 0 drew two cards from the stock.",
        "seat 0": "You drew the 4 and 5 of Clubs from the stock.",
        "seat 1": "Seat 0 drew two cards from the stock.",
    }
    assert texts(events[0], ("Ann", "Bob"))["seat 1"] == "Ann drew two cards from the stock."
    state, _ = engine.apply(state, 0, "discard 9S")
    state, events = engine.apply(state, 1, "take 1")
    assert texts(events[0])["seat 0"] == "Seat 1 took the 9 of Spades from the discard pile and must play it at once."


def test_a_pickpocket_is_read_with_its_card_by_the_thief_and_the_victim_only() -> None:
    groups = [run(1, ["7S", "8S", "9S"], 7)]
    hands = [["QS", "KD"], ["Pickpocket", "3C"], ["7H"]]
    state = deal(hands, groups=groups, opened=[False, True, False], turn=1, phase="play", second_chance=[False] * 3)
    state, events = engine.apply(state, 1, "pickpocket 2")
    played, stolen = events_of(events, "action_played")[0], events_of(events, "pickpocketed")[0]
    assert texts(played, seats=3) == {
        "spectator": "Seat 1 played a Pickpocket against Seat 2.",
        "seat 0": "Seat 1 played a Pickpocket against Seat 2.",
        "seat 1": "You played a Pickpocket against Seat 2.",
        "seat 2": "Seat 1 played a Pickpocket against you.",
    }
    assert texts(stolen, seats=3) == {
        "spectator": "Seat 1 took a card from Seat 2 with a Pickpocket.",
        "seat 0": "Seat 1 took a card from Seat 2 with a Pickpocket.",
        "seat 1": "You took the 7 of Hearts from Seat 2 with a Pickpocket.",
        "seat 2": "Seat 1 took your 7 of Hearts with a Pickpocket.",
    }
    names = ("Ann", "Bob", "Cy")
    assert texts(stolen, names, seats=3)["seat 0"] == "Bob took a card from Cy with a Pickpocket."


def test_the_2nd_chance_a_thief_and_a_switcheroo_in_words() -> None:
    groups = [run(0, ["7H", "8H", "9H"], 7), a_set(1, ["5S", "5H", "5D"])]
    hands = [["Thief", "Switcheroo", "2C", "3C"], ["AS", "KD"]]
    state = deal(hands, groups=groups, opened=[True, True], phase="play", second_chance=[True, True])
    state, events = play(state, [(0, "thief g2"), (1, "second_chance")])
    assert texts(events[0])["seat 1"] == "Seat 0 played a Thief to take your Set g2."
    assert texts(events[1]) == {
        "spectator": "Seat 1 may reveal their 2nd Chance to cancel the Thief, or let it take effect.",
        "seat 0": "Seat 1 may reveal their 2nd Chance to cancel the Thief, or let it take effect.",
        "seat 1": "You may reveal your 2nd Chance to cancel the Thief, or let it take effect.",
    }
    assert texts(events[2])["seat 0"] == "Seat 1 revealed their 2nd Chance and cancelled your Thief."
    state, events = engine.apply(state, 0, "switcheroo 1")  # no 2nd Chance left: it takes effect at once
    switched, received = events_of(events, "hands_switched")[0], events_of(events, "hand_received")
    assert texts(switched)["seat 1"] == (
        "Seat 0 swapped hands with you with a Switcheroo: Seat 0 now holds 2 cards and you hold 2 cards."
    )
    assert [texts(event) for event in received] == [
        {"spectator": None, "seat 0": "After the Switcheroo you hold the Ace of Spades and the King of Diamonds.",
         "seat 1": None},
        {"spectator": None, "seat 0": None, "seat 1": "After the Switcheroo you hold the 2 and 3 of Clubs."},
    ]  # fmt: skip
    state = deal(hands, groups=groups, opened=[True, True], phase="play", second_chance=[False, False])
    state, events = engine.apply(state, 0, "thief g2")
    assert texts(events_of(events, "set_stolen")[0])["spectator"] == (
        "Seat 0 took Seat 1's Set g2 with a Thief: it now scores for Seat 0, and Seat 1 is still open."
    )


def test_the_seeded_deal_in_words() -> None:
    # Seed 1002 at two players (the golden match): seat 0 deals, seat 1 leads, the Ace of Spades is turned up.
    _, events = engine.new_game("rummy_battle", 2, seed=1002, options={"rounds": 1})
    assert texts(events[0]) == {
        "spectator": "Round 1: Seat 0 deals 10 cards to each player and turns up the Ace of Spades; 107 cards are in "
        "the stock, 77 above the Marker, and Seat 1 plays first.",
        "seat 0": "Round 1: You deal 10 cards to each player and turn up the Ace of Spades; 107 cards are in the "
        "stock, 77 above the Marker, and Seat 1 plays first.",
        "seat 1": "Round 1: Seat 0 deals 10 cards to each player and turns up the Ace of Spades; 107 cards are in "
        "the stock, 77 above the Marker, and you play first.",
    }
    assert texts(events[1]) == {
        "spectator": None,
        "seat 0": None,
        "seat 1": "You were dealt the 7 and Queen of Spades, the 2, 3, 5, 7 and Jack of Hearts, the 9 of Clubs, a "
        "Hoard and a Pickpocket.",
    }


def test_groups_lay_offs_going_out_and_the_round_in_words() -> None:
    state = deal(
        [["7H", "8H", "9H", "KS"], ["2C", "5D", "Hoard"]],
        stock=["4D", "3D", "2D"],
        marker=1,
        discards=["QC"],
        options={"rounds": 1},
    )
    state, events = play(state, [(0, "draw"), (0, "meld 7H,8H,9H"), (0, "draw_bonus")])
    assert texts(events[1])["seat 1"] == (
        "The Marker is revealed, 1 card is left in the stock: the first player to go out now earns a bonus of 10 "
        "points instead of a penalty of 100."
    )
    # The melded event reaches seats under its own kind, the group's kind (run or set) in meldKind.
    assert engine.event_for("rummy_battle", events[2], 1) == {
        "kind": "melded", "seat": 0, "group": "g1", "meldKind": "run", "cards": ["7H", "8H", "9H"],
        "text": "Seat 0 laid down group g1, a Run of the 7, 8 and 9 of Hearts.",
    }  # fmt: skip
    assert texts(events[3]) == {
        "spectator": "Seat 0 drew a card from the stock for a new Run or Set.",
        "seat 0": "You drew the 4 of Diamonds from the stock for a new Run or Set.",
        "seat 1": "Seat 0 drew a card from the stock for a new Run or Set.",
    }
    state, events = play(state, [(0, "meld 2D,3D,4D"), (0, "discard KS")])
    assert [texts(event)["seat 1"] for event in events[1:]] == [
        "Seat 0 discarded the King of Spades, ending their turn.",
        "Seat 0 went out by discarding their last card.",
        "Round 1 is over, Seat 0 went out after the Marker was revealed: Seat 0 scores 40 (+30 for cards played, 0 "
        "for cards in hand, +10 for going out); you score -15 (0 for cards played, -15 for cards in hand).",
        "The match is over, with totals 40 for Seat 0 and -15 for you: Seat 0 wins.",
    ]


def test_the_texts_scoring_example_in_words() -> None:
    hand = ["Thief", "JK", "TS", "AD"]  # "-50 points in unplayed cards"
    groups = [
        a_set(1, ["QS", "QH", "QD"]),
        a_set(2, ["AS", "AH", "AD", "AC"]),
        a_set(2, ["KS", "KH", "KD", "KC"]),
        run(2, ["2S", "3S", "4S", "5S"], 2),
    ]
    state = deal([["9C"], list(hand), list(hand)], marker=0, groups=groups, opened=[False, True, True],
                 phase="play", options={"rounds": 1})  # fmt: skip
    state, events = engine.apply(state, 0, "discard 9C")
    ended = events_of(events, "round_ended")[0]
    # "a final score of -20 points (30 - 50)"; "+120 points ... a final score of +70 points (120 - 50)"
    assert texts(ended, seats=3)["seat 1"] == (
        "Round 1 is over, Seat 0 went out before the Marker was revealed: Seat 0 scores -100 (0 for cards played, 0 "
        "for cards in hand, -100 for going out); you score -20 (+30 for cards played, -50 for cards in hand); Seat 2 "
        "scores 70 (+120 for cards played, -50 for cards in hand)."
    )


def test_a_lucky_day_round_in_words() -> None:
    groups = [run(0, ["5H", "6H", "7H"], 5), a_set(1, ["KS", "KH", "KD"])]
    hands = [["LuckyDay", "2C", "9C"], ["8H"], ["KC", "4S"]]
    state = deal(hands, groups=groups, opened=[True, True, False], phase="play", marker=0, options={"rounds": 1})
    state, events = play(state, [(0, "lucky_day"), (0, "pass"), (1, "lay_off g1 8H")])
    assert texts(events[0], seats=3)["seat 2"] == (
        "Seat 0 played a Lucky Day: starting with Seat 0 and going clockwise, every player may play off one card from "
        "hand onto any Run or Set."
    )
    assert texts(events[1], seats=3)["seat 0"] == "You played off no card in Lucky Day's round."
    assert [texts(event, seats=3)["spectator"] for event in events[2:4]] == [
        "Seat 1 played off the 8 of Hearts on group g1 in Lucky Day's round.",
        "Seat 1 went out by playing off their last card in Lucky Day's round.",
    ]


# ----- typed content -----------------------------------------------------------------------------------------
SCHEMAS = engine.game_schemas("rummy_battle")


def validator(schema: dict[str, Any]) -> Any:
    return fastjsonschema.compile({**schema, "$defs": SCHEMAS["defs"]})


def test_schemas_accept_real_views_events_and_moves_and_reject_wrong_types() -> None:
    groups = [run(1, ["6S", "7S", "8S"], 6), a_set(2, ["QS", "QH", "QH"])]
    hand = ["5C", "6C", "7C", "JK", "9S", "Thief", "Switcheroo", "Pickpocket", "LuckyDay"]
    state = deal(
        [hand, ["2D", "3D"], ["4D"]], groups=groups, opened=[True] * 3, phase="play", second_chance=[False] * 3
    )
    check_view = validator(SCHEMAS["view"])
    for seat in (None, 0, 1, 2):
        check_view(engine.view(state, seat))
    view = engine.view(state, 0)
    for wrong in ({"stockCount": "8"}, {"hand": ["7h"]}, {"phase": "playing"}, {"luckyDay": 3}, {"extra": 1},
                  {"groups": [{**view["groups"][0], "kind": "meld"}]}):  # fmt: skip
        with pytest.raises(fastjsonschema.JsonSchemaException):
            check_view({**view, **wrong})
    for move in engine.legal_moves(state, 0):
        structured = GAME.structured_move(move)
        validator(SCHEMAS["moveArgs"][move.kind])(structured["args"])
    with pytest.raises(fastjsonschema.JsonSchemaException):
        validator(SCHEMAS["moveArgs"]["take"])({"count": 3})
    state, events = engine.apply(state, 0, "pickpocket 2")
    for event in events:
        for seat in (None, 0, 1, 2):
            shown = engine.event_for("rummy_battle", event, seat)
            assert shown is not None
            validator(SCHEMAS["events"][shown["kind"]])(shown)
    stolen = engine.event_for("rummy_battle", events[-1], 2)
    assert stolen is not None and stolen["card"] == "4D"
    with pytest.raises(fastjsonschema.JsonSchemaException):
        validator(SCHEMAS["events"]["pickpocketed"])({**stolen, "card": "4d"})
    validator(SCHEMAS["score"])(engine.score(state).to_dict())
