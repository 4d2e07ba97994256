// WatchGame through the helper: one client follows a match that another client plays.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { GameEngineClient, RandomBot, type WatchGameResponse } from "../index";
import { ServerProcess } from "./server";

const server = new ServerProcess();
let player: GameEngineClient;
let watcher: GameEngineClient;

before(async () => {
  await server.start();
  player = new GameEngineClient(server.target);
  watcher = new GameEngineClient(server.target); // another client, on its own channel
  await Promise.all([player.waitForReady(), watcher.waitForReady()]);
});

after(async () => {
  player?.close();
  watcher?.close();
  await server.stop();
});

test("a watcher receives every move another client makes, live, until the match ends", async () => {
  const created = await player.createGame({ gameType: "dracula", players: 2, seed: 11, options: { deals: 1 } });
  const gameId = created.gameId;
  const tokens = created.seats.map((seat) => seat.token);

  const received: WatchGameResponse[] = [];
  let dealt!: () => void;
  const dealSeen = new Promise<void>((resolve) => (dealt = resolve));
  const watching = (async () => {
    for await (const message of watcher.watchGame(gameId, { token: tokens[1] })) {
      received.push(message);
      if (message.version === 0) dealt();
    }
  })();
  await Promise.race([dealSeen, watching]); // the stream is open before the first move

  const played: { version: number; seat: number; toAct: number[]; finished: boolean }[] = [];
  const bots = [new RandomBot(1), new RandomBot(2)];
  let game = created.game!;
  while (!game.finished) {
    const seat = game.toAct[0]!;
    const legal = await player.listLegalMoves(gameId, { token: tokens[seat] });
    const move = bots[seat]!.choose(legal.moves);
    const result = await player.applyMove(gameId, move.notation, { token: tokens[seat], expectedVersion: legal.version });
    game = result.game!;
    played.push({ version: result.version, seat, toAct: game.toAct, finished: game.finished });
  }
  await watching; // the stream ends by itself after the message that finishes the match

  assert.ok(played.length > 5);
  assert.equal(received[0]!.version, 0);
  assert.equal(received[0]!.seat, undefined, "the deal has no seat");
  assert.deepEqual(
    received.slice(1).map((message) => ({
      version: message.version,
      seat: message.seat,
      toAct: message.toAct,
      finished: message.finished,
    })),
    played,
  );
  // What seat 1 watched is its own redacted event log.
  const log = [];
  for await (const event of player.events(gameId, { token: tokens[1] })) log.push(event);
  assert.deepEqual(
    received.flatMap((message) => message.events),
    log,
  );
});

test("breaking out of the loop or aborting ends the stream quietly", async () => {
  const created = await player.createGame({ gameType: "dracula", players: 2, seed: 12 });
  const gameId = created.gameId;
  for await (const message of watcher.watchGame(gameId)) {
    assert.equal(message.version, 0);
    break;
  }
  const controller = new AbortController();
  const versions: number[] = [];
  for await (const message of watcher.watchGame(gameId, { signal: controller.signal })) {
    versions.push(message.version);
    controller.abort(); // no move will come: only the abort ends this loop
  }
  assert.deepEqual(versions, [0]);
  // The watcher's channel still works.
  assert.equal((await watcher.getGame(gameId)).version, 0);
});
