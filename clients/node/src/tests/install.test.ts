// `npm install <checkout>/clients/node`, as the README says, from a clean clone (only what is committed: no
// node_modules, no src/gen, no dist) into an empty npm project: it succeeds with no other step, and the installed SDK
// talks to a real `cardengine serve`. npm links the folder and runs its `prepare` (scripts/prepare.mjs), which
// installs the folder's locked dependencies (npm's cache, else the registry) and builds it once.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { ServerProcess } from "./server";

const REPOSITORY = join(__dirname, "..", "..", "..", "..");
const folder = mkdtempSync(join(tmpdir(), "cardengine-install-"));
const clone = join(folder, "clone");
const project = join(folder, "project");
const server = new ServerProcess();
let installOutput = "";

/** This process runs under `npm test`: its npm_* variables describe that run, not the commands run here. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("npm_")));
}

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: "utf8", env: cleanEnv(), stdio: ["ignore", "pipe", "pipe"] });
}

before(async () => {
  const started = server.start();
  run("git", ["clone", "--quiet", REPOSITORY, clone], folder);
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "empty-project", private: true }));
  installOutput = run(
    "npm",
    ["install", "--prefer-offline", "--no-audit", "--no-fund", "--foreground-scripts", join(clone, "clients", "node")],
    project,
  );
  await started;
});

after(async () => {
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
});

test("the clean clone holds no build output: the install made it", () => {
  const committed = run("git", ["ls-files", "clients/node"], clone).split("\n");
  assert.deepEqual(
    committed.filter((path) => /^clients\/node\/(dist|node_modules|src\/gen)\//.test(path)),
    [],
    "no build output in git",
  );
  const installed = join(project, "node_modules", "@cardengine", "client");
  assert.ok(lstatSync(installed).isSymbolicLink(), "npm links the folder");
  assert.equal(realpathSync(installed), realpathSync(join(clone, "clients", "node")));
  for (const file of ["dist/index.js", "dist/index.d.ts", "dist/gen/cardengine/v1/game_engine.js"]) {
    assert.ok(existsSync(join(installed, file)), file);
  }
  assert.equal(installOutput.match(/generated .*src\/gen from/g)?.length, 1, `built once:\n${installOutput}`);
});

test("the installed SDK, required from the empty project, talks to a real server", () => {
  const script = [
    'const { GameEngineClient, GameEngineError } = require("@cardengine/client");',
    "const client = new GameEngineClient(process.argv[2]);",
    "client.listGameTypes().then(async (types) => {",
    "  const refused = await client.getGame(\"no-such-game\").catch((error) => error);",
    "  console.log(JSON.stringify({ ids: types.map((type) => type.id).sort(), refused: refused instanceof GameEngineError }));",
    "  client.close();",
    "});",
  ].join("\n");
  writeFileSync(join(project, "try.js"), script);
  const answer = JSON.parse(run(process.execPath, ["try.js", server.target], project)) as { ids: string[]; refused: boolean };
  // The five built-in games, and any plugin game installed beside them (docs/engine.md "Games as plugins").
  const builtIn = ["dracula", "dragon_rummy", "draw_blood", "house_rummy", "rummy_battle"];
  assert.deepEqual(builtIn.filter((id) => answer.ids.includes(id)), builtIn);
  assert.equal(new Set(answer.ids).size, answer.ids.length);
  assert.equal(answer.refused, true);
});
