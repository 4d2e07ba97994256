// The packed SDK (`npm pack`) installed into a fresh npm project: a TypeScript sample compiled there with
// `tsc --strict` (typed Dracula view and House Rummy events, no cast) plays every game, the lifecycle calls and the
// key-stream bot on 10 games against a real `cardengine serve` with API keys.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { ServerProcess } from "./server";

const PACKAGE = join(__dirname, "..", "..");
const KEYS = ["sdk-node-key-0123456789", "sdk-node-bot-0123456789"];
const project = mkdtempSync(join(tmpdir(), "cardengine-sdk-"));
const keysFile = join(project, "keys.txt");
writeFileSync(keysFile, `${KEYS[0]} player\n${KEYS[1]} bot\n`);
const server = new ServerProcess(["--api-keys-file", keysFile, "--key-rate", "10000", "--key-burst", "10000"]);

function run(command: string, args: string[]): string {
  return execFileSync(command, args, { cwd: project, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

before(async () => {
  await server.start();
  run("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", project, PACKAGE]);
  const tarball = readdirSync(project).find((name) => name.endsWith(".tgz"))!;
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "sdk-try", private: true, type: "commonjs" }));
  run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error", `./${tarball}`]);
  copyFileSync(join(PACKAGE, "src", "tests", "fresh", "play.ts"), join(project, "play.ts"));
});

after(async () => {
  await server.stop();
  rmSync(project, { recursive: true, force: true });
});

test("the package holds built JavaScript, declarations and the generated code, and no tests", () => {
  const files = run("tar", ["-tzf", readdirSync(project).find((name) => name.endsWith(".tgz"))!]).split("\n");
  for (const file of ["package/dist/index.js", "package/dist/index.d.ts", "package/dist/games.d.ts", "package/README.md"]) {
    assert.ok(files.includes(file), file);
  }
  assert.ok(files.includes("package/dist/gen/cardengine/v1/game_engine.js"));
  assert.deepEqual(files.filter((file) => file.includes("/tests/") || file.endsWith(".ts") && !file.endsWith(".d.ts")), []);
});

test("a strict TypeScript sample compiles against the installed SDK and plays everything", () => {
  const tsc = join(PACKAGE, "node_modules", "typescript", "bin", "tsc");
  const types = join(PACKAGE, "node_modules", "@types");
  run(process.execPath, [tsc, "--strict", "--target", "es2022", "--module", "node16", "--moduleResolution", "node16",
    "--skipLibCheck", "--typeRoots", types, "--types", "node", "play.ts"]); // prettier-ignore
  const report = JSON.parse(run(process.execPath, ["play.js", server.target, ...KEYS])) as Record<string, unknown>;
  const played = { finished: true, revealed: true, commitmentKept: true };
  assert.deepEqual(report.played, {
    dracula: { ...played, phase: "finished", cells: 9 },
    dragon_rummy: played,
    draw_blood: played,
    house_rummy: { ...played, handsScored: true },
    rummy_battle: played,
  });
  assert.deepEqual(report.lifecycle, {
    joinedSeat: 1,
    resignEvents: ["forfeited", "seed_revealed"],
    endedFinished: true,
    afterDelete: "game/not_found",
    live: 0,
  });
  assert.deepEqual(report.bot, { finished: 10, moved: true });
});
