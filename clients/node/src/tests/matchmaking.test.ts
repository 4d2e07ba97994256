// Quick match through the Node SDK against a real `cardengine serve` with API keys and a short matcher tick
// (docs/api.md "Quick match"): two keys' tickets that agree are matched into one game, each client holding its own
// seat's token; a ticket alone is filled with a server bot after its fill time; cancelTicket and the typed errors.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { GameEngineClient, GameEngineError } from "../index";
import { ServerProcess } from "./server";

const KEYS = { ann: "node-match-ann-0123456789abcdef", bob: "node-match-bob-0123456789abcdef" };
const folder = mkdtempSync(join(tmpdir(), "cardengine-match-"));
writeFileSync(join(folder, "keys.txt"), Object.entries(KEYS).map(([name, key]) => `${key} ${name}\n`).join(""));
const server = new ServerProcess(["--api-keys-file", join(folder, "keys.txt"), "--matchmaking-tick-seconds", "0.05"]);
let ann: GameEngineClient;
let bob: GameEngineClient;

before(async () => {
  await server.start();
  ann = new GameEngineClient(server.target, { apiKey: KEYS.ann });
  bob = new GameEngineClient(server.target, { apiKey: KEYS.bob });
  await ann.waitForReady();
});

after(async () => {
  ann?.close();
  bob?.close();
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
});

test("two keys' tickets meet in one game; each client holds its own seat's token", async () => {
  const first = await ann.createTicket("dracula", { players: 2, player: "ann", minRating: 1000, maxRating: 1400 });
  assert.deepEqual([first.state, first.rating, first.minRating, first.maxRating, first.seat], ["waiting", 1200, 1000, 1400, undefined]);
  const second = await bob.createTicket("dracula", { players: 2, player: "bob" });
  const [annTicket, bobTicket] = await Promise.all([
    ann.waitForMatch(first.ticketId, { pollMs: 50, timeoutMs: 10_000 }),
    bob.waitForMatch(second.ticketId, { pollMs: 50, timeoutMs: 10_000 }),
  ]);
  assert.equal(annTicket.state, "matched");
  assert.equal(annTicket.gameId, bobTicket.gameId);
  assert.deepEqual(new Set([annTicket.seat, bobTicket.seat]), new Set([0, 1]));
  assert.deepEqual(ann.seatTokens(annTicket.gameId), new Map([[annTicket.seat!, annTicket.token]]));
  const game = await bob.getGame(bobTicket.gameId, { token: bobTicket.token });
  assert.equal(game.seat, bobTicket.seat);
  await assert.rejects(bob.getTicket(first.ticketId), (error: unknown) => {
    assert.ok(error instanceof GameEngineError);
    assert.equal(error.code, "ticket/not_found");
    return true;
  });
  await assert.rejects(ann.cancelTicket(first.ticketId), (error: unknown) => {
    assert.ok(error instanceof GameEngineError);
    assert.equal(error.code, "ticket/not_waiting");
    return true;
  });
});

test("a ticket alone gets a server bot after its fill time; a waiting ticket is cancelled", async () => {
  const cancelled = await ann.cancelTicket((await ann.createTicket("house_rummy", { player: "c" })).ticketId);
  assert.equal(cancelled.state, "cancelled");
  const alone = await ann.createTicket("draw_blood", { players: 2, player: "solo", botFillAfterSeconds: 1 });
  const matched = await ann.waitForMatch(alone.ticketId, { pollMs: 50, timeoutMs: 10_000 });
  assert.equal(matched.state, "matched");
  assert.ok(matched.waitedSeconds >= 1 && matched.waitedSeconds <= 2, `waited ${matched.waitedSeconds} s`);
  const game = await ann.getGame(matched.gameId, { token: matched.token });
  const bots = ["", ""];
  bots[1 - matched.seat!] = "easy"; // a new player (1200) is nearest draw_blood's easy level
  assert.deepEqual(game.bots, bots);
});
