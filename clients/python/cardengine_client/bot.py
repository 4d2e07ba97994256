"""A bot serving every game of its API key from the key's one event stream (README, "A bot in a few lines")."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardengine_client.client import GameEngineClient
from cardengine_client.errors import GameEngineError
from cardengine_client.values import KeyEvent, LegalMove

Chooser = Callable[[Sequence[LegalMove]], LegalMove]
PASSED = ("version/stale", "move/not_your_turn", "game/finished")  # another event already moved: nothing to do


def serve(client: GameEngineClient, choose: Chooser = random.choice, stop: int | None = None, cursor: str = "") -> int:
    """Plays the key's seats in every game it created or joined: first the games in progress when it starts, then
    at each "your_turn"; returns after ``stop`` games finished since it started (None: never). Answers the number
    of moves played. ``cursor``: start after that event of the key's stream ("0": from the oldest kept) rather
    than now; a tournament's games come as "tournament_round" events with their seats' tokens, which it keeps."""
    played = 0
    finished: set[str] = set()
    for event in client.watch_key_events(cursor):  # by default now: the games in progress, then live events
        if event.kind in ("tournament_round", "match_found"):  # a tournament's or quick match's game: its token
            for seat in event.seats:
                client.remember_seat_token(event.game_id, seat, event.token)
        if event.kind == "game_finished":
            finished.add(event.game_id)
            if stop is not None and len(finished) >= stop:
                return played
        played += sum(play_turn(client, event, seat, choose) for seat in event.seats_to_act)
    return played


def play_turn(client: GameEngineClient, event: KeyEvent, seat: int, choose: Chooser) -> bool:
    token = client.seat_tokens(event.game_id, wait=30).get(seat)  # the stream may be ahead of the create
    if token is None:
        return False  # a seat this client holds no token of (another process of the key plays it)
    moves = client.list_legal_moves(event.game_id, token)
    try:
        if moves.moves:
            client.apply_move(event.game_id, token, choose(moves.moves), moves.version, omit_view=True)
    except GameEngineError as error:
        if error.code not in PASSED:  # version/stale, move/not_your_turn, game/finished: moved already
            raise
        return False
    return bool(moves.moves)
