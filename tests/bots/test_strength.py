"""A cheap, deterministic strength check: mcts with 100 iterations against random over six duplicate Dracula matches
(three deals of full six-deal matches, each played with the seats both ways; iteration budgets and fixed seeds, so
the outcome is exact)."""

from __future__ import annotations

from service.cli.arena import ArenaConfig, run_arena, score_difference, summarize


def test_mcts_beats_random_over_duplicate_dracula_matches() -> None:
    config = ArenaConfig("dracula", 2, ("mcts:100it", "random"), 3, 21, {})
    tasks, results = run_arena(config)
    assert len(results) == 6
    assert [(r.deal_seed, r.seats) for r in results] == [
        (seed, seats) for seed in (21, 22, 23) for seats in (["mcts:100it", "random"], ["random", "mcts:100it"])
    ]
    mcts, random_bot = summarize(results, list(tasks[0].labels))
    assert mcts.label == "mcts:100it"
    assert mcts.score_difference.mean > 0 and random_bot.score_difference.mean == -mcts.score_difference.mean
    for seed in (21, 22, 23):  # on every deal, over both seatings
        assert sum(score_difference(r, "mcts:100it") for r in results if r.deal_seed == seed) > 0
    assert mcts.win_rate.mean == 1.0 and random_bot.win_rate.mean == 0.0, "it wins all six matches"
