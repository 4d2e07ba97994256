// Issue 37: every JavaScript and TypeScript sample of the docs runs against a real `cardengine serve`, five times
// with other seeds, and ends by itself. The samples come from the Markdown itself, by the rule of
// tests/docs/samples.py (which the Python samples' test shares); TypeScript ones are checked by tsc --strict first,
// then run, each in a fresh project whose @cardengine/client is this package.
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { ServerProcess } from "./server";

const PACKAGE = join(__dirname, "..", "..");
const REPOSITORY = join(PACKAGE, "..", "..");
const PYTHON = join(REPOSITORY, ".venv", "bin", "python");
const README_KEY = "my-bot-key-0123456789";
const RUNS = 5;
const RUN_MS = 120_000;

interface Sample {
  name: string;
  language: "js" | "ts";
  usesApiKey: boolean;
  code: string;
}

function extract(grpc: string, seed: number): Sample[] {
  const args = ["-m", "tests.docs.samples", "--language", "js", "--language", "ts", "--grpc", grpc];
  const output = execFileSync(PYTHON, [...args, "--api-key", README_KEY, "--seed", String(seed)], {
    cwd: REPOSITORY,
    encoding: "utf8",
  });
  return JSON.parse(output) as Sample[];
}

const folder = mkdtempSync(join(tmpdir(), "cardengine-samples-"));
writeFileSync(join(folder, "keys.txt"), `${README_KEY} bot\n`);
const open = new ServerProcess();
// The runs of a sample share the README's key: without its rate limit (tested elsewhere), so they do not queue.
const keyed = new ServerProcess(["--api-keys-file", join(folder, "keys.txt"), "--key-rate", "0"]);
const NAMES = extract("127.0.0.1:50051", 0).map((sample) => sample.name);

before(async () => {
  await Promise.all([open.start(), keyed.start()]);
  const modules = join(folder, "node_modules", "@cardengine");
  mkdirSync(modules, { recursive: true });
  symlinkSync(PACKAGE, join(modules, "client"), "dir");
  writeFileSync(join(folder, "package.json"), JSON.stringify({ name: "samples", private: true }));
});

after(async () => {
  await Promise.all([open.stop(), keyed.stop()]);
  rmSync(folder, { recursive: true, force: true });
});

function run(file: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file], { cwd: folder, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_MS);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output: output.slice(-4000) });
    });
  });
}

/** The sample's files for each run (TypeScript compiled by tsc --strict, as a reader's project would). */
function prepare(name: string): string[] {
  const files: string[] = [];
  const sources: string[] = [];
  for (let index = 0; index < RUNS; index++) {
    const sample = extract("127.0.0.1:50051", 11 + index).find((found) => found.name === name)!;
    const server = sample.usesApiKey ? keyed : open;
    const code = sample.code.replaceAll("127.0.0.1:50051", server.target);
    const stem = `${name.replace(/[^A-Za-z0-9]/g, "_")}_run${index}`;
    if (sample.language === "ts") {
      writeFileSync(join(folder, `${stem}.mts`), code);
      sources.push(`${stem}.mts`);
      files.push(join(folder, `${stem}.mjs`));
    } else {
      writeFileSync(join(folder, `${stem}.cjs`), code);
      files.push(join(folder, `${stem}.cjs`));
    }
  }
  if (sources.length > 0) {
    const tsc = join(PACKAGE, "node_modules", "typescript", "bin", "tsc");
    const options = ["--strict", "--target", "ES2022", "--module", "node16", "--moduleResolution", "node16"];
    const types = ["--types", "node", "--typeRoots", join(PACKAGE, "node_modules", "@types"), "--skipLibCheck"];
    execFileSync(process.execPath, [tsc, ...options, ...types, ...sources], { cwd: folder, encoding: "utf8" });
  }
  return files;
}

for (const name of NAMES) {
  test(`the sample ${name} runs ${RUNS} times`, async () => {
    let files: string[];
    try {
      files = prepare(name);
    } catch (error) {
      const failed = error as { stdout?: string };
      assert.fail(`${name} does not compile:\n${failed.stdout ?? String(error)}`);
    }
    const outcomes = await Promise.all(files.map(run)); // the runs side by side: each plays its own games
    for (const [index, { code, output }] of outcomes.entries()) {
      assert.equal(code, 0, `${name}, run ${index}:\n${output}`);
    }
  });
}
