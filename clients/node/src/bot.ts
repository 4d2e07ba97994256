// A random bot that plays any game: each seat acts only with its own token, from its own legal moves.
import { status as GrpcStatus } from "@grpc/grpc-js";
import type { GameEngineClient } from "./client";
import { GameEngineError } from "./errors";
import type { Game, Move, Score } from "./gen/cardengine/v1/game_engine";

/** A small seeded pseudo-random generator (mulberry32): the same seed gives the same choices. */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, bound). */
  below(bound: number): number {
    return Math.floor(this.next() * bound);
  }
}

/** Picks one of the legal moves uniformly at random. */
export class RandomBot {
  private readonly random: SeededRandom;

  constructor(seed: number) {
    this.random = new SeededRandom(seed);
  }

  choose(moves: readonly Move[]): Move {
    if (moves.length === 0) throw new Error("no legal move to choose from");
    return moves[this.random.below(moves.length)]!;
  }
}

export interface MoveRecord {
  /** The version the move brought the game to. */
  version: number;
  seat: number;
  move: Move;
}

export interface PlayOptions {
  /** Option values of the match (see GameType.options). */
  options?: Record<string, unknown>;
  /** Called after each accepted move. */
  onMove?: (record: MoveRecord, game: Game) => void;
  /** Gives up (throws) after this many moves; default 100,000. */
  maxMoves?: number;
}

export interface MatchResult {
  gameId: string;
  /** Accepted moves, in order. */
  moves: MoveRecord[];
  /** The final score sheet (finished, winners, totals, rounds). */
  score: Score;
}

/** Creates a match of `gameType` on the server (players 0 or undefined: the game's default; seed undefined: the
 * server draws one) and plays it to the end between random bots, one per seat, each seeded from `seed` and its
 * seat, each acting with its own seat token. Returns the game id, the moves and the final score. */
export async function playRandomMatch(
  client: GameEngineClient,
  gameType: string,
  players?: number,
  seed?: number,
  play: PlayOptions = {},
): Promise<MatchResult> {
  const created = await client.createGame({ gameType, players, seed, options: play.options });
  const gameId = created.gameId;
  const base = seed ?? Math.floor(Math.random() * 2 ** 31);
  const tokens = new Map(created.seats.map((seat) => [seat.seat, seat.token]));
  const bots = new Map(created.seats.map((seat) => [seat.seat, new RandomBot((base * 1000 + seat.seat) % 2 ** 32)]));
  const moves: MoveRecord[] = [];
  const maxMoves = play.maxMoves ?? 100_000;
  let game = created.game ?? (await client.getGame(gameId));
  while (!game.finished) {
    const seat = game.toAct[0];
    if (seat === undefined) throw new Error(`game ${gameId} is not finished but no seat is to act`);
    const token = tokens.get(seat);
    const bot = bots.get(seat);
    if (token === undefined || bot === undefined) throw new Error(`game ${gameId}: seat ${seat} has no token`);
    if (moves.length >= maxMoves) throw new Error(`game ${gameId} did not finish within ${maxMoves} moves`);
    const legal = await client.listLegalMoves(gameId, { token });
    if (legal.moves.length === 0) throw new Error(`game ${gameId}: seat ${seat} is to act but has no legal move`);
    const move = bot.choose(legal.moves);
    try {
      const result = await client.applyMove(gameId, move.notation, {
        token,
        expectedVersion: legal.version,
        retries: 3,
      });
      game = result.game ?? (await client.getGame(gameId));
    } catch (error) {
      if (error instanceof GameEngineError && error.status === GrpcStatus.ABORTED) {
        game = await client.getGame(gameId); // someone else moved first: look again
        continue;
      }
      throw error;
    }
    const record = { version: game.version, seat, move };
    moves.push(record);
    play.onMove?.(record, game);
  }
  const score = await client.getScore(gameId);
  return { gameId, moves, score };
}
