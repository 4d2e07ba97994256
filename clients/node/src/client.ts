// GameEngineClient: the cardengine gRPC API as promises and async iterators, with seat tokens, deadlines and
// typed errors (GameEngineError). The messages are the types generated from proto/cardengine/v1/game_engine.proto.
import { randomUUID } from "node:crypto";
import {
  credentials as grpcCredentials,
  Metadata,
  status as GrpcStatus,
  type CallOptions as GrpcCallOptions,
  type ChannelCredentials,
  type ChannelOptions,
  type ClientUnaryCall,
  type ServiceError,
} from "@grpc/grpc-js";
import {
  GameEngineClient as GeneratedClient,
  type ApplyMoveResponse,
  type Clock,
  type CreateGameResponse,
  type Event,
  type Game,
  type GameType,
  type GetEventsResponse,
  type ListLegalMovesResponse,
  type Score,
  type SeatConfig,
  type WatchGameResponse,
} from "./gen/cardengine/v1/game_engine";
import { GameEngineError, toGameEngineError } from "./errors";

export const DEFAULT_DEADLINE_MS = 10_000;

export interface ClientOptions {
  /** Channel credentials; insecure (plaintext) by default. */
  credentials?: ChannelCredentials;
  /** Deadline of each unary call in milliseconds (default 10 s); 0 or Infinity for none. */
  deadlineMs?: number;
  /** grpc-js channel options, e.g. {"grpc.service_config": ...}. */
  channelOptions?: ChannelOptions;
  /** An API key, sent with every call as `x-api-key` when the server has keys on (docs/operations.md "Limits and keys"). */
  apiKey?: string;
}

export interface CallOptions {
  /** The seat token: sent as `authorization: Bearer <token>`; without it the caller is a spectator. */
  token?: string;
  /** This call's deadline in milliseconds, instead of the client's. */
  deadlineMs?: number;
}

export interface CreateGameOptions {
  /** The game type's id, e.g. "dracula". */
  gameType: string;
  /** Number of players; 0 or absent: the game type's default. */
  players?: number;
  /** Seed of the deals, for a reproducible match; absent: the server draws one. */
  seed?: number;
  /** Option values by name (see GameType.options); missing options take their defaults. */
  options?: Record<string, unknown>;
  /** Per seat: display name and bot kind. */
  seats?: Partial<SeatConfig>[];
  /** Makes the call safe to retry: the same id and parameters return the same game and tokens. */
  requestId?: string;
  /** A turn clock (docs/api.md "Turn clocks"): turnSeconds, matchSeconds, onTimeout ("move" or "forfeit"). */
  clock?: Partial<Clock>;
}

export interface ApplyMoveOptions extends CallOptions {
  /** The version the move was chosen at (ListLegalMovesResponse.version or Game.version). Required. */
  expectedVersion: number;
  /** Makes the call safe to retry; a fresh random key when absent. */
  idempotencyKey?: string;
  /** The answer's game carries the header only (version, who acts, finished), no view. */
  omitView?: boolean;
  /** The server sends the view as JSON text (`Game.viewJson`, cheaper to produce than the Struct); the client
   * parses it into `game.view`, so the answer reads the same either way. */
  viewJson?: boolean;
  /** Retries on UNAVAILABLE or DEADLINE_EXCEEDED with the same idempotency key (default 0): a move is applied
   * at most once. */
  retries?: number;
}

export interface GetGameOptions extends CallOptions {
  /** As ApplyMoveOptions.viewJson: the view comes as JSON text and is parsed into `view`. */
  viewJson?: boolean;
}

/** `game.view` from `game.viewJson` when the server sent the view as JSON text (a server without it sends the
 * Struct `view`, already an object). */
function withParsedView(game: Game | undefined): void {
  if (game && game.viewJson) {
    game.view = JSON.parse(game.viewJson) as { [key: string]: unknown };
  }
}

export interface EventsOptions extends CallOptions {
  /** Only events of versions after this one; absent: the whole log, the deal (version 0) included. */
  afterVersion?: number;
  /** Most events per page (server default 100, at most 1000). */
  pageSize?: number;
  /** The previous page's nextPageToken. */
  pageToken?: string;
}

export interface WatchOptions {
  token?: string;
  /** Replay the versions after this one first (absent: the whole log), then follow live. */
  afterVersion?: number;
  /** Aborting ends the iteration quietly (the stream is cancelled). */
  signal?: AbortSignal;
  /** A deadline for the whole stream, in milliseconds; none by default. */
  deadlineMs?: number;
}

const RETRIED = new Set<number>([GrpcStatus.UNAVAILABLE, GrpcStatus.DEADLINE_EXCEEDED]);

type UnaryMethod<Req, Res> = (
  request: Req,
  metadata: Metadata,
  options: Partial<GrpcCallOptions>,
  callback: (error: ServiceError | null, response: Res) => void,
) => ClientUnaryCall;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export class GameEngineClient {
  /** The generated grpc-js client, for anything this class does not cover. */
  readonly raw: GeneratedClient;
  readonly deadlineMs: number;
  readonly apiKey: string | undefined;

  constructor(
    readonly target: string,
    options: ClientOptions = {},
  ) {
    this.raw = new GeneratedClient(
      target,
      options.credentials ?? grpcCredentials.createInsecure(),
      options.channelOptions ?? {},
    );
    this.deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
    this.apiKey = options.apiKey;
  }

  /** Resolves once the channel is connected; rejects after `timeoutMs`. */
  waitForReady(timeoutMs = DEFAULT_DEADLINE_MS): Promise<void> {
    return new Promise((resolve, reject) => {
      this.raw.waitForReady(Date.now() + timeoutMs, (error) => (error ? reject(toGameEngineError(error)) : resolve()));
    });
  }

  close(): void {
    this.raw.close();
  }

  /** The catalog: every game type with its player counts, options, move kinds, cards and schemas. */
  async listGameTypes(options: CallOptions = {}): Promise<GameType[]> {
    const response = await this.unary(this.raw.listGameTypes, {}, options);
    return response.gameTypes;
  }

  /** Starts a match; the response holds the game id and one token per person's seat (shown only once). */
  createGame(request: CreateGameOptions, options: CallOptions = {}): Promise<CreateGameResponse> {
    return this.unary(
      this.raw.createGame,
      {
        gameType: request.gameType,
        players: request.players ?? 0,
        seed: request.seed,
        options: request.options,
        seats: (request.seats ?? []).map((seat) => ({ name: seat.name ?? "", bot: seat.bot ?? "" })),
        requestId: request.requestId ?? "",
        clock: request.clock
          ? {
              turnSeconds: request.clock.turnSeconds ?? 0,
              matchSeconds: request.clock.matchSeconds ?? 0,
              onTimeout: request.clock.onTimeout ?? "",
            }
          : undefined,
      },
      options,
    );
  }

  /** The caller's view of the match (with `token`: its seat's view; without: the spectator's). */
  async getGame(gameId: string, options: GetGameOptions = {}): Promise<Game> {
    const game = await this.unary(this.raw.getGame, { gameId, viewJson: options.viewJson ?? false }, options);
    withParsedView(game);
    return game;
  }

  /** The seat's legal moves now, and the version they are legal at. Needs the seat's token. */
  listLegalMoves(gameId: string, options: CallOptions): Promise<ListLegalMovesResponse> {
    return this.unary(this.raw.listLegalMoves, { gameId }, options);
  }

  /** Plays `move` (its notation) for the token's seat if the game is still at `expectedVersion`. */
  async applyMove(gameId: string, move: string, options: ApplyMoveOptions): Promise<ApplyMoveResponse> {
    const request = {
      gameId,
      move,
      expectedVersion: options.expectedVersion,
      idempotencyKey: options.idempotencyKey ?? randomUUID(),
      omitView: options.omitView ?? false,
      viewJson: options.viewJson ?? false,
    };
    const retries = options.retries ?? 0;
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await this.unary(this.raw.applyMove, request, options);
        withParsedView(response.game);
        return response;
      } catch (error) {
        if (!(error instanceof GameEngineError) || !RETRIED.has(error.code) || attempt >= retries) throw error;
        await sleep(100 * (attempt + 1));
      }
    }
  }

  /** Totals, rounds, finished flag and winners. Public. */
  getScore(gameId: string, options: CallOptions = {}): Promise<Score> {
    return this.unary(this.raw.getScore, { gameId }, options);
  }

  /** One page of the caller's redacted events; read on with `pageToken: page.nextPageToken` while it is set. */
  getEvents(gameId: string, options: EventsOptions = {}): Promise<GetEventsResponse> {
    return this.unary(
      this.raw.getEvents,
      { gameId, afterVersion: options.afterVersion, pageSize: options.pageSize ?? 0, pageToken: options.pageToken ?? "" },
      options,
    );
  }

  /** Every event after `afterVersion`, following the pages. */
  async *events(gameId: string, options: Omit<EventsOptions, "pageToken"> = {}): AsyncGenerator<Event> {
    let pageToken = "";
    do {
      const page = await this.getEvents(gameId, { ...options, pageToken });
      yield* page.events;
      pageToken = page.nextPageToken;
    } while (pageToken);
  }

  /** The game's versions as they happen: first those after `afterVersion`, then live, one message per accepted
   * move, until the message that finishes the match. Breaking out of the loop (or `signal`) cancels the stream. */
  async *watchGame(gameId: string, options: WatchOptions = {}): AsyncGenerator<WatchGameResponse> {
    const callOptions: Partial<GrpcCallOptions> = {};
    if (options.deadlineMs !== undefined && Number.isFinite(options.deadlineMs) && options.deadlineMs > 0) {
      callOptions.deadline = Date.now() + options.deadlineMs;
    }
    const call = this.raw.watchGame(
      { gameId, afterVersion: options.afterVersion },
      this.metadata(options.token),
      callOptions,
    );
    const abort = (): void => call.cancel();
    options.signal?.addEventListener("abort", abort, { once: true });
    try {
      for await (const message of call) {
        yield message as WatchGameResponse;
      }
    } catch (error) {
      if (options.signal?.aborted && (error as Partial<ServiceError>).code === GrpcStatus.CANCELLED) return;
      throw toGameEngineError(error);
    } finally {
      options.signal?.removeEventListener("abort", abort);
      call.on("error", () => undefined); // the CANCELLED status of our own cancel is not an error for anyone
      call.cancel();
    }
  }

  private metadata(token: string | undefined): Metadata {
    const metadata = new Metadata();
    if (token) metadata.set("authorization", `Bearer ${token}`);
    if (this.apiKey) metadata.set("x-api-key", this.apiKey);
    return metadata;
  }

  private unary<Req, Res>(method: UnaryMethod<Req, Res>, request: Req, options: CallOptions): Promise<Res> {
    const deadlineMs = options.deadlineMs ?? this.deadlineMs;
    const callOptions: Partial<GrpcCallOptions> = {};
    if (Number.isFinite(deadlineMs) && deadlineMs > 0) callOptions.deadline = Date.now() + deadlineMs;
    return new Promise((resolve, reject) => {
      method.call(this.raw, request, this.metadata(options.token), callOptions, (error, response) => {
        if (error) reject(toGameEngineError(error));
        else resolve(response);
      });
    });
  }
}
