"""Load test of a running cardengine server: users that create games and play them to the end between random bots.

Two kinds of user share the load: ``RestPlayer`` over REST/JSON (locust's HttpUser, against ``--host``) and
``GrpcPlayer`` over gRPC (the typed client of ``clients/``, against ``--grpc-target``), both reporting every call
to locust with its timing. Each user plays whole matches in a loop: create, then for every move the acting seat
lists its legal moves with its own token and applies one at that version, then reads the score.

    locust -f loadtests/locustfile.py --headless -u 16 -r 4 -t 30s \\
        --host http://127.0.0.1:8080 --grpc-target 127.0.0.1:50051

Add a user class name at the end (``RestPlayer`` or ``GrpcPlayer``) to load one protocol only.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any, TypeVar

import gevent  # type: ignore[import-untyped]
import grpc.experimental.gevent as grpc_gevent  # type: ignore[import-not-found]

# gRPC must cooperate with gevent (locust's concurrency) before any channel exists, or every call blocks all users.
grpc_gevent.init_gevent()

from cardengine_client import NO_RETRY, GameEngineClient  # noqa: E402
from locust import HttpUser, User, constant, events, task  # noqa: E402
from locust.env import Environment  # noqa: E402

import engine  # noqa: E402
from clients.bots import RandomBot  # noqa: E402

T = TypeVar("T")


def add_arguments(parser: Any) -> None:
    parser.add_argument(
        "--grpc-target",
        default="127.0.0.1:50051",
        env_var="LOCUST_GRPC_TARGET",
        help="HOST:PORT of the gRPC server, for GrpcPlayer",
    )
    parser.add_argument("--game", default="dracula", env_var="LOCUST_GAME", help="game type of every match")
    parser.add_argument("--players", type=int, default=2, env_var="LOCUST_PLAYERS", help="players per match")
    parser.add_argument(
        "--game-options",
        default="{}",
        env_var="LOCUST_GAME_OPTIONS",
        help="options of every match as a JSON object, e.g. '{\"deals\": 1}'",
    )


events.init_command_line_parser.add_listener(add_arguments)  # type: ignore[no-untyped-call]


def refresh_loop_time(**_: Any) -> None:
    """gevent's loop keeps the time of its last turn, which is before the imports here (seconds on a busy machine);
    locust times ``--run-time`` from it and would stop at once, so the loop reads the clock again first."""
    gevent.get_hub().loop.update_now()


events.init.add_listener(refresh_loop_time)  # type: ignore[no-untyped-call]


def setting(environment: Environment, name: str, default: T) -> T:
    options = environment.parsed_options
    value: T = getattr(options, name, default) if options is not None else default
    return value


def game_options(environment: Environment) -> dict[str, Any]:
    options = json.loads(setting(environment, "game_options", "{}"))
    if not isinstance(options, dict):
        raise ValueError("--game-options takes a JSON object")
    # Random players need the game's playout options (a hand cap where the rules have none) to finish matches.
    return {**engine.get_game(setting(environment, "game", "dracula")).playout_options, **options}


class RestPlayer(HttpUser):
    """Plays whole matches over REST/JSON; the seat token travels as ``Authorization: Bearer``."""

    wait_time = constant(0)
    weight = 1

    @task
    def play_a_match(self) -> None:
        game_type = setting(self.environment, "game", "dracula")
        players = setting(self.environment, "players", 2)
        seed = random.randrange(2**32)
        body = {"gameType": game_type, "players": players, "seed": seed, "options": game_options(self.environment)}
        response = self.client.post("/v1/games", json=body, name="/v1/games")
        response.raise_for_status()
        created = response.json()
        game_id = created["gameId"]
        tokens = {seat.get("seat", 0): seat["token"] for seat in created["seats"]}
        bots = {seat: RandomBot(seed + seat) for seat in tokens}
        game = created.get("game", {})
        while not game.get("finished", False):
            seat = game.get("toAct", [0])[0]
            headers = {"Authorization": f"Bearer {tokens[seat]}"}
            response = self.client.get(
                f"/v1/games/{game_id}/moves", headers=headers, name="/v1/games/[id]/moves (list)"
            )
            response.raise_for_status()
            legal = response.json()
            move = bots[seat].choose([move["notation"] for move in legal["moves"]], {})
            response = self.client.post(
                f"/v1/games/{game_id}/moves",
                json={"expectedVersion": legal.get("version", 0), "move": move},
                headers=headers,
                name="/v1/games/[id]/moves (apply)",
            )
            response.raise_for_status()
            game = response.json()["game"]
        response = self.client.get(f"/v1/games/{game_id}/score", name="/v1/games/[id]/score")
        response.raise_for_status()
        if not response.json().get("finished", False):
            raise AssertionError(f"game {game_id}: the score says the match is not finished")


class GrpcPlayer(User):
    """Plays whole matches over gRPC with the typed client; every call fires a locust request event."""

    wait_time = constant(0)
    weight = 1

    def on_start(self) -> None:
        self.grpc = GameEngineClient(
            setting(self.environment, "grpc_target", "127.0.0.1:50051"), timeout=10.0, retry=NO_RETRY, move_keys=False
        )

    def on_stop(self) -> None:
        self.grpc.close()

    def timed(self, name: str, call: Callable[..., T], *args: Any) -> T:
        start = time.perf_counter()
        exception: BaseException | None = None
        try:
            return call(*args)
        except Exception as error:
            exception = error
            raise
        finally:
            self.environment.events.request.fire(
                request_type="grpc",
                name=name,
                response_time=(time.perf_counter() - start) * 1000.0,
                response_length=0,
                exception=exception,
                context={},
            )

    @task
    def play_a_match(self) -> None:
        game_type = setting(self.environment, "game", "dracula")
        players = setting(self.environment, "players", 2)
        seed = random.randrange(2**32)
        created = self.timed(
            "CreateGame", self.grpc.create_game, game_type, players, seed, game_options(self.environment)
        )
        game_id = created.game_id
        bots = {token.seat: RandomBot(seed + token.seat) for token in created.seats}
        game = created.game
        while not game.finished:
            seat = game.to_act[0]
            token = created.token(seat)
            legal = self.timed("ListLegalMoves", self.grpc.legal_moves, game_id, token)
            move = bots[seat].choose(legal.notations, {})
            result = self.timed("ApplyMove", self.grpc.apply_move, game_id, token, move, legal.version)
            game = result.game
        score = self.timed("GetScore", self.grpc.score, game_id)
        if not score.finished:
            raise AssertionError(f"game {game_id}: the score says the match is not finished")
