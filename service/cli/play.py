"""The commands about the engine itself: ``cardengine games`` (the catalog), ``cardengine play`` (a match between
bots, in process or on a server) and ``cardengine bench`` (the engine's speed)."""

from __future__ import annotations

import argparse
import contextlib
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

import engine
from service.cli.arguments import fail, option_pairs

if TYPE_CHECKING:
    from service.cli.arguments import Subcommands


def player_counts_text(counts: Sequence[int]) -> str:
    """``2-6`` for a range without gaps, else every count: ``2 or 4``."""
    if len(counts) > 2 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return " or ".join(str(count) for count in counts)


def command_games(args: argparse.Namespace) -> int:
    for game in engine.all_games():
        if args.json:
            print(json.dumps(game.catalog_entry()))
            continue
        print(f"{game.id:<14} {game.title} ({player_counts_text(game.supported_player_counts())} players)")
        for spec in game.options:
            print(f"{'':<16}--option {spec.name}=<{spec.kind}> (default {spec.default}): {spec.description}")
    return 0


def command_play(args: argparse.Namespace) -> int:
    if args.target and args.bots:
        raise SystemExit("--bots plays a match in process; with --target the server's clients play at random")
    if args.target:
        return command_play_remote(args)
    from service.cli.local_match import play_local_match
    from service.core.bot_kinds import parse_bot

    if args.matches != 1:
        raise SystemExit("--matches needs --target (a local match is played once)")
    try:
        bots = [spec.strip() for spec in args.bots.split(",") if spec.strip()] if args.bots else []
        for spec in bots:
            parse_bot(spec)
    except ValueError as error:
        return fail(f"--bots: {error}")
    try:
        budget = args.bot_budget_ms / 1000
        options = option_pairs(args.option)
        play_local_match(args.game, args.players, args.seed, options, bots=bots, budget_seconds=budget)
    except engine.EngineError as error:
        return fail(f"{error.code}: {error.reason}")
    return 0


def command_play_remote(args: argparse.Namespace) -> int:
    import grpc

    from service.cli.network_play import RemoteError, option_value, play_network_matches

    options = {name: option_value(str(value)) for name, value in option_pairs(args.option).items()}
    with contextlib.suppress(engine.UnknownGameError):  # the server names the unknown game in its answer
        options = {**engine.get_game(args.game).playout_options, **options}
    try:
        play_network_matches(args.target, args.game, args.players, args.seed, args.matches, options)
    except RemoteError as error:
        return fail(f"{error.status.name} {error.code}: {error.message}")
    except grpc.FutureTimeoutError:
        return fail(f"no gRPC server answers at {args.target}")
    return 0


def command_bench(args: argparse.Namespace) -> int:
    from pathlib import Path

    from service.cli.bench import has_compiled_engine, run_benchmarks

    compiled = Path(args.compiled) if args.compiled else None
    if compiled is not None and not has_compiled_engine(compiled):
        return fail(f"--compiled: no compiled engine in {compiled}; build it with bash scripts/build_compiled_engine")
    run_benchmarks(args.game or None, args.seconds, compiled=compiled)
    return 0


def add_games_parser(commands: Subcommands) -> None:
    games = commands.add_parser("games", help="list the registered games and their options")
    games.add_argument("--json", action="store_true", help="one JSON catalog entry per line")
    games.set_defaults(func=command_games)


def add_play_parser(commands: Subcommands) -> None:
    play = commands.add_parser("play", help="play a full match between bots (random by default) and print it")
    play.add_argument("--game", default="dracula")
    play.add_argument("--players", type=int, default=None)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    play.add_argument("--target", metavar="HOST:PORT", help="play through the gRPC API of this server")
    play.add_argument("--matches", type=int, default=1, help="number of matches (with --target)")
    play.add_argument(
        "--bots",
        default="",
        help="bot specs by seat, comma-separated, cycled over the seats (the levels easy, medium, hard, or random, "
        "greedy, mcts, mcts:500ms, mcts:300it); default: seeded random bots",
    )
    play.add_argument("--bot-budget-ms", type=float, default=200.0, help="mcts's time per move (with --bots)")
    play.set_defaults(func=command_play)


def add_bench_parser(commands: Subcommands) -> None:
    bench = commands.add_parser("bench", help="measure the engine: matches/s, moves/s, step and codec times")
    bench.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    bench.add_argument("--seconds", type=float, default=3.0, help="time per game and player count")
    bench.add_argument(
        "--compiled",
        nargs="?",
        const="build/compiled",
        default="",
        metavar="DIR",
        help="also the compiled engine of DIR (default build/compiled; bash scripts/build_compiled_engine makes it) "
        "beside the anchors, in the same run",
    )
    bench.add_argument(
        "--default-gc",
        action="store_true",
        help="accepted for scripts that pass it; changes nothing (every process runs Python's default collector)",
    )
    bench.set_defaults(func=command_bench)
