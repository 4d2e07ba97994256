"""The REST routes of webhooks (service/webhooks/registry.py), declared in ``WEBHOOK_ROUTES`` like the others
(``service.edges.rest_routes``): ``POST /v1/webhooks`` (RegisterWebhook), ``GET /v1/webhooks`` (ListWebhooks) and
``DELETE /v1/webhooks/{webhookId}`` (DeleteWebhook)."""

from __future__ import annotations

from typing import Any

import orjson
from cardengine.v1 import game_engine_pb2 as pb

from service.core.errors import Status
from service.edges import convert_webhooks as convert
from service.edges.http import Response
from service.edges.openapi_parts import Route, responses
from service.edges.rest_lifecycle import API_KEY, caller_key
from service.edges.rest_requests import check_query, json_answer, parse_body, rest_context
from service.webhooks.records import KINDS
from service.webhooks.targets import MAX_URL_CHARS

WEBHOOK_ID = {
    "name": "webhookId",
    "in": "path",
    "required": True,
    "description": "The webhook's id, as RegisterWebhook returned it.",
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_.-]{1,64}$"},
}


def complete_webhook_schemas(schemas: dict[str, Any]) -> None:
    """The OpenAPI document's RegisterWebhookRequest: the url required, the kinds of event listed."""
    body = schemas["RegisterWebhookRequest"]
    body["required"] = ["url"]
    body["properties"]["url"].update(
        minLength=1,
        maxLength=MAX_URL_CHARS,
        description="An absolute https:// URL (http:// where the operator allows it) whose host resolves to public "
        "addresses (private ones where the operator allows them).",
    )
    events = body["properties"]["events"]
    events["items"]["enum"] = list(KINDS)
    events["description"] = "The kinds of event delivered; none: every one."


def register_webhook() -> Response:
    check_query()
    body = parse_body(pb.RegisterWebhookRequest())
    registered = rest_context().webhooks.register(caller_key(), body.url, list(body.events))
    return json_answer(orjson.dumps(convert.registered_json(registered)), status=201)


def list_webhooks() -> Response:
    check_query()
    return json_answer(orjson.dumps(convert.webhook_list_json(rest_context().webhooks.list(caller_key()))))


def delete_webhook(webhook_id: str) -> Response:
    check_query()
    deleted = rest_context().webhooks.delete(caller_key(), webhook_id)
    return json_answer(orjson.dumps(convert.deleted_json(deleted)))


WEBHOOK_ROUTES = (
    Route(
        method="POST",
        path="/v1/webhooks",
        operation_id="RegisterWebhook",
        summary="Registers an endpoint for the calling API key's events (body events: your_turn, game_finished, "
        "match_found, tournament_round; none: every one): each is POSTed to the URL, signed with the secret answered "
        'here only, until acknowledged (2xx) or expired. docs/api.md "Webhooks". 400 webhook/target_refused: a URL '
        "not https:// (http:// only where the operator allows it) or a host resolving to a private, loopback or "
        "other non-public address (unless the operator allows those); 422 webhook/too_many.",
        view=register_webhook,
        security=API_KEY,
        request_body="RegisterWebhookRequest",
        responses=responses(
            201,
            "RegisterWebhookResponse",
            "The webhook and its signing secret (shown only here).",
            Status.INVALID_ARGUMENT,
            Status.UNAUTHENTICATED,
            Status.FAILED_PRECONDITION,
            Status.UNAVAILABLE,
        ),
    ),
    Route(
        method="GET",
        path="/v1/webhooks",
        operation_id="ListWebhooks",
        summary="The calling API key's webhooks, oldest first, with where their deliveries stand (never a secret).",
        view=list_webhooks,
        security=API_KEY,
        responses=responses(
            200, "ListWebhooksResponse", "The key's webhooks.", Status.UNAUTHENTICATED, Status.UNAVAILABLE
        ),
    ),
    Route(
        method="DELETE",
        path="/v1/webhooks/{webhookId}",
        operation_id="DeleteWebhook",
        summary="Deletes a webhook of the calling API key: nothing more is delivered to it. 404 webhook/not_found.",
        view=delete_webhook,
        parameters=(WEBHOOK_ID,),
        security=API_KEY,
        responses=responses(
            200,
            "DeleteWebhookResponse",
            "The id of the webhook deleted.",
            Status.UNAUTHENTICATED,
            Status.NOT_FOUND,
            Status.UNAVAILABLE,
        ),
    ),
)
