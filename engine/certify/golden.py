"""Golden playthroughs: one seeded match per game and player count, written out as text.

Each match is played with the options of a short match that its game declares (``Game.short_match_options``), by
a seeded chooser that picks among the legal moves sorted by notation (so the order in which a game lists its moves
does not matter) and, when several seats may act, among the seats. The text holds every move, every event as each
seat and a spectator see it, and the score sheet. The games are the registry's; the built-in games' files are
under ``tests/golden/matches/`` (rewritten only by ``scripts/record_golden``), a plugin's wherever its author keeps
them (``cardengine certify GAME --golden DIR``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine
from engine import rng
from engine.errors import InvalidPlayersError
from engine.events import Event
from engine.registry import all_games


@dataclass(frozen=True)
class GoldenCase:
    game_id: str
    players: int
    seed: int
    options: Mapping[str, object]

    @property
    def name(self) -> str:
        return f"{self.game_id}-{self.players}p"

    def path_in(self, folder: Path) -> Path:
        """The case's file in ``folder``."""
        return folder / f"{self.name}.txt"


def cases(game_ids: set[str] | None = None) -> list[GoldenCase]:
    """Every registered game's cases (or those of ``game_ids``): one per player count it accepts."""
    found = []
    for game in all_games():
        if game_ids is not None and game.id not in game_ids:
            continue
        for players in range(game.min_players, game.max_players + 1):
            try:
                game.check_players(players)
            except InvalidPlayersError:
                continue
            found.append(GoldenCase(game.id, players, 1000 + players, game.short_match_options))
    return found


def compact(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def event_lines(event: Event, players: int) -> list[str]:
    """The event as the spectator sees it, then each seat whose view of it differs."""
    public = event.for_seat(None)
    lines = [f"  event {compact(public) if public is not None else '(hidden from spectators)'}"]
    for seat in range(players):
        shown = event.for_seat(seat)
        if shown != public:
            lines.append(f"    seat {seat}: {compact(shown) if shown is not None else '(hidden)'}")
    return lines


def record(case: GoldenCase) -> str:
    """Plays the case's match and returns its text."""
    state, setup_events = engine.new_game(case.game_id, case.players, case.seed, case.options)
    chooser = rng.seed_state(case.seed * 7919 + 17)
    lines = [
        f"# {case.game_id}, {case.players} players, seed {case.seed}, options {compact(dict(case.options))}",
        f"# rules version {state.rules_version}; written by scripts/record_golden",
        "setup",
    ]
    for event in setup_events:
        lines.extend(event_lines(event, case.players))
    while not engine.is_finished(state):
        seats = engine.to_act(state)
        chooser, pick = rng.below(chooser, len(seats))
        seat = seats[pick]
        moves = sorted(engine.legal_moves(state, seat), key=str)
        chooser, pick = rng.below(chooser, len(moves))
        move = moves[pick]
        state, events = engine.apply(state, seat, move)
        lines.append(f"move {state.step}: {seat} {move}")
        for event in events:
            lines.extend(event_lines(event, case.players))
    lines.append(f"score {compact(engine.score(state).to_dict())}")
    return "\n".join(lines) + "\n"


def moves_of(text: str) -> list[str]:
    """The moves of a golden text, as ``"SEAT MOVE"`` (``engine.replay``'s form)."""
    return [line.split(": ", 1)[1] for line in text.splitlines() if line.startswith("move ")]


def replays(case: GoldenCase, text: str) -> bool:
    """Whether the text's moves, replayed (every move checked again), end the match with the text's score line."""
    moves = moves_of(text)
    replayed = engine.replay(case.game_id, case.players, case.seed, case.options, moves)
    score_line = text.splitlines()[-1]
    return (
        engine.is_finished(replayed.state)
        and replayed.state.step == len(moves)
        and score_line == f"score {compact(engine.score(replayed.state).to_dict())}"
    )
