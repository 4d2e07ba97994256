"""The lobby through real servers (docs/api.md "Lobby", service/core/lobby.py), on the in-memory store and on Redis:
a game with an open seat waits (no one to act, moves refused), is listed by ListOpenGames with its filters and pages,
and JoinGame takes the seat for the calling key and player, answering its token; 20 racers for one open seat seat
exactly one; every refusal is typed."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from cardengine.v1 import game_engine_pb2 as pb

from tests.service.access import ALICE, BOB, Grpc, GrpcFailure, keys_file, rest
from tests.service.conftest import LiveServer, live_server, make_store


@pytest.fixture
def keyed(store_kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LiveServer]:
    with live_server(make_store(store_kind, request), store_kind, api_keys_file=keys_file(tmp_path)) as running:
        yield running


@pytest.fixture
def keyed_redis(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LiveServer]:
    with live_server(make_store("redis", request), "redis", api_keys_file=keys_file(tmp_path)) as running:
        yield running


@pytest.fixture
def grpc_calls(keyed: LiveServer) -> Iterator[Grpc]:
    calls = Grpc(keyed)
    yield calls
    calls.close()


def create(live: LiveServer, key: str = ALICE, **fields: Any) -> dict[str, Any]:
    body = {"gameType": "dracula", "players": 2, "seed": 7, "seats": [{"name": "Ann", "player": "ann"}, {"open": True}]}
    answer = rest(live, "POST", "/v1/games", key=key, body=body | fields)
    assert answer.status == 201, answer.body
    created: dict[str, Any] = answer.json()
    return created


def lobby(live: LiveServer, query: str = "", key: str = ALICE) -> dict[str, Any]:
    answer = rest(live, "GET", f"/v1/lobby{query}", key=key)
    assert answer.status == 200, answer.body
    found: dict[str, Any] = answer.json()
    return found


def join(live: LiveServer, game_id: str, key: str = BOB, **body: Any) -> tuple[int, dict[str, Any]]:
    answer = rest(live, "POST", f"/v1/games/{game_id}/join", key=key, body=body)
    return answer.status, answer.json()


def code_of(answer: dict[str, Any]) -> str:
    code: str = answer["error"]["code"]
    return code


def test_an_open_seat_waits_is_listed_and_is_joined(keyed: LiveServer) -> None:
    created = create(keyed, rated=True, minRating=1200, maxRating=1600)
    game_id = created["gameId"]
    assert [seat["seat"] for seat in created["seats"]] == [0]  # no token for the open seat
    game = created["game"]
    assert (game["openSeats"], game["toAct"], game["rated"], game["finished"]) == ([1], [], True, False)
    ann = created["seats"][0]["token"]
    refused = rest(
        keyed, "POST", f"/v1/games/{game_id}/moves", token=ann, body={"move": "declare down", "expectedVersion": 0}
    )
    assert refused.status == 422 and code_of(refused.json()) == "game/waiting_for_players"
    assert refused.json()["error"]["details"]["openSeats"] == [1]
    assert rest(keyed, "GET", f"/v1/games/{game_id}/moves", token=ann).json()["moves"] == []

    listed = lobby(keyed, "?gameType=dracula")
    assert listed["nextPageToken"] == ""
    [entry] = listed["games"]
    assert {k: v for k, v in entry.items() if k not in ("options", "createdAt")} == {
        "gameId": game_id,
        "gameType": "dracula",
        "players": 2,
        "openSeats": [1],
        "seatNames": ["Ann", ""],
        "bots": ["", ""],
        "rated": True,
        "minRating": 1200,
        "maxRating": 1600,
    }
    assert entry["createdAt"] > 0 and isinstance(entry["options"], dict)

    status, joined = join(keyed, game_id, player="bob-1")
    assert status == 200, joined
    assert joined["gameId"] == game_id and joined["seat"]["seat"] == 1
    bob = joined["seat"]["token"]
    assert (joined["game"]["openSeats"], joined["game"]["seat"], joined["game"]["version"]) == ([], 1, 1)
    assert joined["game"]["seatPlayers"] == ["", "bob-1"]  # the seat's own player id only
    dealer = joined["game"]["toAct"][0]
    assert joined["game"]["toAct"] == [dealer]
    assert lobby(keyed)["games"] == []  # full: out of the lobby

    seen = rest(keyed, "GET", f"/v1/games/{game_id}", token=ann).json()
    assert seen["seatPlayers"] == ["ann", ""] and seen["openSeats"] == []
    assert rest(keyed, "GET", f"/v1/games/{game_id}").json()["seatPlayers"] == ["", ""]  # a spectator: none
    events = rest(keyed, "GET", f"/v1/games/{game_id}/events?after=0", token=ann).json()["events"]
    assert [(e["version"], e["kind"], e["seat"], e["data"], e["text"]) for e in events] == [
        (1, "seat_joined", 1, {}, "A player took Seat 1")
    ]
    token = {0: ann, 1: bob}[dealer]
    moved = rest(
        keyed, "POST", f"/v1/games/{game_id}/moves", token=token, body={"move": "declare down", "expectedVersion": 1}
    )
    assert moved.status == 200, moved.body
    assert moved.json()["version"] == 2

    mine = rest(keyed, "GET", "/v1/games", key=BOB).json()["games"]
    assert [(g["gameId"], g["role"], g["seats"]) for g in mine] == [(game_id, "joined", [1])]


def test_join_refusals_are_typed(keyed: LiveServer) -> None:
    status, answer = join(keyed, "NoSuchGame")
    assert (status, code_of(answer)) == (404, "game/not_found")
    four = create(keyed, players=4, seats=[{"player": "ann"}, {"open": True}, {"open": True}, {"open": True}])
    game_id = four["gameId"]
    assert join(keyed, game_id, seat=4)[0] == 400  # no such seat
    assert code_of(join(keyed, game_id, seat=0)[1]) == "seat/taken"  # never open
    assert code_of(join(keyed, game_id, player="not a player id")[1]) == "seats/invalid_player"
    unkeyed = rest(keyed, "POST", f"/v1/games/{game_id}/join", body={})
    assert unkeyed.status == 401 and code_of(unkeyed.json()) == "auth/missing_api_key"
    assert join(keyed, game_id, key=BOB, player="p1")[1]["seat"]["seat"] == 1
    status, answer = join(keyed, game_id, key=BOB, player="p1")
    assert (status, code_of(answer), answer["error"]["details"]["seat"]) == (422, "seat/player_seated", 1)
    # The same player id under another key is another player.
    assert join(keyed, game_id, key=ALICE, player="p1")[1]["seat"]["seat"] == 2
    assert code_of(join(keyed, game_id, key=ALICE, player="ann")[1]) == "seat/player_seated"  # named at creation
    too_long = join(keyed, game_id, key=BOB, seat=3, name="B" * 33)[1]
    assert (code_of(too_long), too_long["error"]["details"]["field"]) == ("seats/invalid_name", "name")
    status, named = join(keyed, game_id, key=BOB, seat=3, name="  Bea ")  # no player: the key alone
    assert (status, named["seat"]["seat"]) == (200, 3)
    assert rest(keyed, "GET", f"/v1/games/{game_id}").json()["seatNames"] == ["", "", "", "Bea"]
    status, answer = join(keyed, game_id, player="late")
    assert (status, code_of(answer)) == (422, "seat/taken")

    ended = create(keyed)
    assert rest(keyed, "POST", f"/v1/games/{ended['gameId']}/end", key=ALICE).status == 200
    status, answer = join(keyed, ended["gameId"])
    assert (status, code_of(answer)) == (422, "game/finished")
    assert lobby(keyed)["games"] == []  # ended while it waited: out of the lobby


def test_create_refuses_an_open_seat_with_a_bot_a_player_or_an_invitation(keyed: LiveServer) -> None:
    for seats, extra in (
        ([{"open": True, "bot": "random"}, {}], {}),
        ([{"open": True, "player": "ann"}, {}], {}),
        ([{"open": True}, {}], {"inviteSeats": [0]}),
    ):
        answer = rest(keyed, "POST", "/v1/games", key=ALICE, body={"gameType": "dracula", "seats": seats, **extra})
        assert answer.status == 400 and code_of(answer.json()) == "seats/invalid_open", answer.body
    bad = rest(
        keyed, "POST", "/v1/games", key=ALICE, body={"gameType": "dracula", "minRating": 1800, "maxRating": 1500}
    )
    assert bad.status == 400 and bad.json()["error"]["details"]["field"] == "minRating"


def test_the_lobby_filters_and_pages(keyed: LiveServer) -> None:
    ids = [
        create(keyed)["gameId"],  # 0: dracula, 2 players, unrated
        create(keyed, rated=True, minRating=1500, maxRating=1800)["gameId"],  # 1
        create(keyed, players=4, seats=[{}, {"open": True}, {}, {"open": True}])["gameId"],  # 2
        create(keyed, gameType="draw_blood", seats=[{}, {"open": True}])["gameId"],  # 3
        create(keyed, rated=True, minRating=1000)["gameId"],  # 4
    ]
    rest(keyed, "POST", "/v1/games", key=ALICE, body={"gameType": "dracula"})  # no open seat: never listed

    def listed(query: str) -> list[str]:
        return [game["gameId"] for game in lobby(keyed, query)["games"]]

    assert listed("") == ids
    assert listed("?gameType=dracula") == [ids[0], ids[1], ids[2], ids[4]]
    assert listed("?gameType=dracula&players=4") == [ids[2]]
    assert listed("?rated=true") == [ids[1], ids[4]]
    assert listed("?rated=false&gameType=dracula&players=2") == [ids[0]]
    assert listed("?rated=true&maxRating=1400") == [ids[4]]  # 1500-1800 does not meet ..1400; 1000.. does
    assert listed("?minRating=1900") == [ids[0], ids[2], ids[3], ids[4]]  # no declared range matches every range
    assert listed("?minRating=1600&maxRating=1500") == []  # an empty range: no game
    pages: list[str] = []
    token = ""
    for _ in range(3):
        page = lobby(keyed, f"?pageSize=2&pageToken={token}")
        pages += [game["gameId"] for game in page["games"]]
        token = page["nextPageToken"]
        if not token:
            break
    assert pages == ids and token == ""
    for query, field in (("?gameType=nope", "gameType"), ("?rated=maybe", "rated"), ("?pageSize=999", "pageSize"),
                         ("?pageToken=%25%25", "pageToken"), ("?minRating=99999", "minRating")):  # fmt: skip
        answer = rest(keyed, "GET", f"/v1/lobby{query}", key=BOB)
        assert answer.status == 400 and answer.json()["error"]["details"]["field"] == field, (query, answer.body)


def test_grpc_lists_and_joins_like_rest(keyed: LiveServer, grpc_calls: Grpc) -> None:
    created = grpc_calls.call(
        "CreateGame",
        pb.CreateGameRequest(
            game_type="dracula", players=2, seats=[pb.SeatConfig(name="Ann"), pb.SeatConfig(open=True)], rated=True
        ),
        key=ALICE,
    )
    assert [seat.seat for seat in created.seats] == [0] and list(created.game.open_seats) == [1]
    listed = grpc_calls.call("ListOpenGames", pb.ListOpenGamesRequest(game_type="dracula", rated=True), key=BOB)
    assert [(g.game_id, list(g.open_seats), g.rated) for g in listed.games] == [(created.game_id, [1], True)]
    assert grpc_calls.call("ListOpenGames", pb.ListOpenGamesRequest(rated=False), key=BOB).games == []
    joined = grpc_calls.call("JoinGame", pb.JoinGameRequest(game_id=created.game_id, player="bob", name="Bob"), key=BOB)
    assert (joined.game_id, joined.seat.seat, list(joined.game.seat_players)) == (created.game_id, 1, ["", "bob"])
    assert list(joined.game.seat_names) == ["Ann", "Bob"]
    assert len(joined.seat.token) == len(created.seats[0].token)  # the token shape of CreateGame
    again = grpc_calls.call("JoinGame", pb.JoinGameRequest(game_id=created.game_id), key=ALICE)
    assert isinstance(again, GrpcFailure)
    assert (again.error.status, again.error.code) == (grpc.StatusCode.FAILED_PRECONDITION, "seat/taken")
    assert grpc_calls.call("ListOpenGames", pb.ListOpenGamesRequest(), key=BOB).games == []


def test_twenty_racers_for_one_open_seat_seat_exactly_one(keyed_redis: LiveServer) -> None:
    created = create(keyed_redis, players=4, seats=[{}, {}, {}, {"open": True}])
    game_id = created["gameId"]
    calls = Grpc(keyed_redis)
    barrier = threading.Barrier(20)
    results: list[tuple[str, str]] = []  # (outcome, seat or error code)
    lock = threading.Lock()

    def racer(number: int) -> None:
        key = (ALICE, BOB)[number % 2]
        barrier.wait()
        if number < 10:
            status, answer = join(keyed_redis, game_id, key=key, player=f"racer-{number}")
            found = ("won", str(answer["seat"]["seat"])) if status == 200 else (str(status), code_of(answer))
        else:
            reply = calls.call("JoinGame", pb.JoinGameRequest(game_id=game_id, player=f"racer-{number}"), key=key)
            if isinstance(reply, GrpcFailure):
                found = (reply.error.status.name, reply.error.code)
            else:
                found = ("won", str(reply.seat.seat))
        with lock:
            results.append(found)

    threads = [threading.Thread(target=racer, args=(number,)) for number in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    calls.close()
    assert sorted(results).count(("won", "3")) == 1
    losers = [result for result in results if result[0] != "won"]
    assert len(losers) == 19 and {code for _, code in losers} == {"seat/taken"}
    assert {status for status, _ in losers} <= {"422", "FAILED_PRECONDITION"}
    assert lobby(keyed_redis)["games"] == []
    game = rest(keyed_redis, "GET", f"/v1/games/{game_id}").json()
    assert (game["version"], game["openSeats"], len(game["toAct"])) == (1, [], 1)
