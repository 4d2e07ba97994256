"""Plays whole matches between bots through the network API (``cardengine play --target HOST:PORT``).

Each bot acts only for its own seat, with its own seat token, and decides from what that seat may know over the
API: its own view (``GetGame``) and its own legal moves (``ListLegalMoves``). Nothing is read from the engine in
process, so the same loop drives any server, local or remote, on any store.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import grpc

from clients.bots import Bot, RandomBot
from clients.grpc_client import GameEngineClient, GameEngineError, GameView, Score

RETRIED_STATUSES = frozenset({grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED})
ATTEMPTS = 4
RETRY_PAUSE_SECONDS = 0.1


def option_value(text: str) -> object:
    """A command-line option value as the API takes it: JSON when it parses (``3``, ``true``), else the string."""
    try:
        value: object = json.loads(text)
    except ValueError:
        return text
    return value if isinstance(value, bool | int | float | str) else text


@dataclass(frozen=True, slots=True)
class NetworkMatch:
    game_id: str
    moves: int
    score: Score


class SeatPlayer:
    """One seat at the table: its token, its bot, and the calls it makes for itself."""

    def __init__(self, client: GameEngineClient, game_id: str, seat: int, token: str, bot: Bot) -> None:
        self.client = client
        self.game_id = game_id
        self.seat = seat
        self.token = token
        self.bot = bot

    def play_one_move(self) -> tuple[str, GameView] | None:
        """Reads this seat's view and legal moves, lets the bot choose, and applies the move at that version.

        A transient failure (store or network) retries the same move with the same idempotency key, so the move
        is applied once at most. Returns None when the version was stale (another client moved first)."""
        own_view = self.client.get_game(self.game_id, self.token)
        legal = self.client.legal_moves(self.game_id, self.token)
        notation = self.bot.choose(legal.notations, own_view.view)
        key = uuid.uuid4().hex
        attempt = 1
        while True:
            try:
                result = self.client.apply_move(self.game_id, self.token, notation, legal.version, key)
            except GameEngineError as error:
                if error.status in RETRIED_STATUSES and attempt < ATTEMPTS:
                    time.sleep(RETRY_PAUSE_SECONDS * attempt)
                    attempt += 1
                    continue
                if error.status == grpc.StatusCode.ABORTED:
                    return None
                raise
            return notation, result.game


def play_network_match(
    client: GameEngineClient,
    game_type: str,
    players: int | None,
    seed: int | None,
    options: Mapping[str, object] | None = None,
    *,
    out: Callable[[str], None] = print,
) -> NetworkMatch:
    """Creates a match on the server, plays it to the end between random bots (one per seat, each seeded from
    ``seed`` and its seat), printing each move and the score; returns the game id, move count and final score."""
    created = client.create_game(game_type, players, seed, options)
    base = seed if seed is not None else 0
    seats = {
        token.seat: SeatPlayer(client, created.game_id, token.seat, token.token, RandomBot(base * 1000 + token.seat))
        for token in created.seats
    }
    out(f"{game_type}: game {created.game_id}, {len(seats)} players, seed {seed}, options {dict(options or {})}")
    game = created.game
    moves = 0
    while not game.finished:
        if not game.to_act:
            raise RuntimeError(f"game {created.game_id} is not finished but no seat is to act")
        player = seats[game.to_act[0]]
        played = player.play_one_move()
        if played is None:
            game = client.get_game(created.game_id)
            continue
        notation, game = played
        moves += 1
        out(f"{game.version:4d}  seat {player.seat}: {notation}")
    score = client.score(created.game_id)
    for record in score.rounds:
        out(f"      {record.label}: {list(record.points)}")
    out(f"final totals: {list(score.totals)}; winner(s): {list(score.winners)}")
    return NetworkMatch(created.game_id, moves, score)


def play_network_matches(
    target: str,
    game_type: str,
    players: int | None,
    seed: int | None,
    matches: int,
    options: Mapping[str, object] | None = None,
    *,
    out: Callable[[str], None] = print,
) -> list[NetworkMatch]:
    """Plays ``matches`` matches one after the other on the server at ``target`` (seeds ``seed``, ``seed + 1``...)."""
    results: list[NetworkMatch] = []
    with GameEngineClient(target) as client:
        client.wait_ready()
        for index in range(matches):
            match_seed = seed + index if seed is not None else None
            results.append(play_network_match(client, game_type, players, match_seed, options, out=out))
    if matches > 1:
        total_moves = sum(result.moves for result in results)
        out(f"{matches} matches, {total_moves} moves, all finished")
    return results
