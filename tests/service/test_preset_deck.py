"""A preset deck over the API (docs/api.md, "A preset deck, for every game"): CreateGame's ``options.deck`` deals
the match from that order, no answer shows it back (the match's options, the views, the events), and a preset that
is not the game's pack is ``400 options/invalid_deck`` naming the option, with nothing created."""

from __future__ import annotations

import random
from collections.abc import Iterator

import grpc
import orjson
import pytest
from cardengine_client import GameEngineError

import engine
from tests.service.conftest import LiveServer, live_server, make_store


@pytest.fixture(scope="module")
def live(request: pytest.FixtureRequest) -> Iterator[LiveServer]:
    with live_server(make_store("memory", request), "memory") as running:
        yield running


def house_rummy_pack() -> list[str]:
    state, _ = engine.new_game("house_rummy", 2, 0)
    deck = sorted(engine.get_game("house_rummy").deck(state))
    random.Random(1).shuffle(deck)
    return deck


def test_a_match_is_dealt_from_the_preset_and_never_shows_it(live: LiveServer) -> None:
    deck = house_rummy_pack()
    body = {"gameType": "house_rummy", "players": 2, "seed": 3, "options": {"deck": deck}}
    status, created = live.rest.post("/v1/games", body)
    assert status == 201, created
    game_id, tokens = created["gameId"], {seat["seat"]: seat["token"] for seat in created["seats"]}
    assert created["game"]["view"]["options"] == {
        "new_cards": True,
        "one_group_per_turn": True,
        "single_hand": False,
        "target_score": 500,
        "max_hands": 0,
    }
    hands = {}
    for seat in (0, 1):
        status, answer = live.rest.get(f"/v1/games/{game_id}", tokens[seat])
        assert status == 200 and answer["view"]["options"] == created["game"]["view"]["options"]
        hands[seat] = answer["view"]["hand"]
        assert answer["view"]["handCounts"] == [10, 10]
    assert hands == {0: sorted(deck[-1::-2][:10]), 1: sorted(deck[-2::-2][:10])}
    status, events = live.rest.get(f"/v1/games/{game_id}/events", tokens[0])
    assert status == 200
    shown = orjson.dumps(events).decode()
    assert not [card for card in deck[-2::-2][:10] if f'"{card}"' in shown]  # seat 1's hand: nowhere in seat 0's


def test_a_preset_that_is_not_the_pack_is_refused(live: LiveServer) -> None:
    deck = house_rummy_pack()
    body = {"gameType": "house_rummy", "players": 2, "seed": 3, "options": {"deck": deck[:-1]}}
    status, answer = live.rest.post("/v1/games", body)
    assert status == 400
    error = answer["error"]
    assert (error["code"], error["status"]) == ("options/invalid_deck", "INVALID_ARGUMENT")
    assert error["message"] == (
        "Option 'deck' must list every card of this match's deck once each (identical copies as often as the deck "
        f"has them); 56 cards for a deck of 57; it lacks {deck[-1]}."
    )
    assert error["details"]["field"] == "options.deck"
    status, answer = live.rest.post("/v1/games", {**body, "options": {"deck": {"top": "AS"}}})
    assert status == 400 and answer["error"]["code"] == "options/invalid_deck"


def test_the_python_sdk_over_grpc_deals_from_a_preset_and_refuses_a_bad_one(live: LiveServer) -> None:
    deck = house_rummy_pack()
    created = live.grpc.create_game("house_rummy", 2, 8, {"deck": ",".join(deck)})
    tokens = {seat.seat: seat.token for seat in created.seats}
    assert live.grpc.get_game(created.game_id, tokens[0]).view["hand"] == sorted(deck[-1::-2][:10])
    assert "deck" not in live.grpc.get_game(created.game_id, tokens[1]).view["options"]
    with pytest.raises(GameEngineError) as refused:
        live.grpc.create_game("house_rummy", 2, 8, {"deck": [*deck, "AS"]})
    assert (refused.value.code, refused.value.status) == ("options/invalid_deck", grpc.StatusCode.INVALID_ARGUMENT)
    assert refused.value.message == (
        "Option 'deck' must list every card of this match's deck once each (identical copies as often as the deck "
        "has them); 58 cards for a deck of 57; it has AS beyond the deck."
    )


def test_a_rated_game_or_one_with_open_seats_takes_no_preset(live: LiveServer) -> None:
    """The preset shows its creator every hand: games that strangers join, or that move ratings, are seeded only."""
    deck = house_rummy_pack()
    refusal = (
        "A preset deck (options.deck) shows its creator every hand, so a rated game or one with open seats is dealt "
        "from its seed only: leave the deck out, or make the game unrated with no open seats."
    )
    rated = {"gameType": "house_rummy", "players": 2, "options": {"deck": deck}, "rated": True}
    open_seat = {"gameType": "house_rummy", "options": {"deck": deck}, "seats": [{"name": "Ann"}, {"open": True}]}
    for body in (rated, open_seat):
        status, answer = live.rest.post("/v1/games", body)
        assert status == 400, answer
        assert (answer["error"]["code"], answer["error"]["message"]) == ("options/invalid_deck", refusal)
        assert answer["error"]["details"]["field"] == "options.deck"
    status, games = live.rest.get("/v1/lobby")
    assert status == 200 and games["games"] == []


def test_a_quick_match_ticket_takes_no_preset(live: LiveServer) -> None:
    body = {"gameType": "house_rummy", "players": 2, "options": {"deck": house_rummy_pack()}}
    status, answer = live.rest.post("/v1/matchmaking/tickets", body)
    assert status == 400, answer
    assert (answer["error"]["code"], answer["error"]["message"]) == (
        "options/invalid_deck",
        "Quick match pairs players who do not know each other, so its games are dealt from their seeds: a ticket "
        "takes no preset deck (options.deck).",
    )
    assert answer["error"]["details"]["field"] == "options.deck"
