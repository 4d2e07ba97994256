// npm's `prepare` step: makes the package's dist/ from its sources, wherever npm runs it.
// npm runs `prepare` in this folder on `npm ci` / `npm install` here, on `npm pack`, and when another project
// installs the folder (`npm install <checkout>/clients/node`). In that last case npm links the folder and installs
// none of its dependencies (npm/cli#4165: a linked folder's node_modules is its own business), so a clean clone has
// neither the runtime dependencies the linked package needs nor the tools the build needs. This step then installs
// them first, into this folder, exactly as package-lock.json pins them (`npm ci --ignore-scripts`, dev dependencies
// included: buf and ts-proto generate src/gen/, typescript compiles), from the registry or npm's cache. Then it runs
// `npm run build` once. A checkout that has run `npm ci` already has them and only builds.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/** What the build runs: a missing one means this folder's dependencies were never installed here. */
const TOOLS = ["node_modules/.bin/buf", "node_modules/.bin/protoc-gen-ts_proto", "node_modules/typescript/bin/tsc"];
/** The outer npm's settings that still apply here: where and how to fetch, not what or where to install. */
const FETCH_SETTINGS =
  /^npm_config_(cache|userconfig|globalconfig|registry|@.*:registry|cafile|ca|cert|key|strict_ssl|proxy|https_proxy|noproxy|offline|prefer_offline|prefer_online|fetch_.*|maxsockets|loglevel)$/;

function npm(args) {
  // The outer npm's environment describes its own install (its project's prefix, --omit=dev, --global, ...): keep
  // only how to reach the registry, so that this folder's install follows its own package-lock.json.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith("npm_") || FETCH_SETTINGS.test(name)),
  );
  const npmCli = process.env.npm_execpath; // the npm that runs this step, when npm runs it
  const [command, prefix] = npmCli && npmCli.endsWith(".js") ? [process.execPath, [npmCli]] : ["npm", []];
  const result = spawnSync(command, [...prefix, ...args], { cwd: root, stdio: "inherit", env });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const missing = TOOLS.filter((tool) => !existsSync(join(root, tool)));
if (missing.length > 0) {
  console.log(`@cardengine/client: installing its build's dependencies into ${root} (missing: ${missing.join(", ")})`);
  npm(["ci", "--ignore-scripts", "--include=dev", "--no-audit", "--no-fund", "--loglevel=error"]);
}
npm(["run", "build", "--silent"]);
