"""Two histories of one game from one version: what the tests of issue 36 play to make a store go back.

``diverging_moves`` finds, from a game's deal, a move kept (played after the store went back) and a move lost (in
the history the store forgot), both leaving the same seat to act, and for that seat a move legal only in the kept
history and one legal only in the lost one. The engine finds them; the tests play them through real servers.
"""

from __future__ import annotations

import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Any

import engine
from tests.service.conftest import LiveServer

GAME = "house_rummy"


@dataclass(frozen=True)
class Fork:
    seat: int  # who moves at version 0
    lost: str  # the move of the history the store forgets
    kept: str  # the move played at version 0 once it went back
    next_seat: int  # who moves at version 1 in either history
    only_lost: str  # legal at version 1 only in the lost history
    only_kept: str  # legal at version 1 only in the kept history


def diverging_moves(game_type: str = GAME, players: int = 2, seed: int = 1) -> Fork:
    """Two moves at the deal after which the same seat acts with different legal moves (first such pair)."""
    state, _ = engine.new_game(game_type, players, seed)
    seat = engine.to_act(state)[0]
    afters = []
    for move in engine.legal_moves(state, seat):
        after, _ = engine.apply(state, seat, move)
        acting = engine.to_act(after)
        if len(acting) == 1:
            afters.append((move.notation, acting[0], {m.notation for m in engine.legal_moves(after, acting[0])}))
    for lost, lost_seat, lost_moves in afters:
        for kept, kept_seat, kept_moves in afters:
            if lost != kept and lost_seat == kept_seat and lost_moves - kept_moves and kept_moves - lost_moves:
                only_lost, only_kept = sorted(lost_moves - kept_moves)[0], sorted(kept_moves - lost_moves)[0]
                return Fork(seat, lost, kept, kept_seat, only_lost, only_kept)
    raise AssertionError(f"no two moves of {game_type} seed {seed} diverge")


def create(server: LiveServer, seed: int = 1) -> tuple[str, dict[int, str]]:
    body = {"gameType": GAME, "players": 2, "seed": seed}
    for _ in range(20):  # 503: a store not answering yet, or a replica slow to confirm (the create is withdrawn)
        status, created = server.rest.post("/v1/games", body)
        if status != 503:
            break
        time.sleep(0.25)
    assert status == 201, created
    return created["gameId"], {seat["seat"]: seat["token"] for seat in created["seats"]}


def move(server: LiveServer, game_id: str, token: str, notation: str, version: int) -> tuple[int, Any]:
    """A move, sent again while the store is answered unavailable (a server meeting a restarted Redis or a killed
    master first answers 503 store/unavailable: nothing ran)."""
    body = {"move": notation, "expectedVersion": version}
    return until_served(lambda: server.rest.post(f"/v1/games/{game_id}/moves", body, token=token))


def until_served(call: Any, attempts: int = 40) -> tuple[int, Any]:
    for _ in range(attempts):
        status, answer = call()
        if status != 503 or answer["error"]["code"] != "store/unavailable":
            return status, answer
        time.sleep(0.25)
    return status, answer


def replay_command(game_id: str, redis_url: str, prefix: str) -> subprocess.CompletedProcess[str]:
    """``cardengine replay`` of the game, as an operator runs it."""
    command = [sys.executable, "-m", "service.cli", "replay", game_id, "--redis-url", redis_url, "--key-prefix", prefix]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
