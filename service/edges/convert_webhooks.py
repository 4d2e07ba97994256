"""The webhooks' answers (service/webhooks/registry.py), each declared once as a table (service/edges/convert_table.py)
from which the REST JSON and the gRPC message are derived."""

from __future__ import annotations

from cardengine.v1 import game_engine_pb2 as pb

from service.edges.convert_table import Row, Table

WEBHOOK_FIELDS = "url events created_at failed_attempts last_error last_delivered_at next_attempt_at delivered dropped"
WEBHOOK = Table(pb.Webhook, Row("id", "r.webhook_id"), WEBHOOK_FIELDS)
REGISTERED = Table(pb.RegisterWebhookResponse, "webhook secret")
WEBHOOK_LIST = Table(pb.ListWebhooksResponse, "webhooks")
DELETED = Table(pb.DeleteWebhookResponse, Row("webhook_id", "r"))

registered_message, registered_json = REGISTERED.message, REGISTERED.json
webhook_list_message, webhook_list_json = WEBHOOK_LIST.message, WEBHOOK_LIST.json
deleted_message, deleted_json = DELETED.message, DELETED.json
