"""A game's lifecycle over real gRPC and HTTP servers, on the in-memory store and on Redis: resign and leave, end and
delete by the creating key, a key's list of games, invitations redeemed once, rematches, structured moves
(docs/api.md "Lifecycle")."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from cardengine.v1 import game_engine_pb2 as pb

from service.access.limits import LimitSettings
from tests.service.access import ALICE, BOB, Grpc, GrpcFailure, keys_file, rest
from tests.service.conftest import LiveServer, live_server, make_store


@pytest.fixture
def keyed(store_kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LiveServer]:
    with live_server(make_store(store_kind, request), store_kind, api_keys_file=keys_file(tmp_path)) as running:
        yield running


@pytest.fixture
def grpc_calls(keyed: LiveServer) -> Iterator[Grpc]:
    calls = Grpc(keyed)
    yield calls
    calls.close()


def create(live: LiveServer, key: str = ALICE, **fields: object) -> dict[str, object]:
    answer = rest(live, "POST", "/v1/games", key=key, body={"gameType": "dracula", "players": 2, **fields})
    assert answer.status == 201, answer.body
    created: dict[str, object] = answer.json()
    return created


def token(created: dict[str, object], seat: int) -> str:
    seats = created["seats"]
    assert isinstance(seats, list)
    found: str = next(entry["token"] for entry in seats if entry["seat"] == seat)
    return found


def error_code(answer: object) -> str:
    if isinstance(answer, GrpcFailure):
        return answer.error.code
    raise AssertionError(f"expected a failure, got {answer!r}")


def test_a_seat_resigns_over_rest_and_the_other_seat_wins(keyed: LiveServer) -> None:
    created = create(keyed)
    game_id = created["gameId"]
    answer = rest(keyed, "POST", f"/v1/games/{game_id}/resign", token=token(created, 1))
    assert answer.status == 200, answer.body
    body = answer.json()
    assert body["version"] == 1 and body["game"]["finished"] is True and body["game"]["toAct"] == []
    first = body["events"][0]
    assert (first["kind"], first["seat"], first["data"], first["text"]) == (
        "forfeited",
        1,
        {"reason": "resigned"},
        "Seat 1 resigns the match",
    )
    assert body["events"][1]["kind"] == "seed_revealed"
    score = rest(keyed, "GET", f"/v1/games/{game_id}/score").json()
    assert score["finished"] is True and score["winners"] == [0]
    assert score["details"]["forfeit"] == {"seat": 1, "reason": "resigned"}
    again = rest(keyed, "POST", f"/v1/games/{game_id}/resign", token=token(created, 0))
    assert (again.status, again.json()["error"]["code"]) == (422, "game/finished")
    spectator = rest(keyed, "POST", f"/v1/games/{game_id}/resign")
    assert (spectator.status, spectator.json()["error"]["code"]) == (401, "auth/missing_token")
    odd = rest(keyed, "POST", f"/v1/games/{game_id}/resign", token=token(created, 0), body={"reason": "bored"})
    assert (odd.status, odd.json()["error"]["code"]) == (400, "request/invalid")


def test_a_seat_leaves_over_grpc(keyed: LiveServer, grpc_calls: Grpc) -> None:
    created = create(keyed)
    request = pb.ResignSeatRequest(game_id=str(created["gameId"]), reason="left")
    answer = grpc_calls.call("ResignSeat", request, token=token(created, 0))
    assert answer.version == 1 and answer.game.finished
    assert [(e.kind, e.seat, e.text) for e in answer.events[:1]] == [("forfeited", 0, "Seat 0 left the match")]
    score = grpc_calls.call("GetScore", pb.GetScoreRequest(game_id=str(created["gameId"])))
    assert list(score.winners) == [1]


def test_the_creating_key_ends_a_game_and_no_other(keyed: LiveServer, grpc_calls: Grpc) -> None:
    created = create(keyed)
    game_id = created["gameId"]
    stranger = rest(keyed, "POST", f"/v1/games/{game_id}/end", key=BOB)
    assert (stranger.status, stranger.json()["error"]["code"]) == (403, "game/not_creator")
    keyless = rest(keyed, "POST", f"/v1/games/{game_id}/end")
    assert (keyless.status, keyless.json()["error"]["code"]) == (401, "auth/missing_api_key")
    ended = rest(keyed, "POST", f"/v1/games/{game_id}/end", key=ALICE)
    assert ended.status == 200 and ended.json()["version"] == 1 and ended.json()["game"]["finished"] is True
    events = rest(keyed, "GET", f"/v1/games/{game_id}/events?after=0").json()["events"]
    assert [(e["kind"], e["data"], e["text"]) for e in events[:1]] == [
        ("ended", {"reason": "creator"}, "The match was ended by its creator")
    ]
    score = rest(keyed, "GET", f"/v1/games/{game_id}/score").json()
    assert score["finished"] is True and score["winners"] == [] and score["details"]["ended"] == {"reason": "creator"}
    other = create(keyed)
    answer = grpc_calls.call("EndGame", pb.EndGameRequest(game_id=str(other["gameId"])), key=ALICE)
    assert answer.version == 1 and answer.game.finished
    assert error_code(grpc_calls.call("EndGame", pb.EndGameRequest(game_id=str(other["gameId"])), key=ALICE)) == (
        "game/finished"
    )


def test_the_creating_key_deletes_a_game(keyed: LiveServer, grpc_calls: Grpc) -> None:
    created = create(keyed)
    game_id = str(created["gameId"])
    refused = rest(keyed, "DELETE", f"/v1/games/{game_id}", key=BOB)
    assert (refused.status, refused.json()["error"]["code"]) == (403, "game/not_creator")
    deleted = rest(keyed, "DELETE", f"/v1/games/{game_id}", key=ALICE)
    assert (deleted.status, deleted.json()) == (200, {"gameId": game_id})
    gone = rest(keyed, "GET", f"/v1/games/{game_id}")
    assert (gone.status, gone.json()["error"]["code"]) == (404, "game/not_found")
    other = str(create(keyed)["gameId"])
    assert grpc_calls.call("DeleteGame", pb.DeleteGameRequest(game_id=other), key=ALICE).game_id == other
    assert error_code(grpc_calls.call("GetGame", pb.GetGameRequest(game_id=other))) == "game/not_found"
    listed = rest(keyed, "GET", "/v1/games", key=ALICE).json()["games"]
    assert [game["gameId"] for game in listed] == []


def test_a_key_lists_its_own_games_by_state_in_pages(keyed: LiveServer, grpc_calls: Grpc) -> None:
    games = [create(keyed) for _ in range(3)]
    create(keyed, key=BOB)
    rest(keyed, "POST", f"/v1/games/{games[1]['gameId']}/resign", token=token(games[1], 0))
    newest_first = [str(game["gameId"]) for game in reversed(games)]
    first = rest(keyed, "GET", "/v1/games?pageSize=2", key=ALICE).json()
    assert [game["gameId"] for game in first["games"]] == newest_first[:2] and first["nextPageToken"]
    rest_page = rest(keyed, "GET", f"/v1/games?pageSize=2&pageToken={first['nextPageToken']}", key=ALICE).json()
    assert [game["gameId"] for game in rest_page["games"]] == newest_first[2:] and rest_page["nextPageToken"] == ""
    live = rest(keyed, "GET", "/v1/games?state=live", key=ALICE).json()["games"]
    assert [game["gameId"] for game in live] == [newest_first[0], newest_first[2]]
    assert {(game["role"], game["finished"], game["gameType"]) for game in live} == {("created", False, "dracula")}
    finished = grpc_calls.call("ListGames", pb.ListGamesRequest(state="finished"), key=ALICE)
    assert [game.game_id for game in finished.games] == [newest_first[1]] and finished.games[0].finished
    assert len(grpc_calls.call("ListGames", pb.ListGamesRequest(), key=BOB).games) == 1
    bad = rest(keyed, "GET", "/v1/games?state=over", key=ALICE)
    assert (bad.status, bad.json()["error"]["code"]) == (400, "request/invalid")
    keyless = rest(keyed, "GET", "/v1/games")
    assert (keyless.status, keyless.json()["error"]["code"]) == (401, "auth/missing_api_key")


def test_an_invitation_is_redeemed_once_for_its_seat(keyed: LiveServer, grpc_calls: Grpc) -> None:
    created = create(keyed, inviteSeats=[1])
    game_id = str(created["gameId"])
    assert created["seats"] == [{"seat": 0, "token": token(created, 0)}]
    invitations = created["invitations"]
    assert isinstance(invitations, list) and [entry["seat"] for entry in invitations] == [1]
    code = invitations[0]["code"]
    redeemed = rest(keyed, "POST", f"/v1/games/{game_id}/invitations/redeem", key=BOB, body={"code": code})
    assert redeemed.status == 200, redeemed.body
    seat_token = redeemed.json()["seat"]["token"]
    assert redeemed.json()["seat"]["seat"] == 1 and redeemed.json()["game"]["seat"] == 1
    moves = rest(keyed, "GET", f"/v1/games/{game_id}/moves", token=seat_token)
    assert moves.status == 200 and moves.json()["seat"] == 1
    again = grpc_calls.call("RedeemInvitation", pb.RedeemInvitationRequest(game_id=game_id, code=code), key=BOB)
    assert error_code(again) == "invitation/not_found"
    joined = rest(keyed, "GET", "/v1/games", key=BOB).json()["games"]
    assert [(game["gameId"], game["role"], game["seats"]) for game in joined] == [(game_id, "joined", [1])]
    wrong_seat = rest(keyed, "POST", "/v1/games", key=ALICE, body={"gameType": "dracula", "inviteSeats": [2]})
    assert (wrong_seat.status, wrong_seat.json()["error"]["code"]) == (400, "seats/invalid_invitation")
    over_grpc = grpc_calls.create(key=ALICE, invite_seats=[0, 1])
    assert list(over_grpc.seats) == [] and [i.seat for i in over_grpc.invitations] == [0, 1]
    first = over_grpc.invitations[0]
    answer = grpc_calls.call("RedeemInvitation", pb.RedeemInvitationRequest(game_id=over_grpc.game_id, code=first.code))
    assert answer.seat.seat == 0 and answer.game.seat == 0


def test_a_rematch_keeps_the_seats_and_is_one_game_for_every_caller(keyed: LiveServer, grpc_calls: Grpc) -> None:
    created = create(keyed, seats=[{"name": "Ann"}, {"name": "Bo"}])
    game_id = str(created["gameId"])
    early = rest(keyed, "POST", f"/v1/games/{game_id}/rematch", key=ALICE)
    assert (early.status, early.json()["error"]["code"]) == (422, "game/not_finished")
    rest(keyed, "POST", f"/v1/games/{game_id}/resign", token=token(created, 1))
    by_creator = grpc_calls.call("Rematch", pb.RematchRequest(game_id=game_id), key=ALICE)
    assert by_creator.game_id != game_id and [s.seat for s in by_creator.seats] == [0, 1]
    assert list(by_creator.game.seat_names) == ["Ann", "Bo"] and by_creator.game.version == 0
    by_seat = rest(keyed, "POST", f"/v1/games/{game_id}/rematch", token=token(created, 1))
    assert by_seat.status == 201, by_seat.body
    assert by_seat.json()["gameId"] == by_creator.game_id
    assert by_seat.json()["seats"] == [{"seat": 1, "token": by_creator.seats[1].token}]
    old_seed = rest(keyed, "GET", f"/v1/games/{game_id}/score").json()["fairness"]["seedCommitment"]
    assert by_creator.game.seed_commitment != old_seed
    stranger = rest(keyed, "POST", f"/v1/games/{game_id}/rematch", key=BOB)
    assert (stranger.status, stranger.json()["error"]["code"]) == (403, "game/not_creator")


def test_structured_moves_are_applied_like_their_notation(keyed: LiveServer, grpc_calls: Grpc) -> None:
    created = create(keyed, seed=7)
    game_id = str(created["gameId"])
    mover = created["game"]["toAct"][0]  # type: ignore[index]
    legal = rest(keyed, "GET", f"/v1/games/{game_id}/moves", token=token(created, mover)).json()
    chosen = legal["moves"][0]
    structured = {"kind": chosen["kind"], "args": chosen["args"]}
    body = {"structuredMove": structured, "expectedVersion": 0, "idempotencyKey": "k1"}
    applied = rest(keyed, "POST", f"/v1/games/{game_id}/moves", token=token(created, mover), body=body)
    assert applied.status == 200, applied.body
    assert applied.json()["game"]["lastMove"]["notation"] == chosen["notation"]
    # The same move as notation with the same key is the retry of the structured one.
    retry = {"move": chosen["notation"], "expectedVersion": 0, "idempotencyKey": "k1"}
    replayed = rest(keyed, "POST", f"/v1/games/{game_id}/moves", token=token(created, mover), body=retry)
    assert replayed.status == 200 and replayed.json()["replayed"] is True and replayed.json()["version"] == 1
    now = rest(keyed, "GET", f"/v1/games/{game_id}").json()
    actor = now["toAct"][0]
    for bad in (
        {"kind": "fly", "args": {}},
        {"kind": chosen["kind"], "args": {}} if chosen["args"] else {"kind": chosen["kind"], "args": {"x": "1"}},
    ):
        refused = rest(
            keyed,
            "POST",
            f"/v1/games/{game_id}/moves",
            token=token(created, actor),
            body={"structuredMove": bad, "expectedVersion": 1},
        )
        assert (refused.status, refused.json()["error"]["code"]) == (400, "move/invalid_structure"), refused.body
    both = {"move": chosen["notation"], "structuredMove": structured, "expectedVersion": 1}
    both_answer = rest(keyed, "POST", f"/v1/games/{game_id}/moves", token=token(created, actor), body=both)
    assert (both_answer.status, both_answer.json()["error"]["code"]) == (
        400,
        "request/invalid",
    )
    assert rest(keyed, "GET", f"/v1/games/{game_id}").json()["version"] == 1  # the refusals changed nothing
    legal_now = grpc_calls.call(
        "ListLegalMoves", pb.ListLegalMovesRequest(game_id=game_id), token=token(created, actor)
    )
    move = legal_now.moves[0]
    request = pb.ApplyMoveRequest(
        game_id=game_id, expected_version=1, structured_move=pb.StructuredMove(kind=move.kind, args=move.args)
    )
    result = grpc_calls.call("ApplyMove", request, token=token(created, actor))
    assert result.version == 2 and result.game.last_move.notation == move.notation


@pytest.mark.parametrize(
    ("game_type", "players", "resigning", "winners"),
    [
        ("dracula", 4, 1, [0, 2, 3]),  # every other seat, the partner too, as for a forfeit on time
        ("dracula", 2, 0, [1]),
        ("house_rummy", 3, 1, [0, 2]),
        ("rummy_battle", 3, 2, [0, 1]),
        ("dragon_rummy", 2, 1, [0]),
        ("draw_blood", 2, 0, [1]),
    ],
)
def test_what_a_resignation_does_per_game(
    keyed: LiveServer, game_type: str, players: int, resigning: int, winners: list[int]
) -> None:
    """docs/rules/<game>.md "Lifecycle": the match ends; the resigning seat loses, every other seat wins."""
    created = create(keyed, gameType=game_type, players=players)
    game_id = created["gameId"]
    left = rest(keyed, "POST", f"/v1/games/{game_id}/resign", token=token(created, resigning), body={"reason": "left"})
    assert left.status == 200 and left.json()["game"]["finished"] is True
    score = rest(keyed, "GET", f"/v1/games/{game_id}/score").json()
    assert (score["finished"], score["winners"]) == (True, winners)
    assert score["details"]["forfeit"] == {"seat": resigning, "reason": "left"}
    record = rest(keyed, "GET", f"/v1/games/{game_id}/record").json()
    assert record["score"]["winners"] == winners


def test_ending_or_deleting_frees_a_place_of_the_live_game_cap(
    store_kind: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """Test games no longer lock a key out: at its cap of live games, ending one or deleting one lets it create."""
    limits = LimitSettings(live_games_per_key=2)
    store = make_store(store_kind, request)
    with live_server(store, store_kind, api_keys_file=keys_file(tmp_path), limits=limits) as live:
        first, second = create(live), create(live)
        full = rest(live, "POST", "/v1/games", key=ALICE, body={"gameType": "dracula"})
        assert (full.status, full.json()["error"]["code"]) == (429, "limit/live_games")
        assert rest(live, "POST", f"/v1/games/{first['gameId']}/end", key=ALICE).status == 200
        third = create(live)
        assert rest(live, "DELETE", f"/v1/games/{second['gameId']}", key=ALICE).status == 200
        create(live)
        again = rest(live, "POST", "/v1/games", key=ALICE, body={"gameType": "dracula"})
        assert (again.status, again.json()["error"]["code"]) == (429, "limit/live_games")
        assert third["gameId"] not in (first["gameId"], second["gameId"])
