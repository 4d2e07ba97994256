// A full match of every game of the catalog, between random bots, through a real cardengine server.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { GameEngineClient, playRandomMatch, type GameType } from "../index";
import { ServerProcess } from "./server";

const server = new ServerProcess();
let client: GameEngineClient;

before(async () => {
  await server.start();
  client = new GameEngineClient(server.target);
  await client.waitForReady();
});

after(async () => {
  client?.close();
  await server.stop();
});

// Options that only set how long a match lasts get their smallest sensible value, so the matches stay short:
// one deal, one round, the lowest target score; a hand cap gets 2 (its 0 means "no cap"). Every other option
// (deck make-up, house rules) keeps its default, so each game is played as it is by default.
const LENGTH_OPTIONS = new Set(["deals", "rounds", "target_score", "max_hands"]);

export function shortMatchOptions(type: GameType): Record<string, number> {
  const options: Record<string, number> = {};
  for (const option of type.options) {
    if (option.type !== "int" || !LENGTH_OPTIONS.has(option.name)) continue;
    const smallest = Math.max(option.minimum ?? 1, option.name === "max_hands" ? 2 : 1);
    options[option.name] = option.maximum === undefined ? smallest : Math.min(smallest, option.maximum);
  }
  return options;
}

/** Plays a short match of `type` with `players` (undefined: the default) and checks it ends with winners. */
async function checkedMatch(type: GameType, requested: number | undefined): Promise<string> {
  const options = shortMatchOptions(type);
  const started = Date.now();
  const match = await playRandomMatch(client, type.id, requested, 20_260_513, { options });
  const players = requested ?? type.defaultPlayers;

  assert.ok(match.moves.length > 0, "moves were played");
  assert.deepEqual(
    match.moves.map((record) => record.version),
    match.moves.map((_, index) => index + 1),
    "each accepted move is one version",
  );
  for (const record of match.moves) assert.ok(record.seat >= 0 && record.seat < players);
  assert.equal(new Set(match.moves.map((record) => record.seat)).size, players, "every seat moved");

  const score = match.score;
  assert.equal(score.finished, true);
  assert.equal(score.version, match.moves.length);
  assert.equal(score.totals.length, players);
  assert.ok(score.winners.length >= 1, "a finished match has winners");
  for (const winner of score.winners) assert.ok(winner >= 0 && winner < players);
  assert.ok(score.rounds.length >= 1);
  for (const round of score.rounds) assert.equal(round.points.length, players);

  const spectator = await client.getGame(match.gameId);
  assert.equal(spectator.players, players);
  assert.equal(spectator.finished, true);
  assert.deepEqual(spectator.toAct, []);
  assert.equal(spectator.version, match.moves.length);
  assert.equal(spectator.seat, undefined, "no token: a spectator");

  // The public event log, read in small pages, runs from the deal to the last move.
  const versions: number[] = [];
  for await (const event of client.events(match.gameId, { pageSize: 7 })) versions.push(event.version);
  assert.equal(versions[0], 0, "the deal is version 0");
  assert.equal(versions.at(-1), match.moves.length);
  assert.deepEqual(versions, [...versions].sort((a, b) => a - b));
  return (
    `${type.id}: ${players} players, options ${JSON.stringify(options)}, ${match.moves.length} moves, ` +
    `winners [${score.winners}], ${Date.now() - started} ms`
  );
}

test("the catalog lists every game's levels, and a level fills a bot seat", async () => {
  const kinds = await client.botKinds();
  assert.deepEqual(kinds, ["random", "greedy", "mcts", "easy", "medium", "hard"]);
  for (const type of await client.listGameTypes()) {
    assert.deepEqual(
      type.levels.map((level) => level.name),
      ["easy", "medium", "hard"],
      `${type.id} lists the levels weakest first`,
    );
    for (const level of type.levels) {
      // Rated: a rating inside its 95% interval; not rated yet: no rating and no matches.
      if (level.rating === undefined) assert.equal(level.ratedMatches, 0);
      else assert.ok(level.ratingLow! <= level.rating && level.rating <= level.ratingHigh!);
    }
  }
  const created = await client.createGame({
    gameType: "dracula",
    players: 2,
    seed: 7,
    options: { deals: 1 },
    seats: [{ name: "Mina" }, { name: "Count", bot: "easy" }],
  });
  assert.deepEqual(created.game?.bots, ["", "easy"]);
});

test("every game of the catalog plays a full match between random bots", async (t) => {
  const types = await client.listGameTypes();
  const ids = types.map((type) => type.id);
  assert.deepEqual(ids, [...ids].sort(), "the catalog is ordered by id");
  for (const expected of ["dracula", "dragon_rummy", "draw_blood", "house_rummy", "rummy_battle"]) {
    assert.ok(ids.includes(expected), `${expected} is in the catalog`);
  }
  for (const type of types) {
    await t.test(`${type.id}, default player count`, async () => t.diagnostic(await checkedMatch(type, undefined)));
    const most = Math.max(...type.playerCounts);
    if (most !== type.defaultPlayers) {
      await t.test(`${type.id}, ${most} players`, async () => t.diagnostic(await checkedMatch(type, most)));
    }
  }
});
