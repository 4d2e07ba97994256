"""Scripted House Rummy hands: fixed deals set up directly in ``state.table`` after ``engine.new_game``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import engine
from engine import Event, GameState
from engine.games.house_rummy.groups import build_meld
from engine.games.house_rummy.table import Group

GAME = "house_rummy"


def deal(
    hands: list[list[str]],
    *,
    stock: list[str] | None = None,
    piles: list[list[str]] | None = None,
    groups: list[Group] | None = None,
    turn: int = 0,
    phase: str = "draw",
    options: Mapping[str, object] | None = None,
    **fields: Any,
) -> GameState:
    """A hand in progress with exactly these cards (a single-hand match unless the options say otherwise)."""
    state, _ = engine.new_game(GAME, len(hands), 0, {"single_hand": True, **(options or {})})
    table = state.table
    table["hands"] = [list(hand) for hand in hands]
    table["stock"] = list(stock if stock is not None else ["9S", "9D", "9C", "5C"])
    table["piles"] = [list(pile) for pile in (piles if piles is not None else [["JD"]])]
    table["groups"] = list(groups or [])
    table["turn"] = turn
    table["phase"] = phase
    table.update(fields)
    return state


def group(cards: str, owner: int, new_cards: bool = True) -> Group:
    """A group on the board started by ``owner`` with these cards (comma-separated)."""
    listed = cards.split(",")
    built = build_meld(listed, dict.fromkeys(listed, owner), owner, new_cards=new_cards)
    assert built is not None, cards
    return built


def play(state: GameState, seat: int, *moves: str) -> tuple[GameState, list[Event]]:
    """Applies moves in order by one seat; returns the last state and every event."""
    events: list[Event] = []
    for move in moves:
        state, new = engine.apply(state, seat, move)
        events.extend(new)
    return state, events


def kinds(events: list[Event]) -> list[str]:
    return [event.kind for event in events]


def legal(state: GameState, seat: int) -> list[str]:
    return sorted(str(move) for move in engine.legal_moves(state, seat))
