"""Helpers shared by the commands: environment defaults, the Redis options, ``--option`` pairs, error exits."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    # What ``add_subparsers`` returns; each command module adds its parser to it.
    Subcommands: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value else default


def env_float(name: str, default: float) -> float:
    return float(os.environ.get(name, str(default)))


def fail(message: str) -> int:
    """Prints ``error: message`` on stderr; returns exit status 2 (the command could not run)."""
    print(f"error: {message}", file=sys.stderr)
    return 2


def match_settings(options_text: str, budget_ms: float) -> dict[str, object] | str:
    """``--options`` (a JSON object) and ``--budget-ms`` of the commands that play matches between bots: the options,
    or the sentence that says what is wrong."""
    try:
        options = json.loads(options_text)
    except json.JSONDecodeError as error:
        return f"--options is not JSON: {error}"
    if not isinstance(options, dict):
        return "--options must be a JSON object, e.g. '{\"deals\": 2}'"
    if budget_ms <= 0:
        return "--budget-ms must be positive"
    return options


def add_redis_arguments(parser: argparse.ArgumentParser) -> None:
    """``--redis-url`` and ``--key-prefix`` of a command that works on the service's Redis."""
    parser.add_argument(
        "--redis-url", default=os.environ.get("REDIS_URL", ""), help="the Redis of the service [REDIS_URL]"
    )
    add_key_prefix_argument(parser)


def add_key_prefix_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--key-prefix", default=os.environ.get("REDIS_KEY_PREFIX", "ce:"), help="Redis key prefix [REDIS_KEY_PREFIX]"
    )


def option_pairs(pairs: Sequence[str]) -> dict[str, object]:
    """The ``--option NAME=VALUE`` pairs as a dict of strings."""
    options: dict[str, object] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"--option takes NAME=VALUE; got {pair!r}")
        options[name] = value
    return options
