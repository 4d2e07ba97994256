"""The time of a review after the match (``GET /v1/games/{id}/review``) through a real server, per game.

``python -m loadtests.review_latency`` starts ``cardengine serve`` (in memory, no bot workers, the hint rate off,
``--hint-iterations`` as given: the server's default budget when absent), then per game plays ``--matches`` seeded
matches at random over REST (the game's default options and players, or ``--short`` for its short match options)
and times each page of the review of seat 0 (the default page size, 20 decisions) from the request to the last byte
of the answer: computed (a search per decision), then the first page again from what the process keeps. One client
asks one page at a time. docs/performance.md "Review latency".
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from typing import Any

import engine
from engine.bots.hints import hint_iterations
from loadtests.hint_latency import Rest, search_server, search_server_arguments
from loadtests.server_process import ServerProcess


def play_match(rest: Rest, game_id: str, seed: int, options: dict[str, Any]) -> tuple[str, str]:
    """A match of ``game_id`` played at random to its end: its id and seat 0's token."""
    rng = random.Random(seed)
    status, created = rest.call("POST", "/v1/games", {"gameType": game_id, "seed": seed, "options": options})
    assert status == 201, created
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    gid, game = created["gameId"], created["game"]
    while not game["finished"]:
        seat = game["toAct"][0]
        status, legal = rest.call("GET", f"/v1/games/{gid}/moves", token=tokens[seat])
        assert status == 200, legal
        move = legal["moves"][rng.randrange(len(legal["moves"]))]["notation"]
        body = {"move": move, "expectedVersion": legal["version"], "omitView": True}
        status, moved = rest.call("POST", f"/v1/games/{gid}/moves", body, tokens[seat])
        assert status == 200, moved
        game = moved["game"]
    return gid, tokens[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m loadtests.review_latency", description=__doc__)
    search_server_arguments(parser)
    parser.add_argument("--matches", type=int, default=3, help="matches reviewed per game (default 3)")
    parser.add_argument("--short", action="store_true", help="the games' short match options")
    args = parser.parse_args(argv)
    games, extra = search_server(args)
    print(f"review latency, {args.matches} matches per game; load average {os.getloadavg()[0]:.1f}")
    print(
        f"{'game':<14} {'iterations':>10} {'decisions':>10} {'pages':>6} {'page p50 s':>11} {'page max s':>11} "
        f"{'ms/decision':>12} {'kept ms':>8}"
    )
    with ServerProcess(extra_args=extra) as server:
        rest = Rest(server.http_port)
        for game_id in games:
            options = dict(engine.get_game(game_id).short_match_options) if args.short else {}
            seconds: list[float] = []  # each page's
            decisions: list[int] = []  # each match's
            cached: list[float] = []
            for match in range(args.matches):
                gid, token = play_match(rest, game_id, args.seed * 1000 + match, options)
                reviewed, page_token, first = 0, "", None
                while True:
                    query = f"?pageToken={page_token}" if page_token else ""
                    started = time.perf_counter()
                    status, page = rest.call("GET", f"/v1/games/{gid}/review{query}", token=token)
                    seconds.append(time.perf_counter() - started)
                    assert status == 200, page
                    first = first or page
                    reviewed += len(page["decisions"])
                    page_token = page["nextPageToken"]
                    if not page_token:
                        break
                decisions.append(reviewed)
                started = time.perf_counter()
                status, again = rest.call("GET", f"/v1/games/{gid}/review", token=token)
                cached.append(time.perf_counter() - started)
                assert (status, again) == (200, first)
            per_decision = 1000 * sum(seconds) / max(1, sum(decisions))
            print(
                f"{game_id:<14} {args.iterations or hint_iterations(game_id):>10} "
                f"{statistics.median(decisions):>10.0f} {len(seconds):>6} {statistics.median(seconds):>11.2f} "
                f"{max(seconds):>11.2f} {per_decision:>12.1f} {1000 * statistics.median(cached):>8.1f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
