"""Rate limits, the live-game cap and the wrong-token limit through real servers (gRPC and REST, the embedded store
and a real Redis; two replicas on one Redis share the buckets and the counts): RESOURCE_EXHAUSTED / 429 with
Retry-After (gRPC: trailing metadata ``retry-after``) of exact values, and defaults that leave the keyless
single-user run as it was."""

from __future__ import annotations

import contextlib
import json
import math
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cardengine.v1 import game_engine_pb2 as pb

from service.access.keys import KeyRing
from service.access.limits import LimitSettings, make_gate
from service.core.errors import ServiceError
from service.core.game_service import GameService
from service.runtime.server import ServeConfig
from service.storage.protocols import KeyRecord
from tests.service.access import ALICE, BOB, Grpc, GrpcFailure, keys_file, rest
from tests.service.conftest import LiveServer, live_server, make_store

# A bucket refilled at 0.1 token a second: once empty, the next token is 10 s away, so Retry-After is 10 minus the
# whole seconds that passed since the bucket was emptied (exactly 10 on a machine that is not loaded).
SLOW = 0.1


@contextlib.contextmanager
def replicas(request: pytest.FixtureRequest, kind: str, count: int, **settings: Any) -> Iterator[list[LiveServer]]:
    """``count`` servers over one store kind; with Redis they share one Redis and key prefix (replicas)."""
    with contextlib.ExitStack() as stack:
        yield [stack.enter_context(live_server(make_store(kind, request), kind, **settings)) for _ in range(count)]


def expected_retry_after(full: int, started: float | None) -> set[str]:
    """Retry-After of a wait of ``full`` seconds that began at or after ``started`` (monotonic; None: a constant):
    ``full`` less the whole seconds gone since, at least 1."""
    if started is None:
        return {str(full)}
    gone = time.monotonic() - started
    return {str(value) for value in range(max(1, math.ceil(full - gone)), full + 1)}


def assert_429(answer: Any, code: str, retry_after: int, started: float | None = None) -> None:
    assert answer.status == 429, answer.body
    assert answer.headers["Retry-After"] in expected_retry_after(retry_after, started)
    error = answer.json()["error"]
    assert (error["status"], error["code"]) == ("RESOURCE_EXHAUSTED", code)
    assert str(error["details"]["retryAfterSeconds"]) == answer.headers["Retry-After"]


def assert_grpc_429(failure: Any, code: str, retry_after: int, started: float | None = None) -> None:
    assert isinstance(failure, GrpcFailure), failure
    assert (failure.error.status.name, failure.error.code) == ("RESOURCE_EXHAUSTED", code)
    assert failure.trailing["retry-after"] in expected_retry_after(retry_after, started)
    assert failure.error.details["retryAfterSeconds"] == failure.trailing["retry-after"]


def test_the_key_bucket_answers_429_with_retry_after(
    store_kind: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    limits = LimitSettings(key_rate=SLOW, key_burst=3)
    with replicas(request, store_kind, 1, api_keys_file=keys_file(tmp_path), limits=limits) as (live,):
        client = Grpc(live)
        try:
            started = time.monotonic()
            assert rest(live, "GET", "/v1/game-types", key=ALICE).status == 200
            assert client.create(key=ALICE).game_id
            assert rest(live, "POST", "/v1/games", key=ALICE, body={"gameType": "dracula"}).status == 201
            assert_429(rest(live, "GET", "/v1/game-types", key=ALICE), "limit/key_rate", 10, started)
            assert_grpc_429(client.create(key=ALICE), "limit/key_rate", 10, started)
            # Another key has its own bucket; seat tokens (no key) are not counted against a key.
            created = client.create(key=BOB)
            assert rest(live, "GET", f"/v1/games/{created.game_id}", token=created.seats[0].token).status == 200
        finally:
            client.close()


def test_address_buckets_are_shared_by_two_replicas_and_both_protocols(request: pytest.FixtureRequest) -> None:
    limits = LimitSettings(address_rate=SLOW, address_burst=4)
    with replicas(request, "redis", 2, limits=limits) as (first, second):
        clients = [Grpc(first), Grpc(second)]
        try:
            started = time.monotonic()
            assert rest(first, "GET", "/v1/game-types").status == 200
            assert rest(second, "GET", "/v1/game-types").status == 200
            assert clients[0].call("ListGameTypes", pb.ListGameTypesRequest()).game_types
            assert clients[1].create().game_id
            # Four requests of 127.0.0.1 went to two replicas over two protocols: its bucket is empty on both.
            assert_429(rest(first, "GET", "/v1/game-types"), "limit/address_rate", 10, started)
            assert_429(
                rest(second, "POST", "/v1/games", body={"gameType": "dracula"}), "limit/address_rate", 10, started
            )
            assert_grpc_429(
                clients[1].call("ListGameTypes", pb.ListGameTypesRequest()), "limit/address_rate", 10, started
            )
            # Health and the web table are not API calls: never limited.
            assert first.rest.get("/healthz")[0] == 200
        finally:
            for client in clients:
                client.close()


def test_a_key_holds_at_most_its_cap_of_live_games(
    store_kind: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    limits = LimitSettings(live_games_per_key=2)
    with replicas(request, store_kind, 1, api_keys_file=keys_file(tmp_path), limits=limits) as (live,):
        bots = {"gameType": "dracula", "seats": [{"bot": "random"}, {"bot": "random"}]}
        played_out = rest(live, "POST", "/v1/games", key=ALICE, body=bots).json()["gameId"]
        assert rest(live, "POST", "/v1/games", key=ALICE, body={"gameType": "dracula"}).status == 201
        wait_finished(live, played_out)  # the bots play it to the end: it no longer counts
        assert rest(live, "POST", "/v1/games", key=ALICE, body={"gameType": "dracula"}).status == 201
        refused = rest(live, "POST", "/v1/games", key=ALICE, body={"gameType": "dracula"})
        assert_429(refused, "limit/live_games", 60)
        assert refused.json()["error"]["details"]["liveGames"] == 2
        client = Grpc(live)
        try:
            assert_grpc_429(client.create(key=ALICE), "limit/live_games", 60)
            assert client.create(key=BOB).game_id  # each key has its own cap
        finally:
            client.close()


def wait_finished(live: LiveServer, game_id: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if rest(live, "GET", f"/v1/games/{game_id}").json()["finished"]:
            return
        time.sleep(0.05)
    raise AssertionError(f"game {game_id} did not finish in {seconds} s")


def test_wrong_seat_tokens_for_a_game_are_limited(store_kind: str, request: pytest.FixtureRequest) -> None:
    limits = LimitSettings(wrong_tokens=3, wrong_token_seconds=30)
    with replicas(request, store_kind, 1, limits=limits) as (live,):
        created = live.grpc.create_game("dracula", 2)
        other = live.grpc.create_game("dracula", 2)
        path = f"/v1/games/{created.game_id}"
        started = time.monotonic()
        for guess in ("guess-1", "guess-2"):
            answer = rest(live, "GET", path, token=guess)
            assert (answer.status, answer.json()["error"]["code"]) == (401, "auth/invalid_token")
        client = Grpc(live)
        try:
            failure = client.call("GetGame", pb.GetGameRequest(game_id=created.game_id), token="guess-3")
            assert isinstance(failure, GrpcFailure) and failure.error.code == "auth/invalid_token"
            # Three wrong tokens: each further wrong token or ticket of the caller is 429, on both protocols; the
            # right token is never refused for them (a stranger's guesses never lock a player out).
            right = created.seats[0].token
            assert_429(rest(live, "GET", path, token="guess-4"), "limit/wrong_tokens", 30, started)
            blocked = client.call("ListLegalMoves", pb.ListLegalMovesRequest(game_id=created.game_id), token="guess-5")
            assert_grpc_429(blocked, "limit/wrong_tokens", 30, started)
            assert_429(rest(live, "GET", f"{path}/events?ticket=st_guess"), "limit/wrong_tokens", 30, started)
            assert rest(live, "GET", path, token=right).status == 200
            moves = client.call("ListLegalMoves", pb.ListLegalMovesRequest(game_id=created.game_id), token=right)
            assert not isinstance(moves, GrpcFailure) and moves.seat == 0
        finally:
            client.close()
        # Other games, and spectators (no token), are not affected.
        assert rest(live, "GET", f"/v1/games/{other.game_id}", token=other.seats[1].token).status == 200
        assert rest(live, "GET", path).status == 200


def test_wrong_tokens_over_grpc_alone_are_counted_while_calls_are_admitted_unread(
    store_kind: str, request: pytest.FixtureRequest
) -> None:
    """Without keys or a per-address rate the gRPC edge admits calls without reading their caller
    (``Gate.admits_unread``); a wrong seat token still counts against the caller's address, read when the call
    fails, and the block that follows covers gRPC and REST."""
    limits = LimitSettings(wrong_tokens=2, wrong_token_seconds=30)
    with replicas(request, store_kind, 1, limits=limits) as (live,):
        assert live.server.gate.admits_unread()
        created = live.grpc.create_game("dracula", 2)
        client = Grpc(live)
        try:
            started = time.monotonic()
            apply = pb.ApplyMoveRequest(game_id=created.game_id, move="draw", expected_version=0)
            for guess in ("guess-1", "guess-2"):
                failure = client.call("ApplyMove", apply, token=guess)
                assert isinstance(failure, GrpcFailure) and failure.error.code == "auth/invalid_token"
            assert live.server.gate.admits_unread()  # wrong tokens are answered after the fact: calls stay unread
            blocked = client.call("GetGame", pb.GetGameRequest(game_id=created.game_id), token="guess-3")
            assert_grpc_429(blocked, "limit/wrong_tokens", 30, started)
            assert_429(
                rest(live, "GET", f"/v1/games/{created.game_id}", token="guess-4"), "limit/wrong_tokens", 30, started
            )
            right = created.seats[0].token
            assert not isinstance(
                client.call("GetGame", pb.GetGameRequest(game_id=created.game_id), token=right), GrpcFailure
            )
        finally:
            client.close()
        assert live.grpc.get_game(created.game_id).version == 0  # nothing was applied


def test_calls_are_read_when_keys_or_an_address_rate_need_them(request: pytest.FixtureRequest) -> None:
    store = make_store("memory", request)
    assert make_gate(store, KeyRing(), LimitSettings()).admits_unread()
    assert not make_gate(store, KeyRing(), LimitSettings(address_rate=5.0)).admits_unread()
    keyed = KeyRing(file_keys={"0" * 64: KeyRecord("alice", "Alice", 0.0)})
    assert not make_gate(store, keyed, LimitSettings()).admits_unread()


def test_the_wrong_token_count_is_shared_by_replicas(request: pytest.FixtureRequest) -> None:
    limits = LimitSettings(wrong_tokens=2, wrong_token_seconds=30)
    with replicas(request, "redis", 2, limits=limits) as (first, second):
        created = first.grpc.create_game("dracula", 2)
        path = f"/v1/games/{created.game_id}"
        started = time.monotonic()
        assert rest(first, "GET", path, token="guess-1").status == 401
        assert rest(first, "GET", path, token="guess-2").status == 401
        # The second replica counts its first wrong token as the third: 429 at once; the right token still works.
        assert_429(rest(second, "GET", path, token="guess-3"), "limit/wrong_tokens", 30, started)
        assert_429(rest(first, "GET", path, token="guess-4"), "limit/wrong_tokens", 30, started)
        assert rest(second, "GET", path, token=created.seats[0].token).status == 200
        assert rest(first, "GET", path, token=created.seats[0].token).status == 200


def test_the_defaults_leave_the_keyless_single_user_run_as_it_was(live: LiveServer) -> None:
    """No keys, no per-address limit: a busy page polling a game is never refused; bots play bots-only games."""
    assert ServeConfig().bind_host() == "127.0.0.1" and ServeConfig(redis_url="redis://x").bind_host() == "0.0.0.0"
    defaults = LimitSettings()
    assert (defaults.address_rate, live.server.gate.keys.enabled) == (0.0, False)
    created = rest(live, "POST", "/v1/games", body={"gameType": "dracula", "seats": [{}, {"bot": "random"}]})
    assert created.status == 201
    game_id, token = created.json()["gameId"], created.json()["seats"][0]["token"]
    for _ in range(300):
        assert rest(live, "GET", f"/v1/games/{game_id}", token=token).status == 200
    bots = rest(live, "POST", "/v1/games", body={"gameType": "dracula", "seats": [{"bot": "random"}] * 2})
    wait_finished(live, bots.json()["gameId"])


def listening_addresses(port: int) -> set[str]:
    """The local addresses of the sockets listening on ``port`` (Linux: /proc/net/tcp and tcp6, state 0A); an
    IPv4-mapped IPv6 address (gRPC binds those) as its IPv4 address, any other IPv6 one as its hex form."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            local, _, state = line.split()[1:4]
            address, port_hex = local.split(":")
            if state != "0A" or int(port_hex, 16) != port:
                continue
            if len(address) == 32 and address.startswith("0000000000000000FFFF0000"):
                address = address[24:]
            if len(address) == 8:
                found.add(".".join(str(int(address[i : i + 2], 16)) for i in (6, 4, 2, 0)))
            else:
                found.add(address)
    return found


def test_serve_binds_loopback_by_default_without_redis() -> None:
    environment = {name: value for name, value in os.environ.items() if name not in ("HOST", "REDIS_URL")}
    command = [sys.executable, "-m", "service.cli", "serve", "--grpc-port", "0", "--http-port", "0"]
    process = subprocess.Popen(command, env=environment, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert process.stdout is not None
        announced = json.loads(process.stdout.readline())
        assert listening_addresses(announced["httpPort"]) == {"127.0.0.1"}
        assert listening_addresses(announced["grpcPort"]) == {"127.0.0.1"}
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0


def test_a_game_admitted_again_takes_no_second_place(store_kind: str, request: pytest.FixtureRequest) -> None:
    """A create retried with its request id gives the same game again: it takes its key's place once."""
    store = make_store(store_kind, request)
    try:
        gate = make_gate(store, KeyRing(), LimitSettings(live_games_per_key=1))
        live_game = GameService(store).creation.create_game("dracula", 2).game_id
        gate.admit_game("file:alice", live_game)
        gate.admit_game("file:alice", live_game)
        with pytest.raises(ServiceError) as refused:
            gate.admit_game("file:alice", "another-game")
        assert (refused.value.code, refused.value.details["liveGames"]) == ("limit/live_games", 1)
    finally:
        store.close()


def test_a_strangers_wrong_tokens_leave_a_players_moves_untouched(
    store_kind: str, request: pytest.FixtureRequest
) -> None:
    """Eleven wrong tokens from the player's own address (a NAT, a balancer) leave the player's moves as they were,
    on both protocols; the stranger's twelfth guess is refused 429."""
    limits = LimitSettings(wrong_tokens=10, wrong_token_seconds=60)
    with replicas(request, store_kind, 1, limits=limits) as (live,):
        created = live.grpc.create_game("dracula", 2, seed=5)
        game_id = created.game_id
        for number in range(11):
            guess = rest(
                live,
                "POST",
                f"/v1/games/{game_id}/moves",
                token=f"stranger-{number}",
                body={"move": "x", "expectedVersion": 0},
            )
            assert guess.status == (401 if number < 10 else 429), guess.body
        assert rest(live, "GET", f"/v1/games/{game_id}", token="stranger-11").json()["error"]["code"] == (
            "limit/wrong_tokens"
        )
        tokens = {seat.seat: seat.token for seat in created.seats}
        client = Grpc(live)
        try:
            for version in range(4):
                game = rest(live, "GET", f"/v1/games/{game_id}").json()
                seat = game["toAct"][0]
                moves = rest(live, "GET", f"/v1/games/{game_id}/moves", token=tokens[seat]).json()["moves"]
                body = {"move": moves[0]["notation"], "expectedVersion": version}
                if version % 2:
                    applied = rest(live, "POST", f"/v1/games/{game_id}/moves", token=tokens[seat], body=body)
                    assert applied.status == 200 and applied.json()["version"] == version + 1
                else:
                    request_ = pb.ApplyMoveRequest(game_id=game_id, move=moves[0]["notation"], expected_version=version)
                    answer = client.call("ApplyMove", request_, token=tokens[seat])
                    assert not isinstance(answer, GrpcFailure) and answer.version == version + 1
        finally:
            client.close()
