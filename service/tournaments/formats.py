"""Who meets whom: the pairings of a tournament's rounds, pure functions of the entrants (by index) and the past.

A *group* is the entrants of one pairing, as many as the game's players, in their seat order before any rotation.

- **Round robin** (``round_robin``): every group of ``players`` entrants meets once. Two players: the circle method
  (one entrant fixed, the others turning), ``n - 1`` rounds for an even ``n`` and ``n`` rounds with one idle
  entrant a round for an odd ``n``. More players: the groups (``itertools.combinations``, in order) are put in
  rounds greedily, each into the first round where none of its entrants plays yet. An idle entrant scores nothing.
- **Swiss** (``swiss_round``): each round, the entrants ordered by the standings so far are grouped from the top;
  each group takes the first free entrant and then, one at a time, the free entrant it met least often (the
  nearest in the order on a tie), so that rematches are avoided while others are possible. When the entrants do not
  divide into groups, the lowest placed entrants with the fewest byes sit the round out (a *bye*, worth par: the
  share of the games' wins an entrant of equal strength expects, see service/tournaments/standings.py).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

Group = tuple[int, ...]


def round_robin(entrants: int, players: int) -> list[list[Group]]:
    """The rounds of a round robin of ``entrants`` entrants in games of ``players`` seats."""
    if players == 2:
        return circle_rounds(entrants)
    rounds: list[list[Group]] = []
    busy: list[set[int]] = []
    for group in itertools.combinations(range(entrants), players):
        for index, taken in enumerate(busy):
            if taken.isdisjoint(group):
                rounds[index].append(group)
                taken.update(group)
                break
        else:
            rounds.append([group])
            busy.append(set(group))
    return rounds


def circle_rounds(entrants: int) -> list[list[Group]]:
    """The circle method: the last position is fixed, the others turn by one each round; with an odd number of
    entrants an empty position makes its partner idle."""
    order: list[int | None] = [*range(entrants), *([None] if entrants % 2 else [])]
    size = len(order)
    rounds: list[list[Group]] = []
    for _ in range(size - 1):
        games: list[Group] = []
        for index in range(size // 2):
            first, second = order[index], order[size - 1 - index]
            if first is not None and second is not None:
                games.append((min(first, second), max(first, second)))
        rounds.append(sorted(games))
        order = [order[-2], *order[:-2], order[-1]]
    return rounds


def swiss_round(
    ranking: Sequence[int], players: int, met: Counter[tuple[int, int]], byes: Counter[int]
) -> tuple[list[Group], list[int]]:
    """One Swiss round: the groups and the entrants with a bye, from the ``ranking`` (entrant indexes, best first),
    how often each pair met (``met``, keyed by (low, high)) and each entrant's byes so far."""
    idle = len(ranking) % players
    by_bye = sorted(reversed(ranking), key=lambda entrant: byes[entrant])  # fewest byes, then the lowest placed
    resting = sorted(by_bye[:idle], key=ranking.index)
    free = [entrant for entrant in ranking if entrant not in resting]
    groups: list[Group] = []
    while free:
        group = [free.pop(0)]
        while len(group) < players:
            best = min(free, key=lambda entrant: (sum(met[pair(entrant, o)] for o in group), free.index(entrant)))
            free.remove(best)
            group.append(best)
        groups.append(tuple(group))
    return groups, resting


def pair(first: int, second: int) -> tuple[int, int]:
    return (first, second) if first < second else (second, first)


def meetings(groups: Sequence[Group]) -> Counter[tuple[int, int]]:
    """How often each pair of entrants met in ``groups``."""
    return Counter(pair(a, b) for group in groups for a, b in itertools.combinations(group, 2))


def rotations(players: int, duplicate: bool) -> list[int]:
    """The seat rotations each deal is played in: every one with duplicate deals, else the first alone."""
    return list(range(players)) if duplicate else [0]


def seated(group: Group, rotation: int) -> Group:
    """The entrant in each seat of a group's game in ``rotation`` (seat s gets the group's entrant s + rotation)."""
    return tuple(group[(seat + rotation) % len(group)] for seat in range(len(group)))
