"""What another gRPC server model would do to the gRPC door's floor: a bare unary call's server CPU on grpcio's
thread-pool server (``cardengine serve``'s model) beside grpc.aio's event loop, measured in one run.

    .venv/bin/python -m loadtests.grpc_servers [--seconds 5] [--callers 16] [--rounds 3]

Each model serves one unary method that answers empty bytes (no serializer, no work): the cost of a call is all the
server's. The models, each in its own process pinned to core 0 (the load generator on core 1, ``taskset``):

- ``sync``: ``grpc.server`` on a ``ThreadPoolExecutor``, the options ``cardengine serve`` uses;
- ``aio``: ``grpc.aio.server``, the handler a coroutine answering on the event loop;
- ``aio+pool``: the same, the handler handing its work to a thread pool (``run_in_executor``) and awaiting it, as a
  port of today's blocking core (redis-py, the engine) to grpc.aio would have to, short of an async core.

The configurations take turns for ``--rounds`` rounds; each row pools its rounds. Read the ratios to ``sync`` in one
run: the absolute figures move with the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent import futures
from functools import partial

import grpc

from loadtests.grpc_load import measure_calls
from loadtests.measurement import Measurement, merged, report, with_server_cpu

METHOD = "/cardengine.floor.Floor/Call"
MODELS = ("sync", "aio", "aio+pool")


def answer(request: bytes, context: object) -> bytes:
    return b""


def handlers(behaviour: Callable[..., object]) -> grpc.GenericRpcHandler:  # type: ignore[type-arg]
    method = grpc.unary_unary_rpc_method_handler(behaviour)  # no serializers: bytes in, bytes out
    return grpc.method_handlers_generic_handler("cardengine.floor.Floor", {"Call": method})


def serve_sync(port_file: str) -> None:
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=16, thread_name_prefix="grpc"),
        options=[("grpc.so_reuseport", 0), ("grpc.max_receive_message_length", 4 << 20)],
    )
    server.add_generic_rpc_handlers((handlers(answer),))
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    announce(port_file, port)
    server.wait_for_termination()


async def serve_aio(port_file: str, pooled: bool) -> None:
    pool = futures.ThreadPoolExecutor(max_workers=16, thread_name_prefix="core")
    loop = asyncio.get_running_loop()

    async def inline(request: bytes, context: object) -> bytes:
        return b""

    async def handed_over(request: bytes, context: object) -> bytes:
        return await loop.run_in_executor(pool, answer, request, context)

    server = grpc.aio.server(options=[("grpc.so_reuseport", 0), ("grpc.max_receive_message_length", 4 << 20)])
    server.add_generic_rpc_handlers((handlers(handed_over if pooled else inline),))
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    announce(port_file, port)
    await server.wait_for_termination()


def announce(port_file: str, port: int) -> None:
    with open(port_file + ".tmp", "w") as file:
        file.write(str(port))
    os.replace(port_file + ".tmp", port_file)


def start(model: str, cpus: Sequence[int], folder: str) -> tuple[subprocess.Popen[bytes], str]:
    port_file = os.path.join(folder, model.replace("+", "_"))
    pin = ["taskset", "-c", ",".join(map(str, cpus))] if cpus else []
    command = [*pin, sys.executable, "-P", "-m", "loadtests.grpc_servers", "--serve", model, "--port-file", port_file]
    process = subprocess.Popen(command)
    deadline = time.monotonic() + 30
    while not os.path.exists(port_file):
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"the {model} server did not start")
        time.sleep(0.05)
    with open(port_file) as file:
        return process, f"127.0.0.1:{file.read()}"


def measure(model: str, target: str, callers: int, seconds: float) -> Measurement:
    def call_of(channel: grpc.Channel) -> Callable[[], object]:
        return partial(channel.unary_unary(METHOD, None, None), b"", timeout=10.0)  # bytes both ways

    return measure_calls(f"bare call, {model}", target, callers, seconds, call_of)


def cores() -> tuple[list[int], list[int]]:
    available = sorted(os.sched_getaffinity(0))
    if len(available) < 2:
        return [], []
    return available[:-1], available[-1:]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--callers", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--serve", choices=MODELS, help=argparse.SUPPRESS)
    parser.add_argument("--port-file", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve == "sync":
        serve_sync(args.port_file)
        return 0
    if args.serve:
        asyncio.run(serve_aio(args.port_file, pooled=args.serve == "aio+pool"))
        return 0
    server_cpus, load_cpus = cores()
    if load_cpus:
        os.sched_setaffinity(0, load_cpus)
    print(f"servers on cores {server_cpus}, load generator on {load_cpus}; {args.rounds} rounds of {args.seconds} s")
    rows: dict[str, Measurement] = {}
    with tempfile.TemporaryDirectory(prefix="grpc-servers-") as folder:
        servers = {model: start(model, server_cpus, folder) for model in MODELS}
        try:
            for _ in range(args.rounds):
                for model, (process, target) in servers.items():
                    row = with_server_cpu([process.pid], partial(measure, model, target, args.callers, args.seconds))
                    rows[model] = merged(rows[model], row) if model in rows else row
        finally:
            for process, _ in servers.values():
                process.terminate()
                process.wait(timeout=10)
    anchor = rows["sync"].server_cpu_per_unit_us or float("nan")
    for model in MODELS:
        row = rows[model]
        cpu = row.server_cpu_per_unit_us or float("nan")
        print(f"{report(row, 'call')}  x sync CPU/call {cpu / anchor:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
