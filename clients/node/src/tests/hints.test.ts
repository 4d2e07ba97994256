// Hints (SuggestMoves) through a real cardengine server: the seat's best moves with their estimates, the same answer
// twice, a hint that is played, and the typed refusals (hints off at creation, a seat not to act).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { GameEngineClient, GameEngineError } from "../index";
import { ServerProcess } from "./server";

const server = new ServerProcess(["--hint-iterations", "24"]);
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

/** A two-player Dracula game after the dealer's declaration: the seat to act has many moves. */
async function declared(hints?: boolean): Promise<{ gameId: string; seat: number; token: string; other: string }> {
  const created = await client.createGame({ gameType: "dracula", players: 2, seed: 11, hints });
  const tokens = new Map(created.seats.map((seat) => [seat.seat, seat.token]));
  const dealer = created.game!.toAct[0];
  const moved = await client.applyMove(created.gameId, "declare down", { token: tokens.get(dealer)!, expectedVersion: 0 });
  const seat = moved.game!.toAct[0];
  return { gameId: created.gameId, seat, token: tokens.get(seat)!, other: tokens.get(1 - seat)! };
}

test("a hint lists legal moves best first with estimates, the same twice, and can be played", async () => {
  const { gameId, seat, token } = await declared();
  const hints = await client.suggestMoves(gameId, { token, count: 4 });
  assert.equal(hints.gameId, gameId);
  assert.equal(hints.version, 1);
  assert.equal(hints.seat, seat);
  assert.equal(hints.iterations, 24);
  assert.equal(hints.suggestions.length, 4);
  const legal = await client.listLegalMoves(gameId, { token });
  const notations = new Set(legal.moves.map((move) => move.notation));
  let visits = Infinity;
  for (const suggestion of hints.suggestions) {
    assert.ok(notations.has(suggestion.move!.notation), suggestion.move!.notation);
    assert.ok(suggestion.visits <= visits, "most visited first");
    visits = suggestion.visits;
    assert.ok(suggestion.expectedReward !== undefined && suggestion.expectedReward >= 0 && suggestion.expectedReward <= 1);
  }
  const again = await client.suggestMoves(gameId, { token });
  assert.deepEqual(again.suggestions, hints.suggestions.slice(0, 3), "the default count, the same ranking");
  const best = hints.suggestions[0].move!;
  const played = await client.applyMove(gameId, best, { token, expectedVersion: hints.version });
  assert.equal(played.version, 2);
});

test("hints off at creation and a seat not to act are refused, typed", async () => {
  const off = await declared(false);
  await assert.rejects(client.suggestMoves(off.gameId, { token: off.token }), (error: unknown) => {
    assert.ok(error instanceof GameEngineError);
    assert.equal(error.code, "hints/disabled");
    assert.equal(error.statusName, "FAILED_PRECONDITION");
    return true;
  });
  const on = await declared();
  await assert.rejects(client.suggestMoves(on.gameId, { token: on.other }), (error: unknown) => {
    assert.ok(error instanceof GameEngineError);
    assert.equal(error.code, "move/not_your_turn");
    assert.equal(error.statusName, "PERMISSION_DENIED");
    return true;
  });
});

test("a finished match is reviewed: each decision beside the hint of its version; a match played is refused", async () => {
  const created = await client.createGame({ gameType: "dracula", players: 2, seed: 13, options: { deals: 1 } });
  const tokens = new Map(created.seats.map((seat) => [seat.seat, seat.token]));
  await assert.rejects(client.reviewMatch(created.gameId, { token: tokens.get(0)! }), (error: unknown) => {
    assert.ok(error instanceof GameEngineError);
    assert.equal(error.code, "game/not_finished");
    assert.equal(error.statusName, "FAILED_PRECONDITION");
    return true;
  });
  let game = created.game!;
  const hinted = new Map<number, string>();
  while (!game.finished) {
    const seat = game.toAct[0];
    const token = tokens.get(seat)!;
    const legal = await client.listLegalMoves(created.gameId, { token });
    let move = legal.moves[legal.moves.length - 1];
    if (seat === 0 && legal.moves.length > 1) {
      const hints = await client.suggestMoves(created.gameId, { token, count: 1 });
      hinted.set(game.version, hints.suggestions[0].move!.notation);
      if (hinted.size % 2 === 1) move = hints.suggestions[0].move!;
    }
    game = (await client.applyMove(created.gameId, move, { token, expectedVersion: game.version })).game!;
  }
  const review = await client.reviewMatch(created.gameId, { token: tokens.get(0)! });
  assert.equal(review.seat, 0);
  assert.equal(review.nextPageToken, "");
  const first = await client.reviewMatch(created.gameId, { token: tokens.get(0)!, pageSize: 2 });
  assert.deepEqual(first.decisions, review.decisions.slice(0, 2));
  assert.notEqual(first.nextPageToken, "");
  const second = await client.reviewMatch(created.gameId, { token: tokens.get(0)!, pageSize: 2, pageToken: first.nextPageToken });
  assert.deepEqual(second.decisions, review.decisions.slice(2, 4));
  assert.equal(review.iterations, 24);
  assert.deepEqual(review.decisions.map((decision) => decision.version), [...hinted.keys()]);
  for (const decision of review.decisions) {
    assert.equal(decision.best!.notation, hinted.get(decision.version));
    assert.ok(decision.rank >= 1 && decision.rank <= decision.legalMoves);
    if (decision.made!.notation === decision.best!.notation) assert.equal(decision.cost, 0);
    else if (decision.cost !== undefined) assert.ok(decision.cost >= 0);
  }
});
