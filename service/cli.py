"""The ``cardengine`` command: ``games``, ``play``, ``bench`` (and ``serve`` once the service exists)."""

from __future__ import annotations

import argparse
import json
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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    raise SystemExit(main())
