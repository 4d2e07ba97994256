"""Draw Blood for people: the catalog's card list, moves and events in words, and the JSON Schemas of the content
(docs/rules/draw_blood.md, "Cards, moves and events in words")."""

from __future__ import annotations

from typing import Any

import fastjsonschema
import pytest
from jsonschema import Draft202012Validator

import engine
from tests.games.scripting import events_of, play
from tests.games.test_draw_blood import K, M, V, W, meld, position, row, slot

GAME = engine.get_game("draw_blood")


def catalog_card(code: str) -> dict[str, Any]:
    return next(card for card in GAME.catalog_entry()["cards"] if card["code"] == code)


def test_catalog_lists_every_card_with_the_texts_names_points_and_words() -> None:
    cards = GAME.catalog_entry()["cards"]
    # Numbers 1-9 (8 and 9 only with highest_number), three Monsters, the Kill Card, three Immunity Cards.
    assert [card["code"] for card in cards] == [
        "1S", "2H", "3S", "4H", "5S", "6H", "7S", "8H", "9S", V, W, M, K, "COFFIN", "FULLMOON", "WATER"
    ]  # fmt: skip
    assert sum(card["count"] for card in cards) == 54  # the default deck: 42 numbers, 9 Monsters, 3 Kill Cards
    # "Odd number cards are Black and have a Skull in the upper-right corner." / "Numbered Blood Cards are worth 5
    # points each"
    three = catalog_card("3S")
    assert {key: three[key] for key in ("name", "count", "points", "suit", "rank")} == {
        "name": "3 of Skulls", "count": 6, "points": 5, "suit": "Skulls", "rank": "3"
    }  # fmt: skip
    assert "odd number cards are Black and have a Skull in the upper-right corner" in three["description"]
    assert "(Triple Skulls) may Kill an opponent's Monster of choice" in three["description"]
    four = catalog_card("4H")
    assert (four["name"], four["suit"], four["points"]) == ("4 of Hearts", "Hearts", 5)
    assert "even number cards are Red and have a Heart" in four["description"]
    assert "(Triple Hearts) may Revive one of your own Monsters" in four["description"]
    assert {key: catalog_card("9S")[key] for key in ("name", "count", "option", "optionCount")} == {
        "name": "9 of Skulls", "count": 0, "option": "highest_number", "optionCount": 6
    }  # fmt: skip
    # "Monster cards are worth 10 points each"
    water_monster = catalog_card(M)
    assert (water_monster["name"], water_monster["count"], water_monster["points"]) == ("Water Monster", 3, 10)
    assert "each Monster alive in your Monster Row allows ONE MOVE per turn" in water_monster["description"]
    assert [catalog_card(code)["name"] for code in (V, W)] == ["Vampire", "Werewolf"]
    # "Kill cards are worth 20 points each."
    kill = catalog_card(K)
    assert (kill["name"], kill["count"], kill["points"]) == ("Kill Card", 3, 20)
    assert kill["description"].startswith("Laid down on top of an opponent's Monster, it kills that Monster")
    assert "either as a Pair or a Three-Of-A-Kind" in kill["description"]
    # "The Coffin Immunity Card is for the Vampire" / "Immunity Cards are worth 20 point each"
    assert catalog_card("COFFIN") == {
        "code": "COFFIN",
        "name": "Coffin Immunity Card",
        "count": 0,
        "points": 20,
        "description": "The Coffin Immunity Card is for the Vampire: placed above your Vampire in your Monster Row "
        "(ONE MOVE), it prevents your opponent from killing it with either a Kill Card or Triple Skulls "
        "(Kickstarter Exclusive).",
        "option": "immunity",
        "optionCount": 1,
    }
    assert [catalog_card(code)["name"] for code in ("FULLMOON", "WATER")] == [
        "Full Moon Immunity Card", "Water Immunity Card"
    ]  # fmt: skip


def test_number_cards_are_named_by_the_games_marks_not_as_playing_cards() -> None:
    # 7S and 2H look like the 7 of Spades and the 2 of Hearts of a pack, but are Numbered Blood Cards.
    assert [GAME.card_name(code) for code in ("7S", "2H", "1S", V, K)] == [
        "7 of Skulls", "2 of Hearts", "1 of Skulls", "Vampire", "Kill Card"
    ]  # fmt: skip
    assert GAME.card_name("7C") is None and GAME.card_name("vampire") is None and GAME.card_name("ZZ") is None


def described(state: engine.GameState, seat: int) -> dict[str, str]:
    return {str(move): engine.describe_move(state, seat, move) for move in engine.legal_moves(state, seat)}


def test_move_descriptions_name_cards_monsters_and_melds_in_full() -> None:
    rows = [row(vampire=slot([V]), werewolf=slot([W, K], alive=False)), row(watermonster=slot([M]))]
    melds = [meld(1, 1, "set", ["5S", "5S"]), meld(2, 1, "run", ["2H", "3S", "4H", "5S"])]
    hand = ["1S", "1S", "4H", "4H", "4H", "5S", "6H", W, K, K]
    state = position([hand, ["7S"]], draw=["2H", "6H", "7S"], rows=rows, melds=melds, discard=["3S", "6H"])
    assert described(state, 0) == {
        "draw": "Draw one card from the Draw Pile",
        "pick_up_discard_pile": "Pick up the whole Discard Pile (2 cards) and use its top card, the 6 of Hearts, "
        "in your next move",
    }
    state, _ = engine.apply(state, 0, "draw")  # draws the 7 of Skulls
    moves = described(state, 0)
    assert moves["play_monster WEREWOLF"] == "Play the Werewolf in your Monster Row, on top of the killed one"
    assert moves["kill 1 watermonster"] == "Kill Seat 1's Water Monster with a Kill Card"
    assert moves["meld 1S,1S"] == "Lay down a Meld: a Pair of 1s of Skulls"
    assert moves["meld 4H,4H,4H"] == "Lay down a Meld: a Set of three 4s of Hearts"
    assert moves["meld 4H,5S,6H,7S"] == "Lay down a Meld: a Run from the 4 of Hearts to the 7 of Skulls"
    assert moves["meld 5S,6H,7S"] == "Lay down a Meld: a Run of the 5 of Skulls, the 6 of Hearts and the 7 of Skulls"
    assert moves["meld KILL,KILL"] == "Lay down a Meld: a Pair of Kill Cards"
    assert (
        moves["lay_off 2 1S"] == "Play the 1 of Skulls off Meld 2, Seat 1's Run from the 2 of Hearts to the 5 of Skulls"
    )
    assert moves["lay_off 2 6H,7S"] == (
        "Play the 6 of Hearts and the 7 of Skulls off Meld 2, Seat 1's Run from the 2 of Hearts to the 5 of Skulls"
    )
    assert moves["triple_revive 4H,4H,4H werewolf"] == "Revive your Werewolf with Triple Hearts: three 4s of Hearts"
    assert moves["pair_kill 1 5S 1 watermonster"] == (
        "Add the 5 of Skulls to Meld 1, Seat 1's Pair of 5s of Skulls, and kill Seat 1's Water Monster with the three"
    )
    assert moves["discard KILL"] == "Discard the Kill Card"
    assert moves["end_turn"] == "End your turn, leaving 1 move unused"


def test_immunity_moves_in_words() -> None:
    rows = [row(vampire=slot([V])), row(werewolf=slot([W], immunity=["FULLMOON"]))]
    state = position([["COFFIN", K, "1S"], ["2H"]], rows=rows, options={"immunity": True})
    state, _ = engine.apply(state, 0, "draw")
    moves = described(state, 0)
    assert moves["play_immunity COFFIN"] == "Play the Coffin Immunity Card above your Vampire"
    assert moves["kill 1 werewolf"] == (
        "Play a Kill Card on the Immunity Card above Seat 1's Werewolf, cancelling its Immunity"
    )
    state, events = engine.apply(state, 0, "kill 1 werewolf")
    assert texts(events[0]) == {
        "spectator": "Seat 0 played a Kill Card on the Immunity Card above Seat 1's Werewolf, cancelling its "
        "Immunity: the Monster remains alive, but is no longer protected.",
        "seat 0": "You played a Kill Card on the Immunity Card above Seat 1's Werewolf, cancelling its Immunity: the "
        "Monster remains alive, but is no longer protected.",
        "seat 1": "Seat 0 played a Kill Card on the Immunity Card above your Werewolf, cancelling its Immunity: the "
        "Monster remains alive, but is no longer protected.",
    }


def texts(event: engine.Event, names: tuple[str, ...] = ()) -> dict[str, str | None]:
    """The event's text as the spectator, seat 0 and seat 1 read it (None: that viewer does not see it)."""
    shown = {viewer: engine.event_for("draw_blood", event, seat, names) for viewer, seat in
             (("spectator", None), ("seat 0", 0), ("seat 1", 1))}  # fmt: skip
    return {viewer: None if event is None else event["text"] for viewer, event in shown.items()}


def test_a_draw_is_read_with_its_card_by_the_drawer_only() -> None:
    state = position([["1S", "2H"], ["3S"]], draw=["1S", "4H", "7S"])
    state, events = engine.apply(state, 0, "draw")
    assert texts(events[0]) == {
        "spectator": "Seat 0 drew a card; 2 cards are left in the Draw Pile.",
        "seat 0": "You drew the 7 of Skulls; 2 cards are left in the Draw Pile.",
        "seat 1": "Seat 0 drew a card; 2 cards are left in the Draw Pile.",
    }
    assert texts(events[0], ("Mina", "Jonathan"))["seat 1"] == "Mina drew a card; 2 cards are left in the Draw Pile."


def test_the_seeded_deal_in_words() -> None:
    # Seed 1002 (the golden match): seat 0 is dealt two 3s and two 4s, the Werewolf and a Kill Card.
    _, events = engine.new_game("draw_blood", 2, seed=1002, options={"max_hands": 1})
    assert texts(events[0]) == {
        "spectator": "Hand 1 is dealt, 10 cards to each player, with 34 cards left in the Draw Pile; Seat 0 draws "
        "first.",
        "seat 0": "Hand 1 is dealt, 10 cards to each player, with 34 cards left in the Draw Pile; you draw first.",
        "seat 1": "Hand 1 is dealt, 10 cards to each player, with 34 cards left in the Draw Pile; Seat 0 draws first.",
    }
    assert texts(events[1]) == {
        "spectator": None,
        "seat 0": "You were dealt the 2 of Hearts, two 3s of Skulls, two 4s of Hearts, the 5 of Skulls, the 6 of "
        "Hearts, the 7 of Skulls, the Werewolf and the Kill Card.",
        "seat 1": None,
    }


def test_kills_revivals_melds_and_the_end_of_the_hand_in_words() -> None:
    seat_0 = row(vampire=slot([V]), werewolf=slot([W, K], alive=False), watermonster=slot([M]))  # two moves a turn
    rows = [seat_0, row(vampire=slot([V]), watermonster=slot([M]))]
    melds = [meld(1, 1, "set", ["5S", "5S"]), meld(2, 1, "run", ["2H", "3S", "4H"])]
    hand = ["1S", "4H", "4H", "4H", "5S"]
    state = position([hand, ["7S", V]], draw=["2H", "5S", "6H", "1S"], rows=rows, melds=melds)
    state, events = play(state, [(0, "draw"), (0, "triple_revive 4H,4H,4H werewolf"), (0, "pair_kill 1 5S 1 vampire")])
    revived, killed = events_of(events, "monster_revived")[0], events_of(events, "monster_killed")[0]
    assert texts(revived)["seat 1"] == "Seat 0 revived their Werewolf with Triple Hearts (three 4s of Hearts)."
    assert texts(revived)["seat 0"] == "You revived your Werewolf with Triple Hearts (three 4s of Hearts)."
    assert texts(killed) == {
        "spectator": "Seat 0 killed Seat 1's Vampire with Triple Skulls, completing the Pair of Meld 1 with a third "
        "5 of Skulls.",
        "seat 0": "You killed Seat 1's Vampire with Triple Skulls, completing the Pair of Meld 1 with a third 5 of "
        "Skulls.",
        "seat 1": "Seat 0 killed your Vampire with Triple Skulls, completing the Pair of Meld 1 with a third 5 of "
        "Skulls.",
    }
    state, events = play(
        state, [(1, "draw"), (1, "discard 7S"), (0, "draw"), (0, "lay_off 2 1S,5S"), (0, "discard 1S")]
    )
    assert texts(events[1])["seat 0"] == "Seat 1 discarded the 7 of Skulls."
    laid_off = events_of(events, "laid_off")[0]
    assert texts(laid_off)["seat 1"] == "Seat 0 played the 1 of Skulls and the 5 of Skulls off your Meld 2."
    assert texts(laid_off)["spectator"] == "Seat 0 played the 1 of Skulls and the 5 of Skulls off Seat 1's Meld 2."
    assert [engine.event_for("draw_blood", event, 1)["text"] for event in events[-2:]] == [  # type: ignore[index]
        "Seat 0 went out: no cards are left in their hand.",
        # Seat 0 scores the 1 and 5 of Skulls it played off Meld 2; seat 1 its Run, less the Vampire and 6 of Hearts.
        "Hand 1 is over, Seat 0 went out: Seat 0 scores 10 (10 for Melds minus 0 for cards in hand) and you score "
        "0 (15 for Melds minus 15 for cards in hand); totals 10 for Seat 0 and 0 for you.",
    ]


def test_seats_receive_a_meld_as_melded_with_its_meld_kind() -> None:
    state = position([["1S", "2H", "3S", "6H", "6H"], ["7S"]], rows=[row(vampire=slot([V])), row()])
    state, events = play(state, [(0, "draw"), (0, "meld 3S,1S,2H")])
    shown = engine.event_for("draw_blood", events[-1], 1)
    assert shown is not None
    # The Meld's kind travels as "meldKind", so the event's own kind "melded" reaches the seats unchanged.
    assert (events[-1].kind, shown["kind"], shown["meldKind"]) == ("melded", "melded", "run")
    assert shown["text"] == "Seat 0 laid down Meld 1: a Run of the 1 of Skulls, the 2 of Hearts and the 3 of Skulls."


def test_monster_and_turn_events_in_words() -> None:
    rows = [row(vampire=slot([V]), werewolf=slot([W])), row(watermonster=slot([M, K], alive=False))]
    state = position([["1S", "2H", "3S"], [M, "2H", "2H"]], rows=rows)
    state, events = play(state, [(0, "draw"), (0, "discard 2H"), (0, "end_turn"), (1, "pick_up_discard_pile")])
    assert texts(events[2])["seat 1"] == "Seat 0 ended their turn with one move unused."
    assert texts(events[2])["seat 0"] == "You ended your turn with one move unused."
    assert texts(events[3])["seat 0"] == (
        "Seat 1 picked up the Discard Pile (the 2 of Hearts) and must use its top card, the 2 of Hearts, in the next "
        "move."
    )
    assert described(state, 1) == {
        "triple_revive 2H,2H,2H watermonster": "Revive your Water Monster with Triple Hearts: three 2s of Hearts"
    }
    state, events = play(state, [(1, "triple_revive 2H,2H,2H watermonster")])
    assert (
        texts(events[0])["spectator"] == "Seat 1 revived their Water Monster with Triple Hearts (three 2s of Hearts)."
    )


@pytest.mark.parametrize(
    ("path", "bad"),
    [
        (("movesLeft",), "2"),  # an integer, not a string
        (("hand",), ["7C"]),  # no card of Draw Blood
        (("monsterRows", 0, "vampire", "alive"), 1),
        (("phase",), "dealing"),
    ],
)
def test_the_view_schema_rejects_wrong_types(path: tuple[str | int, ...], bad: object) -> None:
    schemas = engine.game_schemas("draw_blood")
    schema = {**schemas["view"], "$defs": schemas["defs"]}
    Draft202012Validator.check_schema(schema)
    state, _ = engine.new_game("draw_blood", 2, seed=3)
    view = engine.view(state, 0)
    Draft202012Validator(schema).validate(view)
    fastjsonschema.validate({k: v for k, v in schema.items() if k != "$schema"}, view)
    target: Any = view
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = bad
    assert not Draft202012Validator(schema).is_valid(view)
