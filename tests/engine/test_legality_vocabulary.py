"""Every game speaks one vocabulary of legality (docs/engine.md, "Legality has one source of truth"): a ``Phase``
enum in its ``flow``, one refusal per move kind in ``legal.REFUSALS``, every refusal predicate named ``refuse_*``,
and ``legal.refuse_move(state, seat, move)`` answering ``None`` exactly for the legal moves."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from enum import StrEnum
from types import ModuleType

import pytest

import engine
import engine.games
from engine.registry import get_game

GAME_IDS = sorted(info.name for info in pkgutil.iter_modules(engine.games.__path__))


def role_module(game_id: str, role: str) -> ModuleType:
    return importlib.import_module(f"engine.games.{game_id}.{role}")


def test_the_five_games_are_checked() -> None:
    assert GAME_IDS == ["dracula", "dragon_rummy", "draw_blood", "house_rummy", "rummy_battle"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_a_phase_enum_that_its_table_holds(game_id: str) -> None:
    phase = role_module(game_id, "flow").Phase
    assert issubclass(phase, StrEnum)
    assert "finished" in {member.value for member in phase}
    state, _ = engine.new_game(game_id, seed=38)
    assert state.table["phase"] in {member.value for member in phase}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_refuses_through_one_table_keyed_by_every_move_kind(game_id: str) -> None:
    legal = role_module(game_id, "legal")
    assert set(legal.REFUSALS) == set(get_game(game_id).move_kinds)
    for kind, predicate in legal.REFUSALS.items():
        name = predicate.__name__
        assert name == "refuse_nothing" or (name.startswith("refuse_") and name.endswith("_move")), (kind, name)
    assert list(inspect.signature(legal.refuse_move).parameters) == ["state", "seat", "move"]


def refusal_predicates_not_named_refuse(source: str) -> list[str]:
    """The functions of ``source`` answering ``Refusal | None`` whose names do not start with ``refuse_``."""
    return [
        node.name
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.returns is not None
        and ast.unparse(node.returns) in ("Refusal | None", "'Refusal | None'")
        and not node.name.startswith("refuse_")
    ]


def test_the_naming_check_finds_predicates_of_other_names() -> None:
    source = (
        "def seat_refusal(seat: int) -> Refusal | None: ...\n"
        "def refuse_seat(seat: int) -> Refusal | None: ...\n"
        "def first_refusal(seat: int) -> 'Refusal | None': ...\n"
        "def seat_name(seat: int) -> str: ...\n"
    )
    assert refusal_predicates_not_named_refuse(source) == ["seat_refusal", "first_refusal"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_refusal_predicate_of_a_game_is_named_refuse(game_id: str) -> None:
    package = importlib.import_module(f"engine.games.{game_id}")
    misnamed = {
        info.name: names
        for info in pkgutil.iter_modules(package.__path__)
        if (names := refusal_predicates_not_named_refuse(inspect.getsource(role_module(game_id, info.name))))
    }
    assert misnamed == {}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_refuse_move_allows_every_legal_move_of_a_seeded_match(game_id: str) -> None:
    legal = role_module(game_id, "legal")
    state, _ = engine.new_game(game_id, seed=38)
    for step in range(60):
        seats = engine.to_act(state)
        if not seats:
            break
        seat = seats[0]
        moves = engine.legal_moves(state, seat)
        assert moves
        assert [move for move in moves if legal.refuse_move(state, seat, move) is not None] == []
        state, _ = engine.apply(state, seat, moves[(step * 7) % len(moves)])


def test_house_rummy_lists_and_refuses_by_the_same_kinds_and_phase_gate() -> None:
    legal = role_module("house_rummy", "legal")
    phase = role_module("house_rummy", "flow").Phase
    assert set(legal.GENERATORS) == set(legal.REFUSALS)
    assert set(legal.KINDS_BY_PHASE) == {member.value for member in phase} - {"finished"}
    assert {kind for kinds in legal.KINDS_BY_PHASE.values() for kind in kinds} == set(legal.REFUSALS)
    for name, kinds in legal.KINDS_BY_PHASE.items():
        assert legal.PLANS[name] == tuple(dict.fromkeys(legal.GENERATORS[kind] for kind in kinds))
    assert legal.PLANS["play"] == (legal.turn_play_moves, legal.discard_phase_moves)
