"""Issue 11: "The rules version of a snapshot is checked when it is decoded: a snapshot of another rules version is
refused with a clear error (or migrated), never played under new rules silently."

A match stored in Redis under another rules version of its game (written here as a deployment of other rules would
have left it) is refused by every call that reads its snapshot with FAILED_PRECONDITION (HTTP 422),
``snapshot/rules_version`` and the engine's reason; nothing is changed, and its event log stays readable."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson
import pytest
import redis

import engine
from tests.service.conftest import live_server, make_store
from tests.service.drivers import HTTP_OF_STATUS, ApiError, Driver, GrpcDriver, RestDriver

RULES_VERSION_FIELD = 2  # the snapshot is [format, game id, rules version, ...] (engine/state.py)


def rewrite_rules_version(redis_url: str, key_prefix: str, game_id: str, rules_version: int) -> bytes:
    client = redis.Redis.from_url(redis_url)
    key = f"{key_prefix}{{{game_id}}}:game"
    fields = orjson.loads(client.hget(key, "s"))  # type: ignore[arg-type]
    fields[RULES_VERSION_FIELD] = rules_version
    snapshot = orjson.dumps(fields)
    client.hset(key, "s", snapshot)
    client.close()
    return snapshot


def expect_rules_version_error(call: Callable[[], Any], reason: str) -> None:
    with pytest.raises(ApiError) as caught:
        call()
    error = caught.value
    assert (error.status, error.code, error.message) == ("FAILED_PRECONDITION", "snapshot/rules_version", reason)
    assert error.http in (None, HTTP_OF_STATUS["FAILED_PRECONDITION"])
    assert error.details["engineCode"] == "snapshot/rules_version"


@pytest.mark.parametrize("transport", ["grpc", "rest"])
@pytest.mark.parametrize("offset", [1, -1])
def test_a_snapshot_of_another_rules_version_is_refused(
    request: pytest.FixtureRequest, redis_url: str, key_prefix: str, transport: str, offset: int
) -> None:
    current = engine.get_game("dracula").rules_version
    with live_server(make_store("redis", request), "redis") as before:
        api: Driver = GrpcDriver(before.grpc) if transport == "grpc" else RestDriver(before.rest)
        created = api.create("dracula", 2, 5)
        applied = api.apply(created.game_id, created.tokens[0], "declare across", 0)
        events_before = api.events(created.game_id, created.tokens[1])
    snapshot = rewrite_rules_version(redis_url, key_prefix, created.game_id, current + offset)
    with pytest.raises(engine.RulesVersionError) as refused:
        engine.decode(snapshot)
    reason = refused.value.reason
    assert f"rules version {current + offset}" in reason
    # A replica started after the rules changed (nothing of the game in its memory).
    with live_server(make_store("redis", request), "redis") as after:
        api = GrpcDriver(after.grpc) if transport == "grpc" else RestDriver(after.rest)
        token = created.tokens[1]
        expect_rules_version_error(lambda: api.apply(created.game_id, token, "declare down", 1, "k"), reason)
        expect_rules_version_error(lambda: api.game(created.game_id, token), reason)
        expect_rules_version_error(lambda: api.game(created.game_id), reason)
        expect_rules_version_error(lambda: api.legal(created.game_id, token), reason)
        expect_rules_version_error(lambda: api.score(created.game_id), reason)
        # Nothing was changed, and the log can still be read.
        assert api.events(created.game_id, token) == events_before
        assert events_before.version == applied.version == 1
    client = redis.Redis.from_url(redis_url)
    assert client.hget(f"{key_prefix}{{{created.game_id}}}:game", "s") == snapshot
    client.close()
