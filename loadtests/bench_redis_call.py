"""The client CPU of one commit, and of one read of a game, on Redis: redis-py's client against the store's own.

    .venv/bin/python -m loadtests.bench_redis_call --redis-url redis://127.0.0.1:6379/0

Every ApplyMove makes one Redis call, the commit script's ``EVALSHA`` (``RedisStore.commit``). This measures what
that call costs the calling process in CPU (``time.process_time``: user + system, the kernel's loopback work
included), three ways, on one game of its own (a random key prefix; deleted at the end, nothing else touched),
in alternating rounds so that a busy machine slows every way alike:

- ``redis-py client``: ``Redis.evalsha`` through the connection pool;
- ``redis-py connection``: ``send_command`` + ``read_response`` on a connection of redis-py (no pool), the move
  path before ``service/redis_wire.py``;
- ``wire``: ``redis_wire.WireConnection`` (hiredis packing and parsing on a blocking socket), the move path now.

Then the same for one read of the game (``HGETALL`` of its hash: GetGame, a move that misses the local copy), two
ways in alternating rounds: ``redis-py client`` (``Redis.hgetall``, the read path before) and ``store``
(``RedisStore._hgetall`` on the store's own wire connections, the read path now).

It prints the median and the minimum over the rounds of each, in microseconds per call, and the ratios to the
first. A measuring instrument, not part of the product.
"""

from __future__ import annotations

import argparse
import secrets
import statistics
import time
from collections.abc import Callable, Sequence

import engine
from service import redis_wire
from service.redis_store import COMMIT_SCRIPT, RedisStore
from service.store import StoredGame


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/0")
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--calls", type=int, default=400, help="calls per way and round")
    parser.add_argument("--game", default="draw_blood", help="whose snapshot the commits write")
    args = parser.parse_args(argv)
    prefix = f"bench-redis-call:{secrets.token_hex(4)}:"
    store = RedisStore.from_url(args.redis_url, key_prefix=prefix)
    snapshot = engine.encode(engine.new_game(args.game, 2, seed=1)[0])
    entry = b'{"v":1,"s":0,"m":"draw","t":[1],"f":false,"q":3,"e":[{"k":"drew","s":0,"d":{"card":"4H"}}]}'
    game_id = "g"
    store.create(StoredGame(game_id, 0, snapshot, 0, False, b'{"t":"bench"}'), b"{}")
    sha = store.client.script_load(COMMIT_SCRIPT)
    keys = [store.game_key(game_id), store.log_key(game_id), store.results_key(game_id)]
    version = [0]

    def command() -> tuple[bytes | str | int, ...]:
        v = version[0]
        version[0] = v + 1
        channel = store.channel(game_id)
        return ("EVALSHA", sha, 3, *keys, v, v + 1, snapshot, 3, 0, entry, "", b"", 3600, channel, "PUBLISH")

    pool = store.client.connection_pool
    plain = pool.connection_class(**pool.connection_kwargs)
    wire = redis_wire.WireConnection(pool.connection_class(**pool.connection_kwargs), 1.0)

    def via_client() -> object:
        return store.client.execute_command(*command())

    def via_connection() -> object:
        plain.send_command(*command())
        return plain.read_response()

    def via_wire() -> object:
        return wire.call(*command())

    ways: dict[str, Callable[[], object]] = {
        "redis-py client": via_client,
        "redis-py connection": via_connection,
        "wire": via_wire,
    }
    samples: dict[str, list[float]] = {name: [] for name in ways}
    game_key = store.game_key(game_id)
    reads: dict[str, Callable[[], object]] = {
        "redis-py client": lambda: store.client.hgetall(game_key),
        "store": lambda: store._hgetall(game_key),
    }
    read_samples: dict[str, list[float]] = {name: [] for name in reads}
    try:
        for _ in range(args.rounds):
            for name, call in ways.items():
                started = time.process_time()
                for _ in range(args.calls):
                    reply = call()
                    assert isinstance(reply, list) and reply[0] == b"ok", reply
                samples[name].append((time.process_time() - started) / args.calls * 1e6)
        for _ in range(args.rounds):
            for name, call in reads.items():
                started = time.process_time()
                for _ in range(args.calls):
                    read = call()
                    assert isinstance(read, dict) and read[b"s"] == snapshot, read
                read_samples[name].append((time.process_time() - started) / args.calls * 1e6)
    finally:
        store.client.delete(*keys)
        plain.disconnect()
        wire.close()
        store.close()
    print(f"client CPU per EVALSHA commit ({args.game} snapshot, {len(snapshot)} bytes), {args.rounds} rounds:")
    report(samples)
    print(f"client CPU per HGETALL of the game ({args.rounds} rounds):")
    report(read_samples)
    return 0


def report(samples: dict[str, list[float]]) -> None:
    first = statistics.median(next(iter(samples.values())))
    for name, values in samples.items():
        median = statistics.median(values)
        print(f"  {name:<20} median {median:6.1f} us  min {min(values):6.1f} us  ratio {median / first:.2f}")


if __name__ == "__main__":
    raise SystemExit(main())
