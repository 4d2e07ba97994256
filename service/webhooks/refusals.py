"""The webhooks' own refusals, each a ``ServiceError`` whose code ``service/core/errors.py`` maps (``CODES``) to its
gRPC and HTTP status like every other."""

from __future__ import annotations

from service.core.errors import ServiceError, Status, quote


def webhook_target_refused(url: str, reason: str) -> ServiceError:
    """A webhook's URL names a target the operator does not allow (service/webhooks/targets.py)."""
    return ServiceError(
        Status.INVALID_ARGUMENT,
        "webhook/target_refused",
        f"The webhook target {quote(url)} is refused: {reason}.",
        {"field": "url"},
    )


def webhook_not_found(endpoint_id: str) -> ServiceError:
    return ServiceError(
        Status.NOT_FOUND,
        "webhook/not_found",
        f"This API key has no webhook {quote(endpoint_id)} (ListWebhooks lists its webhooks).",
        {"webhookId": endpoint_id},
    )


def too_many_webhooks(cap: int) -> ServiceError:
    return ServiceError(
        Status.FAILED_PRECONDITION,
        "webhook/too_many",
        f"This API key has {cap} webhooks already, the most it may have: delete one (DeleteWebhook) first.",
        {"limit": cap},
    )
