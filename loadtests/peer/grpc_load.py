"""gRPC load generator for cardengine: N callers (one thread and one channel each), each replaying recorded matches
on its own games, every timed call one accepted ApplyMove. Runs with the cardengine checkout's virtualenv (grpcio and
the generated ``cardengine.v1`` stubs); only the public API (proto/cardengine/v1/game_engine.proto) is used.

    python loadtests/peer/grpc_load.py record --target 127.0.0.1:50051 --out matches.json [--game dracula] [--matches 8]
    python loadtests/peer/grpc_load.py run --target 127.0.0.1:50051 --recorded matches.json [--callers 16] [--seconds 5]
                                            [--expected-rate 2500] [--view struct|json|omit] [--max-moves 200000]

``record`` plays matches between seeded random players through the API (ListLegalMoves, then ApplyMove of a random
legal move) and writes every move as (seat, notation), with the match's seed. ``run`` creates, before the timed
window, games with those seeds (the same deals) for each caller, enough for --expected-rate moves/s (x1.5; a caller
that runs out creates more inside the window, counted as inlineGames), prints {"event": "ready"} and waits for a
line on stdin; then all callers replay their games' moves in order at the known versions (ApplyMove with
expected_version and the seat's token), each call timed, for --seconds (or --max-moves in all); then
{"event": "done"} and one {"event": "result", ...} line. --view: the answer's view as a Struct (``struct``, the
API's default), as JSON text (``json``: ApplyMoveRequest.view_json) or none (``omit``: omit_view). A call that is
not accepted (an error, or a version other than the next) fails the run.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import grpc
from cardengine.v1 import game_engine_pb2 as pb
from cardengine.v1 import game_engine_pb2_grpc as pb_grpc

TIMEOUT = 10.0
MAX_RECORDED_MOVES = 5_000  # a recorded match that runs longer is an error, not a longer loop


Metadata = tuple[tuple[str, str], ...]
Prepared = tuple[dict[str, Any], str, dict[int, Metadata]]  # the recorded match, the game's id, each seat's token


def emit(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def bearer(token: str) -> Metadata:
    return (("authorization", f"Bearer {token}"),)


def record_match(stub: pb_grpc.GameEngineStub, args: argparse.Namespace, seed: int) -> list[list[Any]]:
    """One match between seeded random players: its moves as [seat, notation]."""
    created = stub.CreateGame(
        pb.CreateGameRequest(game_type=args.game, players=args.players, seed=seed), timeout=TIMEOUT
    )
    tokens = {seat.seat: seat.token for seat in created.seats}
    chooser = random.Random(seed)
    game = created.game
    moves: list[list[Any]] = []
    while not game.finished:
        if len(moves) >= MAX_RECORDED_MOVES:
            raise RuntimeError(f"match {seed} did not end within {MAX_RECORDED_MOVES} moves")
        seat = game.to_act[0]
        legal = stub.ListLegalMoves(
            pb.ListLegalMovesRequest(game_id=created.game_id), metadata=bearer(tokens[seat]), timeout=TIMEOUT
        )
        notation = chooser.choice([move.notation for move in legal.moves])
        game = stub.ApplyMove(
            pb.ApplyMoveRequest(game_id=created.game_id, move=notation, expected_version=legal.version, omit_view=True),
            metadata=bearer(tokens[seat]),
            timeout=TIMEOUT,
        ).game
        moves.append([seat, notation])
    return moves


def record(args: argparse.Namespace) -> None:
    with grpc.insecure_channel(args.target) as channel:
        stub = pb_grpc.GameEngineStub(channel)
        seeds = range(args.first_seed, args.first_seed + args.matches)
        matches: list[dict[str, Any]] = [{"seed": seed, "moves": record_match(stub, args, seed)} for seed in seeds]
    with open(args.out, "w") as handle:
        json.dump({"game": args.game, "players": args.players, "matches": matches}, handle)
    emit({"event": "recorded", "matches": len(matches), "moves": sum(len(m["moves"]) for m in matches)})


@dataclass
class Replay:
    """The callers' games made before the window, and the window: each caller replays its games' moves."""

    stubs: list[pb_grpc.GameEngineStub]
    recorded: dict[str, Any]
    view: str
    per_caller_moves: int
    queues: list[list[Prepared]] = field(default_factory=list)
    deadline: float = 0.0
    latencies: list[list[float]] = field(default_factory=list)
    inline: list[int] = field(default_factory=list)
    errors: list[BaseException] = field(default_factory=list)

    def create(self, stub: pb_grpc.GameEngineStub, match: dict[str, Any]) -> Prepared:
        request = pb.CreateGameRequest(
            game_type=self.recorded["game"], players=self.recorded["players"], seed=match["seed"]
        )
        created = stub.CreateGame(request, timeout=TIMEOUT)
        return match, created.game_id, {seat.seat: bearer(seat.token) for seat in created.seats}

    def prepare(self, per_caller: int) -> None:
        matches = self.recorded["matches"]
        for index, stub in enumerate(self.stubs):
            rotation = random.Random(index)
            self.queues.append(
                [self.create(stub, matches[rotation.randrange(len(matches))]) for _ in range(per_caller)]
            )
        self.latencies = [[] for _ in self.stubs]
        self.inline = [0] * len(self.stubs)

    def caller(self, index: int, barrier: threading.Barrier) -> None:
        stub, queue, mine = self.stubs[index], self.queues[index], self.latencies[index]
        matches = self.recorded["matches"]
        rotation = random.Random(-1 - index)
        apply = stub.ApplyMove
        omit_view, view_json = self.view == "omit", self.view == "json"
        barrier.wait()
        try:
            while time.perf_counter() < self.deadline and len(mine) < self.per_caller_moves:
                if queue:
                    match, game_id, metadata = queue.pop()
                else:
                    match, game_id, metadata = self.create(stub, matches[rotation.randrange(len(matches))])
                    self.inline[index] += 1
                for version, (seat, notation) in enumerate(match["moves"]):
                    if time.perf_counter() >= self.deadline or len(mine) >= self.per_caller_moves:
                        break
                    request = pb.ApplyMoveRequest(
                        game_id=game_id,
                        move=notation,
                        expected_version=version,
                        omit_view=omit_view,
                        view_json=view_json,
                    )
                    start = time.perf_counter()
                    answer = apply(request, metadata=metadata[seat], timeout=TIMEOUT)
                    mine.append(time.perf_counter() - start)
                    if answer.version != version + 1:
                        raise RuntimeError(f"{game_id}: version {answer.version} after move {version}")
        except BaseException as error:  # reported after the window
            self.errors.append(error)

    def window(self, seconds: float) -> tuple[float, float]:
        """Runs every caller for ``seconds``; the elapsed time and this process's CPU time."""
        barrier = threading.Barrier(len(self.stubs) + 1)
        threads = [threading.Thread(target=self.caller, args=(i, barrier), daemon=True) for i in range(len(self.stubs))]
        for thread in threads:
            thread.start()
        cpu_before = time.process_time()
        self.deadline = time.perf_counter() + seconds
        start = time.perf_counter()
        barrier.wait()
        for thread in threads:
            thread.join(seconds + 3 * TIMEOUT)
        return time.perf_counter() - start, time.process_time() - cpu_before


def run(args: argparse.Namespace) -> None:
    with open(args.recorded) as handle:
        recorded = json.load(handle)
    matches = recorded["matches"]
    mean_moves = sum(len(match["moves"]) for match in matches) / len(matches)
    per_caller = math.ceil(args.expected_rate * args.seconds * 1.5 / args.callers / mean_moves) + 1
    channels = [grpc.insecure_channel(args.target) for _ in range(args.callers)]
    stubs = [pb_grpc.GameEngineStub(channel) for channel in channels]
    replay = Replay(stubs, recorded, args.view, max(1, args.max_moves // args.callers))
    replay.prepare(per_caller)
    emit({"event": "ready", "games": per_caller * args.callers})
    sys.stdin.readline()
    elapsed, cpu = replay.window(args.seconds)
    emit({"event": "done"})
    if replay.errors:
        emit({"event": "error", "error": repr(replay.errors[0])})
        sys.exit(1)
    flat = [round(latency * 1e6) for mine in replay.latencies for latency in mine]
    emit(
        {
            "event": "result",
            "moves": len(flat),
            "seconds": elapsed,
            "latenciesUs": flat,
            "genCpuSeconds": cpu,
            "inlineGames": sum(replay.inline),
            "view": args.view,
        }
    )
    for channel in channels:
        channel.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    recording = commands.add_parser("record")
    recording.add_argument("--target", required=True)
    recording.add_argument("--out", required=True)
    recording.add_argument("--game", default="dracula")
    recording.add_argument("--players", type=int, default=2)
    recording.add_argument("--matches", type=int, default=8)
    recording.add_argument("--first-seed", type=int, default=1)
    running = commands.add_parser("run")
    running.add_argument("--target", required=True)
    running.add_argument("--recorded", required=True)
    running.add_argument("--callers", type=int, default=16)
    running.add_argument("--seconds", type=float, default=5.0)
    running.add_argument("--expected-rate", type=float, default=2500.0)
    running.add_argument("--view", choices=("struct", "json", "omit"), default="struct")
    running.add_argument("--max-moves", type=int, default=200_000, help="at most this many timed moves in all")
    args = parser.parse_args()
    if args.command == "record":
        record(args)
    else:
        run(args)


if __name__ == "__main__":
    main()
