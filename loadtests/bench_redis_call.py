"""The client CPU of one commit, and of one read of a game, on Redis: redis-py's client against the store's own.

    .venv/bin/python -m loadtests.bench_redis_call --redis-url redis://127.0.0.1:6379/0

Every ApplyMove makes one Redis call, the commit script's ``EVALSHA`` (``RedisStore.commit``). This measures what
that call costs the calling process in CPU (``time.process_time``: user + system, the kernel's loopback work
included), three ways, on one game of its own (a random key prefix; deleted at the end, nothing else touched),
in alternating rounds so that a busy machine slows every way alike:

- ``redis-py client``: ``Redis.evalsha`` through the connection pool;
- ``redis-py connection``: ``send_command`` + ``read_response`` on a connection of redis-py (no pool), the move
  path before ``service/storage/redis_wire.py``;
- ``wire``: ``redis_wire.WireConnection`` (hiredis packing and parsing on a blocking socket), the move path now.

Then the same for one read of the game (``HGETALL`` of its hash: GetGame, a move that misses the local copy), two
ways in alternating rounds: ``redis-py client`` (``Redis.hgetall``, the read path before) and ``store``
(``RedisStore._hgetall`` on the store's own wire connections, the read path now).

Then the commit with ``--callers`` callers at once (16, as the service benchmark's load), each on a game of its own,
as the server runs them: ``wire`` is the move path itself (``RedisStore._own_command``, which ``RedisStore.commit``
sends its script with, on the store's own connections; a thread per caller). Beside it, when installed (the
``bench`` extra: ``.venv/bin/pip install -e '.[bench]'``), the leaner clients issue 14 names: ``valkey-glide``
(valkey-glide's synchronous client, one client shared by the threads, its Rust core on threads of its own) and
``coredis`` (asyncio: a task per caller on one client and one event loop), with their commits per second. The process
is pinned to one core meanwhile (``--no-pin`` not to), as the benchmark pins a server, so that every thread a client
starts is counted on that core.

It prints the median and the minimum over the rounds of each, in microseconds per call, and the ratios to the
first. A measuring instrument, not part of the product.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import os
import secrets
import statistics
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import engine
from service.storage import redis_wire
from service.storage.redis_store import COMMIT_SCRIPT, RedisStore
from service.storage.store import StoredGame


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/0")
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--calls", type=int, default=400, help="calls per way and round")
    parser.add_argument("--game", default="draw_blood", help="whose snapshot the commits write")
    parser.add_argument("--callers", type=int, default=16, help="callers at once in the concurrent rounds (0: none)")
    parser.add_argument("--concurrent-rounds", type=int, default=5)
    parser.add_argument("--no-pin", action="store_true", help="do not pin the process to one core")
    args = parser.parse_args(argv)
    prefix = f"bench-redis-call:{secrets.token_hex(4)}:"
    store = RedisStore.from_url(args.redis_url, key_prefix=prefix)
    snapshot = engine.encode(engine.new_game(args.game, 2, seed=1)[0])
    entry = b'{"v":1,"s":0,"m":"draw","t":[1],"f":false,"q":3,"e":[{"k":"drew","s":0,"d":{"card":"4H"}}]}'
    sha = str(store.client.script_load(COMMIT_SCRIPT))
    games = CommitGames(store, max(1, args.callers), snapshot, entry, sha)
    try:
        one_caller(args, games)
        if args.callers > 0:
            with pinned(not args.no_pin) as where:
                concurrent_commits(args, games, where)
    finally:
        keys = list(store.client.scan_iter(f"{prefix}*"))
        if keys:
            store.client.delete(*keys)
        store.close()
    return 0


def one_caller(args: argparse.Namespace, games: CommitGames) -> None:
    """The commit three ways and the read two ways, one call at a time on the first game (module docstring)."""
    store = games.store
    pool = store.client.connection_pool
    plain = pool.connection_class(**pool.connection_kwargs)
    wire = redis_wire.WireConnection(pool.connection_class(**pool.connection_kwargs), 1.0)

    def via_client() -> object:
        return store.client.execute_command(*games.command(0))

    def via_connection() -> object:
        plain.send_command(*games.command(0))
        return plain.read_response()

    def via_wire() -> object:
        return wire.call(*games.command(0))

    ways: dict[str, Callable[[], object]] = {
        "redis-py client": via_client,
        "redis-py connection": via_connection,
        "wire": via_wire,
    }
    samples: dict[str, list[float]] = {name: [] for name in ways}
    game_key = store.game_key(games.ids[0])
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
                    assert isinstance(read, dict) and read[b"s"] == games.snapshot, read
                read_samples[name].append((time.process_time() - started) / args.calls * 1e6)
    finally:
        plain.disconnect()
        wire.close()
    print(f"client CPU per EVALSHA commit ({args.game} snapshot, {len(games.snapshot)} bytes), {args.rounds} rounds:")
    report(samples)
    print(f"client CPU per HGETALL of the game ({args.rounds} rounds):")
    report(read_samples)


BENCH_EXTRA = "the bench extra: .venv/bin/pip install -e '.[bench]'"


@contextmanager
def pinned(pin: bool) -> Iterator[str]:
    """This thread (and every thread started meanwhile, which inherits it) on the first core it may use, when it
    may use two or more; its cores given back afterwards."""
    cpus = sorted(os.sched_getaffinity(0))
    if not pin or len(cpus) < 2:
        yield f"on cores {cpus}"
        return
    os.sched_setaffinity(0, {cpus[0]})
    try:
        yield f"pinned to core {cpus[0]}"
    finally:
        os.sched_setaffinity(0, cpus)


def optional(module: str) -> Any:
    """An optional client library (the bench extra), or None when it is not installed."""
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


class CommitGames:
    """A game per caller (on the store's key prefix), each with the version its next commit moves from."""

    def __init__(self, store: RedisStore, callers: int, snapshot: bytes, entry: bytes, sha: str) -> None:
        self.store, self.snapshot, self.entry, self.sha = store, snapshot, entry, sha
        self.ids = [f"c{caller}" for caller in range(callers)]
        for game_id in self.ids:
            store.create(StoredGame(game_id, 0, snapshot, 0, False, b'{"t":"bench"}'), b"{}")
        self.versions = [0] * callers

    def command(self, caller: int) -> tuple[bytes | str | int, ...]:
        """The next commit of the caller's game (as ``RedisStore.commit`` sends it)."""
        game_id, version = self.ids[caller], self.versions[caller]
        self.versions[caller] = version + 1
        store = self.store
        keys = (store.game_key(game_id), store.log_key(game_id), store.results_key(game_id))
        channel = store.channel(game_id)
        return (
            "EVALSHA",
            self.sha,
            3,
            *keys,
            version,
            version + 1,
            self.snapshot,
            3,
            0,
            self.entry,
            "",
            b"",
            3600,
            channel,
            "PUBLISH",
        )


def threaded(callers: int, calls: int, commit: Callable[[int], object]) -> tuple[float, int, float]:
    """(process CPU seconds, commits, wall seconds) of ``callers`` threads making ``calls`` commits each."""
    start, end = threading.Barrier(callers + 1), threading.Barrier(callers + 1)
    failures: list[BaseException] = []

    def caller(index: int) -> None:
        start.wait()
        try:
            for _ in range(calls):
                reply = commit(index)
                assert isinstance(reply, list) and reply[0] == b"ok", reply
        except BaseException as error:  # reported after the round, not lost in a thread
            failures.append(error)
        end.wait()

    threads = [threading.Thread(target=caller, args=(index,), daemon=True) for index in range(callers)]
    for thread in threads:
        thread.start()
    start.wait()
    cpu, wall = time.process_time(), time.perf_counter()
    end.wait()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]
    return cpu, callers * calls, wall


def concurrent_commits(args: argparse.Namespace, games: CommitGames, where: str) -> None:
    """The commit with ``args.callers`` callers at once, each on its own game of ``games``: the move path,
    valkey-glide and coredis (module docstring)."""
    store = games.store
    ways: dict[str, Callable[[], tuple[float, int, float]]] = {
        "wire": lambda: threaded(args.callers, args.calls, lambda caller: store._own_command(*games.command(caller)))
    }
    closers: list[Callable[[], object]] = []
    missing: list[str] = []
    glide = optional("glide_sync")
    if glide is None:
        missing.append("valkey-glide")
    else:
        kwargs = store.client.connection_pool.connection_kwargs
        address = glide.NodeAddress(kwargs["host"], kwargs["port"])
        client = glide.GlideClient.create(glide.GlideClientConfiguration([address], request_timeout=1000))
        closers.append(client.close)

        def glide_commit(caller: int) -> object:
            return client.custom_command(
                [str(part) if isinstance(part, int) else part for part in games.command(caller)]
            )

        ways["valkey-glide"] = lambda: threaded(args.callers, args.calls, glide_commit)
    coredis = optional("coredis")
    if coredis is None:
        missing.append("coredis")
    else:
        ways["coredis"] = lambda: asyncio.run(coredis_round(coredis, args, games))
    samples: dict[str, list[float]] = {name: [] for name in ways}
    rates: dict[str, list[float]] = {name: [] for name in ways}
    try:
        for _ in range(args.concurrent_rounds):
            for name, way in ways.items():
                cpu, commits, wall = way()
                samples[name].append(cpu / commits * 1e6)
                rates[name].append(commits / wall)
    finally:
        for close in closers:
            close()
    print(
        f"client CPU per EVALSHA commit with {args.callers} caller{'' if args.callers == 1 else 's'} at once, each on "
        f"its own game (this process {where}), {args.concurrent_rounds} rounds:"
    )
    report(samples, {name: statistics.median(values) for name, values in rates.items()})
    for name in missing:
        print(f"  {name}: not installed ({BENCH_EXTRA})")


async def coredis_round(coredis: Any, args: argparse.Namespace, games: CommitGames) -> tuple[float, int, float]:
    """A round of coredis: a task per caller on one client (its connection pool) and this event loop."""
    kwargs = games.store.client.connection_pool.connection_kwargs
    client = coredis.Redis(host=kwargs["host"], port=kwargs["port"], db=kwargs.get("db", 0), decode_responses=False)
    async with client:

        async def caller(index: int) -> None:
            for _ in range(args.calls):
                command = games.command(index)
                reply = await client.evalsha(command[1], keys=list(command[3:6]), args=list(command[6:]))
                assert isinstance(reply, list) and reply[0] == b"ok", reply

        await client.ping()
        cpu, wall = time.process_time(), time.perf_counter()
        await asyncio.gather(*(caller(index) for index in range(args.callers)))
        return time.process_time() - cpu, args.callers * args.calls, time.perf_counter() - wall


def report(samples: dict[str, list[float]], rates: dict[str, float] | None = None) -> None:
    first = statistics.median(next(iter(samples.values())))
    for name, values in samples.items():
        median = statistics.median(values)
        rate = f"  {rates[name]:8,.0f} commits/s" if rates is not None else ""
        print(f"  {name:<20} median {median:6.1f} us  min {min(values):6.1f} us  ratio {median / first:.2f}{rate}")


if __name__ == "__main__":
    raise SystemExit(main())
