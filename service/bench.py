"""The engine benchmark: per game, random matches/s, moves/s, a playout step's median, legal-move enumeration
time, and snapshot encode + decode time of mid-game states. Run it with ``cardengine bench``.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

import engine


@dataclass(frozen=True)
class BenchResult:
    game_id: str
    players: int
    matches_per_second: float
    moves_per_second: float
    step_median_us: float
    step_p99_us: float
    legal_moves_median_us: float
    codec_median_us: float
    snapshot_bytes: int

    def line(self) -> str:
        return (
            f"{self.game_id:<14}{self.players:>3}p {self.matches_per_second:>9.1f} {self.moves_per_second:>10.0f} "
            f"{self.step_median_us:>9.1f} {self.step_p99_us:>9.1f} {self.legal_moves_median_us:>9.1f} "
            f"{self.codec_median_us:>9.1f} {self.snapshot_bytes:>8}"
        )


HEADER = (
    f"{'game':<14}{'pl':>4} {'matches/s':>9} {'moves/s':>10} {'step p50':>9} {'step p99':>9} {'legal p50':>9} "
    f"{'codec p50':>9} {'snap B':>8}   (times in microseconds)"
)


def bench_game(game_id: str, players: int, seconds: float) -> BenchResult:
    rng = random.Random(12345)
    step_times: list[float] = []
    legal_times: list[float] = []
    codec_times: list[float] = []
    snapshot_sizes: list[int] = []
    matches = moves = 0
    clock: Callable[[], float] = time.perf_counter
    started = clock()
    seed = 0
    while clock() - started < seconds or matches == 0:
        state, _ = engine.new_game(game_id, players, seed, engine.get_game(game_id).playout_options)
        seed += 1
        while not engine.is_finished(state):
            seat = rng.choice(engine.to_act(state))
            t0 = clock()
            legal = engine.legal_moves(state, seat)
            t1 = clock()
            state, _ = engine.apply(state, seat, rng.choice(legal))
            t2 = clock()
            step_times.append(t2 - t0)
            legal_times.append(t1 - t0)
            moves += 1
            if moves % 7 == 0:
                t3 = clock()
                data = engine.encode(state)
                engine.decode(data)
                codec_times.append(clock() - t3)
                snapshot_sizes.append(len(data))
        matches += 1
    elapsed = clock() - started
    step_times.sort()
    return BenchResult(
        game_id=game_id,
        players=players,
        matches_per_second=matches / elapsed,
        moves_per_second=moves / elapsed,
        step_median_us=statistics.median(step_times) * 1e6,
        step_p99_us=step_times[int(len(step_times) * 0.99)] * 1e6,
        legal_moves_median_us=statistics.median(legal_times) * 1e6,
        codec_median_us=statistics.median(codec_times) * 1e6 if codec_times else 0.0,
        snapshot_bytes=int(statistics.median(snapshot_sizes)) if snapshot_sizes else 0,
    )


def run_benchmarks(game_ids: list[str] | None, seconds: float, out: Callable[[str], None] = print) -> list[BenchResult]:
    results = []
    out(HEADER)
    for game in engine.all_games():
        if game_ids and game.id not in game_ids:
            continue
        for players in sorted({game.min_players, game.default_players, game.max_players}):
            try:
                game.check_players(players)
            except engine.InvalidPlayersError:
                continue
            result = bench_game(game.id, players, seconds)
            out(result.line())
            results.append(result)
    return results
