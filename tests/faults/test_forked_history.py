"""Issue 36, item 1, on one Redis: a store that goes back never forks a game's history.

Two servers (two replicas of the service, each with its own local copies) on one Redis; the Redis is restarted from a
save made one move earlier, so the version both servers last saw names a history Redis no longer holds. The move
played after the restart continues the stored history; the server still holding the lost history's copy neither
refuses a move legal in the stored history nor accepts one legal only in its copy, and ``cardengine replay``
rebuilds the stored game exactly. A reader that saw the lost version sees the game go back (no replica: nothing
could have kept it), as docs/operations.md says.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from service.core.audit import audit_stored_game
from service.storage.redis_store import RedisStore
from tests.faults.forks import create, diverging_moves, move, replay_command, until_served
from tests.faults.harness import RedisProcess
from tests.service.conftest import LiveServer, live_server

PREFIX = "cefork:"


@pytest.fixture
def two_servers(redis_process: RedisProcess) -> Iterator[tuple[LiveServer, LiveServer]]:
    first = RedisStore.from_url(redis_process.url, key_prefix=PREFIX, timeout_seconds=1.0)
    second = RedisStore.from_url(redis_process.url, key_prefix=PREFIX, timeout_seconds=1.0)
    with live_server(first, "redis", bot_workers=0) as one, live_server(second, "redis", bot_workers=0) as two:
        yield one, two


def test_a_redis_restarted_from_an_older_save_forks_no_game(
    redis_process: RedisProcess, two_servers: tuple[LiveServer, LiveServer]
) -> None:
    one, two = two_servers
    fork = diverging_moves()
    game_id, tokens = create(one)
    with redis_process.client() as client:
        client.save()  # the save Redis comes back from: version 0
    status, answer = move(one, game_id, tokens[fork.seat], fork.lost, 0)
    assert (status, answer["version"]) == (200, 1), answer
    status, legal = two.rest.get(f"/v1/games/{game_id}/moves", token=tokens[fork.next_seat])
    assert status == 200 and legal["version"] == 1  # the second server read (and keeps) the lost version 1
    assert fork.only_lost in {entry["notation"] for entry in legal["moves"]}

    redis_process.kill()
    redis_process.start(aof=False)  # back from the save: version 0, the lost move is gone

    status, game = until_served(lambda: one.rest.get(f"/v1/games/{game_id}"))
    assert (status, game["version"]) == (200, 0)  # what a reader sees: the game went back to version 0
    status, answer = move(one, game_id, tokens[fork.seat], fork.kept, 0)
    assert (status, answer["version"]) == (200, 1), answer  # another history at version 1

    # The second server's copy of version 1 is of the lost history: judged on the stored one instead.
    status, refused = move(two, game_id, tokens[fork.next_seat], fork.only_lost, 1)
    assert status == 422, refused
    assert refused["error"]["code"].startswith("move/"), refused
    status, answer = move(two, game_id, tokens[fork.next_seat], fork.only_kept, 1)
    assert (status, answer["version"]) == (200, 2), answer

    store = RedisStore.from_url(redis_process.url, key_prefix=PREFIX)
    try:
        report = audit_stored_game(store, game_id)
        assert report.ok and report.version == 2, report.summary()
    finally:
        store.close()
    replayed = replay_command(game_id, redis_process.url, PREFIX)
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
