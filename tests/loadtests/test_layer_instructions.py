"""loadtests/layer_instructions.py: each layer's workload replays the same moves on a real Redis (its point: a fixed
workload to count instructions of under valgrind; the counts themselves are measured, never tested)."""

from __future__ import annotations

import pytest

from loadtests.layer_instructions import LAYERS, VIEW_LAYERS, WIRE_LAYER, main, run_layer


def test_every_layer_replays_the_same_moves(redis_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    replayed = {
        layer: run_layer(redis_url, layer, "draw_blood", 1, 12) for layer in (*LAYERS, WIRE_LAYER, *VIEW_LAYERS)
    }
    assert set(replayed.values()) == {12}
    arguments = ["--redis-url", redis_url, "--matches", "1", "--max-moves", "12"]
    assert main([*arguments, "--layer", "service", "draw_blood"]) == 0
    assert capsys.readouterr().out.split() == ["moves", "12"]
    with pytest.raises(SystemExit) as refused:
        main([*arguments, "--layer", "everything", "draw_blood"])
    assert refused.value.code == 2
