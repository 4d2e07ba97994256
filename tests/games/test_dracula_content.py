"""Dracula for people: the catalog's card list, moves and events in words, and the JSON Schemas of the content
(docs/rules/dracula.md, "Cards, moves and events in words")."""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator

import engine
from tests.games.scripting import play
from tests.games.test_dracula import COFFIN_A_HANDS, COFFIN_A_MOVES, two_player_deal

GAME = engine.get_game("dracula")


def catalog_card(code: str) -> dict[str, Any]:
    return next(card for card in GAME.catalog_entry()["cards"] if card["code"] == code)


def test_catalog_lists_the_54_card_pack_with_names_values_and_the_texts_own_words() -> None:
    cards = GAME.catalog_entry()["cards"]
    assert len(cards) == 53 and sum(card["count"] for card in cards) == 54
    # "numerals count at face value from Ace = 1 to Ten = 10"
    assert catalog_card("TS") == {"code": "TS", "name": "10 of Spades", "count": 1, "points": 10, "suit": "Spades",
                                  "rank": "10"}  # fmt: skip
    assert catalog_card("AD") == {"code": "AD", "name": "Ace of Diamonds", "count": 1, "points": 1,
                                  "suit": "Diamonds", "rank": "Ace"}  # fmt: skip
    jack = catalog_card("JC")
    assert (jack["name"], jack["points"]) == ("Jack of Clubs", 0)
    assert jack["description"].startswith("A Jack counts 0 in either direction")
    queen = catalog_card("QH")
    assert (queen["name"], queen["count"], "points" in queen) == ("Queen of Hearts", 1, False)
    assert queen["description"].startswith("A Queen counts 10 horizontally (across) but 0 vertically (down)")
    assert "still remains valid for doubling, trebling or quintupling" in queen["description"]
    assert catalog_card("KS")["description"].startswith("A King counts 10 vertically (down) but 0 horizontally")
    assert catalog_card("VP") == {
        "code": "VP",
        "name": "Vampire",
        "count": 2,
        "description": "A Vampire drains all the score out of the row and column in which it appears, resulting "
        "in a whole line counting zero in both directions (Jokers may stand in for the two Vampires).",
    }
    assert "description" not in catalog_card("7H")


def test_card_names_follow_the_project_convention() -> None:
    assert [GAME.card_name(code) for code in ("TS", "QH", "2D", "VP")] == [
        "10 of Spades", "Queen of Hearts", "2 of Diamonds", "Vampire"
    ]  # fmt: skip
    assert GAME.card_name("b1") is None and GAME.card_name("XX") is None


def test_move_descriptions_name_cards_in_full() -> None:
    state, _ = engine.new_game("dracula", 2, seed=1002, options={"deals": 2})
    first_dealer = state.table["first_dealer"]
    declarations = [engine.describe_move(state, first_dealer, m) for m in engine.legal_moves(state, first_dealer)]
    assert declarations == ["Declare across as your direction", "Declare down as your direction"]
    state = two_player_deal(COFFIN_A_HANDS, "5H")  # seat 1 holds the Queen of Hearts; the nail is on b2
    described = {str(m): engine.describe_move(state, 1, m) for m in engine.legal_moves(state, 1)}
    assert described["place QH b1"] == "Place the Queen of Hearts on b1"
    assert described["place 9H c2"] == "Place the 9 of Hearts on c2"
    assert len(described) == 16  # four cards on b1, a2, c2, b3


def seeded_first_deal() -> tuple[engine.GameState, list[engine.Event]]:
    """Seed 1002 (the golden match): seat 1 cuts the Jack of Hearts, deals first and declares across."""
    state, _ = engine.new_game("dracula", 2, seed=1002, options={"deals": 2})
    return engine.apply(state, 1, "declare across")


def texts(event: engine.Event) -> dict[str, str | None]:
    """The event's text as the spectator, seat 0 and seat 1 read it (None: that viewer does not see it)."""
    shown = {viewer: engine.event_for("dracula", event, seat) for viewer, seat in
             (("spectator", None), ("seat 0", 0), ("seat 1", 1))}  # fmt: skip
    return {viewer: None if event is None else event["text"] for viewer, event in shown.items()}


def test_the_deal_is_read_in_full_by_its_seat_and_as_counts_by_the_others() -> None:
    _, events = seeded_first_deal()
    by_kind = {event.kind: event for event in events if event.kind != "hand_dealt"}
    dealt = [event for event in events if event.kind == "hand_dealt"]
    assert texts(by_kind["declared"]) == {
        "spectator": "Seat 1 declared across (the Queen's way); the other side scores down (the King's way).",
        "seat 0": "Seat 1 declared across (the Queen's way); the other side scores down (the King's way).",
        "seat 1": "You declared across (the Queen's way); the other side scores down (the King's way).",
    }
    assert texts(by_kind["deal_started"]) == {
        "spectator": "Deal 1: Seat 1 dealt 4 cards to each player, leaving 45 cards in the stock.",
        "seat 0": "Deal 1: Seat 1 dealt 4 cards to each player, leaving 45 cards in the stock.",
        "seat 1": "Deal 1: You dealt 4 cards to each player, leaving 45 cards in the stock.",
    }
    # A private event: only its seat reads it (with the cards), the others and spectators do not see it at all.
    assert texts(dealt[0]) == {
        "spectator": None,
        "seat 0": "You were dealt the 3, 7 and Jack of Hearts; and the 5 of Clubs.",
        "seat 1": None,
    }
    assert texts(dealt[1])["seat 1"] == "You were dealt the Ace of Spades; and the 3, 4 and King of Diamonds."
    assert texts(by_kind["nail_turned"])["spectator"] == (
        "The 2 of Hearts was turned face up on b2 as the first nail in the coffin."
    )


def test_the_cut_names_every_cut_card_and_the_first_dealer() -> None:
    _, events = engine.new_game("dracula", 2, seed=1002, options={"deals": 2})
    assert [engine.event_for("dracula", event, 1)["text"] for event in events] == [  # type: ignore[index]
        "Cut for the first dealer: Seat 0 cut the 8 of Clubs and you cut the 2 of Clubs; no card decides, so the "
        "cut is made again.",
        "Cut for the first dealer: Seat 0 cut the 9 of Hearts and you cut the Jack of Hearts; you deal first.",
    ]


def test_placements_scores_and_the_end_in_words_with_seat_names() -> None:
    state = two_player_deal(COFFIN_A_HANDS, "5H")  # seat 0 deals and scores across, seat 1 down; one deal
    state, events = play(state, COFFIN_A_MOVES)
    names = ["Mina", "Jonathan"]
    shown = [engine.event_for("dracula", event, 0, names) for event in events]
    text = [event["text"] for event in shown if event is not None]
    assert text[0] == "Jonathan placed the 9 of Hearts on b1."
    assert text[1] == "You placed the King of Spades on a2."
    # Coffin A: across 10+9+8 three hearts x5 = 135; down 9+5+3 two hearts x2 = 34.
    assert (
        text[-2]
        == "The coffin of deal 1 is scored: 135 points to you and 34 points to Jonathan (each side's best line)."
    )
    assert text[-1] == (
        "The match is over: you add the difference of 101 points as a bonus; final totals 236 for you and 34 for "
        "Jonathan; you win."
    )
    spectator = engine.event_for("dracula", events[-1], None, names)
    assert spectator is not None and spectator["text"] == (
        "The match is over: Mina adds the difference of 101 points as a bonus; final totals 236 for Mina and 34 for "
        "Jonathan; Mina wins."
    )


def test_four_player_nails_and_partnership_scores_in_words() -> None:
    state, _ = engine.new_game("dracula", 4, seed=7, options={"deals": 1})
    dealer = state.table["first_dealer"]
    state, events = engine.apply(state, dealer, "declare across")
    started = next(event for event in events if event.kind == "deal_started")
    assert engine.event_for("dracula", started, 2)["text"] == (  # type: ignore[index]
        "Deal 1: Seat 0 dealt 14 cards to Seat 1, 14 to you, 13 to Seat 3 and 13 to Seat 0."
    )
    nail = engine.legal_moves(state, 1)[0]
    assert str(nail) == "place 3C b2"
    state, events = engine.apply(state, 1, nail)
    assert engine.event_for("dracula", events[0], None)["text"] == (  # type: ignore[index]
        "Seat 1 placed the 3 of Clubs on b2 as the first nail in the coffin."
    )
    while state.table["coffin_in_deal"] == 1:
        seat = engine.to_act(state)[0]
        state, events = engine.apply(state, seat, engine.legal_moves(state, seat)[0])
    scored = next(event for event in events if event.kind == "coffin_scored")
    text = engine.event_for("dracula", scored, 3)["text"]  # type: ignore[index]
    points = scored.data["points"]
    assert text == (
        f"Coffin 1 of deal 1 is scored: {points[0]} points to Seat 0 and Seat 2, {points[1]} points to Seat 1 and "
        "you (each side's best line)."
    )


def validator(part: str) -> Draft202012Validator:
    schemas = engine.game_schemas("dracula")
    return Draft202012Validator({**schemas[part], "$defs": schemas["defs"]})


def test_the_view_schema_accepts_real_views_and_rejects_wrong_types() -> None:
    state, _ = seeded_first_deal()
    view = engine.view(state, 0)
    check = validator("view")
    assert not list(check.iter_errors(view))
    assert not list(check.iter_errors(engine.view(state, None)))
    for key, wrong in (("stockCount", "45"), ("phase", "dealing"), ("hand", ["3H", "XX"]), ("turn", -1)):
        assert list(check.iter_errors({**view, key: wrong})), f"{key}={wrong!r} passed"
    coffin = [list(row) for row in view["coffin"]]
    coffin[0][0] = "ZZ"
    assert list(check.iter_errors({**view, "coffin": coffin}))
    assert list(check.iter_errors({**view, "extra": 1}))


def test_move_args_and_event_schemas() -> None:
    schemas = engine.game_schemas("dracula")
    place = Draft202012Validator(schemas["moveArgs"]["place"])
    assert not list(place.iter_errors({"card": "QH", "cell": "b1"}))
    assert list(place.iter_errors({"card": "QH", "cell": "d4"}))
    placed = Draft202012Validator(schemas["events"]["placed"])
    assert not list(placed.iter_errors({"kind": "placed", "seat": 0, "card": "VP", "cell": "a1", "text": "..."}))
    assert list(placed.iter_errors({"kind": "placed", "seat": 0, "card": "VP", "cell": "a1"}))  # no text
    assert set(schemas["events"]) == {"cut", "declared", "deal_started", "hand_dealt", "nail_turned", "placed",
                                      "coffin_scored", "match_finished"}  # fmt: skip


@pytest.mark.parametrize("players", [2, 4])
def test_the_score_sheet_matches_its_schema(players: int) -> None:
    state, _ = engine.new_game("dracula", players, seed=3, options={"deals": 1})
    while not engine.is_finished(state):
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, engine.legal_moves(state, seat)[-1])
    assert not list(validator("score").iter_errors(engine.score(state).to_dict()))
