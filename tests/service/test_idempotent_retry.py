"""Issue 11, defect 5: "ApplyMove stores the canonical notation but compares the retry's raw text: `meld 3S,2H,1S`
applied on draw_blood, then the identical retry with the same key gets `idempotency/key_reused`. Compare canonical
moves." A retry is the same move when its canonical notation (``Game.parse_move``) is the first move's: the same text,
or the same list argument in another order. Another move with the same key is still refused.

The position is found by real play through the API (the first legal move at each step) until the seat to act has a
move whose list argument holds two different cards, so the test does not assume a deal."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import orjson
import pytest

import engine
from tests.service.conftest import LiveServer, live_server, make_store
from tests.service.drivers import HTTP_OF_STATUS, ApiError, Driver, GrpcDriver, RestDriver

GAME = "draw_blood"
MAX_STEPS = 200
SEEDS = range(1, 40)


@pytest.fixture(params=["grpc", "rest"])
def api(live: LiveServer, request: pytest.FixtureRequest) -> Driver:
    return GrpcDriver(live.grpc) if request.param == "grpc" else RestDriver(live.rest)


@dataclass
class ListMovePosition:
    game_id: str
    tokens: list[str]
    seat: int
    token: str
    version: int
    canonical: str  # as ListLegalMoves writes it
    legal: list[str]  # every legal move of the seat there


def has_list_of_different_cards(notation: str) -> bool:
    """True if the move has exactly one list argument and it holds two different items."""
    lists = [token for token in notation.split(" ") if "," in token]
    return len(lists) == 1 and len(set(lists[0].split(","))) >= 2


def reordered(notation: str, order: Callable[[list[str]], list[str]]) -> str:
    tokens = notation.split(" ")
    index = next(i for i, token in enumerate(tokens) if "," in token)
    tokens[index] = ",".join(order(tokens[index].split(",")))
    return " ".join(tokens)


def reach_list_move(api: Driver) -> ListMovePosition:
    """Plays seeded draw_blood matches with the first legal move until a seat may play a list of different cards."""
    for seed in SEEDS:
        created = api.create(GAME, 2, seed)
        for _ in range(MAX_STEPS):
            game = api.game(created.game_id)
            if game.finished:
                break
            seat = game.to_act[0]
            token = created.tokens[seat]
            legal = api.legal(created.game_id, token)
            candidates = [move for move in legal.notations if has_list_of_different_cards(move)]
            if candidates:
                return ListMovePosition(
                    created.game_id, created.tokens, seat, token, legal.version, candidates[0], legal.notations
                )
            api.apply(created.game_id, token, legal.notations[0], legal.version)
    raise AssertionError(f"no {GAME} match of seeds {SEEDS} offers a list of different cards")


def expect_key_reused(call: Callable[[], Any], first_move: str) -> None:
    with pytest.raises(ApiError) as caught:
        call()
    error = caught.value
    assert (error.status, error.code) == ("INVALID_ARGUMENT", "idempotency/key_reused"), error
    assert error.http in (None, HTTP_OF_STATUS["INVALID_ARGUMENT"])
    assert f"'{first_move}'" in error.message and error.details["field"] == "idempotencyKey"


def test_the_identical_retry_of_a_list_move_written_out_of_order_is_replayed(api: Driver) -> None:
    position = reach_list_move(api)
    canonical = position.canonical
    assert engine.get_game(GAME).parse_move(canonical).notation == canonical  # the API lists canonical notation
    backwards = reordered(canonical, lambda items: items[::-1])
    assert backwards != canonical  # two different cards: the reversed list is another text of the same move
    first = api.apply(position.game_id, position.token, backwards, position.version, key="retry-1")
    assert not first.replayed and first.version == position.version + 1
    # The case: the very same text again, with the same key.
    again = api.apply(position.game_id, position.token, backwards, position.version, key="retry-1")
    assert again.replayed
    assert (again.version, again.game, again.events) == (first.version, first.game, first.events)
    # The same move in the canonical order, or rotated: the same move, the first result.
    for text in (canonical, reordered(canonical, lambda items: items[1:] + items[:1])):
        retried = api.apply(position.game_id, position.token, text, position.version, key="retry-1")
        assert retried.replayed and (retried.version, retried.events) == (first.version, first.events)
    assert api.game(position.game_id).version == position.version + 1  # applied once
    # Another legal move of that position with the same key is not a retry.
    other = next(move for move in position.legal if move != canonical)
    expect_key_reused(
        lambda: api.apply(position.game_id, position.token, other, position.version, "retry-1"), canonical
    )
    # A list of one card fewer is another move, although it shares its cards.
    shorter = reordered(canonical, lambda cards: cards[:-1])
    expect_key_reused(
        lambda: api.apply(position.game_id, position.token, shorter, position.version, "retry-1"), canonical
    )
    # Text that is no move at all is not the same move either.
    expect_key_reused(
        lambda: api.apply(position.game_id, position.token, "meld", position.version, "retry-1"), canonical
    )


def test_a_retry_on_another_replica_that_still_holds_the_old_version_is_replayed(
    request: pytest.FixtureRequest,
) -> None:
    """Two replicas over one Redis: replica B holds the game at the version the move was chosen at (its local copy),
    replica A applies the move; the retry reaches B, whose compare-and-set finds the key (the Duplicate path)."""
    with (
        live_server(make_store("redis", request), "redis") as first_replica,
        live_server(make_store("redis", request), "redis") as second_replica,
    ):
        pairs: list[tuple[Driver, Driver]] = [
            (GrpcDriver(first_replica.grpc), GrpcDriver(second_replica.grpc)),
            (RestDriver(first_replica.rest), RestDriver(second_replica.rest)),
        ]
        for a, b in pairs:
            position = reach_list_move(a)
            assert b.legal(position.game_id, position.token).version == position.version  # B reads that version
            backwards = reordered(position.canonical, lambda items: items[::-1])
            first = a.apply(position.game_id, position.token, backwards, position.version, key="cross-1")
            retried = b.apply(position.game_id, position.token, backwards, position.version, key="cross-1")
            assert retried.replayed and (retried.version, retried.events) == (first.version, first.events)
            assert b.game(position.game_id).version == position.version + 1


def test_a_result_keeps_the_move_and_version_only_and_a_late_retry_answers_the_game_as_it_is(live: LiveServer) -> None:
    """Issue 15, item 9: an idempotency result held a full view per move (85 % of a match's Redis memory). It keeps
    the canonical move and the version; a retry answers the first version and events (read again from the log) with
    the game as it is now (the view at the first answer's version is not kept)."""
    api = GrpcDriver(live.grpc)
    created = api.create("dracula", 2, 9)
    moves: list[tuple[int, str, int]] = []  # (seat, move, version before it)
    first_results = []
    for version in range(4):
        seat = api.game(created.game_id).to_act[0]
        legal = api.legal(created.game_id, created.tokens[seat])
        first_results.append(
            api.apply(created.game_id, created.tokens[seat], legal.notations[0], version, f"m{version}")
        )
        moves.append((seat, legal.notations[0], version))
    stored = live.server.service.store.idempotent_result(created.game_id, f"{moves[0][0]}:m0")
    assert stored is not None and orjson.loads(stored) == {"m": moves[0][1], "v": 1}
    for (seat, move, before), first in zip(moves, first_results, strict=True):
        token = created.tokens[seat]
        for driver in (api, RestDriver(live.rest)):
            retried = driver.apply(created.game_id, token, move, before, f"m{before}")
            assert retried.replayed and (retried.version, retried.events) == (first.version, first.events)
            assert retried.game == api.game(created.game_id, token)  # the game now, seen by the seat
    assert api.game(created.game_id).version == 4


def test_the_identical_retry_without_a_key_is_replayed_and_another_move_is_stale(api: Driver) -> None:
    """Issue 29: a retry of the identical move (the same seat, the same canonical move, the same expected version)
    is the same request with or without an idempotency key: its first result, replayed. Another move at that
    version, or the same move of another version, is still ``version/stale``."""
    position = reach_list_move(api)
    backwards = reordered(position.canonical, lambda items: items[::-1])
    first = api.apply(position.game_id, position.token, position.canonical, position.version)
    assert not first.replayed and first.version == position.version + 1
    for text in (position.canonical, backwards):  # the same move, as written first or in another order
        again = api.apply(position.game_id, position.token, text, position.version)
        assert again.replayed
        assert (again.version, again.events) == (first.version, first.events)
    assert api.game(position.game_id).version == position.version + 1  # applied once
    other = next(move for move in position.legal if move != position.canonical)
    with pytest.raises(ApiError) as caught:
        api.apply(position.game_id, position.token, other, position.version)
    assert (caught.value.status, caught.value.code) == ("ABORTED", "version/stale")
    assert caught.value.details["currentVersion"] in (position.version + 1, str(position.version + 1))
    with pytest.raises(ApiError) as caught:  # the same text chosen at an older version is another request
        api.apply(position.game_id, position.token, position.canonical, position.version - 1)
    assert (caught.value.status, caught.value.code) == ("ABORTED", "version/stale")
