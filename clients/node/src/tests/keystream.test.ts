// Issue 37: the key's stream starts now, through the Node SDK against a real `cardengine serve` with keys.
// watchKeyEvents() on a key with 3 finished games and 1 live one tells the live game at once and nothing of the
// finished ones; serveKeyBot({stop}) counts only games finished after it started, so it serves twice in a row; a
// second bot of the key started after the first plays its own game beside a game of the first left in progress.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { GameEngineClient, seatsToAct, serveKeyBot, type KeyEvent, type KeyEventKind } from "../index";
import { ServerProcess } from "./server";

const KEYS = { present: "node-present-0123456789", twice: "node-twice-0123456789", second: "node-second-0123456789" };
const folder = mkdtempSync(join(tmpdir(), "cardengine-keystream-"));
writeFileSync(join(folder, "keys.txt"), Object.entries(KEYS).map(([name, key]) => `${key} ${name}\n`).join(""));
const server = new ServerProcess(["--api-keys-file", join(folder, "keys.txt")]);
const AGAINST_A_BOT = [{ name: "Mina" }, { name: "Van Helsing", bot: "random" }];

before(async () => {
  await server.start();
});

after(async () => {
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
});

async function firstEvent(client: GameEngineClient, cursor?: string): Promise<KeyEvent> {
  const controller = new AbortController();
  for await (const event of client.watchKeyEvents({ cursor, signal: controller.signal })) {
    controller.abort();
    return event;
  }
  throw new Error("the stream ended without an event");
}

test("a stream without a cursor tells the live game at once and none of the finished games", async () => {
  const client = new GameEngineClient(server.target, { apiKey: KEYS.present });
  try {
    const finished: string[] = [];
    for (let game = 0; game < 3; game++) {
      const created = await client.createGame({ gameType: "dracula", seats: AGAINST_A_BOT });
      await client.resignSeat(created.gameId, { token: created.seats[0]!.token });
      finished.push(created.gameId);
    }
    const live = await client.createGame({ gameType: "dracula", players: 2, seed: 11 });
    const event = await firstEvent(client);
    const kind: KeyEventKind = "game_in_progress"; // the SDK's union of the stream's kinds has it
    assert.deepEqual(
      { kind: event.kind, gameId: event.gameId, gameType: event.gameType, version: event.version },
      { kind, gameId: live.gameId, gameType: "dracula", version: 0 },
    );
    assert.deepEqual([event.seats, event.winners, event.toAct], [[0, 1], [], live.game!.toAct]);
    assert.equal(live.game!.toAct.length, 1);
    assert.deepEqual(seatsToAct(event), live.game!.toAct);
    const past = await firstEvent(client, "0"); // the past, asked for
    assert.deepEqual([past.kind, past.gameId], ["game_created", finished[0]]);
  } finally {
    client.close();
  }
});

async function serveAndCreate(apiKey: string, stop: number, games: number): Promise<{ played: number; ids: string[] }> {
  const client = new GameEngineClient(server.target, { apiKey });
  try {
    const serving = serveKeyBot(client, { stop });
    const ids: string[] = [];
    for (let game = 0; game < games; game++) {
      ids.push((await client.createGame({ gameType: "dracula", seats: AGAINST_A_BOT })).gameId);
    }
    const played = await serving;
    const scores = await Promise.all(ids.map((gameId) => client.getScore(gameId)));
    assert.deepEqual(
      scores.map((score) => score.finished),
      ids.map(() => true),
      "serveKeyBot returned before its own games finished",
    );
    return { played, ids };
  } finally {
    client.close();
  }
}

test("serveKeyBot({stop}) counts only games finished after it started: it serves twice in a row", async () => {
  const first = await serveAndCreate(KEYS.twice, 2, 2);
  const second = await serveAndCreate(KEYS.twice, 2, 2); // the key holds the first run's finished games
  assert.ok(first.played >= 2 && second.played >= 2, `moves played: ${first.played}, ${second.played}`);
  assert.equal(new Set([...first.ids, ...second.ids]).size, 4);
});

test("a second bot of the key started after the first plays its own game beside one left in progress", async () => {
  await serveAndCreate(KEYS.second, 1, 1);
  const left = new GameEngineClient(server.target, { apiKey: KEYS.second });
  const inProgress = await left.createGame({ gameType: "dracula", players: 2, seed: 11 }); // nobody plays it
  left.close();
  const second = await serveAndCreate(KEYS.second, 1, 1);
  assert.ok(second.played >= 1);
  const spectator = new GameEngineClient(server.target, { apiKey: KEYS.second });
  try {
    const untouched = await spectator.getGame(inProgress.gameId);
    assert.deepEqual([untouched.version, untouched.finished], [0, false]); // told in progress, skipped: no token
  } finally {
    spectator.close();
  }
});
