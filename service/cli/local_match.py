"""Plays whole matches between bots in process, straight on the engine (``cardengine play`` without --target)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

import engine
import engine.bots as engine_bots
from service.core.bot_kinds import bot_policy


class RandomSeat:
    """The seeded random bot of ``cardengine play``: picks uniformly among the legal moves from its own generator,
    seeded from the match's seed and its seat, so a network match of a seed repeats the local one move for move."""

    def __init__(self, seed: int, seat: int) -> None:
        self._random = random.Random(seed * 1000 + seat)

    def choose(self, legal_moves: Sequence[str]) -> str:
        if not legal_moves:
            raise ValueError("The bot was asked to move but has no legal move.")
        return self._random.choice(list(legal_moves))


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

    ``bots``: a bot spec per seat (``service.core.bot_kinds.parse_bot``: ``mcts``, ``mcts:500ms``, ``greedy``, ...),
    cycled when fewer than the seats; each moves with ``engine.bots.bot_random(seed, step, seat)`` and
    ``budget_seconds`` unless its spec has a budget of its own. Without ``bots`` every seat is a ``RandomSeat``."""
    options = {**engine.get_game(game_id).playout_options, **(options or {})}
    state, events = engine.new_game(game_id, players, seed, options)
    if bots:
        policies = [bot_policy(bots[seat % len(bots)]) for seat in range(state.players)]
        return play_match(state, events, policy_chooser(policies, budget_seconds), out=out)
    random_seats = [RandomSeat(seed, seat) for seat in range(state.players)]

    def choose_at_random(state: engine.GameState, seat: int) -> str:
        return random_seats[seat].choose([str(move) for move in engine.legal_moves(state, seat)])

    return play_match(state, events, choose_at_random, out=out)


# A seat's choice in ``state``: its move, or the move's notation.
Chooser = Callable[[engine.GameState, int], engine.Move | str]


def policy_chooser(policies: Sequence[engine_bots.Policy], budget_seconds: float) -> Chooser:
    """Each seat moves by its policy, from what it may know, with the match's seeded bot generator."""

    def choose(state: engine.GameState, seat: int) -> engine.Move:
        given = engine_bots.seat_input(state, seat, budget_seconds)
        return policies[seat].choose(given, engine_bots.bot_random(state.seed, state.step, seat))

    return choose


def play_match(
    state: engine.GameState,
    events: Sequence[engine.Event],
    choose: Chooser,
    *,
    out: Callable[[str], None] = print,
) -> engine.ScoreSheet:
    """Plays ``state`` to its end (the first seat to act moves), printing the deal, each move and the score."""
    out(
        f"{engine.get_game(state.game_id).title}: {state.players} players, seed {state.seed}, "
        f"options {dict(state.options)}"
    )
    for event in events:
        out(f"  event {event.for_seat(None)}")
    rounds_shown = 0
    while not engine.is_finished(state):
        seat = engine.to_act(state)[0]
        move = choose(state, seat)
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
