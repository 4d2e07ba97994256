"""Levels of play a person chooses by name (``easy``, ``medium``, ``hard``): each a policy and a budget, tuned per
game so that adjacent levels sit at least 100 rating points apart on the ladder (``cardengine ladder``,
docs/bots.md).

- ``easy``: a small guided search (``engine.bots.guided``) that plays its second choice whenever that choice is
  nearly as good by its own search (``mistake_tolerance``). Its mistakes are moves its search rated close to the
  best, never a move picked at random, so it still plays what a person finds sensible (it takes a winning coffin or
  goes out when it sees it).
- ``medium``: the guided search with a fixed number of iterations per legal move: the same strength on any machine
  (in Rummy Battle erring half as often as ``easy``: without mistakes it played as well as ``hard``).
- ``hard``: the guided search within the bot's time budget (the service's ``--bot-budget-ms``, 200 ms by default:
  the budget of ``mcts``); in the rummy games its simulations play the game's own heuristic
  (``engine.bots.heuristics``).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TypedDict

from engine.bots.evaluation import MIN_SCALE
from engine.bots.guided import GUIDED_ROLLOUT_DEPTH, GuidedISMCTSPolicy
from engine.bots.heuristics import HEURISTICS
from engine.bots.ismcts import EXPLORATION, ISMCTSPolicy, RolloutPolicy
from engine.bots.policy import Policy, SeatInput
from engine.errors import UnknownGameError
from engine.moves import Move
from engine.registry import get_game

LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
"""The levels, weakest first."""

MISTAKE_TOLERANCE = 0.1
"""How much lower a second choice's mean reward (in [0, 1]) may be than the first's for ``easy`` to play it, unless
a game's ``easy`` says otherwise: a mistake is a move its search thought nearly as good, never one it saw lose (a
coffin thrown away, a hand not gone out)."""


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """The guided search's settings in one game, the same for its three levels (``GuidedISMCTSPolicy``): moves
    per simulation, the chance of a random move in a simulation, the part of a finished match's reward its
    result decides (the rest: the change of margin), whether simulations play the game's own heuristic
    (``engine.bots.heuristics``) rather than move averages, and whether the search tries every move on shared
    samples (``engine.bots.shared_samples``) rather than growing a tree; ``min_scale``, the least margin worth a
    reward of 0.75 (``evaluation.reward_scale``); ``exploration``, the tree's UCB constant (``ISMCTSPolicy``)."""

    rollout_depth: int = GUIDED_ROLLOUT_DEPTH
    epsilon: float = 0.2
    win_weight: float = 0.5
    heuristic: bool = False
    shared_samples: bool = False
    min_scale: float = MIN_SCALE
    exploration: float = EXPLORATION


@dataclass(frozen=True, slots=True)
class LevelSettings:
    """One level in one game: ``iterations`` of search, at least ``iterations_per_move`` per legal move (None: the
    time budget ``budget_seconds``, or the bot's when that is None too), the chance ``mistake_rate`` of playing the
    search's second choice instead of its first when that choice's mean reward is within ``mistake_tolerance`` of
    the first's, and the ``search`` settings (None: the game's, ``GAME_SEARCH``; ``level_settings`` fills them
    in)."""

    iterations: int | None
    budget_seconds: float | None = None
    mistake_rate: float = 0.0
    search: SearchSettings | None = None
    iterations_per_move: int = 1
    mistake_tolerance: float = MISTAKE_TOLERANCE

    def search_settings(self) -> SearchSettings:
        return self.search or SearchSettings()


DEFAULT_SETTINGS: Mapping[str, LevelSettings] = {
    "easy": LevelSettings(iterations=1, mistake_rate=1.0),
    "medium": LevelSettings(iterations=8, iterations_per_move=4),
    "hard": LevelSettings(iterations=None),
}

DRACULA_STANDING = SearchSettings(rollout_depth=0, epsilon=1.0, win_weight=0.9)
"""Dracula's search for ``easy``: no simulation, each placement valued by the coffin as it stands."""

DRACULA_TREE = SearchSettings(epsilon=0.5, win_weight=0.9, heuristic=True, min_scale=40.0, exploration=0.15)
"""Dracula's search for ``hard``: the tree, simulations by the game's heuristic half the time, and a small UCB
constant, so that the tree spends its few hundred iterations on the replies a good player would make."""

DRAGON_HEURISTIC = SearchSettings(win_weight=0.9, heuristic=True)
"""Dragon Rummy's search for ``medium`` and ``hard``: the tree, simulations by the game's heuristic, the winner of a
short match counting most."""

GAME_SETTINGS: Mapping[str, Mapping[str, LevelSettings]] = {
    "dracula": {
        # Each placement tried once and valued by the coffin as it stands (no simulation); easy plays its second
        # choice whenever it is within MISTAKE_TOLERANCE.
        "easy": LevelSettings(iterations=1, mistake_rate=1.0, search=DRACULA_STANDING),
        # The game's search (shared samples, heuristic simulations) with two trials per placement.
        "medium": LevelSettings(iterations=8, iterations_per_move=2),
        "hard": LevelSettings(iterations=None, search=DRACULA_TREE),
    },
    # Simulations played by the game's heuristic (engine.bots.heuristics) for hard, where the other levels play
    # move averages; Dragon Rummy's medium too (on shared samples it was hardly stronger than easy).
    "draw_blood": {"hard": LevelSettings(iterations=None, search=SearchSettings(heuristic=True))},
    "dragon_rummy": {
        "medium": LevelSettings(iterations=8, iterations_per_move=4, search=DRAGON_HEURISTIC),
        "hard": LevelSettings(iterations=None, search=DRAGON_HEURISTIC),
    },
    # easy errs up to 0.4 below its first choice (at 0.1 it sat too close to medium).
    "house_rummy": {"easy": LevelSettings(iterations=1, mistake_rate=1.0, mistake_tolerance=0.4)},
    "rummy_battle": {
        # easy as in House Rummy; medium two trials a move, erring as easy does half the time (without its
        # mistakes it played as well as mcts and hard).
        "easy": LevelSettings(iterations=1, mistake_rate=1.0, mistake_tolerance=0.4),
        "medium": LevelSettings(iterations=4, iterations_per_move=2, mistake_rate=0.5, mistake_tolerance=0.4),
        "hard": LevelSettings(
            iterations=None, search=SearchSettings(rollout_depth=4, shared_samples=True, heuristic=True)
        ),
    },
}
"""Per game, the levels whose settings differ from ``DEFAULT_SETTINGS`` (tuned on the ladder)."""

GAME_SEARCH: Mapping[str, SearchSettings] = {
    # Every placement tried on the same sampled coffins, simulated by the game's heuristic; a margin of 40 points
    # (about a coffin's) is worth 0.75 before any coffin is scored.
    "dracula": SearchSettings(epsilon=0.1, win_weight=0.9, heuristic=True, shared_samples=True, min_scale=40.0),
    "dragon_rummy": SearchSettings(win_weight=0.9, shared_samples=True),  # short matches: the winner counts most
    "rummy_battle": SearchSettings(rollout_depth=4, shared_samples=True),
}
"""Per game, the guided search's settings where they differ from ``SearchSettings()``, for the levels without
their own (``GAME_SETTINGS``): tuned in duplicate matches against ``mcts`` at the same budget (docs/bots.md)."""


def level_settings(game_type: str, level: str) -> LevelSettings:
    """The settings of ``level`` in ``game_type`` (KeyError for an unknown level): the built-in game's own
    (``GAME_SETTINGS``), a plugin game's declared ones (``Game.bot_levels``), else the default."""
    if level not in DEFAULT_SETTINGS:
        raise KeyError(level)
    settings = (
        GAME_SETTINGS.get(game_type, {}).get(level) or declared_level(game_type, level) or DEFAULT_SETTINGS[level]
    )
    return replace(settings, search=settings.search or GAME_SEARCH.get(game_type, SearchSettings()))


@functools.cache
def declared_level(game_type: str, level: str) -> LevelSettings | None:
    """``level``'s settings as the game declares them (``Game.bot_levels``: the fields of ``LevelSettings``, its
    ``search`` those of ``SearchSettings``); None when it declares none or is no game."""
    try:
        fields = dict(get_game(game_type).bot_levels.get(level) or {})
    except UnknownGameError:
        return None
    if not fields:
        return None
    search = fields.pop("search", None)
    return LevelSettings(**fields, search=SearchSettings(**search) if search else None)


class LevelPolicy:
    """Plays a level: the seat input's game picks the level's settings, so one policy serves every game."""

    def __init__(self, level: str) -> None:
        if level not in DEFAULT_SETTINGS:
            raise ValueError(f"{level!r} is no level; the levels are {', '.join(LEVELS)}.")
        self.level = level
        self._policies: dict[str, Policy] = {}

    def policy_for(self, game_type: str) -> Policy:
        policy = self._policies.get(game_type)
        if policy is None:
            policy = self._policies[game_type] = settled_policy(level_settings(game_type, self.level), game_type)
        return policy

    def choose(self, seat_input: SeatInput, rng: random.Random) -> Move:
        return self.policy_for(seat_input.game_type).choose(seat_input, rng)


class GuidedOptions(TypedDict):
    """``GuidedISMCTSPolicy``'s arguments besides its iterations."""

    exploration: float
    rollout_depth: int
    epsilon: float
    win_weight: float
    heuristic: RolloutPolicy | None
    shared_samples: bool
    min_scale: float


def guided_options(settings: SearchSettings, game_type: str) -> GuidedOptions:
    """The guided search's arguments for ``settings`` in ``game_type`` (its heuristic, when the settings ask for
    it): the one mapping of the settings onto the search, for the levels and the hints alike."""
    return GuidedOptions(
        exploration=settings.exploration,
        rollout_depth=settings.rollout_depth,
        epsilon=settings.epsilon,
        win_weight=settings.win_weight,
        heuristic=HEURISTICS.get(game_type) if settings.heuristic else None,
        shared_samples=settings.shared_samples,
        min_scale=settings.min_scale,
    )


class LevelSearch(GuidedISMCTSPolicy):
    """The guided search with ``base_iterations`` or ``per_move`` iterations per legal move, whichever is more: a
    fixed count still tries every move (a hand of twelve cards has twelve places for one coffin cell)."""

    def __init__(
        self, base_iterations: int | None, settings: SearchSettings, per_move: int = 1, game_type: str = ""
    ) -> None:
        super().__init__(iterations=base_iterations, **guided_options(settings, game_type))
        self.base_iterations = base_iterations
        self.per_move = per_move

    def choose(self, seat_input: SeatInput, rng: random.Random) -> Move:
        if self.base_iterations is not None:
            self.iterations = max(self.base_iterations, self.per_move * len(seat_input.legal_moves))
        return super().choose(seat_input, rng)


def guided_search(
    settings: SearchSettings, game_type: str, iterations: int | None, rollout_depth: int | None = None
) -> GuidedISMCTSPolicy:
    """The guided search with ``settings`` in ``game_type`` (its heuristic, when the settings ask for it), with
    ``iterations`` (None: the time budget) and at most ``rollout_depth`` moves per simulation (None: the
    settings')."""
    options = guided_options(settings, game_type)
    if rollout_depth is not None:
        options["rollout_depth"] = rollout_depth
    return GuidedISMCTSPolicy(iterations=iterations, **options)


def level_search(settings: LevelSettings, game_type: str = "") -> LevelSearch:
    """The search a level plays with in ``game_type``."""
    return LevelSearch(settings.iterations, settings.search_settings(), settings.iterations_per_move, game_type)


def settled_policy(settings: LevelSettings, game_type: str = "") -> Policy:
    search = level_search(settings, game_type)
    if settings.mistake_rate > 0:
        return SecondChoicePolicy(search, settings.mistake_rate, settings.mistake_tolerance)
    if settings.budget_seconds is not None:
        return FixedBudgetPolicy(search, settings.budget_seconds)
    return search


class FixedBudgetPolicy:
    """A search that always spends ``budget_seconds``, whatever budget its seat input carries."""

    def __init__(self, search: ISMCTSPolicy, budget_seconds: float) -> None:
        self.search = search
        self.budget_seconds = budget_seconds

    def choose(self, seat_input: SeatInput, rng: random.Random) -> Move:
        return self.search.choose(replace(seat_input, budget_seconds=self.budget_seconds), rng)


class SecondChoicePolicy:
    """A search that plays its second most visited move with probability ``mistake_rate``, when it has one whose
    mean reward is within ``tolerance`` of the first's."""

    def __init__(self, search: ISMCTSPolicy, mistake_rate: float, tolerance: float = MISTAKE_TOLERANCE) -> None:
        self.search = search
        self.mistake_rate = mistake_rate
        self.tolerance = tolerance

    def choose(self, seat_input: SeatInput, rng: random.Random) -> Move:
        best = self.search.choose(seat_input, rng)
        root = self.search.last_root
        if root is None or rng.random() >= self.mistake_rate:
            return best
        best_mean = root.children[(seat_input.seat, best)].mean()
        ranked = sorted(
            (
                (child.visits, child.mean(), key[1])
                for key, child in root.children.items()
                if key[0] == seat_input.seat and key[1] != best
            ),
            key=lambda entry: (entry[0], entry[1]),
            reverse=True,
        )
        if ranked and ranked[0][1] >= best_mean - self.tolerance:
            return ranked[0][2]
        return best
