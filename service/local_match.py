"""Plays whole matches between bots in process, straight on the engine (``cardengine play`` without --target)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import engine
from clients.bots import RandomBot


def play_local_match(
    game_id: str,
    players: int | None,
    seed: int,
    options: Mapping[str, object] | None = None,
    *,
    out: Callable[[str], None] = print,
) -> engine.ScoreSheet:
    """Plays a full match between random bots, printing each move and the score; returns the score sheet."""
    state, events = engine.new_game(game_id, players, seed, options)
    bots = [RandomBot(seed * 1000 + seat) for seat in range(state.players)]
    out(f"{engine.get_game(game_id).title}: {state.players} players, seed {seed}, options {dict(state.options)}")
    for event in events:
        out(f"  event {event.for_seat(None)}")
    rounds_shown = 0
    while not engine.is_finished(state):
        seat = engine.to_act(state)[0]
        legal = [str(move) for move in engine.legal_moves(state, seat)]
        notation = bots[seat].choose(legal, engine.view(state, seat))
        state, events = engine.apply(state, seat, notation)
        out(f"{state.step:4d}  seat {seat}: {notation}")
        sheet = engine.score(state)
        for record in sheet.rounds[rounds_shown:]:
            out(f"      {record.label}: {list(record.points)}")
            board = record.details.get("coffin")
            if isinstance(board, Mapping):
                cells = list(board.values())
                for row in range(3):
                    out("        " + " ".join(f"{c:>2}" for c in cells[row * 3 : row * 3 + 3]))
        rounds_shown = len(sheet.rounds)
    sheet = engine.score(state)
    out(f"final totals: {list(sheet.totals)}; winner(s): {list(sheet.winners)}")
    return sheet
