"""Webhooks (docs/api.md "Webhooks"): an API key registers HTTPS endpoints (plain HTTP and private addresses only
where the operator allows them) for kinds of its events; each event of the key's stream that an endpoint asked for is
POSTed to it, signed, until acknowledged (2xx) or expired.

- ``settings.py``: the operator's settings (``WebhookSettings``);
- ``targets.py``: which URLs and addresses may be called (no request forgery), checked at registration and again at
  each delivery;
- ``signing.py``: the ``Cardengine-Signature`` header (an HMAC-SHA256 of the timestamp and the body);
- ``sender.py``: one POST to a checked address, no redirect followed, short timeouts, a bounded read;
- ``registry.py``: RegisterWebhook, ListWebhooks, DeleteWebhook;
- ``deliveries.py``: the deliverer, one per process, delivering while it holds the store's lease ``webhooks``.

Deliveries come from each key's durable event stream (service/core/key_events.py), read after a cursor stored per
endpoint in the store (``WebhookStore``), advanced only once an event is acknowledged or expired: a deliverer killed
mid-delivery leaves the cursor where it was, and the next holder of the lease sends that event again under the same
delivery id (at least once; exactly once for a receiver that drops a delivery id it has seen).
"""
