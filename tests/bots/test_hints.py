"""Hints (engine/bots/hints.py): a hint depends on the seat's input only, in every game; it names no card outside
the seat's view; it ranks the search's root statistics; bad requests are refused."""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import pytest

import engine
import engine.bots.hints
from engine.bots import SeatInput, seat_input
from engine.bots.hints import MAX_HINT_COUNT, Suggestion, hint_policy, suggest_moves
from engine.registry import built_in_games
from tests.bots.positions import random_position

GAMES = sorted(game.id for game in built_in_games())
STEPS = (0, 17, 45)


def strings_of(value: Any) -> set[str]:
    """Every string inside a view, and each part of one that lists cards ("QH,7C" or "QH 7C")."""
    if isinstance(value, str):
        return {value, *value.replace(",", " ").split()}
    if isinstance(value, dict):
        return {text for item in value.values() for text in strings_of(item)} | set(value)
    if isinstance(value, list | tuple):
        return {text for item in value for text in strings_of(item)}
    return set()


def hint(given: SeatInput, seed: str) -> list[Suggestion]:
    return suggest_moves(given, random.Random(seed), 3, iterations=24)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hint_depends_on_the_seats_input_only(game_id: str) -> None:
    """Two states that differ only in what the seat cannot see (the other seats' hidden cards and the stock dealt
    again by ``engine.determinize``: the same view, another true table) give the same hint for the same seed; and
    every card a hint names is in the seat's view."""
    game = engine.get_game(game_id)
    codes = {card.code for card in game.cards()}
    compared = 0
    for steps in STEPS:
        state = random_position(game_id, game.default_players, 3, steps, {})
        seat = engine.to_act(state)[0]
        other = engine.determinize(state, seat, 1_000 + steps)
        assert engine.view(other, seat) == engine.view(state, seat)
        assert other.table != state.table, "the hidden cards lie elsewhere in the second state"
        first = hint(seat_input(state, seat), f"hint:{steps}")
        second = hint(seat_input(other, seat), f"hint:{steps}")
        assert first == second
        assert 1 <= len(first) <= 3
        seen = strings_of(engine.view(state, seat))
        for suggestion in first:
            named = {token for token in suggestion.move.notation.replace(",", " ").split() if token in codes}
            assert named <= seen, f"{suggestion.move} names {sorted(named - seen)}, not in seat {seat}'s view"
        compared += 1
    assert compared == len(STEPS)


def test_the_hint_ranks_the_root_by_visits_then_mean() -> None:
    state = random_position("dracula", 2, 5, 3, {})
    seat = engine.to_act(state)[0]
    given = seat_input(state, seat)
    suggestions = suggest_moves(given, random.Random(9), MAX_HINT_COUNT, iterations=40)
    search = hint_policy(40, "dracula")
    search.choose(given, random.Random(9))  # the same search again: the same tree
    assert search.last_root is not None
    children = {move: child for (_, move), child in search.last_root.children.items()}
    expected = sorted(
        given.legal_moves,
        key=lambda move: (
            -(children[move].visits if move in children else 0),
            -(children[move].mean() if move in children else 0.0),
            given.legal_moves.index(move),
        ),
    )[:MAX_HINT_COUNT]
    assert [s.move for s in suggestions] == expected
    assert [s.visits for s in suggestions] == [children[s.move].visits for s in suggestions]
    assert sum(child.visits for child in children.values()) == 40
    for suggestion in suggestions:
        assert suggestion.expected_reward == pytest.approx(children[suggestion.move].mean())
        assert 0.0 <= (suggestion.expected_reward or 0.0) <= 1.0


def test_the_same_generator_gives_the_same_hint_and_another_may_differ() -> None:
    state = random_position("house_rummy", 3, 2, 10, {})
    given = seat_input(state, engine.to_act(state)[0])
    assert hint(given, "a") == hint(given, "a")
    assert any(hint(given, "a") != hint(given, f"b{n}") for n in range(5))


def test_a_single_legal_move_is_suggested_without_an_estimate() -> None:
    state = random_position("dracula", 2, 1, 2, {})
    full = seat_input(state, engine.to_act(state)[0])
    given = SeatInput("dracula", full.seat, 2, full.view, full.legal_moves[:1], determinize=full.determinize)
    assert suggest_moves(given, random.Random(1), 3) == [Suggestion(full.legal_moves[0], 0, None)]


def test_bad_requests_are_refused() -> None:
    state = random_position("dracula", 2, 1, 2, {})
    given = seat_input(state, engine.to_act(state)[0])
    for count in (0, MAX_HINT_COUNT + 1):
        with pytest.raises(ValueError, match="suggests 1 to"):
            suggest_moves(given, random.Random(1), count)
    with pytest.raises(ValueError, match="at least one iteration"):
        suggest_moves(given, random.Random(1), 3, iterations=0)
    with pytest.raises(ValueError, match="no legal move"):
        suggest_moves(SeatInput("dracula", 1, 2, {}, ()), random.Random(1), 3)


def test_hints_import_no_function_that_reaches_a_true_state() -> None:
    """The hints module takes a SeatInput and the search's statistics, nothing that makes or reads a state."""
    tree = ast.parse(Path(engine.bots.hints.__file__).read_text())
    modules = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert modules <= {
        "__future__",
        "collections.abc",
        "dataclasses",
        "engine.bots.guided",  # the searches: they get states from the seat input's determinizer only
        "engine.bots.ismcts",
        "engine.bots.levels",
        "engine.bots.policy",
        "engine.moves",
    }
    assert not [node for node in ast.walk(tree) if isinstance(node, ast.Import) and node.names[0].name != "random"]
