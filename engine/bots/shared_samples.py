"""Perfect-information Monte Carlo on shared samples: every legal move tried on the same sampled worlds.

Perfect-information Monte Carlo (PIMC; Ginsberg's GIB for bridge, Long et al., "Understanding the Success of
Perfect Information Monte Carlo Sampling in Game Tree Search", AAAI 2010) samples the seat's information set and
values each of its moves in the sampled worlds. Here every sample (``seat_input.determinize``) is a *sweep*: each
legal move still in the running is applied to the same world and followed by a simulation from the same seed (common
random numbers), valued as the guided search values one (``Search.evaluate``: the game's own score sheet and
standing against this sample's root). Two moves are thus always compared on the same deals and the same
continuations: the luck of a sample, which in a short coffin or hand outweighs the worth of a move, cancels out of
the comparison, where IS-MCTS gives each move samples of its own.

After sweeps 2, 4, 8, ... (from ``first_cut``, 2 unless a caller says) the weaker half of the moves still in the
running drop out (sequential halving, Karnin et al. 2013), so the time goes to telling the good moves apart. The
answer is the move with the best mean of those left; the result is a root ``Node`` whose children (keyed ``(seat,
move)``) carry each move's visits and rewards, as the tree search's root does, for ``easy``'s second choice and for
hints.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from engine.api import apply
from engine.bots.evaluation import scores_a_round
from engine.bots.ismcts import Node, Search
from engine.state import GameState


def sweep(search: Search, world: GameState, alive: list[int], seed: int) -> None:
    """Every move of ``alive`` (indexes into the search's moves) applied to ``world``, each simulated from ``seed``
    and backed up to its root child (and to the guided search's move averages)."""
    seat = search.observer
    root = search.root
    players = world.players
    for index in alive:
        move = search.moves[index]
        state, events = apply(world, seat, move)
        search.rng.seed(seed)
        values = search.evaluate(world, state, scores_a_round(events, players))
        search.backpropagate((root, root.children[(seat, move)]), ((seat, move),), values)
        search.iterations += 1


Sweep = Callable[[Search, GameState, list[int], int], None]
"""Tries moves (indexes into the search's moves) on one sampled world with the randomness of a seed: ``sweep``, or a
variant's (``loadtests/search_variants.py``)."""


def search_shared_samples(
    search: Search,
    sample_world: Callable[[int], GameState],
    first: GameState,
    deadline: float,
    iterations: int | None,
    seeds: random.Random,
    *,
    sweep_with: Sweep = sweep,
    first_cut: int = 2,
) -> float:
    """Sweeps sampled worlds (``first``, then fresh ones) until ``iterations`` move trials are done (the last sweep
    tries only the leaders, by mean reward, that the count leaves room for; the first tries every move) or, without
    them, until the next sweep would end after ``deadline`` (at the slowest pace per move so far); at least one
    sweep. The longest sweep (seconds)."""
    seat = search.observer
    for move in search.moves:
        search.root.children[(seat, move)] = Node(seat)
    alive = list(range(len(search.moves)))
    longest, pace, sweeps, next_cut = 0.0, 0.0, 0, first_cut
    world: GameState | None = first
    while True:
        now = time.perf_counter()
        if iterations is not None and search.iterations >= iterations:
            break
        if iterations is None and sweeps and now + pace * len(alive) >= deadline:
            break
        if world is None:
            world = sample_world(seeds.getrandbits(63))
        trials = alive
        if iterations is not None and sweeps and search.iterations + len(alive) > iterations:
            trials = leaders(search, alive, iterations - search.iterations)
        sweep_with(search, world, trials, seeds.getrandbits(63))
        world = None
        took = time.perf_counter() - now
        longest, pace = max(longest, took), max(pace, took / len(alive))
        sweeps += 1
        if sweeps == next_cut:
            alive = halved(search, alive)
            next_cut *= 2
    return longest


def halved(search: Search, alive: list[int]) -> list[int]:
    """The better half (rounded up, at least two) of the moves still in the running, by mean reward."""
    if len(alive) <= 2:
        return alive
    return leaders(search, alive, max(2, (len(alive) + 1) // 2))


def leaders(search: Search, alive: list[int], count: int) -> list[int]:
    """The ``count`` best of the moves still in the running by mean reward (ties: the order of the legal moves), in
    the order of the legal moves."""
    children = search.root.children
    seat = search.observer
    ranked = sorted(alive, key=lambda index: -children[(seat, search.moves[index])].mean())
    return sorted(ranked[:count])
