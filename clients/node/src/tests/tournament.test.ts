// Issue 40, done when: a round robin of 4 bot keys, two Node SDK bots (serveKeyBot) and two Python SDK bots
// (cardengine_client.bot.serve, in their own processes), plays to its standings through a real `cardengine serve`
// on Redis (docs/api.md "Tournaments"). Each bot learns its games and seat tokens from its key's stream alone.
import assert from "node:assert/strict";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { GameEngineClient, serveKeyBot, type Tournament } from "../index";
import { ServerProcess, cardengineBinary } from "./server";

const NAMES = ["node-a", "node-b", "py-c", "py-d"] as const;
const KEYS: Record<string, string> = { host: "tournament-host-0123456789" };
for (const name of NAMES) KEYS[name] = `tournament-${name}-0123456789`;
const ENTRANTS = NAMES.map((name) => `file:${name}`);
const PYTHON_BOT = `
import sys
from cardengine_client import GameEngineClient
from cardengine_client.bot import serve
with GameEngineClient(sys.argv[1], api_key=sys.argv[2]) as client:
    print(serve(client, lambda moves: moves[0], stop=3, cursor="0"))
`;
const folder = mkdtempSync(join(tmpdir(), "cardengine-tournament-"));
writeFileSync(join(folder, "keys.txt"), Object.entries(KEYS).map(([name, key]) => `${key} ${name}\n`).join(""));
const python = join(dirname(cardengineBinary()), "python");
let redis: ChildProcess | undefined;
let server: ServerProcess | undefined;

function redisServer(): string {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir && existsSync(join(dir, "redis-server"))) return join(dir, "redis-server");
  }
  const found = spawnSync(python, ["-c", "from tests.service.conftest import redis_server_binary as b; print(b())"], {
    cwd: join(__dirname, "..", "..", "..", ".."),
    encoding: "utf8",
  });
  return found.stdout.trim();
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => resolve(port));
    });
  });
}

before(async () => {
  const port = await freePort();
  redis = spawn(redisServer(), ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    cwd: folder,
    stdio: "ignore",
  });
  const store = ["--redis-url", `redis://127.0.0.1:${port}/0`, "--workers", "1", "--bot-workers", "0"];
  server = new ServerProcess([...store, "--api-keys-file", join(folder, "keys.txt")]);
  await server.start();
});

after(async () => {
  await server?.stop();
  redis?.kill("SIGTERM");
  rmSync(folder, { recursive: true, force: true });
});

function pythonBot(target: string, key: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, ["-c", PYTHON_BOT, target, key], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out.trim());
      else reject(new Error(`the Python bot exited with ${code}: ${out}`));
    });
  });
}

async function finished(client: GameEngineClient, tournamentId: string): Promise<Tournament> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const tournament = await client.getTournament(tournamentId);
    if (tournament.state === "finished" || Date.now() > deadline) return tournament;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test("a round robin of two Node and two Python bot keys plays to its standings", async () => {
  const target = server!.target;
  const clients = Object.fromEntries(
    Object.entries(KEYS).map(([name, key]) => [name, new GameEngineClient(target, { apiKey: key })]),
  );
  try {
    const host = clients.host!;
    const created = await host.createTournament("dracula", ENTRANTS, { options: { deals: 1 }, turnSeconds: 10 });
    assert.deepEqual([created.state, created.rounds, created.format], ["waiting", 3, "round_robin"]);
    // The bots start on their streams from the oldest event kept (their keys are this test's alone), then enter.
    const playing = [
      serveKeyBot(clients["node-a"]!, { stop: 3, cursor: "0", choose: (moves) => moves[0]! }),
      serveKeyBot(clients["node-b"]!, { stop: 3, cursor: "0", choose: (moves) => moves[0]! }),
      pythonBot(target, KEYS["py-c"]!),
      pythonBot(target, KEYS["py-d"]!),
    ];
    for (const name of NAMES) await clients[name]!.enterTournament(created.tournamentId);
    const moves = await Promise.all(playing);
    assert.ok(moves.every((count) => Number(count) > 0), `every bot played: ${moves.join(", ")}`);

    const done = await finished(host, created.tournamentId);
    assert.deepEqual([done.state, done.round, done.games.length], ["finished", 3, 6]);
    const pairs = new Set(done.games.map((game) => [...game.entrants].sort().join(" ")));
    assert.equal(pairs.size, 6); // every two of the four met once
    const points = new Map(ENTRANTS.map((entrant) => [entrant, 0]));
    for (const game of done.games) {
      const score = await host.getScore(game.gameId);
      assert.deepEqual([game.finished, game.totals, game.winners], [true, score.totals, score.winners]);
      for (const seat of game.winners) {
        const entrant = game.entrants[seat]!;
        points.set(entrant, points.get(entrant)! + 1 / game.winners.length);
      }
    }
    assert.deepEqual(
      done.standings.map((row) => row.rank),
      [1, 2, 3, 4],
    );
    for (const row of done.standings) {
      assert.deepEqual([row.games, row.byes, row.winRate!.samples], [3, 0, 3]);
      assert.ok(Math.abs(row.points - points.get(row.entrant)!) < 1e-9, `${row.entrant}: ${row.points}`);
    }
    const order = done.standings.map((row) => row.points);
    assert.deepEqual(order, [...order].sort((a, b) => b - a));
  } finally {
    for (const client of Object.values(clients)) client.close();
  }
});
