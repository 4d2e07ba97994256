"""Run by tests/sdk/test_python_sdk.py with the interpreter of a fresh virtualenv that has only the SDK installed:
plays every built-in game type to the end by random moves, the lifecycle calls and the key-stream bot against a real
server, and prints what it saw as one JSON object (the test compares it with exact values)."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
import threading
from typing import Any

from cardengine_client import GameEngineClient, GameEngineError, GameType
from cardengine_client.bot import serve
from cardengine_client.games import typed_event, typed_view

BUILT_IN = ("dracula", "dragon_rummy", "draw_blood", "house_rummy", "rummy_battle")


# A plugin game's options that only set how long a match lasts get their smallest sensible value (one deal, the
# lowest target, a hand cap of 2), as the Node SDK's match test does; the built-in games play their defaults.
LENGTH_OPTIONS = ("deals", "rounds", "target_score", "max_hands")


def short_match_options(game: GameType) -> dict[str, int]:
    options: dict[str, int] = {}
    for option in game.options:
        if option.type != "int" or option.name not in LENGTH_OPTIONS:
            continue
        smallest = max(option.minimum or 1, 2 if option.name == "max_hands" else 1)
        options[option.name] = smallest if option.maximum is None else min(smallest, option.maximum)
    return options


def play_to_the_end(client: GameEngineClient, game_kind: GameType, rng: random.Random) -> dict[str, Any]:
    game_type = game_kind.id
    options = None if game_type in BUILT_IN else short_match_options(game_kind)
    created = client.create_game(game_type, options=options)
    moves_played = 0
    game = created.game
    while not game.finished:
        seat = game.to_act[0]
        moves = client.list_legal_moves(created.game_id, created.token(seat))
        move = rng.choice(moves.moves)
        game = client.apply_move(created.game_id, created.token(seat), move, moves.version).game
        moves_played += 1
    fairness = client.verify_fairness(created.game_id)
    return {
        **typed_reads(client, created.game_id, game_type),
        **{
            "finished": game.finished,
            "moves": moves_played > 0,
            "revealed": fairness.revealed,
            "commitment_kept": fairness.seed_commitment == created.seed_commitment != "",
            "view_game": game.view.get("game"),
        },
    }


def typed_reads(client: GameEngineClient, game_id: str, game_type: str) -> dict[str, Any]:
    """Typed content, checked by mypy in the repository (no cast) and by value here."""
    if game_type == "dracula":
        view = typed_view(client.get_game(game_id), "dracula")
        cells: list[str | None] = [cell for row in view["coffin"] for cell in row]
        return {"phase": view["phase"], "cells": len(cells)}
    if game_type == "house_rummy":
        hands = 0
        for event in client.events(game_id).events:
            content = typed_event(event, "house_rummy")
            if content["kind"] == "hand_scored":
                hands += content["hand"] > 0
        return {"hands_scored": hands > 0}
    return {}


def lifecycle(client: GameEngineClient) -> dict[str, Any]:
    invited = client.create_game("dracula", players=2, invite_seats=[1])
    joined = client.redeem_invitation(invited.game_id, invited.invitations[0].code)
    try:
        client.redeem_invitation(invited.game_id, invited.invitations[0].code)
        redeemed_twice = "accepted"
    except GameEngineError as error:
        redeemed_twice = error.code
    resigned = client.resign_seat(invited.game_id, joined.token)
    rematch = client.rematch(invited.game_id)
    ended = client.end_game(rematch.game_id)
    deleted = client.delete_game(invited.game_id)
    try:
        client.get_game(invited.game_id)
        after_delete = "found"
    except GameEngineError as error:
        after_delete = error.code
    return {
        "invited_tokens": sorted(seat.seat for seat in invited.seats),
        "joined_seat": joined.seat,
        "redeemed_twice": redeemed_twice,
        "resigned_finished": resigned.game.finished,
        "resign_events": [event.kind for event in resigned.events],
        "rematch_new": rematch.game_id != invited.game_id,
        "ended_finished": ended.game.finished,
        "deleted": deleted == invited.game_id,
        "after_delete": after_delete,
        "live_listed": [game.game_id for game in client.list_games(state="live").games],
    }


def bot_games(client: GameEngineClient, count: int) -> dict[str, Any]:
    played: list[int] = []
    bot = threading.Thread(target=lambda: played.append(serve(client, stop=count)), daemon=True)
    bot.start()
    games = [client.create_game("house_rummy", players=2) for _ in range(count)]
    bot.join(timeout=600)
    scores = [client.get_score(game.game_id) for game in games]
    return {"bot_done": not bot.is_alive(), "finished": sum(score.finished for score in scores), "moves": played}


def main() -> None:
    target, api_key, bot_key = sys.argv[1:4]  # the bot's key has a stream of its own games only
    rng = random.Random(28)
    server_parts = [
        name for name in ("engine", "service", "cardengine", "orjson", "httptools") if importlib.util.find_spec(name)
    ]
    with GameEngineClient(target, api_key=api_key) as client:
        types = client.list_game_types()  # the built-in games and any plugin game installed beside them
        catalog = {game.id: (len(game.cards) > 0, sorted(game.schemas)) for game in types}
        played = {game.id: play_to_the_end(client, game, rng) for game in types}
        report = {
            "server_parts": server_parts,
            "catalog": catalog,
            "played": played,
            "lifecycle": lifecycle(client),
        }
    with GameEngineClient(target, api_key=bot_key) as bot_client:
        report["bot"] = bot_games(bot_client, 10)
    print(json.dumps(report, sort_keys=True))


if __name__ == "__main__":
    main()
