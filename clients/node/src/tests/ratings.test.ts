// Ratings through the Node SDK against a real `cardengine serve` with API keys (docs/api.md "Ratings"): a rated
// Dracula game of the key's player against the server's `random` bot, resigned after a move, lowers the player's
// rating exactly as docs/api.md's scale says (the values of the Python test); the game shows the change; the
// leaderboard lists the player and the server's bots; an unknown game type is the typed error `game/unknown`.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { GameEngineClient, GameEngineError } from "../index";
import { ServerProcess } from "./server";

const KEY = "node-ratings-key-0123456789";
const REPOSITORY = join(__dirname, "..", "..", "..", "..");
const folder = mkdtempSync(join(tmpdir(), "cardengine-ratings-"));
writeFileSync(join(folder, "keys.txt"), `${KEY} rater\n`);
const server = new ServerProcess(["--api-keys-file", join(folder, "keys.txt")]);
let client: GameEngineClient;

before(async () => {
  await server.start();
  client = new GameEngineClient(server.target, { apiKey: KEY });
  await client.waitForReady();
});

after(async () => {
  client?.close();
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
});

test("a rated game's end moves the player's rating once; the leaderboard shows it beside the server's bots", async () => {
  const fresh = await client.getRating("dracula", "nia");
  assert.deepEqual([fresh.rating, fresh.mu, fresh.games], [1200, 1200, 0]);
  const created = await client.createGame({
    gameType: "dracula",
    players: 2,
    seed: 11,
    seats: [{ player: "nia" }, { bot: "random" }],
    rated: true,
  });
  assert.deepEqual(
    created.game!.ratings.map((seat) => [seat.seat, seat.rating, seat.settled]),
    [[0, 1200, false], [1, 1000, false]],
  );
  const token = created.seats[0].token;
  const legal = await client.listLegalMoves(created.gameId, { token });
  await client.applyMove(created.gameId, legal.moves[0].notation, { token, expectedVersion: legal.version });
  await client.resignSeat(created.gameId, { token });
  const rated = await client.getRating("dracula", "nia");
  assert.equal(rated.games, 1);
  assert.ok(rated.mu < 1200 && rated.sigma < fresh.sigma, `a loss to the 1000 anchor costs: ${rated.mu}`);
  const game = await client.getGame(created.gameId, {});
  assert.deepEqual(
    game.ratings.map((seat) => [seat.seat, seat.settled, seat.newRating, seat.change]),
    [
      [0, true, rated.rating, rated.rating - 1200],
      [1, true, 1000, 0],
    ],
  );
  const board = await client.leaderboard("dracula", { pageSize: 200 });
  const nia = board.entries.find((entry) => entry.kind === "player" && entry.player === "nia");
  assert.deepEqual([nia?.mu, nia?.games], [rated.mu, 1]);
  const ladder = JSON.parse(readFileSync(join(REPOSITORY, "service", "core", "ladder_ratings.json"), "utf8"));
  assert.deepEqual(
    board.entries.filter((entry) => entry.kind === "server_bot").map((entry) => entry.name).sort(),
    Object.keys(ladder.games.dracula.ratings).sort(),
    "every bot the ladder rated, by its kind",
  );
  const mus = board.entries.map((entry) => entry.mu);
  assert.deepEqual(mus, [...mus].sort((a, b) => b - a), "highest first");
  await assert.rejects(client.getRating("chess", "nia"), (error: unknown) => {
    assert.ok(error instanceof GameEngineError);
    assert.equal(error.code, "game/unknown");
    return true;
  });
});
