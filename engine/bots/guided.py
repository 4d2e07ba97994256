"""The ``hard`` level's search: IS-MCTS (``ismcts.py``) with simulations that are guided and short.

- **Move averages** (MAST; Finnsson and Björnsson, "Simulation-Based Approach to General Game Playing", AAAI
  2008): during one decision every move a seat plays, in the tree or in a simulation, adds the reward that seat got
  at the end of the iteration to that (seat, move)'s average. Simulations then play, with probability
  ``1 - epsilon``, the legal move with the best average (a move never tried counts as ``optimism``), else a random
  one: moves that tend to end well (melding, going out, closing a coffin) are found within the decision and played
  in the simulations, which random moves in a rummy hand almost never do.
- **The round as it stands**: a simulation stops after ``rollout_depth`` moves, and an unfinished round is valued
  by the game's own count of it (``Game.standing``: cards laid down less cards held) added to the totals. Short
  simulations valued this way say more than long random ones that rarely reach the end of a rummy hand, and many
  more of them fit in the budget. Each sample is measured against its own root (its sampled hands included).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from engine.api import apply, legal_moves, score, to_act
from engine.bots.evaluation import MIN_SCALE, margin_rewards, margins, reward_scale, rewards, scores_a_round
from engine.bots.ismcts import EXPLORATION, ISMCTSPolicy, Node, RolloutPolicy, Search
from engine.bots.policy import SeatInput
from engine.bots.shared_samples import Sweep, search_shared_samples, sweep
from engine.moves import Move
from engine.registry import get_game
from engine.scoring import ScoreSheet
from engine.state import GameState

GUIDED_ROLLOUT_DEPTH = 12
"""Moves a guided simulation plays at most before the round is valued as it stands."""


class GuidedSearch(Search):
    def __init__(
        self,
        policy: GuidedISMCTSPolicy,
        observer: int,
        moves: Sequence[Move],
        scale: float,
        root_totals: Sequence[int],
        rng: random.Random,
    ) -> None:
        super().__init__(policy, observer, moves, scale, (), rng)
        self.root_totals = tuple(root_totals)
        self.guide = policy
        self.averages: dict[tuple[int, Move], list[float]] = {}
        self.simulated: list[tuple[int, Move]] = []  # the (seat, move)s of this iteration's simulation

    def evaluate(self, world: GameState, state: GameState, round_scored: bool) -> list[float]:
        game = get_game(world.game_id)
        # This sample's own root: the public totals with the round as it stands in this sample.
        baseline = margins([total + now for total, now in zip(self.root_totals, game.standing(world), strict=True)])
        self.simulated = []
        if not round_scored:
            state, round_scored = self.guided_rollout(state)
        if round_scored or not to_act(state):
            return self.scored_values(state, score(state), baseline)
        return margin_rewards(standing_totals(state, game.standing(state)), self.scale, baseline)

    def scored_values(self, state: GameState, sheet: ScoreSheet, baseline: Sequence[float]) -> list[float]:
        """The rewards of a simulation that ended with a round scored or the match over (``sheet``, ``state``'s)."""
        return rewards(sheet, self.scale, baseline, self.guide.win_weight)

    def backpropagate(self, path: Sequence[Node], played: Sequence[tuple[int, Move]], values: Sequence[float]) -> None:
        super().backpropagate(path, played, values)
        averages = self.averages
        for key in (*played, *self.simulated):
            entry = averages.get(key)
            if entry is None:
                averages[key] = [values[key[0]], 1.0]
            else:
                entry[0] += values[key[0]]
                entry[1] += 1.0

    def guided_rollout(self, state: GameState) -> tuple[GameState, bool]:
        """Plays up to ``rollout_depth`` moves; the state reached and whether a round was scored on the way."""
        guide = self.guide
        rng = self.rng
        players = state.players
        averages = self.averages
        epsilon = guide.epsilon
        optimism = guide.optimism
        played = self.simulated
        heuristic = guide.heuristic
        for _ in range(guide.rollout_depth):
            acting = to_act(state)
            if not acting:
                break
            seat = acting[0] if len(acting) == 1 else acting[rng.randrange(len(acting))]
            moves = legal_moves(state, seat)
            if not moves:  # a sampled world the seat cannot move in: valued as it stands
                break
            if len(moves) == 1 or rng.random() < epsilon:
                move = moves[rng.randrange(len(moves))]
            elif heuristic is not None:
                move = heuristic(state, seat, moves, rng)
            else:
                move = moves[0]
                best = -1.0
                for candidate in moves:
                    entry = averages.get((seat, candidate))
                    value = optimism if entry is None else entry[0] / entry[1]
                    if value > best:
                        move, best = candidate, value
            played.append((seat, move))
            state, events = apply(state, seat, move)
            if scores_a_round(events, players):
                return state, True
        return state, False


class GuidedISMCTSPolicy(ISMCTSPolicy):
    """IS-MCTS with guided, short simulations (see the module's docstring)."""

    search_type: type[GuidedSearch] = GuidedSearch  # each decision's search

    def __init__(
        self,
        iterations: int | None = None,
        exploration: float = EXPLORATION,
        rollout_depth: int = GUIDED_ROLLOUT_DEPTH,
        epsilon: float = 0.2,
        optimism: float = 1.0,
        win_weight: float = 0.5,
        heuristic: RolloutPolicy | None = None,
        shared_samples: bool = False,
        min_scale: float = MIN_SCALE,
    ) -> None:
        super().__init__(iterations=iterations, exploration=exploration, rollout_depth=rollout_depth)
        self.epsilon = epsilon
        self.optimism = optimism
        self.win_weight = win_weight
        self.heuristic = heuristic
        self.shared_samples = shared_samples
        self.min_scale = min_scale
        # On shared samples: what one sampled world tries, and the sweeps before the first halving.
        self.sweep_with: Sweep = sweep
        self.first_cut = 2

    def new_search(self, seat_input: SeatInput, first: GameState, rng: random.Random) -> Search:
        sheet = score(first)  # public: the same totals in every sample
        scale = max(self.min_scale, reward_scale(sheet))
        return self.search_type(self, seat_input.seat, seat_input.legal_moves, scale, sheet.totals, rng)

    def run(
        self,
        search: Search,
        sample_world: Callable[[int], GameState],
        first: GameState,
        deadline: float,
        seeds: random.Random,
    ) -> float:
        if self.shared_samples:
            return search_shared_samples(
                search,
                sample_world,
                first,
                deadline,
                self.iterations,
                seeds,
                sweep_with=self.sweep_with,
                first_cut=self.first_cut,
            )
        return super().run(search, sample_world, first, deadline, seeds)


def standing_totals(state: GameState, standing: Sequence[int]) -> list[float]:
    """Each seat's total with the round in progress counted as it stands."""
    return [total + now for total, now in zip(score(state).totals, standing, strict=True)]
