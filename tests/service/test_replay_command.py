"""``cardengine replay GAME_ID`` (issue 11, "Replays"): a match played through the real service on Redis is rebuilt
from its creation record and move log with ``engine.replay`` and checked against the stored events and snapshot.
A changed move in the log makes it fail, naming that move; so does a changed snapshot."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
import redis

import engine
from service.cli import commands as cli
from tests.service.conftest import LiveServer
from tests.service.drivers import RestDriver
from tests.service.test_idempotent_retry import reach_list_move, reordered

ROOT = Path(__file__).resolve().parents[2]


def replay(game_id: str, redis_url: str, key_prefix: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(["replay", game_id, "--redis-url", redis_url, "--key-prefix", key_prefix])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def log_entry(redis_url: str, key_prefix: str, game_id: str, version: int) -> tuple[int, str]:
    """The seat and move of a stored log entry."""
    client = redis.Redis.from_url(redis_url)
    entry = orjson.loads(client.lindex(f"{key_prefix}{{{game_id}}}:log", version))  # type: ignore[arg-type]
    client.close()
    return entry["s"], entry["m"]


def edit_log_entry(redis_url: str, key_prefix: str, game_id: str, version: int, **changes: object) -> None:
    client = redis.Redis.from_url(redis_url)
    key = f"{key_prefix}{{{game_id}}}:log"
    entry = orjson.loads(client.lindex(key, version))  # type: ignore[arg-type]
    entry.update(changes)
    client.lset(key, version, orjson.dumps(entry).decode())
    client.close()


def test_a_finished_match_replays_from_redis(live_redis: LiveServer, redis_url: str, key_prefix: str) -> None:
    """Played to its end over gRPC, then replayed by the command as an operator runs it (REDIS_URL and
    REDIS_KEY_PREFIX from the environment)."""
    client = live_redis.grpc
    created = client.create_game("dracula", 2, 3, {"deals": 1})
    tokens = [seat.token for seat in created.seats]
    game = client.get_game(created.game_id)
    while not game.finished:
        seat = game.to_act[0]
        legal = client.legal_moves(created.game_id, tokens[seat])
        game = client.apply_move(created.game_id, tokens[seat], legal.notations[0], legal.version).game
    assert game.version > 0
    env = {**os.environ, "REDIS_URL": redis_url, "REDIS_KEY_PREFIX": key_prefix}
    done = subprocess.run(
        [sys.executable, "-m", "service.cli", "replay", created.game_id],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        f"game {created.game_id} (dracula, 2 players): {game.version} moves replayed; the rebuilt state equals the "
        f"stored snapshot (version {game.version}, finished).\n"
    )


def test_a_changed_move_or_snapshot_fails_naming_it(
    live_redis: LiveServer, redis_url: str, key_prefix: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A draw_blood match with a list move sent out of order (the log keeps its canonical notation), then three
    moves more; the replay succeeds, then fails on each change made to the stored match."""
    api = RestDriver(live_redis.rest)
    position = reach_list_move(api)
    game_id, changed = position.game_id, position.version + 1
    api.apply(game_id, position.token, reordered(position.canonical, lambda items: items[::-1]), position.version)
    for _ in range(3):
        game = api.game(game_id)
        if game.finished:
            break
        token = position.tokens[game.to_act[0]]
        legal = api.legal(game_id, token)
        api.apply(game_id, token, legal.notations[0], legal.version)
    version = api.game(game_id).version
    assert version > changed
    code, out, err = replay(game_id, redis_url, key_prefix, capsys)
    assert (code, err) == (0, "")
    assert out == (
        f"game {game_id} (draw_blood, 2 players): {version} moves replayed; the rebuilt state equals the stored "
        f"snapshot (version {version}, in progress).\n"
    )
    assert log_entry(redis_url, key_prefix, game_id, changed)[:2] == (position.seat, position.canonical)

    # A creation record written before it kept the seed and options: they are read from the snapshot.
    client = redis.Redis.from_url(redis_url)
    game_key = f"{key_prefix}{{{game_id}}}:game"
    meta = orjson.loads(client.hget(game_key, "m"))  # type: ignore[arg-type]
    assert meta["s"] == engine.decode(client.hget(game_key, "s")).seed  # type: ignore[arg-type]
    client.hset(game_key, "m", orjson.dumps({key: meta[key] for key in ("t", "p", "h")}))
    assert replay(game_id, redis_url, key_prefix, capsys)[:2] == (0, out)

    # Another legal move of that position in its place: it is played, but its events are not the stored ones.
    other = next(move for move in position.legal if move != position.canonical)
    edit_log_entry(redis_url, key_prefix, game_id, changed, m=other)
    code, out, err = replay(game_id, redis_url, key_prefix, capsys)
    assert (code, out) == (1, "")
    assert err == (
        f"game {game_id} (draw_blood, 2 players): replay failed: move {changed} (seat {position.seat}: '{other}') "
        "gives other events than the stored ones.\n"
    )
    # A move the rules refuse there.
    edit_log_entry(redis_url, key_prefix, game_id, changed, m="meld ZZ,ZY")
    code, out, err = replay(game_id, redis_url, key_prefix, capsys)
    assert code == 1
    assert err.startswith(
        f"game {game_id} (draw_blood, 2 players): replay failed: move {changed} (seat {position.seat}: "
        "'meld ZZ,ZY') is refused by the rules: "
    )
    # The log restored, the snapshot changed (its RNG state): every move gives the stored events, the state differs.
    edit_log_entry(redis_url, key_prefix, game_id, changed, m=position.canonical)
    snapshot = orjson.loads(client.hget(game_key, "s"))  # type: ignore[arg-type]
    snapshot[6] += 1
    client.hset(game_key, "s", orjson.dumps(snapshot))
    client.close()
    last_seat, last_move = log_entry(redis_url, key_prefix, game_id, version)
    code, out, err = replay(game_id, redis_url, key_prefix, capsys)
    assert (code, out) == (1, "")
    assert err == (
        f"game {game_id} (draw_blood, 2 players): replay failed: every move gives the stored events, but the state "
        f"after move {version} (seat {last_seat}: '{last_move}') differs from the stored snapshot (rng_state).\n"
    )


def test_an_unknown_game_or_no_redis_cannot_be_replayed(
    redis_url: str, key_prefix: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = replay("no-such-game", redis_url, key_prefix, capsys)
    assert (code, out) == (2, "")
    assert err == "error: game/not_found: No game 'no-such-game' (never created, or expired).\n"
    monkeypatch.delenv("REDIS_URL", raising=False)
    assert cli.main(["replay", "some-game"]) == 2
    assert capsys.readouterr().err == "error: replay reads a game from Redis: give --redis-url or set REDIS_URL\n"


def test_a_game_id_that_begins_with_a_dash_is_read_as_the_game_id(
    live_redis: LiveServer, redis_url: str, key_prefix: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A keyed game's id is URL-safe base64 and may begin with "-": the command takes it as GAME_ID, before or
    after the options, and never as an option (it once failed with a usage error one run in 32)."""
    core = live_redis.server.service.creation  # one request id in 4,096 gives an id beginning with "-h" (as `-h` help)
    request_id = next(f"dash-{n}" for n in range(1_000_000) if core.keyed_game_id(f"dash-{n}", None).startswith("-h"))
    created = live_redis.grpc.create_game("dracula", 2, 3, {"deals": 1}, request_id=request_id)
    assert created.game_id.startswith("-h")
    code, out, err = replay(created.game_id, redis_url, key_prefix, capsys)
    assert (code, err) == (0, "")
    assert created.game_id in out
    code = cli.main(["replay", "--redis-url", redis_url, "--key-prefix", key_prefix, created.game_id, "--json"])
    captured = capsys.readouterr()
    assert (code, captured.err) == (0, "")
    assert orjson.loads(captured.out)["gameId"] == created.game_id


def test_a_random_game_id_never_begins_with_a_dash_or_underscore() -> None:
    from service.core.creation import new_game_id

    ids = [new_game_id() for _ in range(4_000)]  # one in 32 of token_urlsafe's ids begins with one of them
    assert len(set(ids)) == len(ids)
    assert all(len(game_id) == 16 and game_id[0] not in "-_" for game_id in ids)


@pytest.mark.parametrize(
    ("argv", "game_id", "token", "url"),
    [
        (["verify", "-abc", "--token", "-xyz"], "-abc", "-xyz", None),
        (["verify", "--token", "-xyz", "--url", "http://h:1", "-abc"], "-abc", "-xyz", "http://h:1"),
        (["verify", "--token=-xyz", "abc"], "abc", "-xyz", None),
        (["verify", "--url", "http://h:1", "--", "-abc"], "-abc", "", "http://h:1"),
        (["verify", "abc", "--token", "plain"], "abc", "plain", None),
    ],
)
def test_verify_reads_ids_and_tokens_that_begin_with_a_dash(
    argv: list[str], game_id: str, token: str, url: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A seat token, like a game id, is URL-safe base64 and may begin with "-": `--token -xyz` is the token."""
    monkeypatch.delenv("CARDENGINE_TOKEN", raising=False)
    parser = cli.build_parser()
    args = parser.parse_args(cli._game_ids_as_positionals(parser, argv))
    assert (args.game_id, args.token) == (game_id, token)
    if url is not None:
        assert args.url == url


def test_a_random_seat_token_never_begins_with_a_dash_or_underscore() -> None:
    from service.core.creation import url_safe_secret

    tokens = [url_safe_secret(24) for _ in range(4_000)]
    assert all(len(token) == 32 and token[0] not in "-_" for token in tokens)
