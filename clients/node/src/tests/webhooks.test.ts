// Webhooks through the Node SDK against a real `cardengine serve` with API keys that allows http:// and private
// targets (docs/api.md "Webhooks"): a webhook registered for game_finished receives one signed delivery when a game
// of the key ends; verifyWebhook accepts it and detects a forged body or secret and a replayed (too old) one; the
// webhook is listed with its count and deleted; a target with credentials is refused with the typed error.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { GameEngineClient, GameEngineError, verifyWebhook, WebhookSignatureError } from "../index";
import { ServerProcess } from "./server";

const KEY = "node-webhooks-key-0123456789";
const folder = mkdtempSync(join(tmpdir(), "cardengine-webhooks-"));
writeFileSync(join(folder, "keys.txt"), `${KEY} hooks\n`);
const fast = ["--webhook-retry-seconds", "0.05", "--webhook-max-retry-seconds", "0.1", "--webhook-poll-seconds", "0.02"];
const server = new ServerProcess([
  "--api-keys-file",
  join(folder, "keys.txt"),
  "--webhook-allow-http",
  "--webhook-allow-private",
  ...fast,
]);
const received: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
let receiver: Server;
let client: GameEngineClient;

before(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  await server.start();
  client = new GameEngineClient(server.target, { apiKey: KEY });
  await client.waitForReady();
});

after(async () => {
  client?.close();
  await server.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  rmSync(folder, { recursive: true, force: true });
});

test("a game's end is delivered signed; forged and replayed signatures are detected", async () => {
  const address = receiver.address();
  assert.ok(address && typeof address === "object");
  const url = `http://127.0.0.1:${address.port}/hook`;
  const registered = await client.registerWebhook(url, { events: ["game_finished"] });
  assert.match(registered.secret, /^whsec_[A-Za-z0-9_-]{43}$/);
  assert.deepEqual(registered.webhook!.events, ["game_finished"]);

  const created = await client.createGame({ gameType: "dracula", players: 2 });
  await client.resignSeat(created.gameId, { token: created.seats[0]!.token });
  const deadline = Date.now() + 20_000;
  while (received.length === 0) {
    assert.ok(Date.now() < deadline, "no delivery arrived");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const [{ headers, body }] = received;
  const signature = String(headers["cardengine-signature"]);
  const delivery = verifyWebhook(registered.secret, body, signature);
  assert.equal(delivery.kind, "game_finished");
  assert.equal(delivery.webhookId, registered.webhook!.id);
  assert.equal(delivery.id, headers["cardengine-delivery"]);
  assert.equal(delivery.event.gameId, created.gameId);
  assert.deepEqual(delivery.event.winners, [1]);

  const forged = Buffer.from(body.toString("utf8").replace('"winners":[1]', '"winners":[0]'));
  assert.throws(() => verifyWebhook(registered.secret, forged, signature), WebhookSignatureError);
  assert.throws(() => verifyWebhook("whsec_another", body, signature), WebhookSignatureError);
  const sentAt = Number(/t=(\d+)/.exec(signature)![1]);
  assert.throws(() => verifyWebhook(registered.secret, body, signature, 300, sentAt + 301), /a replay/);
  assert.equal(verifyWebhook(registered.secret, body.toString("utf8"), signature, 300, sentAt + 299).id, delivery.id);

  // The receiver's 2xx comes before the deliverer records it: read the listing until it has (at most 10 s).
  let listed = await client.listWebhooks();
  for (const until = Date.now() + 10_000; listed[0]?.delivered !== 1 && Date.now() < until; ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    listed = await client.listWebhooks();
  }
  assert.deepEqual(
    listed.map((webhook) => [webhook.id, webhook.url, webhook.delivered]),
    [[registered.webhook!.id, url, 1]],
  );
  assert.equal(await client.deleteWebhook(registered.webhook!.id), registered.webhook!.id);
  assert.deepEqual(await client.listWebhooks(), []);
  await assert.rejects(client.registerWebhook("https://user:secret@93.184.216.34/hook"), (error: unknown) => {
    assert.ok(error instanceof GameEngineError);
    assert.equal(error.code, "webhook/target_refused");
    return true;
  });
});
