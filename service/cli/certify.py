"""``cardengine certify GAME``: the conformance suite on any registered game (built in or a plugin), for game
authors (engine/certify/). One line per check, PASS or FAIL with what it covered or its first fault; the exit
status is 0 when every check passed, 1 when one failed, 2 when the command could not run (an unknown game)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

import engine
from service.cli.arguments import fail

if TYPE_CHECKING:
    from service.cli.arguments import Subcommands


def command_certify(args: argparse.Namespace) -> int:
    from engine.certify.certification import CHECK_NAMES, certify

    if args.playouts < 1:
        return fail("--playouts must be at least 1")
    if args.write_golden and not args.golden:
        return fail("--write-golden needs --golden DIR, the folder to write the playthroughs into")
    only = [name.strip() for name in (args.only or "").split(",") if name.strip()]
    unknown = sorted(set(only) - set(CHECK_NAMES))
    if unknown:
        return fail(f"--only: unknown checks {', '.join(unknown)}; the checks are: {', '.join(CHECK_NAMES)}")
    try:
        game = engine.get_game(args.game)
    except engine.EngineError as error:
        return fail(f"{error.code}: {error.reason}")
    golden = Path(args.golden) if args.golden else None
    print(f"Certifying {game.id} ({game.title}), {args.playouts} playouts per variant")
    results = certify(game.id, args.playouts, only=only, golden_dir=golden, write_golden=args.write_golden)
    for result in results:
        print(result.line(), flush=True)
    failed = [result.name for result in results if not result.passed]
    if failed:
        print(f"{game.id} is not certified: {len(failed)} of {len(results)} checks failed ({', '.join(failed)}).")
        return 1
    print(f"{game.id} is certified: all {len(results)} checks passed.")
    return 0


def add_certify_parser(commands: Subcommands) -> None:
    certify = commands.add_parser(
        "certify",
        help="run the conformance suite on a registered game (a game author's check)",
        description="Plays the game's variants with every conformance check (determinism, snapshot codec, notation, "
        "legal_moves against explain, views and events against their schemas and hiding cards, secrecy by "
        "resampling, replay, golden playthroughs) and reports each; exit status 1 when any fails.",
    )
    certify.add_argument("game", metavar="GAME", help="the game's id, as `cardengine games` lists it")
    certify.add_argument(
        "--playouts", type=int, default=3, help="random matches per variant and check (default 3: seconds)"
    )
    certify.add_argument("--only", metavar="CHECK,...", help="run only these checks (names as the report prints)")
    certify.add_argument("--golden", metavar="DIR", help="compare the golden playthroughs with the files in DIR")
    certify.add_argument(
        "--write-golden", action="store_true", help="(with --golden) write the playthroughs into DIR first"
    )
    certify.set_defaults(func=command_certify)
