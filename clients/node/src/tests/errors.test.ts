// The server's errors as GameEngineError: the stable code (google.rpc.ErrorInfo's reason), the gRPC status, metadata.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Server, ServerCredentials, status } from "@grpc/grpc-js";
import { GameEngineClient, GameEngineError, GameEngineService, type GameMoveArgs, type GameMoveArgss } from "../index";
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

async function refusal(promise: Promise<unknown>): Promise<GameEngineError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof GameEngineError, `a GameEngineError, not ${String(error)}`);
    return error;
  }
  assert.fail("the call succeeded");
}

/** Dracula, 2 players, seed 7: at version 0 seat 0 (the first dealer) must declare, "across" or "down". */
async function newDracula(): Promise<{ gameId: string; tokens: string[] }> {
  const created = await client.createGame({ gameType: "dracula", players: 2, seed: 7, options: { deals: 1 } });
  assert.deepEqual(created.game?.toAct, [0]);
  return { gameId: created.gameId, tokens: created.seats.map((seat) => seat.token) };
}

test("a move by a seat whose turn it is not: PERMISSION_DENIED move/not_your_turn", async () => {
  const { gameId, tokens } = await newDracula();
  const error = await refusal(client.applyMove(gameId, "declare down", { token: tokens[1], expectedVersion: 0 }));
  assert.equal(error.status, status.PERMISSION_DENIED);
  assert.equal(error.statusName, "PERMISSION_DENIED");
  assert.equal(error.code, "move/not_your_turn");
  assert.equal(error.retryable, false, "a lasting refusal");
  assert.deepEqual([error.reason, error.codeName], ["move/not_your_turn", "PERMISSION_DENIED"], "the deprecated names");
  assert.equal(error.domain, "cardengine.v1");
  assert.equal(error.metadata.engineCode, "move/not_your_turn");
  assert.match(error.message, /\S.*\.$/, "a full sentence");
  assert.equal(String(error), `GameEngineError: PERMISSION_DENIED move/not_your_turn: ${error.message}`);
  assert.equal(error.statusDetails?.code, status.PERMISSION_DENIED, "the decoded google.rpc.Status");
  assert.equal((await client.getGame(gameId)).version, 0, "nothing changed");
});

test("GameMoveArgs types a structured move; GameMoveArgss, its deprecated first name, is the same type", async () => {
  const { gameId, tokens } = await newDracula();
  const args: GameMoveArgs["dracula"]["declare"] = { direction: "down" };
  const same: GameMoveArgss["dracula"]["declare"] = args;
  const applied = await client.applyMove(gameId, { kind: "declare", args: same }, { token: tokens[0], expectedVersion: 0 });
  assert.equal(applied.version, 1);
});

test("a stale expectedVersion: ABORTED version/stale with the current version", async () => {
  const { gameId, tokens } = await newDracula();
  const error = await refusal(client.applyMove(gameId, "declare down", { token: tokens[0], expectedVersion: 3 }));
  assert.equal(error.status, status.ABORTED);
  assert.equal(error.code, "version/stale");
  assert.deepEqual(error.metadata, { expectedVersion: "3", currentVersion: "0" });
  assert.equal(
    error.message,
    "The move was chosen at version 3 but the game is at version 0; reload and choose again.",
  );
  const applied = await client.applyMove(gameId, "declare down", { token: tokens[0], expectedVersion: 0 });
  assert.equal(applied.version, 1);
  const again = await refusal(client.applyMove(gameId, "place 5S b1", { token: tokens[1], expectedVersion: 0 }));
  assert.equal(again.code, "version/stale");
  assert.equal(again.metadata.currentVersion, "1");
});

test("illegal and malformed moves carry the engine's code", async () => {
  const { gameId, tokens } = await newDracula();
  const illegal = await refusal(client.applyMove(gameId, "place 5S b3", { token: tokens[0], expectedVersion: 0 }));
  assert.equal(illegal.status, status.FAILED_PRECONDITION);
  assert.equal(illegal.code, "move/wrong_phase");
  assert.ok(illegal.message.startsWith("'place 5S b3': "), illegal.message);

  const direction = await refusal(
    client.applyMove(gameId, "declare sideways", { token: tokens[0], expectedVersion: 0 }),
  );
  assert.equal(direction.status, status.FAILED_PRECONDITION);
  assert.equal(direction.code, "move/bad_direction");

  const malformed = await refusal(client.applyMove(gameId, "fly away", { token: tokens[0], expectedVersion: 0 }));
  assert.equal(malformed.status, status.INVALID_ARGUMENT);
  assert.equal(malformed.code, "move/malformed");
  assert.equal(malformed.metadata.field, "move");
  assert.equal((await client.getGame(gameId)).version, 0, "nothing changed");
});

test("tokens, games, players and options", async () => {
  const { gameId } = await newDracula();
  const missing = await refusal(client.listLegalMoves(gameId, {}));
  assert.equal(missing.status, status.UNAUTHENTICATED);
  assert.equal(missing.code, "auth/missing_token");

  const wrong = await refusal(client.listLegalMoves(gameId, { token: "not-a-token-of-this-game" }));
  assert.equal(wrong.status, status.UNAUTHENTICATED);
  assert.equal(wrong.code, "auth/invalid_token");

  const unknown = await refusal(client.getGame("no-such-game"));
  assert.equal(unknown.status, status.NOT_FOUND);
  assert.equal(unknown.code, "game/not_found");

  const players = await refusal(client.createGame({ gameType: "dracula", players: 3 }));
  assert.equal(players.status, status.INVALID_ARGUMENT);
  assert.equal(players.code, "game/invalid_players");

  const option = await refusal(client.createGame({ gameType: "dracula", options: { deals: 0 } }));
  assert.equal(option.status, status.INVALID_ARGUMENT);
  assert.equal(option.code, "game/invalid_option");
  assert.equal(option.metadata.option, "deals");
});

test("an idempotency key: the retry is replayed, another move with it is refused", async () => {
  const { gameId, tokens } = await newDracula();
  const first = await client.applyMove(gameId, "declare down", {
    token: tokens[0],
    expectedVersion: 0,
    idempotencyKey: "k-1",
  });
  assert.equal(first.version, 1);
  assert.equal(first.replayed, false);
  const retry = await client.applyMove(gameId, "declare down", {
    token: tokens[0],
    expectedVersion: 0,
    idempotencyKey: "k-1",
  });
  assert.equal(retry.version, 1);
  assert.equal(retry.replayed, true);
  assert.deepEqual(retry.events, first.events);
  const reused = await refusal(
    client.applyMove(gameId, "declare across", { token: tokens[0], expectedVersion: 0, idempotencyKey: "k-1" }),
  );
  assert.equal(reused.status, status.INVALID_ARGUMENT);
  assert.equal(reused.code, "idempotency/key_reused");
  assert.equal((await client.getGame(gameId)).version, 1, "applied once");
});

test("a request id makes CreateGame safe to retry; omitView answers the header only; a clock shows in the header", async () => {
  const request = { gameType: "dracula", players: 2, options: { deals: 1 }, requestId: "node-retry-1" };
  const first = await client.createGame(request);
  const again = await client.createGame(request);
  assert.equal(again.gameId, first.gameId);
  assert.deepEqual(again.seats, first.seats);
  const reused = await refusal(client.createGame({ ...request, players: 4 }));
  assert.equal(reused.code, "idempotency/key_reused");
  const seat = first.game?.toAct[0] ?? 0;
  const applied = await client.applyMove(first.gameId, "declare down", {
    token: first.seats[seat].token,
    expectedVersion: 0,
    omitView: true,
  });
  assert.equal(applied.version, 1);
  assert.equal(applied.game?.version, 1);
  assert.equal(applied.game?.view, undefined);
  // viewJson: the view comes as JSON text and reads as the same object as the Struct.
  const other = applied.game?.toAct[0] ?? 0;
  const next = (await client.listLegalMoves(first.gameId, { token: first.seats[other].token })).moves[0].notation;
  const asText = await client.applyMove(first.gameId, next, {
    token: first.seats[other].token,
    expectedVersion: 1,
    viewJson: true,
  });
  assert.ok(asText.game?.viewJson, "the view as JSON text");
  const asStruct = await client.getGame(first.gameId, { token: first.seats[other].token });
  assert.equal(asStruct.viewJson, "");
  assert.deepEqual(asText.game?.view, asStruct.view);
  assert.deepEqual((await client.getGame(first.gameId, { token: first.seats[other].token, viewJson: true })).view, asStruct.view);
  assert.equal((asText.game?.view as { seat: number }).seat, other);
  const clocked = await client.createGame({ gameType: "dracula", players: 2, clock: { turnSeconds: 600 } });
  assert.equal(clocked.game?.clock?.turnSeconds, 600);
});

test("deadlines: a server that never answers gives DEADLINE_EXCEEDED, unary and streaming", async () => {
  // A grpc-js server with the same service whose handlers never answer.
  const silent = new Server();
  const never = (): void => undefined;
  silent.addService(GameEngineService, {
    listGameTypes: never,
    createGame: never,
    getGame: never,
    listLegalMoves: never,
    applyMove: never,
    getScore: never,
    getEvents: never,
    watchGame: never,
  });
  const port = await new Promise<number>((resolve, reject) =>
    silent.bindAsync("127.0.0.1:0", ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  const slowClient = new GameEngineClient(`127.0.0.1:${port}`, { deadlineMs: 300 });
  try {
    const started = Date.now();
    const unary = await refusal(slowClient.listGameTypes());
    assert.equal(unary.status, status.DEADLINE_EXCEEDED);
    assert.equal(unary.code, "deadline_exceeded", "no ErrorInfo from the transport: the status's name");
    assert.deepEqual([unary.reason, unary.domain, unary.retryable], ["", "", false]);
    assert.ok(Date.now() - started >= 250, "waited for the deadline");
    const perCall = await refusal(slowClient.getGame("g", { deadlineMs: 100 }));
    assert.equal(perCall.status, status.DEADLINE_EXCEEDED);
    const stream = await refusal(
      (async () => {
        for await (const message of slowClient.watchGame("g", { deadlineMs: 200 })) void message;
      })(),
    );
    assert.equal(stream.status, status.DEADLINE_EXCEEDED);
  } finally {
    slowClient.close();
    silent.forceShutdown();
  }
});
