// A bot serving every game of its API key from the key's one event stream (README, "A bot on the key's stream").
import type { GameEngineClient } from "./client";
import { GameEngineError } from "./errors";
import type { KeyEvent, Move } from "./gen/cardengine/v1/game_engine";

export type Chooser = (moves: readonly Move[]) => Move;
const randomMove: Chooser = (moves) => moves[Math.floor(Math.random() * moves.length)]!;
const PASSED = new Set(["version/stale", "move/not_your_turn", "game/finished"]); // another event moved already

/** The key's seats that must act at `event.version`: a "your_turn"'s seats, or a "game_in_progress"'s (or a
 * "tournament_round"'s or a quick match's "match_found"'s) seats that are to act (`toAct`); none for the other kinds. */
export function seatsToAct(event: KeyEvent): number[] {
  if (event.kind === "your_turn") return event.seats;
  if (event.kind === "game_in_progress" || event.kind === "tournament_round" || event.kind === "match_found") {
    return event.seats.filter((seat) => event.toAct.includes(seat));
  }
  return [];
}

/** Plays the key's seats in every game it created or joined: first the games in progress when it starts (the key's
 * stream starts now, or after `cursor`: "0" from the oldest event kept), then at each "your_turn"; resolves after
 * `stop` games finished since it started (absent: never) with the number of moves played. A tournament's games come
 * as "tournament_round" events with their seats' tokens, which it keeps (keepSeatToken) and plays. */
export async function serveKeyBot(
  client: GameEngineClient,
  options: { choose?: Chooser; stop?: number; signal?: AbortSignal; cursor?: string } = {},
): Promise<number> {
  let played = 0;
  const finished = new Set<string>();
  for await (const event of client.watchKeyEvents({ signal: options.signal, cursor: options.cursor })) {
    if (event.kind === "tournament_round") for (const seat of event.seats) client.keepSeatToken(event.gameId, seat, event.token);
    if (event.kind === "match_found") for (const seat of event.seats) client.keepSeatToken(event.gameId, seat, event.token);
    if (event.kind === "game_finished" && options.stop !== undefined) {
      finished.add(event.gameId);
      if (finished.size >= options.stop) break;
    }
    for (const seat of seatsToAct(event)) played += await playTurn(client, event, seat, options.choose ?? randomMove);
  }
  return played;
}

async function playTurn(client: GameEngineClient, event: KeyEvent, seat: number, choose: Chooser): Promise<number> {
  const token = (await client.waitForSeatTokens(event.gameId)).get(seat); // the stream may be ahead of the create
  if (token === undefined) return 0; // a seat this client holds no token of (another process of the key plays it)
  const legal = await client.listLegalMoves(event.gameId, { token });
  if (legal.moves.length === 0) return 0;
  try {
    await client.applyMove(event.gameId, choose(legal.moves), { token, expectedVersion: legal.version, omitView: true });
    return 1;
  } catch (error) {
    if (error instanceof GameEngineError && PASSED.has(error.code)) return 0; // version/stale, ...: moved already
    throw error;
  }
}
