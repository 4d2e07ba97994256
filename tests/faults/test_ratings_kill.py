"""Ratings through a SIGKILLed replica (issue 40, docs/api.md "Ratings"): two `cardengine serve` processes over one
Redis play 50 rated games (most to their real end, some resigned) between five players of two API keys. One game
ends on the first replica, which is SIGKILLed with its ratings' write held before it reaches Redis: the second
replica's sweep applies it. Another game's ratings' write runs but its reply is lost. Every game counts once: the
ratings served equal those recomputed with openskill from the games' public results, in the order applied."""

from __future__ import annotations

import http.client
import os
import signal
import threading
import time
from typing import Any

import orjson

from service.ratings import scale
from tests.faults.harness import KEY_PREFIX, RedisProcess, serve
from tests.faults.proxy import DroppingProxy
from tests.service.access import ALICE, BOB, keys_file
from tests.service.conftest import Rest

GAMES = 50
KILLED_AT, LOST_REPLY_AT = 30, 10  # the games whose end meets the faults (both on the first replica)
PLAYERS = ((ALICE, "ann"), (ALICE, "bea"), (ALICE, "cal"), (BOB, "@key"), (BOB, "dan"))
TIMINGS = [
    "--ratings-sweep-seconds",
    "0.2",
    "--ratings-recheck-seconds",
    "0.3",
    "--key-rate",
    "0",
    "--address-rate",
    "0",
]
APPLY_MARKER = b"{ratings:dracula}:history"  # only the ratings' apply names the history list


def call(rest: Rest, method: str, path: str, key: str, body: Any = None, token: str | None = None) -> Any:
    status, answer = rest.call(method, path, body, token, headers={"x-api-key": key})
    assert status in (200, 201), (method, path, status, answer)
    return answer


def start_game(rest: Rest, index: int) -> tuple[str, dict[int, str], tuple[tuple[str, str], ...]]:
    """A rated two-player Dracula of one deal: seat 0 created by its player's key, seat 1 joined by the other's."""
    first, second = PLAYERS[index % 5], PLAYERS[(index + 1 + (index // 5) % 4) % 5]  # never the same
    body = {"gameType": "dracula", "players": 2, "seed": index, "rated": True, "options": {"deals": 1}}
    body["seats"] = [{"player": first[1]}, {"open": True}]
    created = call(rest, "POST", "/v1/games", first[0], body)
    game_id = created["gameId"]
    joined = call(rest, "POST", f"/v1/games/{game_id}/join", second[0], {"player": second[1]})
    tokens = {0: created["seats"][0]["token"], 1: joined["seat"]["token"]}
    return game_id, tokens, (first, second)


def move(rest: Rest, game_id: str, tokens: dict[int, str]) -> bool:
    """The seat to act plays one of its legal moves; returns whether the match is over."""
    game = call(rest, "GET", f"/v1/games/{game_id}", ALICE)
    seat = game["toAct"][0]
    legal = call(rest, "GET", f"/v1/games/{game_id}/moves", ALICE, token=tokens[seat])
    notation = legal["moves"][(legal["version"] * 7) % len(legal["moves"])]["notation"]
    applied = call(
        rest,
        "POST",
        f"/v1/games/{game_id}/moves",
        ALICE,
        {"move": notation, "expectedVersion": legal["version"]},
        token=tokens[seat],
    )
    return bool(applied["game"]["finished"])


def play(rest: Rest, game_id: str, tokens: dict[int, str], *, resign: bool) -> None:
    """To the real end, or one move and a resignation."""
    finished = move(rest, game_id, tokens)
    if resign:
        call(rest, "POST", f"/v1/games/{game_id}/resign", ALICE, {}, token=tokens[1])
        return
    while not finished:
        finished = move(rest, game_id, tokens)


def settled(rest: Rest, game_id: str, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not all(seat["settled"] for seat in call(rest, "GET", f"/v1/games/{game_id}", ALICE)["ratings"]):
        assert time.monotonic() < deadline, f"game {game_id} was never applied"
        time.sleep(0.05)


def kill_at_the_end(proxy: DroppingProxy, first: Any, rest: Rest, game_id: str, tokens: dict[int, str]) -> None:
    """Resigns on the first replica with its ratings' write withheld, then SIGKILLs it."""
    move(rest, game_id, tokens)
    proxy.withhold(APPLY_MARKER)
    cut: list[str] = []

    def resign_unanswered() -> None:
        try:
            rest.call("POST", f"/v1/games/{game_id}/resign", {}, tokens[1], headers={"x-api-key": ALICE})
        except (OSError, http.client.HTTPException) as error:  # the server died before answering
            cut.append(type(error).__name__)

    resign = threading.Thread(target=resign_unanswered)
    resign.start()
    deadline = time.monotonic() + 10
    while proxy.withheld == 0:
        assert time.monotonic() < deadline, "the ratings' write never came"
        time.sleep(0.01)
    os.kill(first.pid, signal.SIGKILL)
    first.stop()
    resign.join(timeout=10)
    assert len(cut) == 1, cut  # never answered (a reset, a disconnect, or a refused retry: the server is gone)


def recomputed(rest: Rest, order: list[str], seats: dict[str, Any]) -> dict[tuple[str, str], tuple[float, float, int]]:
    """Each player's rating from the games' public results (their winners), replayed in the order applied."""
    model, ratings = scale.model(), {player: (scale.DEFAULT_MU, scale.DEFAULT_SIGMA, 0) for player in PLAYERS}
    for game_id in order:
        winners = call(rest, "GET", f"/v1/games/{game_id}/score", ALICE)["winners"]
        players = seats[game_id]
        teams = [[model.rating(*ratings[player][:2])] for player in players]
        ranks = [1.0 if seat in winners else 2.0 for seat in range(2)]
        for player, team in zip(players, model.rate(teams, ranks=ranks), strict=True):
            ratings[player] = (team[0].mu, team[0].sigma, ratings[player][2] + 1)
    return ratings


def test_fifty_rated_games_count_once_through_a_sigkill_at_a_games_end(tmp_path: Any) -> None:
    redis = RedisProcess(aof=False)
    proxy = DroppingProxy(redis.port).start()
    keys = ["--api-keys-file", str(keys_file(tmp_path)), *TIMINGS]
    first = serve(proxy.url, *keys).start()
    second = serve(redis.url, *keys).start()
    seats: dict[str, Any] = {}
    try:
        replicas = (Rest(first.http_port), Rest(second.http_port))
        unrated, tokens, _ = start_game(replicas[0], 99)
        call(replicas[0], "POST", f"/v1/games/{unrated}/resign", ALICE, {}, token=tokens[0])  # before any move
        for index in range(GAMES):
            rest = replicas[1] if index > KILLED_AT else replicas[index % 2]
            if index in (KILLED_AT, LOST_REPLY_AT):
                rest = replicas[0]
            game_id, tokens, seats[game_id] = start_game(rest, index)
            if index == KILLED_AT:
                kill_at_the_end(proxy, first, rest, game_id, tokens)
                settled(replicas[1], game_id)  # by the second replica's sweep
                continue
            if index == LOST_REPLY_AT:
                proxy.reset_after(APPLY_MARKER)
            play(rest, game_id, tokens, resign=index % 5 == 4)
            settled(replicas[1], game_id)
        client = redis.client()
        history = [orjson.loads(raw)["g"] for raw in client.lrange(f"{KEY_PREFIX}{{ratings:dracula}}:history", 0, -1)]
        assert sorted(history) == sorted(seats) and len(history) == GAMES  # each game once; the unrated one never
        assert client.zcard(f"{KEY_PREFIX}{{ratings:dracula}}:pending") == 0
        assert proxy.withheld == 1 and proxy.resets == 1
        expected = recomputed(replicas[1], history, seats)
        for (key, player), (mu, sigma, games) in expected.items():
            served = call(replicas[1], "GET", f"/v1/ratings/dracula/{player}", key)
            assert (served["mu"], served["sigma"], served["games"]) == (mu, sigma, games), player
        assert sum(games for _, _, games in expected.values()) == 2 * GAMES
    finally:
        first.stop()
        second.stop()
        proxy.close()
        redis.close()
