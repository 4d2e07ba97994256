"""The gRPC load of the service benchmark: recorded matches replayed as accepted ApplyMoves by concurrent callers,
the bare call beside them, and the costs that must not grow with a match's length."""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import grpc
from cardengine.v1 import game_engine_pb2 as pb
from cardengine.v1 import game_engine_pb2_grpc as pb_grpc
from cardengine_client import NO_RETRY, CreatedGame, GameEngineClient
from grpc_health.v1 import health_pb2, health_pb2_grpc

import engine
from clients.bots import RandomBot
from loadtests.measurement import Measurement, merged, report, server_usage


@dataclass(frozen=True, slots=True)
class RecordedMatch:
    seed: int
    moves: tuple[tuple[int, str], ...]  # (seat, notation) in order: move i takes the game to version i + 1


def record_matches(
    target: str, game_type: str, players: int, count: int, first_seed: int, max_moves: int | None = None
) -> list[RecordedMatch]:
    """Plays ``count`` matches between random bots through the API and records every move (fewer matches, at least
    two, once ``max_moves`` moves are recorded: a game with long matches needs fewer)."""
    recorded: list[RecordedMatch] = []
    with GameEngineClient(target, retry=NO_RETRY, move_keys=False) as client:
        for seed in range(first_seed, first_seed + count):
            if max_moves is not None and len(recorded) >= 2 and sum(len(m.moves) for m in recorded) >= max_moves:
                break
            created = client.create_game(game_type, players, seed, engine.get_game(game_type).playout_options)
            bots = {token.seat: RandomBot(seed * 1000 + token.seat) for token in created.seats}
            game, moves = created.game, []
            while not game.finished:
                seat = game.to_act[0]
                legal = client.legal_moves(created.game_id, created.token(seat))
                notation = bots[seat].choose(legal.notations, {})
                game = client.apply_move(created.game_id, created.token(seat), notation, legal.version).game
                moves.append((seat, notation))
            recorded.append(RecordedMatch(seed, tuple(moves)))
    return recorded


CallerBody = Callable[[int, Callable[[], bool]], tuple[list[float], int]]


def run_callers(callers: int, seconds: float, body: CallerBody) -> tuple[float, list[float], int]:
    """Runs ``body(index, running)`` in ``callers`` threads started together, for ``seconds`` of wall clock."""
    barrier = threading.Barrier(callers + 1)
    deadline = [0.0]
    results: list[tuple[list[float], int]] = [([], 0)] * callers
    errors: list[BaseException] = []

    def running() -> bool:
        return time.perf_counter() < deadline[0]

    def thread_main(index: int) -> None:
        barrier.wait()
        try:
            results[index] = body(index, running)
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=thread_main, args=(index,), daemon=True) for index in range(callers)]
    for thread in threads:
        thread.start()
    deadline[0] = time.perf_counter() + seconds
    start = time.perf_counter()
    barrier.wait()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    if errors:
        raise errors[0]
    latencies = [latency for thread_latencies, _ in results for latency in thread_latencies]
    return elapsed, latencies, sum(units for _, units in results)


def measure_calls(
    name: str, target: str, callers: int, seconds: float, call_of: Callable[[grpc.Channel], Callable[[], object]]
) -> Measurement:
    """``callers`` threads, a channel each, making the call ``call_of(channel)`` one after the other for ``seconds``
    (each made once untimed first)."""
    channels = [grpc.insecure_channel(target) for _ in range(callers)]
    calls = [call_of(channel) for channel in channels]
    for call in calls:
        call()

    def body(index: int, running: Callable[[], bool]) -> tuple[list[float], int]:
        call, latencies = calls[index], []
        while running():
            start = time.perf_counter()
            call()
            latencies.append(time.perf_counter() - start)
        return latencies, len(latencies)

    try:
        elapsed, latencies, units = run_callers(callers, seconds, body)
    finally:
        for channel in channels:
            channel.close()
    return Measurement(name, callers, elapsed, latencies, units)


def measure_bare(target: str, callers: int, seconds: float) -> Measurement:
    request = health_pb2.HealthCheckRequest(service="")

    def check_of(channel: grpc.Channel) -> Callable[[], object]:
        return partial(health_pb2_grpc.HealthStub(channel).Check, request, timeout=10.0)

    return measure_calls("bare Health/Check", target, callers, seconds, check_of)


def create_request(game_type: str, players: int, seed: int) -> pb.CreateGameRequest:
    request = pb.CreateGameRequest(game_type=game_type, players=players, seed=seed)
    options = engine.get_game(game_type).playout_options
    if options:
        request.options.update(dict(options))  # type: ignore[arg-type]
    return request


# Moves per second no ApplyMove row reaches on one core (the floor does ~2,500 with 16 callers): the games each
# caller needs for its share of the timed window are created before it, so CreateGame is not in the figures.
PRECREATE_MOVES_PER_SECOND = {1: 2_000, 16: 4_000}


def precreate_count(callers: int, seconds: float, matches: Sequence[RecordedMatch]) -> int:
    """Games per caller to create before the window: enough for ``PRECREATE_MOVES_PER_SECOND`` (the larger level's
    for other caller counts) of the recorded matches' mean length."""
    rate = PRECREATE_MOVES_PER_SECOND.get(callers, PRECREATE_MOVES_PER_SECOND[16])
    mean_moves = sum(len(match.moves) for match in matches) / len(matches)
    return math.ceil(rate * seconds / callers / mean_moves) + 1


# The three answers of ApplyMove measured: with the view as a Struct (the default), as JSON text, without it.
VIEW_FORMS = {(False, False): "ApplyMove", (False, True): "ApplyMove view_json", (True, False): "ApplyMove omit_view"}


def precreate_games(
    stubs: Sequence[pb_grpc.GameEngineStub],
    matches: Sequence[RecordedMatch],
    count: int,
    game_type: str,
    players: int,
) -> list[list[tuple[RecordedMatch, pb.CreateGameResponse]]]:
    """``count`` games per caller, each with the seed of a recorded match, created before the timed window."""
    ready = []
    for index, stub in enumerate(stubs):
        rotation = random.Random(index)
        chosen = [matches[rotation.randrange(len(matches))] for _ in range(count)]
        ready.append([(match, stub.CreateGame(create_request(game_type, players, match.seed))) for match in chosen])
    return ready


@dataclass(frozen=True, slots=True)
class AnswerForm:
    """How the timed ApplyMoves ask for their answer, and the metadata sent beside each seat's token."""

    omit_view: bool = False
    view_json: bool = False
    extra_metadata: tuple[tuple[str, str], ...] = ()


def replay_match(
    stub: pb_grpc.GameEngineStub,
    created: pb.CreateGameResponse,
    match: RecordedMatch,
    form: AnswerForm,
    running: Callable[[], bool],
    latencies: list[float],
) -> None:
    """Applies the recorded moves of ``match`` in order on the game ``created`` with its seed, while ``running``."""
    metadata = {seat.seat: (("authorization", f"Bearer {seat.token}"), *form.extra_metadata) for seat in created.seats}
    for version, (seat, notation) in enumerate(match.moves):
        if not running():
            break
        request = pb.ApplyMoveRequest(
            game_id=created.game_id,
            move=notation,
            expected_version=version,
            omit_view=form.omit_view,
            view_json=form.view_json,
        )
        start = time.perf_counter()
        stub.ApplyMove(request, timeout=10.0, metadata=metadata[seat])
        latencies.append(time.perf_counter() - start)


def measure_apply(
    target: str,
    callers: int,
    seconds: float,
    matches: Sequence[RecordedMatch],
    game_type: str,
    players: int,
    *,
    omit_view: bool = False,
    view_json: bool = False,
    name: str | None = None,
    extra_metadata: tuple[tuple[str, str], ...] = (),
    pids: Sequence[int] = (),
) -> Measurement:
    """Every caller replays recorded matches on games created before the timed window (so the server's CPU,
    read from ``pids`` around the window only, is ApplyMove's); a caller that runs out creates more inline,
    counted and printed."""
    channels = [grpc.insecure_channel(target) for _ in range(callers)]
    stubs = [pb_grpc.GameEngineStub(channel) for channel in channels]
    for stub in stubs:
        stub.ListGameTypes(pb.ListGameTypesRequest(), timeout=10.0)
    ready = precreate_games(stubs, matches, precreate_count(callers, seconds, matches), game_type, players)
    form = AnswerForm(omit_view=omit_view, view_json=view_json, extra_metadata=extra_metadata)
    inline_creates = [0] * callers

    def body(index: int, running: Callable[[], bool]) -> tuple[list[float], int]:
        stub, queue, latencies = stubs[index], ready[index], list[float]()
        rotation = random.Random(-index)
        while running():
            if queue:
                match, created = queue.pop()
            else:
                match = matches[rotation.randrange(len(matches))]
                created = stub.CreateGame(create_request(game_type, players, match.seed), timeout=10.0)
                inline_creates[index] += 1
            replay_match(stub, created, match, form, running, latencies)
        return latencies, len(latencies)

    before = server_usage(pids)
    try:
        elapsed, latencies, units = run_callers(callers, seconds, body)
    finally:
        for channel in channels:
            channel.close()
    after = server_usage(pids)
    name = name or VIEW_FORMS[(omit_view, view_json)]
    if sum(inline_creates):
        print(f"  ({name}: {sum(inline_creates)} games created inside the window: their CPU is in the row)")
    measurement = Measurement(name, callers, elapsed, latencies, units)
    measurement.take_usage(before, after)
    return measurement


def measure_in_turn(measures: dict[str, Callable[[], Measurement]], repeat: int) -> dict[str, Measurement]:
    """Each configuration ``repeat`` times, taking turns (bare, the ApplyMoves, the floor, then again), each one's
    runs pooled: a machine whose speed drifts (other work, a neighbour on the host) slows every configuration
    alike instead of one row."""
    results: dict[str, Measurement] = {}
    for repetition in range(repeat):
        for key, measure in measures.items():
            row = measure()
            if repeat > 1:
                print(f"  (run {repetition + 1} of {repeat}) " + report(row, "calls" if key == "bare" else "moves"))
            results[key] = merged(results[key], row) if key in results else row
    return results


# ----- costs that must not grow ------------------------------------------------------------------------------------


def play_long_match(
    client: GameEngineClient, game_type: str, players: int, moves: int
) -> tuple[CreatedGame, list[tuple[int, str, int, str]]]:
    """A match of ``moves`` accepted moves (or at least 40) between random bots, each move with an idempotency key:
    the game and its moves as (seat, notation, version before, key)."""
    seed = 1
    while True:  # random play, a fresh deal until it lasts
        created = client.create_game(game_type, players, seed)
        bots = {token.seat: RandomBot(seed * 7 + token.seat) for token in created.seats}
        game = created.game
        applied: list[tuple[int, str, int, str]] = []
        while not game.finished and len(applied) < moves:
            seat = game.to_act[0]
            legal = client.legal_moves(created.game_id, created.token(seat))
            notation = bots[seat].choose(legal.notations, {})
            key = f"g{legal.version}"
            game = client.apply_move(created.game_id, created.token(seat), notation, legal.version, key).game
            applied.append((seat, notation, legal.version, key))
        if len(applied) >= min(moves, 40):
            return created, applied
        seed += 1


def median_ms(call: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2] * 1000


def measure_growth(target: str, game_type: str, players: int, moves: int, repeats: int = 50) -> list[str]:
    """One long match (``moves`` accepted moves, each with an idempotency key), then p50 of an idempotent retry and
    of a GetEvents page (100 events) early (version 10) and late (the last version)."""
    with GameEngineClient(target, retry=NO_RETRY, move_keys=False) as client, grpc.insecure_channel(target) as channel:
        created, applied = play_long_match(client, game_type, players, moves)
        early, late = applied[min(10, len(applied) - 1)], applied[-1]
        retry = [
            median_ms(partial(client.apply_move, created.game_id, created.token(m[0]), m[1], m[2], m[3]), repeats)
            for m in (early, late)
        ]
        get_events = pb_grpc.GameEngineStub(channel).GetEvents  # one page, which the client's events() is not
        pages = [
            median_ms(
                partial(
                    get_events,
                    pb.GetEventsRequest(game_id=created.game_id, after_version=after, page_size=100),
                    timeout=10,
                ),
                repeats,
            )
            for after in (0, max(0, late[2] - 100))
        ]
    return [
        f"costs that grow ({game_type}, a match of {len(applied)} moves): idempotent retry p50 {retry[0]:.2f} ms at "
        f"version {early[2] + 1}, {retry[1]:.2f} ms at version {late[2] + 1} (ratio {retry[1] / retry[0]:.2f}); "
        f"GetEvents page p50 {pages[0]:.2f} ms from the start, {pages[1]:.2f} ms near the end (ratio "
        f"{pages[1] / pages[0]:.2f})"
    ]
