"""The game's header names its last move (issue 27): seat, notation, description and whether it timed out, as each
caller may know it, in ApplyMove's answer, GetGame (REST and gRPC) and each watched version; and the texts of a move
the service made for a seat out of time say so."""

from __future__ import annotations

from typing import Any

import grpc
from cardengine.v1 import game_engine_pb2 as pb
from cardengine.v1 import game_engine_pb2_grpc as pb_grpc

import engine
from service.core.last_move import notation_seen
from service.core.records import EventView, LastMove
from service.core.stored import GameMeta, LogEntry
from tests.games import test_house_rummy_support as house
from tests.games.test_house_rummy_cards import STOCK
from tests.service.conftest import LiveServer

GAME, SEED, NAMES = "house_rummy", 7, ["Ann", "Bob"]
DREW = "drew a card from the draw pile; 35 cards are left in the draw pile."
TIMED_OUT = "Time ran out, so a move was made for Ann: Ann discarded the 2 of Hearts onto discard pile 0."


def last_move(live: LiveServer, game_id: str, token: str | None) -> Any:
    status, game = live.rest.get(f"/v1/games/{game_id}", token)
    assert status == 200, game
    return game.get("lastMove")


def timeout_move(live: LiveServer, game_id: str, seat: int, notation: str) -> None:
    """What the clock sweeper does for a seat out of time: the one write path, flagged timed out."""
    service = live.server.service
    stored, meta = service.games.load(game_id)
    service.moves.commit_move(stored, meta, seat, notation, omit_view=True, timed_out=True)


def test_the_header_names_the_last_move_for_each_caller(live: LiveServer) -> None:
    body = {"gameType": GAME, "players": 2, "seed": SEED, "seats": [{"name": name} for name in NAMES]}
    status, created = live.rest.post("/v1/games", body)
    assert status == 201, created
    game_id, tokens = created["gameId"], [seat["token"] for seat in created["seats"]]
    assert "lastMove" not in created["game"] and last_move(live, game_id, None) is None  # the deal is no move

    status, moved = live.rest.post(f"/v1/games/{game_id}/moves", {"move": "draw", "expectedVersion": 0}, tokens[0])
    assert status == 200, moved
    mine = {"version": 1, "seat": 0, "notation": "draw", "description": f"You {DREW}", "timedOut": False}
    assert moved["game"]["lastMove"] == mine
    assert last_move(live, game_id, tokens[0]) == mine
    theirs = {**mine, "description": f"Ann {DREW}"}
    assert last_move(live, game_id, None) == theirs and last_move(live, game_id, tokens[1]) == theirs

    timeout_move(live, game_id, 0, "discard 2H 0")
    timed_out = {"version": 2, "seat": 0, "notation": "discard 2H 0", "description": TIMED_OUT, "timedOut": True}
    for token in (None, *tokens):  # a public card: everyone may read the notation; nobody reads "You discarded"
        assert last_move(live, game_id, token) == timed_out
    status, log = live.rest.get(f"/v1/games/{game_id}/events?after=1", tokens[0])
    assert [(event["text"], event["timedOut"]) for event in log["events"]] == [
        (TIMED_OUT, True),
        ("Time ran out for Ann: It is Bob's turn.", True),
    ]

    with grpc.insecure_channel(f"127.0.0.1:{live.server.grpc_port}") as channel:
        stub = pb_grpc.GameEngineStub(channel)
        header = stub.GetGame(pb.GetGameRequest(game_id=game_id), timeout=10)
        watched = iter(stub.WatchGame(pb.WatchGameRequest(game_id=game_id, after_version=0), timeout=10))
        first, second = next(watched), next(watched)
    assert header.HasField("last_move")
    assert (header.last_move.version, header.last_move.seat, header.last_move.notation) == (2, 0, "discard 2H 0")
    assert (header.last_move.description, header.last_move.timed_out) == (TIMED_OUT, True)
    assert (first.last_move.notation, first.last_move.description, first.last_move.timed_out) == (
        "draw",
        f"Ann {DREW}",
        False,
    )
    assert (second.last_move.notation, second.last_move.timed_out) == ("discard 2H 0", True)


def test_a_card_given_in_secret_is_left_out_of_the_notation_for_the_others() -> None:
    # House Rummy's Fish: seat 1 gives seat 0 a card. The others see only that a card was given (fish_given); the
    # two seats concerned see the card (fish_card).
    given = EventView(5, 20, "fish_given", 1, {"to": 0}, "Bob gave Ann a card.")
    card = EventView(5, 21, "fish_card", 1, {"to": 0, "card": "KD"}, "Bob gave Ann the King of Diamonds.")
    assert not notation_seen(GAME, "give KD", [given])
    assert notation_seen(GAME, "give KD", [given, card])
    assert notation_seen(GAME, "exchange 1", [])  # names no card
    melded = EventView(3, 9, "melded", 0, {"cards": ["5D", "5H", "5S"]}, "")
    assert notation_seen(GAME, "meld 5D,5H,5S", [melded]) and not notation_seen(GAME, "meld 5D,5H,5C", [melded])


def test_a_fish_give_names_its_card_only_to_the_two_seats_concerned() -> None:
    # House Rummy's Fish (tests/games/test_house_rummy_cards.py): seat 0 asks seat 1 for a Seven; seat 1 gives the
    # 7 of Spades. Seat 2 and spectators learn only that a card was given.
    state = house.deal([["3D", "KC"], ["7S", "7C", "5H"], ["9S"]], phase="play", stock=STOCK)
    state, _ = house.play(state, 0, "discard 3D 0", "fish 1 7")
    _, events = engine.apply(state, 1, "give 7S")
    entry = LogEntry(9, 1, "give 7S", (1,), finished=False, first_sequence=40, events=tuple(events))
    meta = GameMeta(GAME, 3, ("", "", ""), seat_names=("Ann", "Bob", "Cy"))
    seen = {viewer: entry.last_move_for(meta, viewer, entry.events_for(meta, viewer)) for viewer in (None, 0, 1, 2)}
    assert seen[1] == LastMove(9, 1, "give 7S", "You gave Ann a card of your choice.", False)
    assert seen[0] == LastMove(9, 1, "give 7S", "Bob gave you a card of their choice.", False)
    assert seen[2] == seen[None] == LastMove(9, 1, "", "Bob gave Ann a card of their choice.", False)


def test_a_retried_move_answers_the_game_with_its_last_move(live: LiveServer) -> None:
    body = {"gameType": GAME, "players": 2, "seed": SEED, "seats": [{"name": name} for name in NAMES]}
    status, created = live.rest.post("/v1/games", body)
    assert status == 201, created
    game_id, token = created["gameId"], created["seats"][0]["token"]
    move = {"move": "draw", "expectedVersion": 0, "idempotencyKey": "draw-1"}
    first = live.rest.post(f"/v1/games/{game_id}/moves", move, token)[1]
    status, again = live.rest.post(f"/v1/games/{game_id}/moves", move, token)
    assert status == 200 and again["replayed"] is True
    mine = {"version": 1, "seat": 0, "notation": "draw", "description": f"You {DREW}", "timedOut": False}
    assert first["game"]["lastMove"] == again["game"]["lastMove"] == mine
