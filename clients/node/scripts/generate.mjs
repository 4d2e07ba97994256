// Generates the TypeScript types and the gRPC service definition from the .proto files (ts-proto, compiled by buf).
// Inputs: the API's own proto/cardengine/v1/game_engine.proto (the repository's single source) and the two
// google.rpc files the error details need (proto/google/rpc/, unmodified copies of googleapis' files).
// Output: src/gen/ (not in git, never edited by hand), rewritten on every run. Then the per-game types, src/games.ts
// (in git, so that the package builds without the server), from the games' JSON Schemas by clients/schema_types.py
// when the repository's Python environment is there ($CARDENGINE_PYTHON, else ../../.venv/bin/python).
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const staging = join(root, "build", "proto");
const output = join(root, "src", "gen");

rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
cpSync(join(root, "..", "..", "proto", "cardengine"), join(staging, "cardengine"), { recursive: true });
cpSync(join(root, "proto", "google"), join(staging, "google"), { recursive: true });
rmSync(output, { recursive: true, force: true });

const plugin = join(root, "node_modules", ".bin", "protoc-gen-ts_proto");
const template = {
  version: "v2",
  plugins: [
    {
      local: plugin,
      out: output,
      strategy: "all",
      include_wkt: true,
      include_imports: true,
      opt: [
        "outputServices=grpc-js",
        "esModuleInterop=true",
        "env=node",
        "forceLong=number",
        "useExactTypes=false",
        "exportCommonSymbols=false",
      ],
    },
  ],
};
const buf = join(root, "node_modules", ".bin", "buf");
const result = spawnSync(buf, ["generate", staging, "--template", JSON.stringify(template)], {
  cwd: root,
  stdio: "inherit",
});
if (result.error) throw result.error;
if (result.status !== 0) process.exit(result.status ?? 1);
console.log(`generated ${output} from ${staging}`);

const python = process.env.CARDENGINE_PYTHON ?? join(root, "..", "..", ".venv", "bin", "python");
if (existsSync(python)) {
  const types = spawnSync(python, ["-m", "clients.schema_types", "--typescript", join(root, "src", "games.ts")], {
    cwd: join(root, "..", ".."),
    stdio: "inherit",
  });
  if (types.error) throw types.error;
  if (types.status !== 0) process.exit(types.status ?? 1);
  console.log("generated src/games.ts from the games' schemas");
}
