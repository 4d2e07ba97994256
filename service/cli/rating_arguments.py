"""The ``cardengine serve`` arguments of ratings (service/ratings/): how often a replica's sweep settles the rated
games a killed replica left, and how long a pending game under way waits before it is looked at again."""

from __future__ import annotations

import argparse
from typing import Any

from service.cli.arguments import env_float
from service.ratings.ratings import RECHECK_SECONDS, SWEEP_SECONDS


def add_rating_arguments(serve: argparse.ArgumentParser) -> None:
    serve.add_argument(
        "--ratings-sweep-seconds",
        type=float,
        default=env_float("RATINGS_SWEEP_SECONDS", SWEEP_SECONDS),
        help="how often this replica settles the rated games whose end a killed replica did not apply, in seconds "
        f"(default {SWEEP_SECONDS}) [RATINGS_SWEEP_SECONDS]",
    )
    serve.add_argument(
        "--ratings-recheck-seconds",
        type=float,
        default=env_float("RATINGS_RECHECK_SECONDS", RECHECK_SECONDS),
        help="how long a rated game under way waits before a sweep looks at it again, in seconds "
        f"(default {RECHECK_SECONDS}) [RATINGS_RECHECK_SECONDS]",
    )


def rating_problem(args: argparse.Namespace) -> str | None:
    if args.ratings_sweep_seconds <= 0 or args.ratings_recheck_seconds <= 0:
        return "--ratings-sweep-seconds and --ratings-recheck-seconds must be positive"
    return None


def rating_settings(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "ratings_sweep_seconds": args.ratings_sweep_seconds,
        "ratings_recheck_seconds": args.ratings_recheck_seconds,
    }
