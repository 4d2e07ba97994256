// node dist/cli.js: whole matches from the command line against a real server.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { promisify } from "node:util";
import { GameEngineClient } from "../index";
import { ServerProcess } from "./server";

const CLI = join(__dirname, "..", "cli.js");
const MOVE_LINE = /^\s*(\d+)  seat (\d+): (.+)$/;
const FINAL_LINE = /^final totals: \[([-\d, ]+)\]; winner\(s\): \[([\d, ]*)\]$/;
const GAME_LINE = /^dracula: game (\S+), (\d+) moves$/;

const server = new ServerProcess();
let client: GameEngineClient;

before(async () => {
  await server.start();
  client = new GameEngineClient(server.target);
});

after(async () => {
  client?.close();
  await server.stop();
});

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

test("play: two matches to the end, one line per move, and the server agrees on the score", async () => {
  const result = await cli(
    "play", "--target", server.target, "--game", "dracula", "--seed", "5", "--matches", "2", "--option", "deals=1",
  );
  assert.equal(result.code, 0, result.stderr);
  const lines = result.stdout.trimEnd().split("\n");
  const games = lines.flatMap((line) => GAME_LINE.exec(line) ?? []);
  assert.equal(lines.filter((line) => GAME_LINE.test(line)).length, 2);
  assert.equal(lines.at(-1), `2 matches, ${Number(games[2]) + Number(games[5])} moves, all finished`);
  const firstMatch = lines.slice(0, lines.findIndex((line) => GAME_LINE.test(line)));
  const versions = firstMatch.flatMap((line) => MOVE_LINE.exec(line)?.[1] ?? []).map(Number);
  assert.deepEqual(versions, versions.map((_, index) => index + 1));
  assert.equal(versions.length, Number(games[2]));

  const finals = lines.flatMap((line) => FINAL_LINE.exec(line) ?? []);
  for (const [index, gameId] of [games[1]!, games[4]!].entries()) {
    const score = await client.getScore(gameId);
    assert.equal(score.finished, true);
    assert.equal(finals[index * 3 + 1], score.totals.join(", "));
    assert.equal(finals[index * 3 + 2], score.winners.join(", "));
  }
});

test("the server's error is reported with its code and reason, exit status 2", async () => {
  const result = await cli("play", "--target", server.target, "--game", "no-such-game");
  assert.equal(result.code, 2);
  assert.match(result.stderr, /^error: INVALID_ARGUMENT game\/unknown: Unknown game 'no-such-game'/);
});

test("usage errors: exit status 2", async () => {
  const missing = await cli("play", "--game", "dracula");
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /^error: --target HOST:PORT is required/);
  const option = await cli("play", "--target", server.target, "--game", "dracula", "--option", "deals");
  assert.equal(option.code, 2);
  assert.match(option.stderr, /^error: --option needs NAME=VALUE, not 'deals'/);
});
