"""``cardengine serve``'s webhook settings (service/webhooks/settings.py; docs/operations.md "Webhooks")."""

from __future__ import annotations

import argparse
import os
from typing import Any

from service.cli.arguments import env_float, env_int
from service.webhooks.settings import WebhookSettings


def env_flag(name: str) -> bool:
    return os.environ.get(name, "").lower() in ("1", "true", "yes")


def add_webhook_arguments(serve: argparse.ArgumentParser) -> None:
    known = WebhookSettings()
    serve.add_argument(
        "--webhook-allow-http",
        action="store_true",
        default=env_flag("WEBHOOK_ALLOW_HTTP"),
        help="accept plain http:// webhook URLs too (default: https:// only) [WEBHOOK_ALLOW_HTTP]",
    )
    serve.add_argument(
        "--webhook-allow-private",
        action="store_true",
        default=env_flag("WEBHOOK_ALLOW_PRIVATE"),
        help="accept webhook targets on private, loopback, link-local and other non-public addresses (default: "
        "refused, no request forgery through a webhook; for a receiver on this machine or network) "
        "[WEBHOOK_ALLOW_PRIVATE]",
    )
    timings = [
        ("--webhook-timeout-seconds", "WEBHOOK_TIMEOUT_SECONDS", known.timeout_seconds, "a delivery's connect, read"),
        ("--webhook-retry-seconds", "WEBHOOK_RETRY_SECONDS", known.retry_seconds, "wait before a first retry"),
        ("--webhook-max-retry-seconds", "WEBHOOK_MAX_RETRY_SECONDS", known.max_retry_seconds, "longest retry wait"),
        ("--webhook-expire-seconds", "WEBHOOK_EXPIRE_SECONDS", known.expire_seconds, "an event tried this long drops"),
        ("--webhook-lease-seconds", "WEBHOOK_LEASE_SECONDS", known.lease_seconds, "a dead deliverer's lease lasts"),
        ("--webhook-poll-seconds", "WEBHOOK_POLL_SECONDS", known.poll_seconds, "an idle deliverer looks this often"),
        ("--webhook-repair-seconds", "WEBHOOK_REPAIR_SECONDS", known.repair_seconds, "looks for events never written"),
    ]
    for flag, variable, default, text in timings:
        serve.add_argument(
            flag, type=float, default=env_float(variable, default), help=f"webhooks: {text} [{variable}]"
        )
    serve.add_argument(
        "--webhook-max-per-key",
        type=int,
        default=env_int("WEBHOOK_MAX_PER_KEY", known.max_per_key),
        help="webhooks an API key may register [WEBHOOK_MAX_PER_KEY]",
    )


def webhook_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The ServeConfig field of ``add_webhook_arguments``."""
    return {
        "webhooks": WebhookSettings(
            allow_http=args.webhook_allow_http,
            allow_private=args.webhook_allow_private,
            timeout_seconds=args.webhook_timeout_seconds,
            retry_seconds=args.webhook_retry_seconds,
            max_retry_seconds=args.webhook_max_retry_seconds,
            expire_seconds=args.webhook_expire_seconds,
            lease_seconds=args.webhook_lease_seconds,
            poll_seconds=args.webhook_poll_seconds,
            repair_seconds=args.webhook_repair_seconds,
            max_per_key=args.webhook_max_per_key,
        )
    }


def webhook_problem(settings: WebhookSettings) -> str | None:
    """Why the webhook settings cannot serve; None if they can."""
    try:
        settings.check()
    except ValueError as error:
        return str(error)
    return None
