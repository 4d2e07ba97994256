// Run in a fresh npm project with only the packed SDK installed: compiled there by `tsc --strict` (typed views and
// events, no cast), then run against a real server. Plays every built-in game to the end by random moves, the lifecycle
// calls and the key-stream bot on 10 games; prints what it saw as one JSON object.
import {
  GameEngineClient,
  GameEngineError,
  serveKeyBot,
  typedEvent,
  type DraculaCard,
  type HouseRummyEvent,
} from "@cardengine/client";

async function playToTheEnd(client: GameEngineClient, gameType: string): Promise<Record<string, unknown>> {
  const created = await client.createGame({ gameType });
  let game = created.game!;
  while (!game.finished) {
    const token = client.seatTokens(created.gameId).get(game.toAct[0]!)!;
    const legal = await client.listLegalMoves(created.gameId, { token });
    const move = legal.moves[Math.floor(Math.random() * legal.moves.length)]!;
    game = (await client.applyMove(created.gameId, move, { token, expectedVersion: legal.version })).game!;
  }
  const fairness = await client.verifyFairness(created.gameId);
  const commitmentKept = fairness.seedCommitment === created.game!.seedCommitment && fairness.seedCommitment !== "";
  return { finished: game.finished, revealed: fairness.revealed, commitmentKept, ...(await typedReads(client, created.gameId, gameType)) };
}

async function typedReads(client: GameEngineClient, gameId: string, gameType: string): Promise<Record<string, unknown>> {
  if (gameType === "dracula") {
    const game = await client.getGame(gameId, { gameType: "dracula" });
    const cells: (DraculaCard | null)[] = game.view.coffin.flat();
    // @ts-expect-error a Dracula view has no such field: proof that the view is typed, not `any`
    void game.view.noSuchField;
    return { phase: game.view.phase, cells: cells.length };
  }
  if (gameType !== "house_rummy") return {};
  let hands = 0;
  for await (const event of client.events(gameId)) {
    const content: HouseRummyEvent = typedEvent(event, "house_rummy");
    if (content.kind === "hand_scored" && content.hand > 0) hands += 1;
    // @ts-expect-error a "drew" event has no `hand` field: the union narrows on `kind`
    if (content.kind === "drew") void content.hand;
  }
  return { handsScored: hands > 0 };
}

async function lifecycle(client: GameEngineClient): Promise<Record<string, unknown>> {
  const invited = await client.createGame({ gameType: "dracula", players: 2, inviteSeats: [1] });
  const joined = await client.redeemInvitation(invited.gameId, invited.invitations[0]!.code);
  const resigned = await client.resignSeat(invited.gameId, { token: joined.seat!.token });
  const rematch = await client.rematch(invited.gameId);
  const ended = await client.endGame(rematch.gameId);
  await client.deleteGame(invited.gameId);
  const afterDelete = await client.getGame(invited.gameId).then(
    () => "found",
    (error: unknown) => (error instanceof GameEngineError ? error.reason : String(error)),
  );
  return {
    joinedSeat: joined.seat!.seat,
    resignEvents: resigned.events.map((event) => event.kind),
    endedFinished: ended.game!.finished,
    afterDelete,
    live: (await client.listGames({ state: "live" })).games.length,
  };
}

async function main(): Promise<void> {
  const [target = "", apiKey = "", botKey = ""] = process.argv.slice(2);
  const client = new GameEngineClient(target, { apiKey });
  const played: Record<string, unknown> = {};
  // The five built-in games: a plugin game installed beside them (docs/engine.md) has tests of its own.
  const builtIn = ["dracula", "dragon_rummy", "draw_blood", "house_rummy", "rummy_battle"];
  for (const type of await client.listGameTypes()) {
    if (builtIn.includes(type.id)) played[type.id] = await playToTheEnd(client, type.id);
  }
  const report: Record<string, unknown> = { played, lifecycle: await lifecycle(client) };
  client.close();
  const bot = new GameEngineClient(target, { apiKey: botKey }); // a key of its own: its stream has these games only
  const serving = serveKeyBot(bot, { stop: 10 });
  const games = await Promise.all(Array.from({ length: 10 }, () => bot.createGame({ gameType: "house_rummy", players: 2 })));
  const moves = await serving;
  const scores = await Promise.all(games.map((game) => bot.getScore(game.gameId)));
  report.bot = { finished: scores.filter((score) => score.finished).length, moved: moves > 0 };
  bot.close();
  console.log(JSON.stringify(report));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
