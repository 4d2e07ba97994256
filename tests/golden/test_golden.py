"""The golden playthroughs are replayed on every run; a change to rules, notation, events or chance shows here."""

from __future__ import annotations

import difflib

import pytest

import engine
from engine import rng
from tests.golden.golden import GoldenCase, cases, record

CASES = cases()


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_golden_match(case: GoldenCase) -> None:
    assert case.path.exists(), f"{case.path} is missing: run scripts/record_golden"
    expected = case.path.read_text()
    actual = record(case)
    if actual != expected:
        diff = "".join(
            list(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), "golden", "now"))[:80]
        )
        pytest.fail(f"{case.name} differs from its golden playthrough (scripts/record_golden rewrites it):\n{diff}")


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_golden_match_replays_from_its_move_list(case: GoldenCase) -> None:
    moves = [line.split(": ", 1)[1] for line in case.path.read_text().splitlines() if line.startswith("move ")]
    replayed = engine.replay(case.game_id, case.players, case.seed, case.options, moves)
    assert engine.is_finished(replayed.state)
    assert replayed.state.step == len(moves)
    score_line = case.path.read_text().splitlines()[-1]
    from tests.golden.golden import compact

    assert score_line == f"score {compact(engine.score(replayed.state).to_dict())}"


def test_splitmix64_outputs_are_pinned() -> None:
    """Any change to the generator would change every deal: it must fail here, loudly."""
    state = rng.seed_state(0)
    outputs = []
    for _ in range(4):
        state, value = rng.next_u64(state)
        outputs.append(value)
    assert rng.seed_state(0) == 0x6A09E667F3BCC909
    assert rng.seed_state(12345) == (12345 * 0x2545F4914F6CDD1D + 0x6A09E667F3BCC909) % 2**64
    assert outputs == PINNED_OUTPUTS
    state = rng.seed_state(42)
    draws = []
    for n in (52, 52, 7, 2, 1000):
        state, value = rng.below(state, n)
        draws.append(value)
    assert draws == PINNED_DRAWS
    cards = list(range(10))
    rng.shuffle(rng.seed_state(7), cards)
    assert cards == PINNED_SHUFFLE


def test_splitmix64_matches_the_reference_generator() -> None:
    """From state 0 the reference SplitMix64 (Steele, Lea, Flood 2014; Vigna's C code) first gives E220A8397B1DCDAF."""
    assert rng.next_u64(0) == (0x9E3779B97F4A7C15, 0xE220A8397B1DCDAF)


PINNED_OUTPUTS = [7192185014346937746, 15854718752513223404, 587234269635191198, 4369876231624976300]
PINNED_DRAWS = [21, 13, 1, 0, 316]
PINNED_SHUFFLE = [5, 6, 4, 8, 1, 0, 7, 2, 9, 3]
