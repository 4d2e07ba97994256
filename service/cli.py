"""The ``cardengine`` command: ``games``, ``play``, ``bench`` and ``serve``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

import engine


def _options(pairs: Sequence[str]) -> dict[str, object]:
    options: dict[str, object] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"--option takes NAME=VALUE; got {pair!r}")
        options[name] = value
    return options


def command_games(args: argparse.Namespace) -> int:
    for game in engine.all_games():
        if args.json:
            print(json.dumps(game.catalog_entry()))
            continue
        print(f"{game.id:<14} {game.title} ({game.min_players}-{game.max_players} players)")
        for spec in game.options:
            print(f"{'':<16}--option {spec.name}=<{spec.kind}> (default {spec.default}): {spec.description}")
    return 0


def command_play(args: argparse.Namespace) -> int:
    if args.target:
        return command_play_remote(args)
    from service.local_match import play_local_match

    if args.matches != 1:
        raise SystemExit("--matches needs --target (a local match is played once)")
    try:
        play_local_match(args.game, args.players, args.seed, _options(args.option))
    except engine.EngineError as error:
        print(f"error: {error.code}: {error.reason}", file=sys.stderr)
        return 2
    return 0


def command_play_remote(args: argparse.Namespace) -> int:
    import grpc

    from clients.grpc_client import GameEngineError
    from clients.network_match import option_value, play_network_matches

    options = {name: option_value(str(value)) for name, value in _options(args.option).items()}
    try:
        play_network_matches(args.target, args.game, args.players, args.seed, args.matches, options)
    except GameEngineError as error:
        print(f"error: {error.status.name} {error.code}: {error.message}", file=sys.stderr)
        return 2
    except grpc.FutureTimeoutError:
        print(f"error: no gRPC server answers at {args.target}", file=sys.stderr)
        return 2
    return 0


def command_bench(args: argparse.Namespace) -> int:
    from service.bench import run_benchmarks

    run_benchmarks(args.game or None, args.seconds)
    return 0


def command_serve(args: argparse.Namespace) -> int:
    from service.logs import configure_logging
    from service.server import ServeConfig, serve

    configure_logging(args.log_level)
    config = ServeConfig(
        host=args.host,
        grpc_port=args.grpc_port,
        http_port=args.http_port,
        redis_url=args.redis_url or None,
        ttl_seconds=args.ttl_seconds,
        finished_ttl_seconds=args.finished_ttl_seconds,
        grpc_workers=args.grpc_workers,
        http_threads=args.http_threads,
        grace_seconds=args.grace_seconds,
        key_prefix=args.key_prefix,
    )
    return serve(config)


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value else default


def add_serve_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    serve = commands.add_parser(
        "serve",
        help="run the gRPC and REST servers (in-memory store, or Redis with --redis-url)",
        description="Every option also reads an environment variable (shown in brackets) for its default.",
    )
    serve.add_argument("--host", default=os.environ.get("HOST", "0.0.0.0"), help="address to bind [HOST]")
    serve.add_argument(
        "--grpc-port", type=int, default=_env_int("GRPC_PORT", 50051), help="gRPC port, 0: any free [GRPC_PORT]"
    )
    serve.add_argument(
        "--http-port", type=int, default=_env_int("HTTP_PORT", 8080), help="REST port, 0: any free [HTTP_PORT]"
    )
    serve.add_argument(
        "--redis-url",
        default=os.environ.get("REDIS_URL", ""),
        help="store games in Redis, e.g. redis://127.0.0.1:6379/0 (default: in memory) [REDIS_URL]",
    )
    serve.add_argument(
        "--ttl-seconds",
        type=int,
        default=_env_int("GAME_TTL_SECONDS", 24 * 3600),
        help="a game untouched this long expires; refreshed on every move, 0: never [GAME_TTL_SECONDS]",
    )
    serve.add_argument(
        "--finished-ttl-seconds",
        type=int,
        default=_env_int("FINISHED_GAME_TTL_SECONDS", 3600),
        help="a finished game expires this long after its last move, 0: never [FINISHED_GAME_TTL_SECONDS]",
    )
    serve.add_argument(
        "--grpc-workers",
        type=int,
        default=_env_int("GRPC_WORKERS", 64),
        help="gRPC thread pool; each live WatchGame holds one [GRPC_WORKERS]",
    )
    serve.add_argument(
        "--http-threads",
        type=int,
        default=_env_int("HTTP_THREADS", 32),
        help="REST threads; each live event stream holds one [HTTP_THREADS]",
    )
    serve.add_argument(
        "--grace-seconds",
        type=float,
        default=float(os.environ.get("GRACE_SECONDS", "10")),
        help="on SIGTERM, time given to requests in flight [GRACE_SECONDS]",
    )
    serve.add_argument(
        "--key-prefix", default=os.environ.get("REDIS_KEY_PREFIX", "ce:"), help="Redis key prefix [REDIS_KEY_PREFIX]"
    )
    serve.add_argument("--log-level", default=os.environ.get("LOG_LEVEL", "INFO"), help="[LOG_LEVEL]")
    serve.set_defaults(func=command_serve)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardengine", description="A stateless rules engine for card games.")
    commands = parser.add_subparsers(dest="command", required=True)

    games = commands.add_parser("games", help="list the registered games and their options")
    games.add_argument("--json", action="store_true", help="one JSON catalog entry per line")
    games.set_defaults(func=command_games)

    play = commands.add_parser("play", help="play a full match between random bots and print it")
    play.add_argument("--game", default="dracula")
    play.add_argument("--players", type=int, default=None)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    play.add_argument("--target", metavar="HOST:PORT", help="play through the gRPC API of this server")
    play.add_argument("--matches", type=int, default=1, help="number of matches (with --target)")
    play.set_defaults(func=command_play)

    bench = commands.add_parser("bench", help="measure the engine: matches/s, moves/s, step and codec times")
    bench.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    bench.add_argument("--seconds", type=float, default=3.0, help="time per game and player count")
    bench.set_defaults(func=command_bench)

    add_serve_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    raise SystemExit(main())
