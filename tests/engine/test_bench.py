"""`cardengine bench`: its table, which engine it measures, and the anchors (OpenSpiel's and RLCard's gin rummy)
when the bench extra is installed, or how to install them. Figures are not checked (speed is measured by the
benchmark, never by tests), only that each is there."""

from __future__ import annotations

import importlib.util

from service.cli.bench import ANCHOR_HEADER, HEADER, INSTALL_HINT, bench_anchors, run_benchmarks


def test_bench_prints_its_table_the_engine_and_the_anchors_or_how_to_get_them() -> None:
    lines: list[str] = []
    results = run_benchmarks(["dracula"], 0.05, lines.append)
    assert [(r.game_id, r.players) for r in results] == [("dracula", 2), ("dracula", 4)]
    assert lines[0].startswith("engine: ") and lines[1] == HEADER
    assert lines[2].split()[:2] == ["dracula", "2p"] and lines[3].split()[:2] == ["dracula", "4p"]
    assert HEADER.split()[-9:-3] == ["view", "p50", "struct", "p50", "json", "p50"]
    assert all(r.view_median_us > 0 and r.struct_median_us > 0 and r.json_median_us > 0 for r in results)
    assert [[float(value) for value in line.split()[-3:]] for line in lines[2:4]] == [
        [round(r.view_median_us, 1), round(r.struct_median_us, 1), round(r.json_median_us, 1)] for r in results
    ]
    installed = [importlib.util.find_spec(name) is not None for name in ("pyspiel", "rlcard")]
    if not any(installed):
        assert lines[4:] == [INSTALL_HINT]
        return
    assert lines[4] == "" and lines[5].startswith("anchors: ") and lines[6] == ANCHOR_HEADER
    row = lines[7].split()
    assert row[:2] == ["dracula", "2p"] and len(row) == 10
    assert [value != "-" for value in (row[4], row[7])] == installed  # OpenSpiel's and RLCard's moves/s


def test_anchor_ratios_are_ours_over_theirs() -> None:
    result = bench_anchors("dragon_rummy", 0.05)
    if result is None:  # only when neither anchor is installed (the test above checks the hint then)
        assert all(importlib.util.find_spec(name) is None for name in ("pyspiel", "rlcard"))
        return
    assert result.moves_per_second > 0 and result.step_median_us > 0
    if result.openspiel_moves_per_second is not None:
        assert result.openspiel_ratio == result.moves_per_second / result.openspiel_moves_per_second
    if result.rlcard_moves_per_second is not None:
        assert result.rlcard_ratio == result.moves_per_second / result.rlcard_moves_per_second
