"""The ``cardengine`` command: ``games``, ``play``, ``bench``, ``serve``, ``bots``, ``keys``, ``arena``, ``ladder``,
``replay``, ``verify`` and ``certify``, one module each (or a few related ones) beside this table of them."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from service.cli.arena import add_arena_parser
from service.cli.audit import add_replay_parser, add_verify_parser
from service.cli.bots import add_bots_parser
from service.cli.certify import add_certify_parser
from service.cli.keys import add_keys_parser
from service.cli.ladder import add_ladder_parser
from service.cli.play import add_bench_parser, add_games_parser, add_play_parser
from service.cli.serve import add_serve_parser


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardengine", description="A stateless rules engine for card games.")
    commands = parser.add_subparsers(dest="command", required=True)
    add_games_parser(commands)
    add_play_parser(commands)
    add_bench_parser(commands)
    add_serve_parser(commands)
    add_bots_parser(commands)
    add_keys_parser(commands)
    add_arena_parser(commands)
    add_ladder_parser(commands)
    add_replay_parser(commands)
    add_verify_parser(commands)
    add_certify_parser(commands)
    return parser


# The commands whose GAME_ID is a positional argument. A game id is URL-safe base64 and may begin with "-" (a
# keyed id, or one made before ids avoided it): argparse would take it for an option.
GAME_ID_COMMANDS = frozenset({"replay", "verify"})


def _game_ids_as_positionals(parser: argparse.ArgumentParser, argv: Sequence[str]) -> list[str]:
    """`replay -abc --json` as `replay --json -- -abc`: a word of a GAME_ID command that begins with "-" but is no
    option of that command (nor an option's value) is its game id, moved after "--" so argparse reads it as one;
    and `--token -xyz` as `--token=-xyz` (an option's value that begins with "-")."""
    words = list(argv)
    if not words or words[0] not in GAME_ID_COMMANDS or "--" in words:
        return words
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    command = subparsers.choices[words[0]]
    takes_value = {option: action.nargs != 0 for action in command._actions for option in action.option_strings}
    kept, ids = [words[0]], []
    index = 1
    while index < len(words):
        word = words[index]
        option = word.split("=", 1)[0]
        if word.startswith("-") and len(word) > 1 and option not in takes_value:
            ids.append(word)
        elif takes_value.get(word, False) and index + 1 < len(words):  # `--token T`: T is the option's value
            index += 1
            value = words[index]
            # A value that begins with "-" (a seat token may) but is no option: joined, as argparse reads it.
            joined = value.startswith("-") and value.split("=", 1)[0] not in takes_value
            kept += [f"{word}={value}"] if joined else [word, value]
        else:
            kept.append(word)
        index += 1
    return [*kept, "--", *ids] if ids else kept


def main(argv: Sequence[str] | None = None) -> int:
    raw = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(_game_ids_as_positionals(parser, raw))
    args.raw_argv = raw  # `serve --workers N` passes them on
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    raise SystemExit(main())
