"""The wording and the schema builders every game shares (engine/words.py, engine/schema_parts.py)."""

from __future__ import annotations

from jsonschema import Draft202012Validator

from engine import schema_parts, words
from engine.game import Game

NAMES = ["Ann", "", "Cy"]


def test_seats_for_a_viewer() -> None:
    assert words.seat_subject(0, 0, NAMES) == "You"
    assert words.seat_subject(0, 2, NAMES) == "Ann"
    assert words.seat_subject(1, 0, NAMES) == "Seat 1"  # no display name
    assert words.seat_subject(4, None, NAMES) == "Seat 4"  # beyond the names given
    assert words.seat_subject(None, 0, NAMES) == ""
    assert words.seat_subject(True, 0, NAMES) == ""
    assert Game.seat_subject(2, 0, NAMES) == "Cy"
    assert words.who(0, 0, NAMES) == "you"
    assert words.who(0, 0, NAMES, start=True) == "You"
    assert words.who(2, 0, NAMES) == "Cy"
    assert words.subject({"kind": "drew", "seat": 1}, 1, NAMES) == "You"
    assert words.whose(1, 0, NAMES) == "Seat 1's"
    assert words.whose(0, 0, NAMES) == "your"
    assert words.their(0, 0) == "your"
    assert words.their(1, 0) == "their"
    assert words.verb(1, 0, "score", "scores") == "scores"
    assert words.verb(0, 0, "score", "scores") == "score"
    assert words.verb([1, 2], 0, "share", "shares") == "share"
    assert words.seats_in_words([0, 1, 2], 0, NAMES) == "you, Seat 1 and Cy"
    assert words.seats_in_words([0, 1], 0, NAMES, start=True) == "You and Seat 1"
    assert words.amounts_for_seats([4, -1, 0], 0, NAMES) == "4 for you, -1 for Seat 1 and 0 for Cy"
    assert words.possessive_for_mover(1, 0) == "Seat 1's"
    assert words.possessive_for_mover(0, 0) == "your"


def test_lists_counts_plurals() -> None:
    assert words.join_words([]) == ""
    assert words.join_words(["a"]) == "a"
    assert words.join_words(["a", "b", "c"]) == "a, b and c"
    assert words.count_words(0) == "no"
    assert words.count_words(12) == "twelve"
    assert words.count_words(13) == "13"
    assert words.count_words(11, most=10) == "11"
    assert words.count_words(-1) == "-1"
    assert words.plural(1, "card") == "1 card"
    assert words.plural(-1, "point") == "-1 point"
    assert words.plural(0, "card") == "0 cards"
    assert words.upper_first("your turn") == "Your turn"
    assert words.rank_plural("T") == "10s"
    assert words.rank_plural("A") == "Aces"


def test_schema_builders() -> None:
    seat = schema_parts.seat(4)
    assert seat == {"type": "integer", "minimum": 0, "maximum": 3}
    assert schema_parts.seat_argument(3) == {"enum": ["0", "1", "2"], "description": "A seat number."}
    assert schema_parts.array(seat) == {"type": "array", "items": seat}
    assert schema_parts.array(seat, 1, 4) == {"type": "array", "items": seat, "minItems": 1, "maxItems": 4}
    totals = schema_parts.per_seat(schema_parts.POINTS, 2, 4)
    event = schema_parts.closed({"totals": totals, "winners": schema_parts.array(seat, 1, 4), "note": {}}, ["totals"])
    assert event["required"] == ["totals"]
    validator = Draft202012Validator(event)
    assert validator.is_valid({"totals": [3, -1], "winners": [0]})
    assert not validator.is_valid({"totals": [3]})  # one item per seat, two seats at least
    assert not validator.is_valid({"totals": [3, 1], "winners": [4]})  # no seat 4 of four
    assert not validator.is_valid({"totals": [3, 1], "other": 1})  # closed
    assert schema_parts.closed({"a": seat})["required"] == ["a"]
