// A real `cardengine serve` (the Python service, in-memory store) on free ports, for the tests.
// The binary: $CARDENGINE_BIN, else the repository's .venv/bin/cardengine. It prints one JSON line with the ports
// it bound ({"event": "serving", "grpcPort": ..., "httpPort": ...}); stop() sends SIGTERM and waits for the exit.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";

const REPOSITORY = join(__dirname, "..", "..", "..", "..");
const START_TIMEOUT_MS = 120_000; // a loaded machine, with two test files at once

export function cardengineBinary(): string {
  const given = process.env.CARDENGINE_BIN;
  if (given) return given;
  const local = join(REPOSITORY, ".venv", "bin", "cardengine");
  if (existsSync(local)) return local;
  throw new Error(`no cardengine: set CARDENGINE_BIN or run bash scripts/bootstrap (looked for ${local})`);
}

export class ServerProcess {
  grpcPort = 0;

  /** `args`: more `serve` options, e.g. ["--api-keys-file", path]. */
  constructor(private readonly args: readonly string[] = []) {}

  private process: ChildProcess | undefined;
  private stderr = "";

  get target(): string {
    return `127.0.0.1:${this.grpcPort}`;
  }

  async start(): Promise<this> {
    const child = spawn(
      cardengineBinary(),
      ["serve", "--host", "127.0.0.1", "--grpc-port", "0", "--http-port", "0", "--log-level", "WARNING", ...this.args],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    this.process = child;
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-20_000);
    });
    const lines = createInterface({ input: child.stdout! });
    this.grpcPort = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => fail(new Error("cardengine serve did not print its ports in time")), START_TIMEOUT_MS);
      const fail = (error: Error): void => {
        clearTimeout(timer);
        reject(new Error(`${error.message}\n${this.stderr}`));
      };
      child.once("error", fail);
      child.once("exit", (code) => fail(new Error(`cardengine serve exited with ${code}`)));
      lines.on("line", (line) => {
        try {
          const message = JSON.parse(line) as { event?: string; grpcPort?: number };
          if (message.event === "serving" && message.grpcPort) {
            clearTimeout(timer);
            child.removeAllListeners("exit");
            resolve(message.grpcPort);
          }
        } catch {
          // not the ports line
        }
      });
    });
    return this;
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    await exited;
    clearTimeout(timer);
  }
}
