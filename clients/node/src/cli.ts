#!/usr/bin/env node
// cardengine-node: whole matches between random bots through a cardengine server's gRPC API.
//   node dist/cli.js play --target HOST:PORT --game dracula [--players N] [--seed S] [--matches M]
//                         [--option NAME=VALUE ...] [--deadline-ms MS]
//   node dist/cli.js games --target HOST:PORT
import { parseArgs } from "node:util";
import { playRandomMatch } from "./bot";
import { GameEngineClient } from "./client";
import { GameEngineError } from "./errors";

const USAGE = `usage:
  cardengine-node play --target HOST:PORT --game GAME [--players N] [--seed S] [--matches M]
                       [--option NAME=VALUE ...] [--deadline-ms MS]
  cardengine-node games --target HOST:PORT`;

class UsageError extends Error {}

/** A command-line option value as the API takes it: JSON when it parses (3, true), else the string. */
export function optionValue(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return ["boolean", "number", "string"].includes(typeof value) ? value : text;
  } catch {
    return text;
  }
}

function integer(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new UsageError(`--${name} needs a whole number, not '${text}'`);
  return Number(text);
}

export async function main(argv: string[], out: (line: string) => void = console.log): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      target: { type: "string" },
      game: { type: "string" },
      players: { type: "string" },
      seed: { type: "string" },
      matches: { type: "string", default: "1" },
      option: { type: "string", multiple: true, default: [] },
      "deadline-ms": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const command = positionals[0];
  if (values.help || command === undefined) {
    out(USAGE);
    return command === undefined && !values.help ? 2 : 0;
  }
  if (command !== "play" && command !== "games") throw new UsageError(`unknown command '${command}'`);
  if (!values.target) throw new UsageError("--target HOST:PORT is required");
  const client = new GameEngineClient(values.target, { deadlineMs: integer("deadline-ms", values["deadline-ms"]) });
  try {
    if (command === "games") {
      for (const type of await client.listGameTypes()) {
        out(`${type.id.padEnd(14)} ${type.title} (players ${type.playerCounts.join(", ")}; default ${type.defaultPlayers})`);
      }
      return 0;
    }
    if (!values.game) throw new UsageError("--game GAME is required");
    const options: Record<string, unknown> = {};
    for (const assignment of values.option ?? []) {
      const at = assignment.indexOf("=");
      if (at <= 0) throw new UsageError(`--option needs NAME=VALUE, not '${assignment}'`);
      options[assignment.slice(0, at)] = optionValue(assignment.slice(at + 1));
    }
    const players = integer("players", values.players);
    const seed = integer("seed", values.seed);
    const matches = integer("matches", values.matches) ?? 1;
    let totalMoves = 0;
    for (let index = 0; index < matches; index++) {
      const matchSeed = seed === undefined ? undefined : seed + index;
      const result = await playRandomMatch(client, values.game, players, matchSeed, {
        options,
        onMove: (record) => out(`${String(record.version).padStart(4)}  seat ${record.seat}: ${record.move.notation}`),
      });
      for (const round of result.score.rounds) out(`      ${round.label}: [${round.points.join(", ")}]`);
      out(`${values.game}: game ${result.gameId}, ${result.moves.length} moves`);
      out(`final totals: [${result.score.totals.join(", ")}]; winner(s): [${result.score.winners.join(", ")}]`);
      totalMoves += result.moves.length;
    }
    if (matches > 1) out(`${matches} matches, ${totalMoves} moves, all finished`);
    return 0;
  } finally {
    client.close();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      if (error instanceof UsageError) {
        console.error(`error: ${error.message}\n${USAGE}`);
      } else if (error instanceof GameEngineError) {
        const metadata = Object.keys(error.metadata).length ? ` ${JSON.stringify(error.metadata)}` : "";
        console.error(`error: ${error.statusName} ${error.code}: ${error.message}${metadata}`);
      } else {
        console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
        process.exitCode = 1;
        return;
      }
      process.exitCode = 2;
    },
  );
}
