// The lobby through the Node SDK against a real `cardengine serve` with API keys (docs/api.md "Lobby"): a Dracula
// game created with seat 1 open is listed (with its filters), taken by a second key's client with joinGame, played,
// and a third client's join of the seat already taken is refused with the typed error `seat/taken`.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { GameEngineClient, GameEngineError } from "../index";
import { ServerProcess } from "./server";

const KEYS = { creator: "node-lobby-creator-0123456789", joiner: "node-lobby-joiner-0123456789", late: "node-lobby-late-0123456789" };
const folder = mkdtempSync(join(tmpdir(), "cardengine-lobby-"));
writeFileSync(join(folder, "keys.txt"), Object.entries(KEYS).map(([name, key]) => `${key} ${name}\n`).join(""));
const server = new ServerProcess(["--api-keys-file", join(folder, "keys.txt")]);
let creator: GameEngineClient;
let joiner: GameEngineClient;
let late: GameEngineClient;

before(async () => {
  await server.start();
  creator = new GameEngineClient(server.target, { apiKey: KEYS.creator });
  joiner = new GameEngineClient(server.target, { apiKey: KEYS.joiner });
  late = new GameEngineClient(server.target, { apiKey: KEYS.late });
  await creator.waitForReady();
});

after(async () => {
  creator?.close();
  joiner?.close();
  late?.close();
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
});

test("a game with an open seat is listed, joined from a second client and played; a second join is refused", async () => {
  const created = await creator.createGame({
    gameType: "dracula",
    players: 2,
    seed: 11,
    seats: [{ name: "Ann", player: "ann" }, { open: true }],
    rated: true,
    minRating: 1000,
  });
  assert.deepEqual(
    created.seats.map((seat) => seat.seat),
    [0],
    "no token for the open seat",
  );
  assert.deepEqual(created.game!.openSeats, [1]);
  assert.deepEqual(created.game!.toAct, [], "the game waits for its player");

  const page = await joiner.listOpenGames({ gameType: "dracula", players: 2, rated: true, maxRating: 1200 });
  assert.deepEqual(
    page.games.map((game) => [game.gameId, game.openSeats, game.seatNames, game.rated, game.minRating, game.maxRating]),
    [[created.gameId, [1], ["Ann", ""], true, 1000, 0]],
  );
  assert.equal(page.nextPageToken, "");
  assert.deepEqual((await joiner.listOpenGames({ rated: false })).games, [], "an unrated filter hides it");
  assert.deepEqual((await joiner.listOpenGames({ minRating: 500, maxRating: 900 })).games, [], "a range below 1000");

  const joined = await joiner.joinGame(created.gameId, { player: "bob" });
  assert.equal(joined.gameId, created.gameId);
  assert.equal(joined.seat!.seat, 1);
  assert.deepEqual(joiner.seatTokens(created.gameId), new Map([[1, joined.seat!.token]]));
  assert.deepEqual(joined.game!.openSeats, []);
  assert.equal(joined.game!.seat, 1);
  assert.deepEqual(joined.game!.seatPlayers, ["", "bob"], "the joiner sees its own player id only");
  assert.equal(joined.game!.toAct.length, 1, "the last join starts the match");
  assert.deepEqual((await late.listOpenGames()).games, [], "a full game leaves the lobby");

  await assert.rejects(late.joinGame(created.gameId, { seat: 1 }), (error: unknown) => {
    assert.ok(error instanceof GameEngineError);
    assert.equal(error.code, "seat/taken");
    assert.equal(error.statusName, "FAILED_PRECONDITION");
    return true;
  });
  await assert.rejects(late.joinGame(created.gameId), (error: unknown) => {
    assert.ok(error instanceof GameEngineError);
    assert.equal(error.code, "seat/taken");
    return true;
  });

  const tokens = new Map<number, string>([
    [0, creator.seatTokens(created.gameId).get(0)!],
    [1, joined.seat!.token],
  ]);
  const seat = joined.game!.toAct[0]!;
  const legal = await (seat === 0 ? creator : joiner).listLegalMoves(created.gameId, { token: tokens.get(seat) });
  assert.equal(legal.version, joined.game!.version);
  const played = await (seat === 0 ? creator : joiner).applyMove(created.gameId, legal.moves[0]!, {
    token: tokens.get(seat)!,
    expectedVersion: legal.version,
  });
  assert.equal(played.version, joined.game!.version + 1);
  const seen = await creator.getGame(created.gameId, { token: tokens.get(0) });
  assert.equal(seen.version, played.version);
  assert.deepEqual(seen.seatPlayers, ["ann", ""], "the creator sees its own player id only");
});
