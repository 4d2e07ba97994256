"""Seeded chance. The generator's whole state is one 64-bit integer kept in the game snapshot.

SplitMix64 (Steele, Lea, Flood 2014): tiny state, fast in pure Python, good statistical quality for dealing
cards. Nothing in the engine touches the global ``random`` module.
"""

from __future__ import annotations

from typing import TypeVar

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")


def seed_state(seed: int) -> int:
    """Turns any integer seed into a generator state."""
    return (seed * 0x2545F4914F6CDD1D + 0x6A09E667F3BCC909) & MASK64


def next_u64(state: int) -> tuple[int, int]:
    """Returns (new_state, 64 random bits)."""
    state = (state + GOLDEN_GAMMA) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Returns (new_state, a uniform integer in [0, n)), without modulo bias."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = MASK64 - (MASK64 + 1) % n
    while True:
        state, value = next_u64(state)
        if value <= limit:
            return state, value % n


def shuffle(state: int, items: list[T]) -> int:
    """Fisher-Yates shuffle of ``items`` in place; returns the new state.

    Exactly ``below(state, i + 1)`` for each ``i`` from the last index down to 1, written out in one loop (no call
    per card: a deal shuffles every card of the deck, and the calls were most of its cost)."""
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        limit = MASK64 - (MASK64 + 1) % n
        while True:
            state = (state + GOLDEN_GAMMA) & MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            z ^= z >> 31
            if z <= limit:
                break
        j = z % n
        items[i], items[j] = items[j], items[i]
    return state
