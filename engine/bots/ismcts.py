"""The ``mcts`` bot: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE TCIAIG 2012), with OpenSpiel's
``open_spiel/python/algorithms/ismcts.py`` as a reference. The search sees only its ``SeatInput``: every
iteration starts from a fresh sample of the observer's information set (``seat_input.determinize``: every card the
seat cannot know dealt again, with a fresh RNG, so draws and other chance are the sample's own), and

1. **selection** descends one tree keyed by ``(seat, move)`` (the move's canonical notation as a ``Move`` value):
   at a node, the children *available* in this sample are the acting seat's legal moves here; each of them gets
   one more availability, and UCB picks among them
   ``mean reward + exploration * sqrt(ln(availability) / visits)`` (availability in place of the parent's visits:
   a move that is rarely legal in the samples is not punished for it);
2. **expansion** adds one untried available move, chosen at random, and plays it;
3. **simulation** plays on with ``rollout_policy`` (uniformly random by default) until the match ends, a round is
   scored (``evaluation.scores_a_round``: what follows is a new deal, noise for this decision; a round scored
   during the descent ends the simulation there) or ``rollout_depth`` moves were played, and values the state by
   the game's own score sheet: a reward in [0, 1] per seat (``evaluation.rewards``: a finished match by its
   winners and score, else by the change of the seat's margin since the root);
4. **backpropagation** adds to each node on the path the reward of the seat that made its move.

Several seats to act at once (a claim window, a reaction): the root decides for the observer only; below it each
simulation picks one of the acting seats at random (its move is a child keyed by that seat) and plays it.

The answer is the most visited root move (ties: the higher mean reward, then the order of the legal moves). With
``iterations`` the search is reproducible for a given generator; without, it runs until ``seat_input.
budget_seconds`` (less a margin for returning) is spent: an iteration starts only if the longest so far would
still end in time.

A seat input without a determinizer gives the search nothing to look at: the policy then plays like ``random``
(a one-ply greedy needs a sample too).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from engine.api import apply, legal_moves, score, to_act
from engine.bots.evaluation import margins, reward_scale, rewards, scores_a_round
from engine.bots.policy import SeatInput
from engine.moves import Move
from engine.state import GameState

RolloutPolicy = Callable[[GameState, int, Sequence[Move], random.Random], Move]
"""A rollout move: ``(sampled state, acting seat, its legal moves, generator) -> one of the moves``."""

DEFAULT_ROLLOUT_DEPTH = 60
"""Moves a rollout plays at most: a Dracula coffin is 8 or 9 moves, a rummy hand several dozen."""

EXPLORATION = 0.7
"""The UCB constant of ``mcts`` for rewards in [0, 1]."""

RETURN_MARGIN_SECONDS = 0.005
"""Time kept back from a time budget for returning the move (5% of the budget when that is more); and an iteration
starts only if the longest one so far would end before that."""


def random_rollout(state: GameState, seat: int, moves: Sequence[Move], rng: random.Random) -> Move:
    return moves[rng.randrange(len(moves))]


class Node:
    """One node of the observer's tree: the move into it was made by ``seat``."""

    __slots__ = ("available", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.children: dict[tuple[int, Move], Node] = {}

    def mean(self) -> float:
        return self.reward / self.visits if self.visits else 0.0


class ISMCTSPolicy:
    """Single-observer IS-MCTS (see the module's docstring).

    ``iterations``: a fixed number of iterations (reproducible for a seed); ``None`` spends
    ``seat_input.budget_seconds``. ``exploration``: the UCB constant for rewards in [0, 1]. ``rollout_depth``:
    moves per simulation at most. ``rollout_policy``: the simulation's move choice (random by default).
    """

    def __init__(
        self,
        iterations: int | None = None,
        exploration: float = EXPLORATION,
        rollout_depth: int = DEFAULT_ROLLOUT_DEPTH,
        rollout_policy: RolloutPolicy | None = None,
    ) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError("ISMCTSPolicy needs at least one iteration, or None for a time budget.")
        if rollout_depth < 0:
            raise ValueError("The rollout depth cannot be negative.")
        self.iterations = iterations
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.rollout_policy = rollout_policy or random_rollout
        # The last search, for measurements and tests: its iterations, its longest iteration (seconds) and its
        # tree's root (None: no search ran).
        self.last_iterations = 0
        self.last_longest_iteration = 0.0
        self.last_root: Node | None = None

    def new_search(self, seat_input: SeatInput, first: GameState, rng: random.Random) -> Search:
        """The search of one decision, valued against the score sheet of ``first`` (public: the same in every
        sample)."""
        sheet = score(first)
        return Search(self, seat_input.seat, seat_input.legal_moves, reward_scale(sheet), margins(sheet.totals), rng)

    def choose(self, seat_input: SeatInput, rng: random.Random) -> Move:
        started = time.perf_counter()
        moves = seat_input.legal_moves
        if not moves:
            raise ValueError(f"Seat {seat_input.seat} was asked to move but has no legal move.")
        self.last_iterations = 0
        self.last_longest_iteration = 0.0
        self.last_root = None
        if len(moves) == 1:
            return moves[0]
        sample_world = seat_input.determinize
        search_rng = random.Random(rng.getrandbits(64))
        if sample_world is None:
            return moves[rng.randrange(len(moves))]
        first = sample_world(search_rng.getrandbits(63))
        search = self.new_search(seat_input, first, search_rng)
        deadline = started + seat_input.budget_seconds - max(RETURN_MARGIN_SECONDS, 0.05 * seat_input.budget_seconds)
        self.last_longest_iteration = self.run(search, sample_world, first, deadline, search_rng)
        self.last_iterations = search.iterations
        self.last_root = search.root
        return search.best_move()

    def run(
        self,
        search: Search,
        sample_world: Callable[[int], GameState],
        first: GameState,
        deadline: float,
        seeds: random.Random,
    ) -> float:
        """Iterates on ``first``, then on fresh samples, until ``iterations`` are done or, without them, until the
        next iteration would end after ``deadline``. The longest iteration (seconds)."""
        longest = 0.0  # the longest iteration so far: the next one starts only if it fits before the deadline
        world: GameState | None = first
        while True:
            now = time.perf_counter()
            if self.iterations is not None:
                if search.iterations >= self.iterations:
                    break
            elif now + longest >= deadline:
                break
            if world is None:
                world = sample_world(seeds.getrandbits(63))
            search.iterate(world)
            world = None
            longest = max(longest, time.perf_counter() - now)
        return longest


class Search:
    """The tree and the loop of one decision."""

    def __init__(
        self,
        policy: ISMCTSPolicy,
        observer: int,
        moves: Sequence[Move],
        scale: float,
        baseline: Sequence[float],
        rng: random.Random,
    ) -> None:
        self.policy = policy
        self.observer = observer
        self.moves = tuple(moves)
        self.scale = scale
        self.baseline = tuple(baseline)
        self.rng = rng
        self.root = Node(observer)
        self.iterations = 0

    def iterate(self, world: GameState) -> None:
        """One iteration on a sampled world: selection and expansion, simulation, backpropagation."""
        state, path, played, round_scored = self.descend(world)
        values = self.evaluate(world, state, round_scored)
        self.backpropagate(path, played, values)
        self.iterations += 1

    def descend(self, world: GameState) -> tuple[GameState, list[Node], list[tuple[int, Move]], bool]:
        """Selection and expansion: the state reached, the nodes walked (the root first), the (seat, move) played
        into each, and whether a round was scored on the way."""
        return self.descend_from(self.root, world, [self.root], [])

    def descend_from(
        self, node: Node, state: GameState, path: list[Node], played: list[tuple[int, Move]]
    ) -> tuple[GameState, list[Node], list[tuple[int, Move]], bool]:
        """``descend`` from ``node`` in ``state``, the walk so far ``path`` and ``played`` (extended in place)."""
        rng = self.rng
        players = state.players
        while True:
            acting = to_act(state)
            if not acting:
                return state, path, played, False
            if node is self.root:
                seat = self.observer
                moves: Sequence[Move] = self.moves
            else:
                seat = acting[0] if len(acting) == 1 else acting[rng.randrange(len(acting))]
                moves = legal_moves(state, seat)
                if not moves:  # a sampled world the seat cannot move in: simulated no further
                    return state, path, played, False
            children = node.children
            untried: list[Move] = []
            available: list[tuple[Move, Node]] = []
            for move in moves:
                child = children.get((seat, move))
                if child is None:
                    untried.append(move)
                else:
                    child.available += 1
                    available.append((move, child))
            if untried:
                move = untried[rng.randrange(len(untried))]
                child = children[(seat, move)] = Node(seat)
                child.available += 1
            else:
                move, child = self.select(available)
            played.append((seat, move))
            state, events = apply(state, seat, move)
            path.append(child)
            node = child
            if scores_a_round(events, players):
                return state, path, played, True
            if untried:
                return state, path, played, False

    def evaluate(self, world: GameState, state: GameState, round_scored: bool) -> list[float]:
        """The reward of each seat for this iteration: the state after a simulation from ``state`` (none when a
        round was scored on the way), by the game's score sheet against the root's margins."""
        if not round_scored:
            state = self.rollout(state)
        return rewards(score(state), self.scale, self.baseline)

    def backpropagate(self, path: Sequence[Node], played: Sequence[tuple[int, Move]], values: Sequence[float]) -> None:
        """Adds to each node on the path the reward of the seat that made its move."""
        self.root.visits += 1
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += values[visited.seat]

    def select(self, available: Sequence[tuple[Move, Node]]) -> tuple[Move, Node]:
        """The UCB choice among the available children (ties: the first)."""
        exploration = self.policy.exploration
        best = available[0]
        best_value = -math.inf
        for pair in available:
            child = pair[1]
            value = child.reward / child.visits + exploration * math.sqrt(math.log(child.available) / child.visits)
            if value > best_value:
                best, best_value = pair, value
        return best

    def rollout(self, state: GameState) -> GameState:
        policy = self.policy
        choose = policy.rollout_policy
        rng = self.rng
        players = state.players
        for _ in range(policy.rollout_depth):
            acting = to_act(state)
            if not acting:
                break
            seat = acting[0] if len(acting) == 1 else acting[rng.randrange(len(acting))]
            moves = legal_moves(state, seat)
            if not moves:  # a sampled world the seat cannot move in: valued as it stands
                break
            state, events = apply(state, seat, choose(state, seat, moves, rng))
            if scores_a_round(events, players):
                break
        return state

    def best_move(self) -> Move:
        """The most visited root move; ties: the higher mean reward, then the order of the legal moves."""
        best = self.moves[0]
        best_key = (-1, -math.inf)
        for move in self.moves:
            child = self.root.children.get((self.observer, move))
            key = (0, 0.0) if child is None else (child.visits, child.mean())
            if key > best_key:
                best, best_key = move, key
        return best
