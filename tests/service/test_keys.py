"""API keys through real servers (gRPC and REST, the embedded store and a real Redis): CreateGame and ListGameTypes
need a key when keys are on, seat tokens still play, a game records its creator's key id (never the key), keys
kept in Redis are created, listed and revoked with `cardengine keys`, and a revocation holds on every replica at
once. There is no API that lists games, so no game id of one key can reach another: the tests check that a key's
answers hold only its own game's id."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson
import pytest
import redis
from cardengine.v1 import game_engine_pb2 as pb

import engine
from service.access.limits import LimitSettings
from service.core.stored import GameMeta
from tests.service.access import ALICE, BOB, Grpc, GrpcFailure, keys_file, rest
from tests.service.conftest import LiveServer, live_server, make_store

SECRET = "test-secret-of-the-keys"


@pytest.fixture
def keyed(store_kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    with live_server(make_store(store_kind, request), store_kind, api_keys_file=keys_file(tmp_path)) as running:
        yield running


def creator_of(live: LiveServer, game_id: str) -> str | None:
    stored = live.server.service.store.load(game_id)
    assert stored is not None
    assert ALICE.encode() not in stored.meta and BOB.encode() not in stored.meta
    return GameMeta.decode(stored.meta).creator


def test_rest_needs_a_key_to_create_and_list_game_types_and_seat_tokens_still_play(keyed: LiveServer) -> None:
    missing = rest(keyed, "GET", "/v1/game-types")
    assert (missing.status, missing.json()["error"]["code"]) == (401, "auth/missing_api_key")
    wrong = rest(keyed, "GET", "/v1/game-types", key="not-a-key-of-this-server")
    assert (wrong.status, wrong.json()["error"]["code"]) == (401, "auth/invalid_api_key")
    schemas = rest(keyed, "GET", "/v1/game-types/dracula/schemas")
    assert (schemas.status, schemas.json()["error"]["code"]) == (401, "auth/missing_api_key")
    assert rest(keyed, "GET", "/v1/game-types", key=ALICE).status == 200
    by_authorization = keyed.rest.call("GET", "/v1/game-types", headers={"Authorization": f"ApiKey {BOB}"})
    assert by_authorization[0] == 200

    body = {"gameType": "dracula", "players": 2, "seed": 5}
    refused = rest(keyed, "POST", "/v1/games", body=body)
    assert (refused.status, refused.json()["error"]["code"]) == (401, "auth/missing_api_key")
    created = rest(keyed, "POST", "/v1/games", key=ALICE, body=body)
    assert created.status == 201
    answer = created.json()
    game_id, token = answer["gameId"], answer["seats"][0]["token"]
    assert creator_of(keyed, game_id) == "file:alice"
    assert ALICE not in created.body.decode()

    # Play needs no key: the seat token, as before.
    game = rest(keyed, "GET", f"/v1/games/{game_id}", token=token)
    assert (game.status, game.json()["seat"]) == (200, 0)
    moves = rest(keyed, "GET", f"/v1/games/{game_id}/moves", token=token).json()["moves"]
    applied = rest(
        keyed,
        "POST",
        f"/v1/games/{game_id}/moves",
        token=token,
        body={"move": moves[0]["notation"], "expectedVersion": 0},
    )
    assert (applied.status, applied.json()["version"]) == (200, 1)
    # An API key in Authorization is no seat token: a spectator, never a wrong token.
    spectator = keyed.rest.call("GET", f"/v1/games/{game_id}", headers={"Authorization": f"ApiKey {ALICE}"})
    assert spectator[0] == 200 and "seat" not in spectator[1]


def test_grpc_needs_a_key_to_create_and_list_game_types(keyed: LiveServer) -> None:
    client = Grpc(keyed)
    try:
        failure = client.call("ListGameTypes", pb.ListGameTypesRequest())
        assert isinstance(failure, GrpcFailure)
        assert (failure.error.status.name, failure.error.code) == ("UNAUTHENTICATED", "auth/missing_api_key")
        games = client.call("ListGameTypes", pb.ListGameTypesRequest(), key=BOB).game_types
        assert len(games) == len(engine.all_games())
        refused = client.create()
        assert isinstance(refused, GrpcFailure) and refused.error.code == "auth/missing_api_key"
        unknown = client.create(key="x" * 40)
        assert isinstance(unknown, GrpcFailure) and unknown.error.code == "auth/invalid_api_key"
        created = client.create(key=BOB)
        assert creator_of(keyed, created.game_id) == "file:bob"
        game = client.call("GetGame", pb.GetGameRequest(game_id=created.game_id), token=created.seats[1].token)
        assert (game.game_id, game.seat) == (created.game_id, 1)
    finally:
        client.close()


def test_a_keys_answers_name_only_its_own_games(keyed: LiveServer) -> None:
    """No API lists games; what a key is answered (its create, the errors of others' ids) never names a game of
    another key."""
    alices = rest(keyed, "POST", "/v1/games", key=ALICE, body={"gameType": "dracula", "players": 2}).json()["gameId"]
    bobs = rest(keyed, "POST", "/v1/games", key=BOB, body={"gameType": "dracula", "players": 2})
    assert alices not in bobs.body.decode()
    assert creator_of(keyed, bobs.json()["gameId"]) == "file:bob"
    assert creator_of(keyed, alices) == "file:alice"
    catalog = rest(keyed, "GET", "/v1/game-types", key=BOB)
    assert alices.encode() not in catalog.body


def test_without_keys_nothing_needs_one_and_games_record_no_creator(live: LiveServer) -> None:
    assert live.server.gate.keys.enabled is False
    created = rest(live, "POST", "/v1/games", body={"gameType": "dracula", "players": 2})
    assert created.status == 201
    assert rest(live, "GET", "/v1/game-types").status == 200
    assert creator_of(live, created.json()["gameId"]) is None
    assert live.grpc.create_game("dracula", 2).game_id


def test_a_bad_keys_file_stops_serve_before_it_starts(tmp_path: Path) -> None:
    short = tmp_path / "short.txt"
    short.write_text("tooshort alice\n", encoding="utf-8")
    twice = tmp_path / "twice.txt"
    twice.write_text(f"{ALICE} alice\n{BOB} alice\n", encoding="utf-8")
    for path, reason in ((short, "a key is 16 to 256 ASCII characters"), (twice, "comes twice")):
        command = [sys.executable, "-m", "service.cli", "serve", "--grpc-port", "0", "--http-port", "0"]
        done = subprocess.run(
            [*command, "--api-keys-file", str(path)], capture_output=True, text=True, timeout=60, check=False
        )
        assert done.returncode == 2
        assert reason in done.stderr


def keys_command(redis_url: str, key_prefix: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "service.cli", "keys", *arguments, "--redis-url", redis_url]
    command += ["--key-prefix", key_prefix, "--secret", SECRET]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)


def test_keys_in_redis_are_created_listed_and_revoked_on_every_replica(
    redis_url: str, key_prefix: str, request: pytest.FixtureRequest
) -> None:
    created = keys_command(redis_url, key_prefix, "create", "--name", "carol", "--json")
    assert created.returncode == 0, created.stderr
    new = json.loads(created.stdout)
    key_id, key = new["id"], new["key"]
    assert key.startswith(f"cek_{key_id}_") and new["name"] == "carol"

    settings: dict[str, Any] = {"api_keys_in_store": True, "secret": SECRET, "limits": LimitSettings()}
    with (
        live_server(make_store("redis", request), "redis", **settings) as first,
        live_server(make_store("redis", request), "redis", **settings) as second,
    ):
        body = {"gameType": "dracula", "players": 2}
        for replica in (first, second):
            answer = rest(replica, "POST", "/v1/games", key=key, body=body)
            assert answer.status == 201
            assert creator_of(replica, answer.json()["gameId"]) == key_id
        with redis.Redis.from_url(redis_url) as raw:
            stored = b"".join(value for value in raw.hvals(f"{key_prefix}{{keys}}:records"))
        assert key.encode() not in stored and key_id.encode() in stored

        listed = keys_command(redis_url, key_prefix, "list", "--json")
        assert [json.loads(line)["id"] for line in listed.stdout.splitlines()] == [key_id]
        assert "revokedAt" not in listed.stdout
        revoked = keys_command(redis_url, key_prefix, "revoke", key_id)
        assert (revoked.returncode, revoked.stdout.strip()) == (0, f"key {key_id} revoked")

        for replica in (first, second):
            refused = rest(replica, "POST", "/v1/games", key=key, body=body)
            assert refused.status == 401
            assert refused.json()["error"] == {
                "code": "auth/revoked_api_key",
                "message": f"The API key {key_id!r} was revoked.",
                "status": "UNAUTHENTICATED",
                "details": {"keyId": key_id},
            }
            client = Grpc(replica)
            try:
                failure = client.create(key=key)
                assert isinstance(failure, GrpcFailure) and failure.error.code == "auth/revoked_api_key"
            finally:
                client.close()
        listed = keys_command(redis_url, key_prefix, "list", "--json")
        (record,) = [orjson.loads(line) for line in listed.stdout.splitlines()]
        assert record["id"] == key_id and record["revokedAt"] >= record["createdAt"]
        assert keys_command(redis_url, key_prefix, "revoke", "nosuchkey").returncode == 1
