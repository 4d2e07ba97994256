"""``cardengine bots``: bot workers only, playing the bot seats of the games in the service's Redis."""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING

from service.cli.arguments import add_redis_arguments, env_float, env_int, fail

if TYPE_CHECKING:
    from service.cli.arguments import Subcommands


def command_bots(args: argparse.Namespace) -> int:
    from service.bots.worker import BotSettings
    from service.observability.logs import configure_logging
    from service.runtime.bot_runner import BotsConfig, run_bots

    configure_logging(args.log_level)
    if not args.redis_url:
        return fail("bot workers share the service's Redis: give --redis-url or set REDIS_URL")
    try:
        settings = BotSettings(
            workers=args.workers,
            delay_seconds=args.delay_ms / 1000,
            budget_seconds=args.budget_ms / 1000,
            lease_seconds=args.lease_seconds,
        )
    except ValueError as error:
        return fail(str(error))
    if settings.workers < 1:
        return fail("--workers must be at least 1")
    config = BotsConfig(
        redis_url=args.redis_url,
        key_prefix=args.key_prefix,
        settings=settings,
        health_host=args.health_host,
        health_port=args.health_port,
        grace_seconds=args.grace_seconds,
    )
    return run_bots(config)


def add_bot_arguments(parser: argparse.ArgumentParser, prefix: str) -> None:
    """The bot workers' options: ``--bot-workers`` ... on ``serve``, ``--workers`` ... on ``bots``."""

    def destination(name: str) -> str:
        return f"bot_{name}" if prefix else name

    parser.add_argument(
        f"--{prefix}workers",
        dest=destination("workers"),
        type=int,
        default=env_int("BOT_WORKERS", 1),
        help="threads playing bot seats"
        + (" in this process (0: none, e.g. when `cardengine bots` runs them)" if prefix else "")
        + " [BOT_WORKERS]",
    )
    parser.add_argument(
        f"--{prefix}delay-ms",
        dest=destination("delay_ms"),
        type=int,
        default=env_int("BOT_DELAY_MS", 0),
        help="think delay: a bot moves at least this long after its turn began, so people can follow [BOT_DELAY_MS]",
    )
    parser.add_argument(
        f"--{prefix}budget-ms",
        dest=destination("budget_ms"),
        type=int,
        default=env_int("BOT_BUDGET_MS", 200),
        help="time a bot may think per move (a search bot stops within it; random is instant) [BOT_BUDGET_MS]",
    )
    parser.add_argument(
        f"--{prefix}lease-seconds",
        dest=destination("lease_seconds"),
        type=float,
        default=env_float("BOT_LEASE_SECONDS", 10),
        help="a game claimed by a worker that dies goes to another worker after this [BOT_LEASE_SECONDS]",
    )


def add_bots_parser(commands: Subcommands) -> None:
    bots = commands.add_parser(
        "bots",
        help="run bot workers only: they play the bot seats of games in the service's Redis",
        description="Bot workers over the Redis of `cardengine serve` (any number of processes, on any machine): "
        "they claim games waiting on a bot seat from the store's bot queue and play them with compare-and-set, "
        "like any client. Every option also reads an environment variable (shown in brackets) for its default.",
    )
    add_redis_arguments(bots)
    add_bot_arguments(bots, prefix="")
    bots.add_argument(
        "--health-host", default=os.environ.get("HOST", "0.0.0.0"), help="address of the health endpoint [HOST]"
    )
    bots.add_argument(
        "--health-port",
        type=int,
        default=env_int("HEALTH_PORT", 8081),
        help="HTTP port of /healthz (workers running) and /readyz (Redis answers), 0: any free [HEALTH_PORT]",
    )
    bots.add_argument(
        "--grace-seconds",
        type=float,
        default=env_float("GRACE_SECONDS", 10),
        help="on SIGTERM, time given to the bot moves in flight [GRACE_SECONDS]",
    )
    bots.add_argument("--log-level", default=os.environ.get("LOG_LEVEL", "INFO"), help="[LOG_LEVEL]")
    bots.set_defaults(func=command_bots)
