"""The levels' policies: ``easy``'s mistakes are moves its own search rated nearly as good as its first choice."""

from __future__ import annotations

import random

import pytest

import engine
from engine.bots import seat_input
from engine.bots.guided import GuidedISMCTSPolicy
from engine.bots.hints import strongest_search
from engine.bots.ismcts import EXPLORATION
from engine.bots.levels import (
    LEVELS,
    MISTAKE_TOLERANCE,
    SearchSettings,
    SecondChoicePolicy,
    declared_level,
    level_search,
    level_settings,
    settled_policy,
)
from engine.moves import Move
from engine.registry import all_games
from tests.bots.positions import dracula_last_cell


def positions(game: str, count: int) -> list[engine.GameState]:
    """Positions of seeded random matches where the seat to act has a choice."""
    found = []
    for seed in range(count * 3):
        state, _ = engine.new_game(game, 2, seed)
        generator = random.Random(seed)
        for _ in range(generator.randrange(2, 14)):
            seat = engine.to_act(state)[0]
            moves = engine.legal_moves(state, seat)
            state, _ = engine.apply(state, seat, moves[generator.randrange(len(moves))])
        seat = engine.to_act(state)[0]
        if len(engine.legal_moves(state, seat)) > 1:
            found.append(state)
        if len(found) == count:
            break
    return found


def test_a_mistake_is_a_move_the_search_rated_nearly_as_good() -> None:
    mistakes = 0
    for game in ("dracula", "draw_blood", "rummy_battle"):
        for state in positions(game, 6):
            search = GuidedISMCTSPolicy(iterations=30)
            always_wrong = SecondChoicePolicy(search, mistake_rate=1.0)
            given = seat_input(state, engine.to_act(state)[0])
            chosen = always_wrong.choose(given, random.Random(1))
            assert search.last_root is not None
            means = {move: child.mean() for (_, move), child in search.last_root.children.items()}
            best = max(search.last_root.children.values(), key=lambda child: (child.visits, child.mean()))
            assert means[chosen] >= best.mean() - MISTAKE_TOLERANCE
            first = GuidedISMCTSPolicy(iterations=30).choose(given, random.Random(1))
            mistakes += chosen != first
    assert mistakes > 0  # the rate 1.0 does make mistakes where one is near enough


def test_easy_never_throws_the_winning_card_away() -> None:
    """The last cell of a coffin: a heart makes three hearts across, quintupled (the Seven 120, the Ace 90); any
    other card 54 at most. ``easy`` asked to make a mistake every time may play the other heart, never a card that
    throws the line away."""
    state = dracula_last_cell()
    given = seat_input(state, 0)
    for seed in range(10):
        always_wrong = SecondChoicePolicy(level_search(level_settings("dracula", "easy")), mistake_rate=1.0)
        chosen = always_wrong.choose(given, random.Random(seed))
        assert chosen in (Move("place", ("7H", "c3")), Move("place", ("AH", "c3")))


def test_every_level_has_settings_in_every_game() -> None:
    for game in (game.id for game in all_games()):
        easy, medium, hard = (level_settings(game, level) for level in LEVELS)
        assert easy.iterations is not None and medium.iterations is not None  # the same strength on any machine
        assert easy != medium and easy.mistake_rate > medium.mistake_rate >= hard.mistake_rate == 0.0
        assert hard.iterations is None  # hard: the bot's time budget


def test_a_game_s_easy_errs_within_its_own_tolerance() -> None:
    settings = level_settings("house_rummy", "easy")
    policy = settled_policy(settings, "house_rummy")
    assert isinstance(policy, SecondChoicePolicy) and policy.tolerance == settings.mistake_tolerance == 0.4
    for state in positions("house_rummy", 4):
        given = seat_input(state, engine.to_act(state)[0])
        chosen = policy.choose(given, random.Random(2))
        root = policy.search.last_root
        assert root is not None
        best = max(root.children.values(), key=lambda child: (child.visits, child.mean()))
        assert root.children[(given.seat, chosen)].mean() >= best.mean() - 0.4


def test_a_smaller_exploration_spends_more_of_the_search_on_the_best_move() -> None:
    """The last cell: the Seven of Hearts scores 120 for seat 0's side; with the same iterations, the tree with
    a smaller UCB constant gives it a larger share of its visits."""
    given = seat_input(dracula_last_cell(), 0)
    shares = {}
    for exploration in (EXPLORATION, 0.15):
        search = GuidedISMCTSPolicy(iterations=240, exploration=exploration)
        chosen = search.choose(given, random.Random(3))
        assert chosen == Move("place", ("7H", "c3"))
        assert search.last_root is not None
        shares[exploration] = search.last_root.children[(0, chosen)].visits / search.last_root.visits
    assert shares[0.15] > shares[EXPLORATION] + 0.1


def test_a_level_s_exploration_reaches_its_search_and_the_hints() -> None:
    settings = level_settings("dracula", "hard").search_settings()
    assert settings.exploration < EXPLORATION  # tuned on the ladder (docs/bots.md)
    assert level_search(level_settings("dracula", "hard"), "dracula").exploration == settings.exploration
    assert strongest_search(64, "dracula").exploration == settings.exploration


def test_a_plugin_game_declares_its_own_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    """Gin Rummy (plugins/gin_rummy) declares its easy on its Game class (``bot_levels``); its other levels are the
    defaults; a declared ``search`` becomes the level's SearchSettings."""
    easy = level_settings("gin_rummy", "easy")
    assert (easy.iterations, easy.iterations_per_move, easy.mistake_rate, easy.mistake_tolerance) == (8, 4, 1.0, 0.05)
    policy = settled_policy(easy, "gin_rummy")
    assert isinstance(policy, SecondChoicePolicy) and policy.tolerance == 0.05
    assert level_settings("gin_rummy", "medium") == level_settings("no_such_game", "medium")
    game_class = type(engine.get_game("gin_rummy"))
    declared = {"hard": {"iterations": None, "search": {"heuristic": True, "exploration": 0.3}}}
    monkeypatch.setattr(game_class, "bot_levels", declared)
    declared_level.cache_clear()
    try:
        hard = level_settings("gin_rummy", "hard")
        assert hard.iterations is None and hard.search == SearchSettings(heuristic=True, exploration=0.3)
    finally:
        monkeypatch.undo()
        declared_level.cache_clear()
    assert level_settings("gin_rummy", "hard").search == SearchSettings()
