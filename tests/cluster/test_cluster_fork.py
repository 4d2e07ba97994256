"""Issue 36, item 1, on a real Redis Cluster: a master killed while its replica was held back loses its last write,
and no game's history forks.

Two servers (replicas of the service) on the cluster. With the game's master's replica stopped, a move is stored on
the master only (answered ``503 store/durability_unknown``) and the second server reads that unconfirmed version
while judging a move (its local copy). The master is killed, the replica takes over without the move, and another
move is played at its version. The second server's copy names the lost history: it neither refuses the move legal
in the stored history nor accepts the one legal only in its copy, and ``cardengine replay`` rebuilds the game.
"""

from __future__ import annotations

import uuid

from service.core.audit import audit_stored_game
from service.storage.redis_store import RedisStore
from tests.cluster.conftest import RedisCluster
from tests.cluster.test_cluster_failover import BALLAST_BYTES
from tests.faults.forks import create, diverging_moves, move, replay_command
from tests.service.conftest import live_server


def test_a_failover_that_loses_a_write_forks_no_game(redis_cluster: RedisCluster) -> None:
    redis_cluster.wait_ok()
    redis_cluster.wait_replicas_synced()
    prefix = f"cefork:{uuid.uuid4().hex[:8]}:"
    fork = diverging_moves()
    first = RedisStore.from_url(redis_cluster.url, key_prefix=prefix)
    second = RedisStore.from_url(redis_cluster.url, key_prefix=prefix)
    with live_server(first, "cluster", bot_workers=0) as one, live_server(second, "cluster", bot_workers=0) as two:
        game_id, tokens = create(one)
        master = redis_cluster.node_of_key(f"{prefix}{{{game_id}}}:game")
        (replica,) = redis_cluster.replicas_of(master)
        replica.pause()
        try:
            # Ballast in the game's slot: more than the kernel's socket buffers hold, so the move after it stays in
            # the master's own output buffer (a stopped replica's kernel would otherwise take it in).
            with master.client() as client:
                client.set(f"{prefix}{{{game_id}}}:ballast", b"x" * BALLAST_BYTES)
            status, answer = move(one, game_id, tokens[fork.seat], fork.lost, 0)
            assert (status, answer["error"]["code"]) == (503, "store/durability_unknown"), answer
            # A reader is not shown the unconfirmed version ...
            status, answer = two.rest.get(f"/v1/games/{game_id}")
            assert (status, answer["error"]["code"]) == (503, "store/durability_unknown"), answer
            # ... but a move sent for it is judged on it (its local copy), and refused: only the copy is kept.
            status, answer = move(two, game_id, tokens[fork.next_seat], fork.only_kept, 1)
            assert status == 422, answer
            master.kill()
        finally:
            replica.resume()
        try:
            redis_cluster.wait_promoted([replica])
            status, answer = move(one, game_id, tokens[fork.seat], fork.kept, 0)
            assert (status, answer.get("version")) == (200, 1), answer  # another history at version 1
            status, refused = move(two, game_id, tokens[fork.next_seat], fork.only_lost, 1)
            assert status == 422 and refused["error"]["code"].startswith("move/"), refused
            status, answer = move(two, game_id, tokens[fork.next_seat], fork.only_kept, 1)
            assert (status, answer["version"]) == (200, 2), answer
            alive = f"redis+cluster://127.0.0.1:{replica.port}/0"  # the cluster's first node may be the killed one
            store = RedisStore.from_url(alive, key_prefix=prefix)
            try:
                report = audit_stored_game(store, game_id)
                assert report.ok and report.version == 2, report.summary()
            finally:
                store.close()
            replayed = replay_command(game_id, alive, prefix)
            assert replayed.returncode == 0, replayed.stdout + replayed.stderr
        finally:
            redis_cluster.restart(master)
