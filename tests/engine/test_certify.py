"""``cardengine certify``: the conformance checks (engine/certify/) pass on a real game, and each fault planted into a
copy of that game (Dracula, registered under another id for this module only) is caught by the check that
certifies the property: a hand card in an event, in a view, in a refusal's reason; an illegal move offered; a deal
that does not follow from the seed. Each copy is certified with one playout per variant and only that check
(cheap: a second or two each). Each built-in game passes every check, from the command, its golden playthroughs
compared with tests/golden/matches (one playout per variant: 2 to 4 CPU-s a game)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import engine
from engine import registry
from engine.certify import golden
from engine.certify.certification import CHECK_NAMES, certify
from engine.errors import IllegalMoveError
from engine.events import Event
from engine.games.dracula import DraculaGame
from engine.moves import Move
from engine.state import GameState
from service.cli.commands import main

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "matches"


def next_seat_hand(state: GameState, seat: int) -> list[str]:
    hands: list[list[str]] = state.table["hands"]
    return hands[(seat + 1) % state.players]


class EventLeak(DraculaGame):
    """A placed card's event names a card of the next seat's hand instead."""

    id = "dracula_event_leak"

    def play(self, state: GameState, seat: int, move: Move) -> list[Event]:
        events = super().play(state, seat, move)
        hidden = next_seat_hand(state, seat)
        if not hidden:
            return events
        return [
            Event(event.kind, event.seat, {**event.data, "card": hidden[0]}) if event.kind == "placed" else event
            for event in events
        ]


class ViewLeak(DraculaGame):
    """A seat's view shows the next seat's hand as its own."""

    id = "dracula_view_leak"

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        shown = super().view(state, seat)
        if seat is not None:
            shown["hand"] = sorted(next_seat_hand(state, seat))
        return shown


class ReasonLeak(DraculaGame):
    """A refusal's reason tells what the next seat holds."""

    id = "dracula_reason_leak"

    def explain(self, state: GameState, seat: int, move: Move) -> IllegalMoveError | None:
        refusal = super().explain(state, seat, move)
        hidden = next_seat_hand(state, seat)
        if refusal is None or not hidden:
            return refusal
        return IllegalMoveError(f"{refusal.reason} The next seat holds {hidden[0]}.", code=refusal.code)


class IllegalMoveOffered(DraculaGame):
    """The legal moves list one more: the first move with its card swapped for one the seat does not hold."""

    id = "dracula_illegal_move_offered"

    def legal_moves(self, state: GameState, seat: int) -> list[Move]:
        moves = super().legal_moves(state, seat)
        hidden = next_seat_hand(state, seat)
        placing = [move for move in moves if move.kind == "place"]
        if not placing or not hidden:
            return moves
        return [*moves, Move("place", (hidden[0], placing[0].args[1]))]


DEALS = itertools.count()


class DealNotFromTheSeed(DraculaGame):
    """Every other new match turns the stock by one card before it is shuffled for the first deal: its deals depend
    on what the process did before (as ones drawn from Python's global random generator would), not on the seed
    alone."""

    id = "dracula_deal_not_from_the_seed"

    def setup(self, state: GameState) -> list[Event]:
        events = super().setup(state)
        stock = state.table["stock"]
        if next(DEALS) % 2:
            state.table["stock"] = stock[1:] + stock[:1]
        return events


PLANTS = [EventLeak, ViewLeak, ReasonLeak, IllegalMoveOffered, DealNotFromTheSeed]


@pytest.fixture(scope="module", autouse=True)
def planted() -> Iterator[None]:
    for plant in PLANTS:
        registry.register(plant())
    yield
    for plant in PLANTS:
        registry.unregister(plant.id)


HAND_IN_AN_ERROR = (
    "dracula_reason_leak-2p seed 0: the reason for refusing 'place ZZ b3' shows seat 1 hidden cards {'8H'}: 'place ZZ "
    "b3': 'ZZ' is not a card of the pack (a rank A 2-9 T J Q K and a suit S H D C, or the Vampire) (deal 1, step 1). "
    "The next seat holds 8H."
)
CAUGHT = [
    (
        "dracula_event_leak",
        "events",
        "dracula_event_leak-2p seed 0: event placed shows seat None hidden cards {'8H': 1}",
    ),
    (
        "dracula_view_leak",
        "views",
        "dracula_view_leak-2p seed 0: view of seat 0 at step 1 shows hidden cards {'2D': 1, '5H': 1, 'AS': 1, 'TC': 1}",
    ),
    ("dracula_reason_leak", "legality", HAND_IN_AN_ERROR),
    (
        "dracula_illegal_move_offered",
        "legality",
        "dracula_illegal_move_offered-2p seed 0: legal 'place 8H b1' explained as illegal: 'place 8H b1': seat 1 does "
        "not hold the 8 of Hearts (deal 1, step 1).",
    ),
    ("dracula_deal_not_from_the_seed", "determinism", "dracula_deal_not_from_the_seed-2p seed 0: two set-ups differ"),
]


@pytest.mark.parametrize(("game_id", "check", "fault"), CAUGHT, ids=[game_id for game_id, _, _ in CAUGHT])
def test_every_planted_fault_is_caught(game_id: str, check: str, fault: str) -> None:
    [result] = certify(game_id, 1, only=[check])
    assert (result.name, result.passed) == (check, False)
    assert result.detail == fault


def test_the_checks_that_catch_the_plants_pass_on_the_game_itself() -> None:
    results = certify("dracula", 1, only=["determinism", "legality", "views", "events"])
    assert [(result.name, result.passed) for result in results] == [
        ("determinism", True),
        ("legality", True),
        ("views", True),
        ("events", True),
    ]
    assert results[0].detail == "2 variants x 1 seeds, each played twice"


def test_the_command_reports_each_check_and_exits_non_zero_on_a_failure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["certify", "dracula_view_leak", "--playouts", "1", "--only", "codec,views"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Certifying dracula_view_leak (Dracula), 1 playouts per variant"
    assert lines[1].startswith("PASS codec: snapshot round trip, card conservation, apply leaves its input unchanged")
    assert lines[2].startswith("FAIL views: every view matches its schema and shows no hidden card (dracula_view_leak-")
    assert lines[3] == "dracula_view_leak is not certified: 1 of 2 checks failed (views)."
    assert len(lines) == 4


def test_the_command_certifies_a_game_that_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["certify", "dracula", "--playouts", "1", "--only", "replay,golden"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("PASS replay: a match replays from its moves to the same state (2 variants x 1 ")
    assert lines[2].startswith("PASS golden: golden playthroughs record alike and replay (2 playthroughs; ")
    assert lines[3] == "dracula is certified: all 2 checks passed."


def test_the_command_refuses_what_it_cannot_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["certify", "no_such_game"]) == 2
    assert "error: game/unknown: Unknown game 'no_such_game'; registered games: " in capsys.readouterr().err
    assert main(["certify", "dracula", "--only", "speed"]) == 2
    assert capsys.readouterr().err == f"error: --only: unknown checks speed; the checks are: {', '.join(CHECK_NAMES)}\n"
    assert main(["certify", "dracula", "--playouts", "0"]) == 2
    assert capsys.readouterr().err == "error: --playouts must be at least 1\n"
    assert main(["certify", "dracula", "--write-golden"]) == 2
    assert (
        capsys.readouterr().err
        == "error: --write-golden needs --golden DIR, the folder to write the playthroughs into\n"
    )
    assert engine.get_game("dracula").id == "dracula"


@pytest.mark.parametrize("game_id", [game.id for game in registry.BUILT_IN_GAMES])
def test_every_built_in_game_passes_every_check(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["certify", game_id, "--playouts", "1", "--golden", str(GOLDEN)])
    lines = capsys.readouterr().out.splitlines()
    assert status == 0, "\n".join(lines)
    assert lines[0] == f"Certifying {game_id} ({engine.get_game(game_id).title}), 1 playouts per variant"
    assert [line.split(":")[0] for line in lines[1:-1]] == [f"PASS {name}" for name in CHECK_NAMES]
    compared = len(golden.cases({game_id}))
    assert f"({compared} playthroughs, {compared} compared with {GOLDEN}; " in lines[-2]
    assert lines[-1] == f"{game_id} is certified: all {len(CHECK_NAMES)} checks passed."
