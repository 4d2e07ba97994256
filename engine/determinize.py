"""Determinization: sampling a full state that a seat cannot tell from the true one.

A seat's information set is every state consistent with what it has seen. Search bots (IS-MCTS) sample it: each
game's ``Game.determinize(state, seat, seed)`` keeps everything the seat knows (its hand, every public card, the
sizes of hidden hands and piles, cards shown to it privately, cards whose place it can infer) and deals every card
it cannot know again at random among the places it cannot see. The sample gets a fresh RNG state derived from the
seed, so a search never learns the real order of the deck. ``redeal_hidden`` is the shared mechanics.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import rng
from engine.state import GameState

DETERMINIZE_SALT = 0x5DEECE66D


def fresh_rng_state(seed: int) -> int:
    """An RNG state for a sampled world, unrelated to the true state's."""
    return rng.seed_state(seed ^ DETERMINIZE_SALT)


def redeal_hidden(sample: GameState, places: Sequence[list[str]], seed: int) -> None:
    """Pools the cards of ``places`` (lists inside ``sample.table``, changed in place), shuffles them and deals
    them back, each place keeping its size; then gives ``sample`` a fresh RNG state. ``places`` must hold only
    cards the seat cannot know (leave known cards out: e.g. pass a hand's unknown part and re-add the rest). The pool
    is sorted before the shuffle, so the sample depends on the seed and on what the seat knows only, never on the
    true order of the cards it cannot see (a hint relies on it: ``engine/bots/hints.py``)."""
    pool = sorted(card for place in places for card in place)
    state = rng.seed_state(seed)
    state = rng.shuffle(state, pool)
    start = 0
    for place in places:
        size = len(place)
        place[:] = pool[start : start + size]
        start += size
    sample.rng_state = fresh_rng_state(seed)
