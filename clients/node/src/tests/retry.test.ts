// The SDK's retries against real servers. A rate-limited API key: without retries a call is RESOURCE_EXHAUSTED
// limit/key_rate with the server's delay; with them every call gets through (a refusal that passes with time). A key
// at its cap of live games: createGame is refused at once, not retried (a lasting refusal: the default policy would
// otherwise wait the server's 60 s four times). A server that cannot be reached: UNAVAILABLE, retried.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { status } from "@grpc/grpc-js";
import { DEFAULT_RETRY, GameEngineClient, GameEngineError } from "../index";
import { ServerProcess } from "./server";

const KEY = "sdk-node-retry-0123456789";
const CAPPED_KEY = "sdk-node-capped-0123456789";
const folder = mkdtempSync(join(tmpdir(), "cardengine-retry-"));
writeFileSync(join(folder, "keys.txt"), `${KEY} limited\n${CAPPED_KEY} capped\n`);
const server = new ServerProcess(["--api-keys-file", join(folder, "keys.txt"), "--key-rate", "1", "--key-burst", "2"]);
const capped = new ServerProcess(["--api-keys-file", join(folder, "keys.txt"), "--live-games-per-key", "1"]);

before(async () => {
  await Promise.all([server.start(), capped.start()]);
});

after(async () => {
  await Promise.all([server.stop(), capped.stop()]);
  rmSync(folder, { recursive: true, force: true });
});

async function refusal(promise: Promise<unknown>): Promise<GameEngineError> {
  const error = await promise.then(
    () => assert.fail("the call succeeded"),
    (failure: unknown) => failure,
  );
  assert.ok(error instanceof GameEngineError, `a GameEngineError, not ${String(error)}`);
  return error;
}

test("without retries the limit is a typed error with the server's delay", async () => {
  const client = new GameEngineClient(server.target, { apiKey: KEY, retry: { attempts: 1 } });
  // Four calls at once against a burst of two: at least one is refused however slow the machine is.
  const outcomes = await Promise.allSettled([0, 1, 2, 3].map(() => client.listGameTypes()));
  client.close();
  const failure = outcomes.find((outcome) => outcome.status === "rejected")?.reason as unknown;
  assert.ok(failure instanceof GameEngineError);
  assert.deepEqual([failure.code, failure.status, failure.retryable, failure.retryAfterMs], [
    "limit/key_rate",
    status.RESOURCE_EXHAUSTED,
    true,
    1000,
  ]);
});

test("with retries every call gets through", async () => {
  const client = new GameEngineClient(server.target, { apiKey: KEY, retry: { attempts: 6, baseMs: 50 } });
  const counts: number[] = [];
  for (let call = 0; call < 4; call++) counts.push((await client.listGameTypes()).length);
  client.close();
  assert.ok(counts[0] >= 5, "the five built-in games at least (plugin games beside them)");
  assert.deepEqual(counts, [counts[0], counts[0], counts[0], counts[0]]);
});

test("at the key's cap of live games createGame is refused at once with the default retry policy", async () => {
  const client = new GameEngineClient(capped.target, { apiKey: CAPPED_KEY });
  assert.deepEqual(client.retry, DEFAULT_RETRY, "the default policy: 5 attempts");
  const first = await client.createGame({ gameType: "dracula", players: 2 });
  const started = Date.now();
  const error = await refusal(client.createGame({ gameType: "dracula", players: 2 }));
  const waitedMs = Date.now() - started;
  client.close();
  assert.deepEqual([error.code, error.status, error.retryable, error.retryAfterMs], [
    "limit/live_games",
    status.RESOURCE_EXHAUSTED,
    false,
    60_000,
  ]);
  assert.deepEqual(error.metadata, { keyId: "file:capped", liveGames: "1", retryAfterSeconds: "60" });
  assert.ok(waitedMs < 5_000, `refused at once, not after the server's 60 s (took ${waitedMs} ms)`);
  assert.ok(first.gameId, "the first game was created");
});

test("an unreachable server is UNAVAILABLE, retried with backoff until the attempts are spent", async () => {
  const client = new GameEngineClient("127.0.0.1:1", { retry: { attempts: 3, baseMs: 200, capMs: 1_000 } });
  const started = Date.now();
  const error = await refusal(client.listGameTypes());
  const waitedMs = Date.now() - started;
  client.close();
  assert.deepEqual([error.code, error.status, error.retryable], ["unavailable", status.UNAVAILABLE, true]);
  assert.ok(waitedMs >= 600, `waited 200 ms and 400 ms (at least) between the 3 attempts, took ${waitedMs} ms`);
});
