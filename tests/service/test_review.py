"""Review after the match through real servers (service/core/review.py): GET /v1/games/{id}/review and gRPC
ReviewMatch answer each decision of the caller's seat in a finished match, the move made beside the hint the seat
was given at that version and the cost by the estimates, the same over both transports and from another process's
cache, a page at a time; a match still played, a missing or wrong token, an unknown game and a bad page are
refused typed; a page computed counts against the hint rate, a kept one does not."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from cardengine_client import GameEngineError

from service.access.limits import LimitSettings
from service.storage.store import MemoryStore
from tests.service.conftest import LiveServer, live_server

ITERATIONS = 16  # a cheap search: the tests check the plumbing; tests/bots/test_review.py checks the search


@pytest.fixture(scope="module")
def live() -> Iterator[LiveServer]:
    no_hint_rate = LimitSettings(hint_rate=0.0)  # the matches here ask many hints; the last test checks the rate
    with live_server(MemoryStore(), "memory", hint_iterations=ITERATIONS, limits=no_hint_rate) as running:
        yield running


def tokens_by_seat(created: dict[str, Any]) -> dict[int, str]:
    return {seat["seat"]: seat["token"] for seat in created["seats"]}


def play_to_the_end(
    live: LiveServer, seed: int, reviewed_seat: int, *, hinted: bool = True
) -> tuple[str, dict[int, str], dict[int, Any]]:
    """A one-deal Dracula match played over REST: ``reviewed_seat`` asks for a hint before each of its decisions
    and plays it every other time, a random legal move otherwise (``hinted`` False: no hint, at random); the other
    seat plays at random. Answers the
    game's id, the tokens and, per decision of the reviewed seat, (its hint, the move made)."""
    status, created = live.rest.post(
        "/v1/games", {"gameType": "dracula", "players": 2, "seed": seed, "options": {"deals": 1}}
    )
    assert status == 201, created
    game_id, tokens, game = created["gameId"], tokens_by_seat(created), created["game"]
    choices = random.Random(seed)
    decisions: dict[int, Any] = {}
    while not game["finished"]:
        seat = game["toAct"][0]
        _, legal = live.rest.get(f"/v1/games/{game_id}/moves", tokens[seat])
        move = choices.choice(legal["moves"])["notation"]
        if hinted and seat == reviewed_seat and len(legal["moves"]) > 1:
            status, hint = live.rest.get(f"/v1/games/{game_id}/hints?count=1", tokens[seat])
            assert status == 200 and hint["version"] == game["version"], hint
            if len(decisions) % 2 == 0:
                move = hint["suggestions"][0]["move"]["notation"]
            decisions[game["version"]] = (hint["suggestions"][0], move)
        status, moved = live.rest.post(
            f"/v1/games/{game_id}/moves", {"move": move, "expectedVersion": game["version"]}, tokens[seat]
        )
        assert status == 200, moved
        game = moved["game"]
    return game_id, tokens, decisions


def test_a_review_lists_each_decision_beside_the_hint_of_its_version(live: LiveServer) -> None:
    game_id, tokens, decisions = play_to_the_end(live, 41, 0)
    status, review = live.rest.get(f"/v1/games/{game_id}/review", tokens[0])
    assert status == 200, review
    assert (review["gameId"], review["seat"], review["iterations"]) == (game_id, 0, ITERATIONS)
    assert [decision["version"] for decision in review["decisions"]] == sorted(decisions)
    costs = []
    for decision in review["decisions"]:
        hint, made = decisions[decision["version"]]
        assert decision["made"]["notation"] == made
        assert decision["best"] == hint["move"]  # notation, kind, args and description, as the hint named it
        assert decision["bestReward"] == hint["expectedReward"]
        assert 1 <= decision["rank"] <= decision["legalMoves"]
        if made == hint["move"]["notation"]:
            assert (decision["rank"], decision["cost"]) == (1, 0.0)
        else:
            assert decision["rank"] > 1
            if "madeReward" in decision:
                assert decision["cost"] == pytest.approx(max(0.0, hint["expectedReward"] - decision["madeReward"]))
            else:
                assert "cost" not in decision  # the search never tried the move made
        costs.append(decision.get("cost", 0.0))
    assert any(decision["rank"] == 1 for decision in review["decisions"])
    assert review["nextPageToken"] == ""  # one page: fewer decisions than the default page size, 20

    answer = live.grpc.review_match(game_id, tokens[0])
    assert (answer.game_id, answer.seat, answer.iterations) == (game_id, 0, ITERATIONS)
    assert answer.total_cost == pytest.approx(sum(costs)) and answer.next_page_token == ""
    assert [
        (d.version, d.made.notation, d.best.notation, d.made_reward, d.best_reward, d.cost, d.rank, d.legal_moves)
        for d in answer.decisions
    ] == [
        (d["version"], d["made"]["notation"], d["best"]["notation"], d.get("madeReward"), d.get("bestReward"),
         d.get("cost"), d["rank"], d["legalMoves"])
        for d in review["decisions"]
    ]  # fmt: skip
    assert all(d.cost is not None and d.cost > 0.05 for d in answer.mistakes())

    # The other seat's review holds its own decisions only, none at a version of the first seat's.
    status, other = live.rest.get(f"/v1/games/{game_id}/review", tokens[1])
    assert status == 200 and other["seat"] == 1
    assert other["decisions"] and not {d["version"] for d in other["decisions"]} & set(decisions)


def test_a_review_comes_a_page_at_a_time(live: LiveServer) -> None:
    game_id, tokens, decisions = play_to_the_end(live, 49, 1)
    status, whole = live.rest.get(f"/v1/games/{game_id}/review", tokens[1])
    assert status == 200, whole
    assert len(whole["decisions"]) == len(decisions) > 2
    pages, token = [], ""
    while True:
        query = f"?pageSize=2&pageToken={token}" if token else "?pageSize=2"
        status, page = live.rest.get(f"/v1/games/{game_id}/review{query}", tokens[1])
        assert status == 200, page
        assert len(page["decisions"]) == 2 or not page["nextPageToken"]
        pages.append(page["decisions"])
        token = page.get("nextPageToken", "")
        if not token:
            break
    assert [decision for page in pages for decision in page] == whole["decisions"]
    assert len(pages) == (len(decisions) + 1) // 2
    assert list(live.grpc.review_decisions(game_id, tokens[1], page_size=3)) == list(
        live.grpc.review_match(game_id, tokens[1]).decisions
    )
    for query, field in (
        ("?pageSize=51", "pageSize"),
        ("?pageToken=abc", "pageToken"),
        ("?pageToken=99999", "pageToken"),
        ("?pagesize=2", "pagesize"),
    ):
        status, body = live.rest.get(f"/v1/games/{game_id}/review{query}", tokens[1])
        assert (status, body["error"]["code"]) == (400, "request/invalid"), query
        assert field in body["error"]["message"], body
    with pytest.raises(GameEngineError) as raised:
        live.grpc.review_match(game_id, tokens[1], page_size=51)
    assert (raised.value.status, raised.value.code) == (grpc.StatusCode.INVALID_ARGUMENT, "request/invalid")


def test_another_replica_computes_the_same_review() -> None:
    store = MemoryStore()
    with live_server(store, "memory", hint_iterations=ITERATIONS) as first:
        game_id, tokens, _ = play_to_the_end(first, 43, 1)
        status, review = first.rest.get(f"/v1/games/{game_id}/review", tokens[1])
        assert status == 200
        with live_server(store, "memory", hint_iterations=ITERATIONS) as second:
            assert second.rest.get(f"/v1/games/{game_id}/review", tokens[1]) == (200, review)


def test_bad_requests_are_refused_typed(live: LiveServer) -> None:
    status, created = live.rest.post("/v1/games", {"gameType": "dracula", "players": 2, "seed": 45})
    assert status == 201
    game_id, token = created["gameId"], tokens_by_seat(created)[0]
    cases = [
        (f"/v1/games/{game_id}/review", None, 401, "auth/missing_token"),
        (f"/v1/games/{game_id}/review", "not-a-token", 401, "auth/invalid_token"),
        (f"/v1/games/{game_id}/review", token, 422, "game/not_finished"),
        ("/v1/games/nosuchgame/review", token, 404, "game/not_found"),
    ]
    for path, sent, status, code in cases:
        got, body = live.rest.get(path, sent)
        assert (got, body["error"]["code"]) == (status, code), path
    _, body = live.rest.get(f"/v1/games/{game_id}/review", token)
    assert body["error"]["message"] == (
        f"Game '{game_id}' is not over: a match is reviewed once it is (ask for hints while it is played)."
    )
    with pytest.raises(GameEngineError) as raised:
        live.grpc.review_match(game_id, token)
    assert (raised.value.status, raised.value.code) == (grpc.StatusCode.FAILED_PRECONDITION, "game/not_finished")
    # A resigned match is over: its review lists the decisions made before the forfeit (none here but the deal's).
    assert live.rest.post(f"/v1/games/{game_id}/resign", {}, token)[0] == 200
    status, review = live.rest.get(f"/v1/games/{game_id}/review", token)
    assert status == 200 and review["gameId"] == game_id


def test_a_computed_review_counts_against_the_hint_rate_and_a_kept_one_does_not() -> None:
    limits = LimitSettings(hint_rate=0.01, hint_burst=1)  # one hint or review page, then one every 100 s
    with live_server(MemoryStore(), "memory", hint_iterations=ITERATIONS, limits=limits) as live:
        game_id, tokens, _ = play_to_the_end(live, 47, 0, hinted=False)
        first = live.rest.get(f"/v1/games/{game_id}/review", tokens[0])
        assert first[0] == 200 and first[1]["decisions"]
        assert live.rest.get(f"/v1/games/{game_id}/review", tokens[0]) == first  # kept: not counted
        status, body = live.rest.get(f"/v1/games/{game_id}/review", tokens[1])  # another seat: computed
        assert (status, body["error"]["code"]) == (429, "limit/hint_rate")
