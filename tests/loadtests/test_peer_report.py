"""The peer benchmark's verdicts (loadtests/peer/report.py): issue 42's targets judged on the pooled windows, with the
ratio's spread over the rounds beside them."""

from __future__ import annotations

from loadtests.peer.report import Config, Window, pool, round_ratios, verdicts

CONFIGS = {
    "ce-rest-redis": Config("ce-rest-redis", "cardengine REST (wrk), Redis", "ce", "rest"),
    "ce-rest-floor": Config("ce-rest-floor", "cardengine REST floor (wrk), Redis", "floor", "rest"),
    "bgio-mem": Config("bgio-mem", "boardgame.io coffin, InMemory", "bgio", "bgio"),
}


def window(config: str, round_number: int, moves: int, cpu_seconds: float, p99_ms: float) -> Window:
    return Window(
        config=config,
        round=round_number,
        moves=moves,
        seconds=5.0,
        latencies_us=[p99_ms * 1000.0] * 100,
        latency_weight=1,
        server_cpu=cpu_seconds,
        store_cpu=0.0,
        core_server=cpu_seconds,
        core_load=0.0,
        gen_cpu=None,
        wall=5.0,
    )


def test_each_target_is_judged_on_the_pooled_windows_with_the_spread_of_its_rounds() -> None:
    # REST: 1,000 moves at 300 us and 1,000 at 340 us; boardgame.io 1,000 at 400 and 1,000 at 420; the floor 250 each.
    windows = [
        window("ce-rest-redis", 1, 1000, 0.300, 10.0),
        window("ce-rest-floor", 1, 1000, 0.250, 8.0),
        window("bgio-mem", 1, 1000, 0.400, 20.0),
        window("ce-rest-redis", 2, 1000, 0.340, 10.0),
        window("ce-rest-floor", 2, 1000, 0.250, 8.0),
        window("bgio-mem", 2, 1000, 0.420, 20.0),
    ]
    assert round_ratios(windows, "ce-rest-redis", "bgio-mem") == [0.300 / 0.400, 0.340 / 0.420]
    rows = [pool(config, [w for w in windows if w.config == key]) for key, config in CONFIGS.items()]
    assert verdicts(rows, windows) == [
        "REST on Redis: 0.78x boardgame.io's CPU per move (by round: 0.75-0.81) (target <= 0.8x), p99 10.00 ms "
        "against 20.00 ms: met; its floor: 0.61x",
        "REST ApplyMove: 1.28x its floor's CPU per move (by round: 1.20-1.36) (320 against 250 us; target <= 1.15x): "
        "missed",
    ]
    # Without the windows (or with one round) the lines carry no spread.
    assert (
        verdicts(rows)[1]
        == "REST ApplyMove: 1.28x its floor's CPU per move (320 against 250 us; target <= 1.15x): missed"
    )
