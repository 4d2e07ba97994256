// The SDK's retries against a real server whose API key is rate limited: without retries the third call is
// RESOURCE_EXHAUSTED limit/key_rate with the server's delay; with them every call gets through.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { status } from "@grpc/grpc-js";
import { GameEngineClient, GameEngineError } from "../index";
import { ServerProcess } from "./server";

const KEY = "sdk-node-retry-0123456789";
const folder = mkdtempSync(join(tmpdir(), "cardengine-retry-"));
writeFileSync(join(folder, "keys.txt"), `${KEY} limited\n`);
const server = new ServerProcess(["--api-keys-file", join(folder, "keys.txt"), "--key-rate", "1", "--key-burst", "2"]);

before(async () => {
  await server.start();
});

after(async () => {
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
});

test("without retries the limit is a typed error with the server's delay", async () => {
  const client = new GameEngineClient(server.target, { apiKey: KEY, retry: { attempts: 1 } });
  // Four calls at once against a burst of two: at least one is refused however slow the machine is.
  const outcomes = await Promise.allSettled([0, 1, 2, 3].map(() => client.listGameTypes()));
  client.close();
  const failure = outcomes.find((outcome) => outcome.status === "rejected")?.reason as unknown;
  assert.ok(failure instanceof GameEngineError);
  assert.deepEqual([failure.code, failure.reason, failure.retryable, failure.retryAfterMs], [
    status.RESOURCE_EXHAUSTED,
    "limit/key_rate",
    true,
    1000,
  ]);
});

test("with retries every call gets through", async () => {
  const client = new GameEngineClient(server.target, { apiKey: KEY, retry: { attempts: 6, baseMs: 50 } });
  const counts: number[] = [];
  for (let call = 0; call < 4; call++) counts.push((await client.listGameTypes()).length);
  client.close();
  assert.deepEqual(counts, [5, 5, 5, 5]);
});
