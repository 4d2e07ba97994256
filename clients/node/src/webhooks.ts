// Webhooks (docs/api.md "Webhooks"): verifyWebhook, the receiver's check of a delivery's signature. A delivery is a
// POST whose body is {"id": <delivery id>, "webhookId", "kind", "event": {...}} with the headers
// `Cardengine-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, `Cardengine-Delivery` (the delivery
// id, the same at every attempt: drop one seen before) and `Cardengine-Event` (the kind). Answer 2xx once handled.
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "Cardengine-Signature";
export const DELIVERY_HEADER = "Cardengine-Delivery";
export const EVENT_HEADER = "Cardengine-Event";
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** A delivery whose signature does not hold: forged (no v1 signature matches the body with the secret), replayed
 * (its timestamp further from now than the tolerance), or malformed. */
export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}

/** A delivery's body: `event` is the key stream's event as WatchKeyEvents tells it (kind, gameId, version, ...). */
export interface WebhookDelivery {
  id: string;
  webhookId: string;
  kind: string;
  event: Record<string, unknown>;
}

/** The delivery's parsed body once its `Cardengine-Signature` `header` holds for `body` (the raw bytes or text
 * received, before any parsing) and `secret`, and its timestamp is within `toleranceSeconds` of `nowSeconds`
 * (default: this clock); throws `WebhookSignatureError` otherwise. The comparison takes constant time. */
export function verifyWebhook(
  secret: string,
  body: string | Uint8Array,
  header: string,
  toleranceSeconds: number = DEFAULT_TOLERANCE_SECONDS,
  nowSeconds: number = Date.now() / 1000,
): WebhookDelivery {
  const raw = typeof body === "string" ? Buffer.from(body, "utf8") : Buffer.from(body);
  let timestamp: number | undefined;
  const given: string[] = [];
  for (const part of header.split(",")) {
    const at = part.indexOf("=");
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (name === "t" && timestamp === undefined && /^\d+$/.test(value)) timestamp = Number(value);
    if (name === "v1") given.push(value);
  }
  if (timestamp === undefined) throw new WebhookSignatureError("The signature header has no timestamp (t=...).");
  const expected = createHmac("sha256", secret).update(`${timestamp}.`).update(raw).digest();
  const matches = given.some((value) => {
    const candidate = Buffer.from(value, "hex");
    return candidate.length === expected.length && timingSafeEqual(candidate, expected);
  });
  if (!matches) throw new WebhookSignatureError("No v1 signature matches this body and secret: the delivery is forged.");
  const age = nowSeconds - timestamp;
  if (Math.abs(age) > toleranceSeconds) {
    throw new WebhookSignatureError(
      `The signature is ${Math.round(age)} s old, over the tolerance of ${toleranceSeconds} s: a replay.`,
    );
  }
  return JSON.parse(raw.toString("utf8")) as WebhookDelivery;
}
