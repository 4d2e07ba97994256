"""House Rummy for people: the catalog's card list, moves and events in words, and the JSON Schemas of the content
(docs/rules/house_rummy.md, "Cards, moves and events in words")."""

from __future__ import annotations

from typing import Any

import fastjsonschema
import pytest
from jsonschema import Draft202012Validator

import engine
from engine import GameState
from tests.games.test_house_rummy_support import deal, group, play

GAME = engine.get_game("house_rummy")
BASE = {"new_cards": False}


def catalog_card(code: str) -> dict[str, Any]:
    return next(card for card in GAME.catalog_entry()["cards"] if card["code"] == code)


def described(state: GameState, seat: int) -> dict[str, str]:
    return {str(move): GAME.describe_move(state, seat, move) for move in engine.legal_moves(state, seat)}


def shown_to(event: engine.Event, viewer: int | None, names: list[str] | None = None) -> dict[str, Any]:
    shown = engine.event_for("house_rummy", event, viewer, names or [])
    assert shown is not None
    return shown


def texts(event: engine.Event) -> dict[int | None, str | None]:
    """The event's text as a spectator and each seat of a two-player match see it (None: not shown at all)."""
    shown = {viewer: engine.event_for("house_rummy", event, viewer) for viewer in (None, 0, 1)}
    return {viewer: None if seen is None else seen["text"] for viewer, seen in shown.items()}


# ----- the catalog ----------------------------------------------------------------------------------------------
def test_catalog_lists_the_52_cards_and_the_five_special_cards_once_each() -> None:
    cards = GAME.catalog_entry()["cards"]
    assert len(cards) == 55 and len({card["code"] for card in cards}) == 55
    assert sum(card["count"] for card in cards) == 57  # "Transition x2", "Protected x2", "Hot Potato x1"
    assert [card["code"] for card in cards[-3:]] == ["TR", "PR", "HP"]


def test_standard_cards_keep_their_names_and_the_base_rules_points() -> None:
    # "2-9 are worth 5 points", "10, J, Q, K are worth 10 points"
    assert catalog_card("QH") == {
        "code": "QH", "name": "Queen of Hearts", "count": 1, "points": 10, "suit": "Hearts", "rank": "Queen"
    }  # fmt: skip
    assert {key: catalog_card("TC")[key] for key in ("name", "points", "rank")} == {
        "name": "10 of Clubs", "points": 10, "rank": "10"
    }  # fmt: skip
    assert (catalog_card("7D")["name"], catalog_card("7D")["points"]) == ("7 of Diamonds", 5)
    assert "description" not in catalog_card("7D")  # no ability in the Card List
    # "An Ace played on a 2 is worth 5 points. On a K, in a set, or in your hand it is 15 points"
    ace = catalog_card("AD")
    assert (ace["name"], ace["points"]) == ("Ace of Diamonds", 15)
    assert ace["description"].startswith(
        "An Ace can be played below a 2 or above a King, but not both. An Ace played on a 2 is worth 5 points. On a "
        "K, in a set, or in your hand it is 15 points. +5 on 2 (New Card Rules, Scoring Modifier"
    )
    assert ace["description"].endswith(
        "When this Ace is played in a run on a 2, it is worth 5 extra points. This can be doubled by Double Run."
    )


def test_card_list_abilities_are_described_in_the_texts_words() -> None:
    assert catalog_card("6S")["description"] == (
        "Skip (New Card Rules, On-Discard Action: action occurs when you discard this card): Skip the next "
        "player's turn."
    )
    assert catalog_card("QC")["description"].endswith(
        "Ask another player for a specific suit or rank. If they have any, they must give you one of their choice. "
        'Otherwise, they say "Go fish", and you draw 1.'
    )
    assert catalog_card("AS")["description"].endswith(
        "KA2 (New Card Rules, Play Modifier: changes how cards can be played on the board): This Ace card can be in a "
        "run with both a King and a 2."
    )
    assert catalog_card("4C")["description"].startswith("Collectable (New Card Rules, Play Modifier")
    assert "each sponge you have in-play will \u201cabsorb\u201d a card" in catalog_card("KH")["description"]
    assert catalog_card("2D")["description"].startswith("Double Run (New Card Rules, Scoring Modifier: only has")


def test_special_cards_have_their_names_points_and_the_texts_words() -> None:
    transition = catalog_card("TR")
    assert {key: transition[key] for key in ("name", "count", "points")} == {
        "name": "Transition", "count": 2, "points": -10
    }  # fmt: skip
    assert transition["description"].startswith(
        "Worth -10 points in hand / 0 on the board. Can be played on either end of a run, then a card of the next "
        "rank of any suit can be played on this transition card (e.g. 2 of hearts / transition / 3 of spades)."
    )
    protected = catalog_card("PR")
    assert (protected["name"], protected["count"], protected["points"]) == ("Protected", 2, -10)
    assert protected["description"].endswith("You are not allowed to protect something that nothing else can play to.")
    assert catalog_card("HP") == {
        "code": "HP",
        "name": "Hot Potato",
        "count": 1,
        "points": -25,
        "description": "Worth -25 points. Cannot be played or discarded. Exception: You can play it to your board if "
        "you will go out this turn, and it is still worth -25. It can be traded using the exchange card. When you "
        "play a new group, if this is in your hand, you may pass it to a player of your choice.",
    }
    assert [GAME.card_name(code) for code in ("TR", "PR", "HP", "TD", "AS")] == [
        "Transition", "Protected", "Hot Potato", "10 of Diamonds", "Ace of Spades"
    ]  # fmt: skip
    assert GAME.card_name("ZZ") is None and GAME.card_name("1S") is None


# ----- moves in words -------------------------------------------------------------------------------------------
def test_take_names_the_cards_from_the_top_and_the_bottom_card_to_play() -> None:
    state = deal([["4H", "5H", "KS"], ["3S", "4S"]], piles=[["QC", "3H", "9S", "4D"]], options=BASE)
    assert described(state, 0) == {
        "draw": "Draw the top card of the draw pile (4 cards left)",
        "take 0 1": "Take the top card of the discard pile, the 4 of Diamonds",
        "take 0 3": "Take the top 3 cards of the discard pile (the 4 of Diamonds, the 9 of Spades and the 3 of "
        "Hearts), and play the bottom-most, the 3 of Hearts, this turn",
    }


def test_plays_name_the_group_its_end_and_its_cards() -> None:
    state = deal(
        [["9S", "TR", "6S", "5S", "AC", "2C", "3C"], ["3S", "4S"]],
        groups=[group("6H,7H,8H", 1), group("5C,5D,5H", 0)],
        phase="play",
    )
    moves = described(state, 0)
    assert moves["lay_off TR,9S 0hi"] == (
        "Play a Transition and the 9 of Spades off the high end of group 0, Seat 1's run of the 6, 7 and 8 of Hearts"
    )
    assert moves["lay_off 5S 1"] == "Play the 5 of Spades off group 1, your set of the 5s of Hearts, Diamonds and Clubs"
    assert moves["meld 2C,3C,AC"] == "Start a new run with the Ace, 2 and 3 of Clubs"
    assert moves["discard 6S 0"] == "Discard the 6 of Spades onto the discard pile, triggering Skip"
    assert moves["discard 9S 0"] == "Discard the 9 of Spades onto the discard pile"
    assert moves["discard TR 0"] == "Discard a Transition onto the discard pile"


def test_discard_action_choices_in_words() -> None:
    state = deal([["3D", "KC"], ["5H", "9S"]], phase="play")
    state, _ = play(state, 0, "discard 3D 0")
    assert described(state, 0)["fish 1 T"] == "Fish: ask Seat 1 for a 10"
    assert described(state, 0)["fish 1 H"] == "Fish: ask Seat 1 for a card of Hearts"
    state, _ = play(state, 0, "fish 1 H")
    assert described(state, 1) == {"give 5H": "Give the 5 of Hearts to Seat 0, who fished for a card of Hearts"}


# ----- events in words ------------------------------------------------------------------------------------------
def test_a_draw_reads_differently_for_the_drawer_another_seat_and_a_spectator() -> None:
    state = deal([["2C", "7D"], ["3S", "4S"]], stock=["9S", "KD"], piles=[["5H"]], options=BASE)
    _, (drew, card) = play(state, 0, "draw")
    assert texts(drew) == {
        None: "Seat 0 drew a card from the draw pile; a card is left in the draw pile.",
        0: "You drew a card from the draw pile; a card is left in the draw pile.",
        1: "Seat 0 drew a card from the draw pile; a card is left in the draw pile.",
    }
    assert texts(card) == {None: None, 0: "You drew the King of Diamonds.", 1: None}
    assert engine.event_for("house_rummy", card, 1, ["Ann", "Bob"]) is None
    assert shown_to(drew, 1, ["Ann", "Bob"])["text"].startswith("Ann drew a card")


def test_a_new_group_is_read_as_melded_with_its_kind_and_a_fish_card_only_by_the_two() -> None:
    state = deal([["6H", "7H", "8H", "3D", "KC"], ["5H", "9S"]], phase="play")
    state, (melded,) = play(state, 0, "meld 6H,7H,8H")
    assert shown_to(melded, 1)["kind"] == "melded"
    assert shown_to(melded, 1)["meldKind"] == "run"
    assert texts(melded)[1] == "Seat 0 started group 0, a new run of the 6, 7 and 8 of Hearts."
    state, _ = play(state, 0, "discard 3D 0", "fish 1 9")
    _, (given, card, turn) = play(state, 1, "give 9S")
    assert texts(given) == {
        None: "Seat 1 gave Seat 0 a card of their choice.",
        0: "Seat 1 gave you a card of their choice.",
        1: "You gave Seat 0 a card of your choice.",
    }
    assert texts(card) == {None: None, 0: "Seat 1 gave you the 9 of Spades.", 1: "You gave Seat 0 the 9 of Spades."}
    assert texts(turn)[1] == "It is your turn."


def test_the_end_of_a_hand_in_words() -> None:
    state = deal([["KC"], ["5H", "9S"]], phase="play")
    _, events = play(state, 0, "discard KC 0")
    by_kind = {event.kind: event for event in events}
    assert texts(by_kind["went_out"])[0] == "You went out by discarding your last card."
    assert texts(by_kind["hand_scored"])[None] == (
        "Hand 1 is over, Seat 0 went out: Seat 0 scores 0 (0 played - 0 in hand) and Seat 1 scores -10 (0 played - "
        "10 in hand)."
    )
    assert texts(by_kind["match_finished"])[1] == (
        "The match is over: final totals 0 for Seat 0 and -10 for you; Seat 0 wins."
    )


# ----- typed content --------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def schemas() -> dict[str, Any]:
    return engine.game_schemas("house_rummy")


def validator(schema: dict[str, Any], schemas: dict[str, Any]) -> Any:
    full = {**schema, "$defs": schemas["defs"]}
    Draft202012Validator.check_schema(full)
    return fastjsonschema.compile({key: value for key, value in full.items() if key != "$schema"})


def test_the_view_schema_accepts_real_views_and_rejects_a_wrong_type(schemas: dict[str, Any]) -> None:
    check = validator(schemas["view"], schemas)
    state, _ = engine.new_game("house_rummy", 3, 5)
    for seat in (None, 0, 1, 2):
        check(engine.view(state, seat))
    view = engine.view(state, 0)
    for field, wrong in (("stockCount", "35"), ("phase", "dance"), ("hand", ["ZZ"]), ("direction", 1)):
        with pytest.raises(fastjsonschema.JsonSchemaException):
            check({**view, field: wrong})
    with pytest.raises(fastjsonschema.JsonSchemaException):
        check({**view, "groups": [{"id": 0, "kind": "pair", "startedBy": 0, "cards": ["7H"], "owners": [0]}]})
    with pytest.raises(fastjsonschema.JsonSchemaException):
        check({**view, "groups": [{"id": 0, "kind": "set", "startedBy": 0, "cards": ["+7H"], "owners": [0]}]})
    check({**view, "groups": [{"id": 0, "kind": "run", "startedBy": 0, "cards": ["+TH"], "owners": [0]}]})


def test_event_and_move_schemas(schemas: dict[str, Any]) -> None:
    state = deal([["6H", "7H", "8H", "3D", "KC"], ["5H", "9S"]], phase="play")
    _, (melded,) = play(state, 0, "meld 6H,7H,8H")
    shown = shown_to(melded, 1)
    validator(schemas["events"]["melded"], schemas)(shown)
    with pytest.raises(fastjsonschema.JsonSchemaException):
        validator(schemas["events"]["melded"], schemas)({**shown, "group": -1})
    take = validator(schemas["moveArgs"]["take"], schemas)
    take({"pile": "0", "count": "3"})
    with pytest.raises(fastjsonschema.JsonSchemaException):
        take({"pile": 0, "count": "3"})
    assert set(schemas["moveArgs"]["lay_off"]["properties"]) == {"cards", "target"}
