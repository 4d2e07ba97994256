"""Dragon Mystery Rummy for people: the catalog's card list, moves and events in words, and the JSON Schemas of
the content (docs/rules/dragon_rummy.md, "Cards, moves and events in words").

Unless a test says otherwise, this hand's draw-2 dragon is Crimson (CR) and its rare dragon Jade (JA).
"""

from __future__ import annotations

from typing import Any

import fastjsonschema
import pytest
from jsonschema import Draft202012Validator

import engine
from tests.games.test_dragon_rummy import fixed_hand

GAME = engine.get_game("dragon_rummy")


def catalog_card(code: str) -> dict[str, Any]:
    return next(card for card in GAME.catalog_entry()["cards"] if card["code"] == code)


def test_catalog_lists_ten_dragons_of_four_with_points_by_role_in_the_texts_words() -> None:
    cards = GAME.catalog_entry()["cards"]
    assert [card["name"] for card in cards] == [
        "Azure Dragon", "Bronze Dragon", "Crimson Dragon", "Emerald Dragon", "Frost Dragon",
        "Golden Dragon", "Jade Dragon", "Onyx Dragon", "Shadow Dragon", "Storm Dragon",
    ]  # fmt: skip
    assert sum(card["count"] for card in cards) == 40  # "Shuffle the 40 cards in a single deck."
    # "Every other dragon in your play area counts 1 point": the points of a dragon in most hands.
    assert catalog_card("JA") == {
        "code": "JA",
        "name": "Jade Dragon",
        "count": 4,
        "points": 1,
        "description": "When the Jade Dragon is the hand's draw-2 dragon (the left face-up card), you may play 1 of "
        "this dragon per turn: place it face up in front of you and draw 2 cards from the top of the dragon deck; "
        "every copy in your play area is -1 point. When it is the hand's rare dragon, you may play 1 per turn and "
        "also take any other copies of the rare dragon that are in play; every copy in your play area is 3 points. "
        "Otherwise it counts 1 point, and 1 of it may be played when a set of 3 of it is in play, taking 1 of the "
        "set of 3.",
    }
    onyx = catalog_card("ON")
    assert (onyx["name"], onyx["count"], onyx["points"]) == ("Onyx Dragon", 4, 1)
    assert onyx["description"].startswith("When the Onyx Dragon is the hand's draw-2 dragon")
    assert "suit" not in onyx and "rank" not in onyx


def test_card_names() -> None:
    assert [GAME.card_name(code) for code in ("AZ", "EM", "ON", "ST")] == [
        "Azure Dragon", "Emerald Dragon", "Onyx Dragon", "Storm Dragon"
    ]  # fmt: skip
    assert GAME.card_name("QH") is None and GAME.card_name("JADE") is None


def described(state: engine.GameState, seat: int) -> dict[str, str]:
    """Every legal move of ``seat``, by notation, in words."""
    return {str(move): engine.describe_move(state, seat, move) for move in engine.legal_moves(state, seat)}


def test_draw_phase_moves_in_words() -> None:
    # The discard pile, bottom first: Azure, Jade, Storm. Seat 0 holds two Jades (the rare dragon), so a Jade taken
    # can be played at once; the Storm and Azure Dragons could not be (one or none in hand, no set of three in play).
    state = fixed_hand([["JA", "JA", "EM", "FR"], ["GO", "ON", "SH"]], discard=["AZ", "JA", "ST"], rest="deck")
    words = described(state, 0)
    assert words["draw"] == "Draw the top card of the dragon deck"
    assert words["take JA 2"] == (
        "Take the top 2 cards of the discard pile, down to the Jade Dragon, and play the Jade Dragon this turn"
    )
    assert set(words) == {"draw", "take JA 2"}


def test_play_phase_moves_in_words_by_role() -> None:
    state = fixed_hand(
        [["CR", "JA", "GO", "AZ", "AZ", "AZ", "EM"], ["ON", "SH"], ["FR", "ST"]],
        areas=[[], ["GO", "GO", "GO", "JA"], ["JA"]],
        deck_top=["BR"],
    )
    state, _ = engine.apply(state, 0, "draw")
    words = described(state, 0)
    assert words == {
        "play CR": "Play the Crimson Dragon, this hand's draw-2 dragon, and draw 2 cards from the deck",
        "play JA": "Play the Jade Dragon, this hand's rare dragon, and take the 2 other Jade Dragons in play",
        "play GO": "Play the Golden Dragon and take one from Seat 1's set of three, so you both have two",
        "set AZ,AZ,AZ": "Play a set of three Azure Dragons",
        "discard AZ": "Discard the Azure Dragon, ending the turn",
        "discard BR": "Discard the Bronze Dragon, ending the turn",
        "discard CR": "Discard the Crimson Dragon, ending the turn",
        "discard EM": "Discard the Emerald Dragon, ending the turn",
        "discard GO": "Discard the Golden Dragon, ending the turn",
        "discard JA": "Discard the Jade Dragon, ending the turn",
    }


def test_last_plays_in_words() -> None:
    # One card left in the deck: the draw-2 dragon draws it; the discard after it ends the hand.
    state = fixed_hand([["CR", "GO", "EM"], ["ON", "SH"]], deck_top=["ST", "BR"], rest="discard",
                       areas=[["GO", "GO", "GO"], []])  # fmt: skip
    state, _ = engine.apply(state, 0, "draw")
    words = described(state, 0)
    assert words["play CR"] == "Play the Crimson Dragon, this hand's draw-2 dragon, and draw 1 card from the deck"
    assert words["play GO"] == "Play the Golden Dragon onto your own set of three, making it four"
    state, _ = engine.apply(state, 0, "play CR")
    words = described(state, 0)
    assert words["discard EM"] == (
        "Discard the Emerald Dragon, ending the turn and the hand (the deck's last card was drawn)"
    )
    # "A player ends their turn by discarding the last card in their hand. This ends the hand immediately."
    state = fixed_hand([["FR", "FR", "FR", "EM"], ["ON", "SH"]], deck_top=["FR"])
    state, _ = engine.apply(state, 0, "draw")
    assert described(state, 0)["set FR,FR,FR,FR"] == "Play a set of four Frost Dragons"
    state, _ = engine.apply(state, 0, "set FR,FR,FR,FR")
    assert described(state, 0) == {"discard EM": "Discard the Emerald Dragon, your last card, ending the hand"}


def texts(event: engine.Event, names: tuple[str, ...] = ()) -> dict[str, str | None]:
    """The event's text as the spectator, seat 0 and seat 1 read it (None: that viewer does not see it)."""
    shown = {viewer: engine.event_for("dragon_rummy", event, seat, names) for viewer, seat in
             (("spectator", None), ("seat 0", 0), ("seat 1", 1))}  # fmt: skip
    return {viewer: None if event is None else event["text"] for viewer, event in shown.items()}


def test_a_private_draw_is_named_only_to_the_drawer() -> None:
    state = fixed_hand([["EM", "FR"], ["GO", "ON"]], deck_top=["ST"])
    _, events = engine.apply(state, 0, "draw")
    assert texts(events[0]) == {
        "spectator": "Seat 0 drew a card from the dragon deck (33 cards left in the deck).",
        "seat 0": "You drew the Storm Dragon from the dragon deck (33 cards left in the deck).",
        "seat 1": "Seat 0 drew a card from the dragon deck (33 cards left in the deck).",
    }
    assert texts(events[0], ("Ann", "Bob"))["seat 1"] == (
        "Ann drew a card from the dragon deck (33 cards left in the deck)."
    )


def test_the_draw_two_dragon_draws_in_private() -> None:
    state = fixed_hand([["CR", "EM", "FR"], ["GO", "ON"]], deck_top=["SH", "ST", "BR"])
    state, _ = engine.apply(state, 0, "draw")
    _, events = engine.apply(state, 0, "play CR")
    assert texts(events[0]) == {
        "spectator": "Seat 0 played the Crimson Dragon, this hand's draw-2 dragon, and drew 2 cards (30 cards left in "
        "the deck).",
        "seat 0": "You played the Crimson Dragon, this hand's draw-2 dragon, and drew the Storm Dragon and the Bronze "
        "Dragon (30 cards left in the deck).",
        "seat 1": "Seat 0 played the Crimson Dragon, this hand's draw-2 dragon, and drew 2 cards (30 cards left in "
        "the deck).",
    }


def test_the_deal_is_read_only_by_its_own_seat() -> None:
    """Seed 1, two players: Bronze is the draw-2 dragon, Emerald the rare dragon, Crimson starts the pile."""
    _, events = engine.new_game("dragon_rummy", 2, seed=1)
    started, dealt_0, dealt_1 = events
    turned = (
        "Hand 1: 8 cards were dealt to each player; the Bronze Dragon is the draw-2 dragon and the Emerald Dragon "
        "the rare dragon; the Crimson Dragon starts the discard pile, with 21 cards left in the deck, and "
    )
    assert texts(started) == {
        "spectator": turned + "Seat 0 plays first.",
        "seat 0": turned + "you play first.",
        "seat 1": turned + "Seat 0 plays first.",
    }
    assert texts(dealt_0) == {
        "spectator": None,
        "seat 0": "You were dealt an Azure Dragon, a Bronze Dragon, two Crimson Dragons, an Emerald Dragon, two Jade "
        "Dragons and a Storm Dragon.",
        "seat 1": None,
    }
    assert texts(dealt_1) == {
        "spectator": None,
        "seat 0": None,
        "seat 1": "You were dealt an Azure Dragon, a Bronze Dragon, an Emerald Dragon, a Frost Dragon, a Golden "
        "Dragon, a Jade Dragon and two Storm Dragons.",
    }


def test_dealt_cards_are_counted_by_dragon() -> None:
    event = engine.Event("hand_dealt", seat=1, data={"cards": ["AZ", "AZ", "EM", "ON", "ON", "ON", "ST", "ST"]},
                         audience=(1,))  # fmt: skip
    assert texts(event)["seat 1"] == (
        "You were dealt two Azure Dragons, an Emerald Dragon, three Onyx Dragons and two Storm Dragons."
    )


def test_takes_splits_rare_plays_and_sets_in_words() -> None:
    state = fixed_hand(
        [["GO", "EM", "FR", "SH"], ["ON", "BR"], ["AZ", "AZ"]],
        discard=["JA", "ST", "ST"],
        areas=[[], ["GO", "GO", "GO", "JA"], ["JA"]],
        rest="deck",
    )
    state, events = engine.apply(state, 0, "take JA 3")
    assert texts(events[0])["seat 1"] == (
        "Seat 0 took the top 3 cards of the discard pile: the Jade Dragon, which must be played this turn, and on "
        "top of it two Storm Dragons."
    )
    state, events = engine.apply(state, 0, "play GO")
    assert texts(events[0]) == {
        "spectator": "Seat 0 played a Golden Dragon and took one from Seat 1's set of three, so both now have two.",
        "seat 0": "You played a Golden Dragon and took one from Seat 1's set of three, so you both now have two.",
        "seat 1": "Seat 0 played a Golden Dragon and took one from your set of three, so you both now have two.",
    }
    state, events = engine.apply(state, 0, "play JA")
    assert texts(events[0])["seat 1"] == (
        "Seat 0 played the Jade Dragon, this hand's rare dragon, and took a Jade Dragon from you and a Jade Dragon "
        "from Seat 2."
    )
    state, events = engine.apply(state, 0, "discard EM")
    assert texts(events[0])["seat 0"] == "You discarded the Emerald Dragon (4 cards left in hand)."


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_the_match_end_in_words(viewer: int | None) -> None:
    state = fixed_hand([["EM", "FR"], ["GO", "ON"]], areas=[["CR", "JA", "SH", "SH", "SH"], ["AZ", "AZ", "AZ"]],
                       deck_top=["ST"], rest="discard", discard=["BR"], target=8, earlier_points=[[4, 1]])  # fmt: skip
    state, _ = engine.apply(state, 0, "draw")
    _, events = engine.apply(state, 0, "discard ST")
    assert [event.kind for event in events] == ["discarded", "hand_ended", "match_finished"]
    words = [engine.event_for("dragon_rummy", event, viewer)["text"] for event in events]  # type: ignore[index]
    expected = {
        None: [
            "Seat 0 discarded the Storm Dragon (2 cards left in hand).",
            "Hand 2 is over: Seat 0 finished the turn in which they drew the last card of the deck; this hand scored "
            "5 for Seat 0 and 3 for Seat 1; the totals are 9 for Seat 0 and 4 for Seat 1.",
            "The match is over with final totals 9 for Seat 0 and 4 for Seat 1: Seat 0 wins.",
        ],
        0: [
            "You discarded the Storm Dragon (2 cards left in hand).",
            "Hand 2 is over: you finished the turn in which you drew the last card of the deck; this hand scored 5 "
            "for you and 3 for Seat 1; the totals are 9 for you and 4 for Seat 1.",
            "The match is over with final totals 9 for you and 4 for Seat 1: you win.",
        ],
        1: [
            "Seat 0 discarded the Storm Dragon (2 cards left in hand).",
            "Hand 2 is over: Seat 0 finished the turn in which they drew the last card of the deck; this hand scored "
            "5 for Seat 0 and 3 for you; the totals are 9 for Seat 0 and 4 for you.",
            "The match is over with final totals 9 for Seat 0 and 4 for you: Seat 0 wins.",
        ],
    }
    assert words == expected[viewer]


def schema_validator(schema: dict[str, Any]) -> Draft202012Validator:
    complete = engine.game_schemas("dragon_rummy")
    return Draft202012Validator({**schema, "$defs": complete["defs"]})


def test_the_schemas_accept_real_content_and_reject_a_wrong_type() -> None:
    complete = engine.game_schemas("dragon_rummy")
    view_schema = schema_validator(complete["view"])
    state = fixed_hand([["CR", "JA", "EM"], ["GO", "ON"]], discard=["JA"], rest="deck")
    state, events = engine.apply(state, 0, "take JA 1")
    for seat in (None, 0, 1):
        view = engine.view(state, seat)
        assert not list(view_schema.iter_errors(view))
    view = engine.view(state, 0)
    assert view["mustPlay"] == "JA"
    for key, wrong in (("deckCount", "33"), ("mustPlay", "QH"), ("hand", ["JA", 7]), ("phase", "dealing"),
                       ("playAreas", [[], [], [], [], []]), ("usedThisTurn", ["twice"])):  # fmt: skip
        errors = list(view_schema.iter_errors({**view, key: wrong}))
        assert errors and list(errors[0].path)[:1] == [key], key
    assert list(view_schema.iter_errors({**view, "secret": 1}))  # no field the schema does not name
    took = engine.event_for("dragon_rummy", events[0], 1)
    assert took is not None
    event_schema = schema_validator(complete["events"]["took"])
    assert not list(event_schema.iter_errors(took))
    assert list(event_schema.iter_errors({**took, "count": 0}))
    for move in engine.legal_moves(state, 0):
        args = GAME.structured_move(move)["args"]
        assert not list(schema_validator(complete["moveArgs"][move.kind]).iter_errors(args)), move
    take_args = schema_validator(complete["moveArgs"]["take"])
    assert not list(take_args.iter_errors({"card": "JA", "count": 3}))  # a whole number is accepted too
    assert list(take_args.iter_errors({"card": "JA", "count": "0"}))
    assert list(take_args.iter_errors({"card": "Jade Dragon", "count": "1"}))
    # The conformance suite compiles the same schemas with fastjsonschema: it must agree.
    compiled = fastjsonschema.compile({**complete["view"], "$defs": complete["defs"]})
    assert compiled(view) == view
    with pytest.raises(fastjsonschema.JsonSchemaException):
        compiled({**view, "deckCount": -1})
