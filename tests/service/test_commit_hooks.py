"""The after-commit hooks (``service/core/hooks.py``): every write path (a create, a person's move, a bot's move, a
timeout's forfeit) hands each committed version to the hooks registered, in order, and what a hook returns joins
the answer's header."""

from __future__ import annotations

from typing import Any

from service.core import clocks
from service.core.game_service import GameService
from service.core.hooks import Commit
from service.core.records import SeatSpec
from service.storage.store import MemoryStore


def test_every_commit_reaches_the_hooks_in_the_order_registered() -> None:
    service = GameService(MemoryStore())
    seen: list[tuple[str, Commit]] = []
    service.hooks.register(lambda commit: seen.append(("first", commit)))
    service.hooks.register(lambda commit: seen.append(("second", commit)))
    created = service.creation.create_game("dracula", 2, 5)
    token = created.seats[0].token
    move = service.reads.legal_moves(created.game_id, token).moves[0]
    result = service.moves.apply_move(created.game_id, token, move.notation, 0)
    assert [name for name, _ in seen] == ["first", "second", "first", "second"]
    deal, applied = seen[0][1], seen[2][1]
    assert (deal.version, deal.seat, deal.move, deal.to_act) == (0, None, None, created.game.to_act)
    assert applied.move is not None and applied.move.notation == move.notation
    assert (applied.version, applied.seat, applied.to_act, applied.finished) == (1, 0, result.game.to_act, False)
    assert not applied.timed_out and applied.meta.game_type == "dracula"


def test_a_hooks_fields_join_the_answers_header() -> None:
    service = GameService(MemoryStore())

    def label(commit: Commit) -> dict[str, Any]:
        return {"seed_source": f"hook saw version {commit.version}"}

    service.hooks.register(label)
    created = service.creation.create_game("dracula", 2, 5)
    assert created.game.seed_source == "hook saw version 0"
    token = created.seats[0].token
    move = service.reads.legal_moves(created.game_id, token).moves[0].notation
    assert service.moves.apply_move(created.game_id, token, move, 0).game.seed_source == "hook saw version 1"
    assert service.reads.get_game(created.game_id, None).seed_source == "client"  # a read runs no hook


def test_a_bots_move_and_a_forfeit_reach_the_hooks() -> None:
    service = GameService(MemoryStore())
    seen: list[Commit] = []
    service.hooks.register(seen.append)
    seats = [SeatSpec(bot="random"), SeatSpec()]
    created = service.creation.create_game("dracula", 2, 5, seats=seats, clock=clocks.clock_spec(1, 0, "forfeit"))
    turn = service.bot_turns.bot_turn(created.game_id)
    assert turn is not None and turn.seat == 0 and turn.seat_input is not None
    bot_move = turn.seat_input.legal_moves[0].notation
    service.bot_turns.apply_bot_move(created.game_id, 0, bot_move, turn.version)
    assert [(commit.version, commit.seat) for commit in seen] == [(0, None), (1, 0)]
    acting = service.reads.get_game(created.game_id, None).to_act
    past = clocks.now_ms() - 1_000  # the turn's deadline long gone: the sweeper's claim finds the seat out of time
    clocks.save(service.store, created.game_id, clocks.ClockRecord(1, dict.fromkeys(acting, past), {}))
    lease = clocks.now_ms() + 10_000
    assert service.store.move_clock(created.game_id, past, lease)
    assert service.timeouts.apply_timeouts(created.game_id, lease) == 1
    forfeit = seen[-1]
    assert (forfeit.version, forfeit.seat, forfeit.move) == (2, acting[0], None)
    assert forfeit.finished and forfeit.timed_out and forfeit.to_act == ()
