"""Events and moves people can read (issue 12): every event carries ``text`` written by the engine for the caller's
seat (``engine.event_for``, spectator without a token) with the seats' display names, in GetEvents, ApplyMove,
WatchGame and the event stream; legal moves carry the engine's ``describe_move``."""

from __future__ import annotations

import engine
from tests.service.conftest import LiveServer

SEED = 17
NAMES = ("Ann", "Bob")


def expected_texts(events: list[engine.Event], seat: int | None, names: tuple[str, ...]) -> list[str]:
    shown = [engine.event_for("dracula", event, seat, names) for event in events]
    return [event["text"] for event in shown if event is not None]


def test_texts_are_the_engines_for_each_caller_with_seat_names(live: LiveServer) -> None:
    body = {"gameType": "dracula", "players": 2, "seed": SEED, "seats": [{"name": name} for name in NAMES]}
    status, created = live.rest.post("/v1/games", body)
    assert status == 201
    game_id, tokens = created["gameId"], [seat["token"] for seat in created["seats"]]
    state, deal = engine.new_game("dracula", 2, SEED)
    everything = list(deal)
    for _ in range(6):  # the declaration, then placings
        seat = engine.to_act(state)[0]
        moves = live.rest.get(f"/v1/games/{game_id}/moves", tokens[seat])[1]
        assert [m["description"] for m in moves["moves"]] == [
            engine.describe_move(state, seat, move) for move in engine.legal_moves(state, seat)
        ]
        move = moves["moves"][-1]["notation"]
        status, applied = live.rest.post(
            f"/v1/games/{game_id}/moves", {"move": move, "expectedVersion": moves["version"]}, tokens[seat]
        )
        assert status == 200
        state, events = engine.apply(state, seat, move)
        everything.extend(events)
        assert [e["text"] for e in applied["events"]] == expected_texts(events, seat, NAMES)
        assert applied["game"]["seatNames"] == list(NAMES)
    viewers: list[int | None] = [0, 1, None]
    for viewer in viewers:
        token = tokens[viewer] if viewer is not None else None
        page = live.rest.get(f"/v1/games/{game_id}/events", token)[1]
        assert [e["text"] for e in page["events"]] == expected_texts(everything, viewer, NAMES)
        assert all(e["text"] for e in page["events"])
        grpc_log = live.grpc.events(game_id, token)
        assert [e.text for e in grpc_log.events] == expected_texts(everything, viewer, NAMES)
        watched = live.grpc.watch(game_id, token)
        streamed = [next(watched) for _ in range(7)]
        watched.close()
        assert [e.text for u in streamed for e in u.events] == expected_texts(everything, viewer, NAMES)
    cut = live.rest.get(f"/v1/games/{game_id}/events")[1]["events"][0]
    assert cut["kind"] == "cut" and "Ann" in cut["text"] and "Bob" in cut["text"]
    own_cut = live.rest.get(f"/v1/games/{game_id}/events", tokens[0])[1]["events"][0]
    assert own_cut["text"].startswith("Cut for the first dealer: you cut the ")  # the viewer is "you"


def test_without_names_texts_say_seat_numbers(live: LiveServer) -> None:
    created = live.grpc.create_game("dracula", 2, seed=SEED)
    assert created.game.seat_names == ("", "") and created.game.bots == ("", "")
    log = live.grpc.events(created.game_id)
    _, deal = engine.new_game("dracula", 2, SEED)
    assert [e.text for e in log.events] == expected_texts(deal, None, ())
    assert "Seat 0" in log.events[0].text and "Seat 1" in log.events[0].text


def test_an_idempotent_replay_keeps_the_texts(live: LiveServer) -> None:
    created = live.grpc.create_game("dracula", 2, seed=SEED, seats=[("Ann", ""), ("Bob", "")])
    seat = created.game.to_act[0]
    token = created.token(seat)
    move = live.grpc.legal_moves(created.game_id, token).notations[0]
    first = live.grpc.apply_move(created.game_id, token, move, 0, "key-1")
    again = live.grpc.apply_move(created.game_id, token, move, 0, "key-1")
    assert again.replayed and [e.text for e in again.events] == [e.text for e in first.events]
    assert all(e.text for e in first.events) and again.game.seat_names == ("Ann", "Bob")
