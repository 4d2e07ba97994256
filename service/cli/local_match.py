"""Plays whole matches between bots in process, straight on the engine (``cardengine play`` without --target)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import engine
import engine.bots as engine_bots
from clients.bots import RandomBot
from service.bots.kinds import bot_policy


def play_local_match(
    game_id: str,
    players: int | None,
    seed: int,
    options: Mapping[str, object] | None = None,
    *,
    out: Callable[[str], None] = print,
    bots: Sequence[str] = (),
    budget_seconds: float = engine_bots.DEFAULT_BUDGET_SECONDS,
) -> engine.ScoreSheet:
    """Plays a full match between bots, printing each move and the score; returns the score sheet.

    ``bots``: a bot spec per seat (``service.bots.kinds.parse_bot``: ``mcts``, ``mcts:500ms``, ``greedy``, ...),
    cycled when fewer than the seats; each moves with ``engine.bots.bot_random(seed, step, seat)`` and
    ``budget_seconds`` unless its spec has a budget of its own. Without ``bots`` every seat is the seeded random
    bot of ``clients.bots``."""
    options = {**engine.get_game(game_id).playout_options, **(options or {})}
    state, events = engine.new_game(game_id, players, seed, options)
    if bots:
        policies = [bot_policy(bots[seat % len(bots)]) for seat in range(state.players)]
        return play_policies(state, events, policies, budget_seconds, out=out)
    random_bots = [RandomBot(seed * 1000 + seat) for seat in range(state.players)]
    out(f"{engine.get_game(game_id).title}: {state.players} players, seed {seed}, options {dict(state.options)}")
    for event in events:
        out(f"  event {event.for_seat(None)}")
    rounds_shown = 0
    while not engine.is_finished(state):
        seat = engine.to_act(state)[0]
        legal = [str(move) for move in engine.legal_moves(state, seat)]
        notation = random_bots[seat].choose(legal, engine.view(state, seat))
        state, events = engine.apply(state, seat, notation)
        out(f"{state.step:4d}  seat {seat}: {notation}")
        rounds_shown = show_rounds(state, rounds_shown, out)
    sheet = engine.score(state)
    out(f"final totals: {list(sheet.totals)}; winner(s): {list(sheet.winners)}")
    return sheet


def play_policies(
    state: engine.GameState,
    events: Sequence[engine.Event],
    policies: Sequence[engine_bots.Policy],
    budget_seconds: float,
    *,
    out: Callable[[str], None] = print,
) -> engine.ScoreSheet:
    """Plays ``state`` to its end with one policy per seat (the first seat to act moves), printing each move."""
    out(
        f"{engine.get_game(state.game_id).title}: {state.players} players, seed {state.seed}, "
        f"options {dict(state.options)}"
    )
    for event in events:
        out(f"  event {event.for_seat(None)}")
    rounds_shown = 0
    while not engine.is_finished(state):
        seat = engine.to_act(state)[0]
        given = engine_bots.seat_input(state, seat, budget_seconds)
        move = policies[seat].choose(given, engine_bots.bot_random(state.seed, state.step, seat))
        state, _ = engine.apply(state, seat, move)
        out(f"{state.step:4d}  seat {seat}: {move}")
        rounds_shown = show_rounds(state, rounds_shown, out)
    sheet = engine.score(state)
    out(f"final totals: {list(sheet.totals)}; winner(s): {list(sheet.winners)}")
    return sheet


def show_rounds(state: engine.GameState, rounds_shown: int, out: Callable[[str], None]) -> int:
    """Prints the rounds scored since ``rounds_shown`` (a coffin's cells too); returns the rounds shown now."""
    sheet = engine.score(state)
    for record in sheet.rounds[rounds_shown:]:
        out(f"      {record.label}: {list(record.points)}")
        board = record.details.get("coffin")
        if isinstance(board, Mapping):
            cells = list(board.values())
            for row in range(3):
                out("        " + " ".join(f"{c:>2}" for c in cells[row * 3 : row * 3 + 3]))
    return len(sheet.rounds)
