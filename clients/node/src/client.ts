// GameEngineClient: the cardengine gRPC API as promises and async iterators, with seat tokens, deadlines and
// typed errors (GameEngineError). The messages are the types generated from proto/cardengine/v1/game_engine.proto.
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
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
  type EndGameResponse,
  type Event,
  type Fairness,
  type Game,
  type GameType,
  type GetEventsResponse,
  type JoinGameResponse,
  type KeyEvent,
  type ListGamesResponse,
  type ListLegalMovesResponse,
  type ListLeaderboardResponse,
  type ListOpenGamesResponse,
  type Move,
  type PlayerRating,
  type RedeemInvitationResponse,
  type ResignSeatResponse,
  type ReviewMatchResponse,
  type Score,
  type SeatConfig,
  type SuggestMovesResponse,
  type Ticket,
  type WatchGameResponse,
} from "./gen/cardengine/v1/game_engine";
import type { RegisterWebhookResponse, Webhook } from "./gen/cardengine/v1/game_engine";
import type { ListTournamentsResponse, Tournament } from "./gen/cardengine/v1/game_engine";
import { GameEngineError, toGameEngineError } from "./errors";
import type { GameEvents, GameTypeId, GameViews } from "./games";

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
  /** Retries of every unary call on a refusal that passes with time (`GameEngineError.retryable`: UNAVAILABLE, a rate
   * limit); never on a lasting one (`limit/live_games`, auth, validation). */
  retry?: Partial<RetryPolicy>;
}

/** `attempts` tries in all; the n-th wait is `baseMs * 2**n` (at most `capMs`), jittered by up to a half, and never
 * shorter than the server's own retry delay (RetryInfo or `retry-after`, capped at `longestMs`). */
export interface RetryPolicy {
  attempts: number;
  baseMs: number;
  capMs: number;
  longestMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, baseMs: 100, capMs: 5_000, longestMs: 60_000 };

/** The seed revealed at the end does not match the commitment the client saw when the game was created. */
export class FairnessError extends Error {
  override readonly name = "FairnessError";
  constructor(
    readonly gameId: string,
    readonly reason: string,
  ) {
    super(`game ${gameId}: ${reason}`);
  }
}

/** sha256(seed as 8 bytes big-endian || salt bytes) in lowercase hex (docs/fairness.md, "Byte encoding"). */
export function commitmentOf(seed: string, salt: string): string {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(seed));
  return createHash("sha256").update(bytes).update(Buffer.from(salt, "hex")).digest("hex");
}

/** A move as ListLegalMoves gives it, sent back structured: `{kind, args}`. */
export interface StructuredMove {
  kind: string;
  args?: { [key: string]: unknown };
}

/** A Game whose view is typed for its game type (getGame with `gameType`). */
export type TypedGame<T extends GameTypeId> = Omit<Game, "view"> & { view: GameViews[T] };

/** The view of a Game typed for its game type (checked: an error if the game is of another type). */
export function typedView<T extends GameTypeId>(game: Game, gameType: T): GameViews[T] {
  if (game.gameType !== gameType) throw new TypeError(`a ${game.gameType} view is no ${gameType} view`);
  return (game.view ?? {}) as unknown as GameViews[T];
}

/** An event as its game's JSON Schema describes it: `kind`, `seat`, `text` and the data's fields, typed for the
 * game type; narrow it on `kind`. */
export function typedEvent<T extends GameTypeId>(event: Event, gameType: T): GameEvents[T] {
  void gameType; // the type parameter alone picks the type: an Event does not carry its game type
  const header: Record<string, unknown> = { kind: event.kind, text: event.text };
  if (event.seat !== undefined) header.seat = event.seat;
  return { ...(event.data ?? {}), ...header } as unknown as GameEvents[T];
}

export interface RegisterWebhookOptions extends CallOptions {
  /** The kinds of event to deliver: "your_turn", "game_finished", "match_found", "tournament_round"; none: every one. */
  events?: readonly string[];
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
  /** Per seat: display name and bot kind; `open: true` for a seat anyone may take with joinGame (the game waits in
   * the lobby until every open seat is taken), `player` for an id of the key's own users (docs/api.md "Lobby"). */
  seats?: Partial<SeatConfig>[];
  /** Makes the call safe to retry: the same id and parameters return the same game and tokens. A fresh one when
   * absent, so that the client's own retries never create twice. */
  requestId?: string;
  /** Seats handed out as invitation codes (CreateGameResponse.invitations) instead of tokens. */
  inviteSeats?: number[];
  /** A turn clock (docs/api.md "Turn clocks"): turnSeconds, matchSeconds, onTimeout ("move" or "forfeit"). */
  clock?: Partial<Clock>;
  /** false: no seat may ask for hints (suggestMoves) in this match, for rated play; absent: hints on. */
  hints?: boolean;
  /** A rated match (shown in the lobby and the header). */
  rated?: boolean;
  /** The rating range asked of those who join, shown in the lobby (0 or absent: no bound). */
  minRating?: number;
  maxRating?: number;
}

export interface ListOpenGamesOptions extends CallOptions {
  /** Only games of this type; absent: every type. */
  gameType?: string;
  /** Only games of this number of players; absent: any. */
  players?: number;
  /** Only rated (true) or unrated (false) games; absent: both. */
  rated?: boolean;
  /** A rating range: only games whose declared range overlaps it (0 or absent: no bound). */
  minRating?: number;
  maxRating?: number;
  /** Most games per page (server default 50, at most 200). */
  pageSize?: number;
  /** The previous page's nextPageToken. */
  pageToken?: string;
}

export interface JoinGameOptions extends CallOptions {
  /** The open seat to take; absent: the lowest open one. */
  seat?: number;
  /** The player who takes it: an id of the calling key's own users; absent: none. */
  player?: string;
  /** The seat's display name, shown to every seat; absent: the name its creator gave it, if any. */
  name?: string;
}

export interface LeaderboardOptions extends CallOptions {
  /** Most entries per page (server default 50, at most 200). */
  pageSize?: number;
  /** The previous page's nextPageToken. */
  pageToken?: string;
}

export interface CreateTournamentOptions extends CallOptions {
  /** "round_robin" (absent: this) or "swiss". */
  format?: "round_robin" | "swiss";
  /** Swiss: the number of rounds (1 to 30); round robin: absent or 0 (its schedule's own). */
  rounds?: number;
  /** Players per game; absent: the game's default. */
  players?: number;
  /** The games' options (as createGame's). */
  options?: Record<string, unknown>;
  /** Server bots entered beside the keys, by level ("easy", "medium", "hard"; a level may come more than once). */
  botLevels?: readonly string[];
  /** Deals per pairing, 1 to 20; absent: 1. */
  deals?: number;
  /** Each deal played in every rotation of the seats. */
  duplicate?: boolean;
  /** Each seat's turn clock in seconds (absent or 0: 30); a seat out of time forfeits its game. */
  turnSeconds?: number;
  /** Whether the games are rated (they feed the ratings). */
  rated?: boolean;
}

export interface ListTournamentsOptions extends CallOptions {
  /** Most tournaments per page, 0 to 100 (absent or 0: 20). */
  pageSize?: number;
  /** nextPageToken of the previous page. */
  pageToken?: string;
}

export interface CreateTicketOptions extends CallOptions {
  /** The game's number of players; absent: the game's default. */
  players?: number;
  /** The game's options (as createGame's); tickets share a game only with the same resolved options. */
  options?: Record<string, unknown>;
  /** Whether the match is rated; tickets share a game only with the same choice. */
  rated?: boolean;
  /** The player the ticket is for: an id of the calling key's own users; absent: the key itself. */
  player?: string;
  /** The acceptable rating range (0 or absent: no bound on that side); tickets meet when their ranges overlap. */
  minRating?: number;
  maxRating?: number;
  /** Rating points each bound widens by per second of waiting (absent: a fixed range). */
  ratingRangeGrowth?: number;
  /** After this many seconds of waiting, server bots fill the seats nobody took (absent or 0: never). */
  botFillAfterSeconds?: number;
}

export interface ReviewMatchOptions extends CallOptions {
  /** Most decisions per page (each is a search): absent or 0: 20; at most 50. */
  pageSize?: number;
  /** `nextPageToken` of the previous page. */
  pageToken?: string;
}

export interface SuggestMovesOptions extends CallOptions {
  /** How many moves to suggest, 1 to 10; absent or 0: 3. */
  count?: number;
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

export interface TypedGetGameOptions<T extends GameTypeId> extends GetGameOptions {
  /** The game's type: the answer's view is typed for it (an error if the game is of another type). */
  gameType: T;
}

export interface ListGamesOptions extends CallOptions {
  /** "live", "finished", or absent for both. */
  state?: string;
  pageSize?: number;
  pageToken?: string;
}

export interface KeyEventsOptions {
  /** Resume after this event id; "0": every event kept, then live. Absent: the stream starts now, with one
   * "game_in_progress" per live game of the key first, then live events. */
  cursor?: string;
  /** Aborting ends the iteration quietly. */
  signal?: AbortSignal;
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
  readonly retry: RetryPolicy;
  /** game id -> the seed commitment seen at creation (checked when the seed is revealed). */
  private readonly commitments = new Map<string, string>();
  /** game id -> seat -> token, of the games this client created, rematched or joined. */
  private readonly tokens = new Map<string, Map<number, string>>();
  /** Creates, rematches and redemptions under way: the key's stream may tell of their game before they answer. */
  private readonly joining = new Set<Promise<unknown>>();

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
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
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

  /** The catalog: every game type with its player counts, options, move kinds, cards, schemas and levels of play
   * (`levels`: "easy", "medium", "hard", each with its ladder rating, `rating` undefined until measured). */
  async listGameTypes(options: CallOptions = {}): Promise<GameType[]> {
    const response = await this.unary(this.raw.listGameTypes, {}, options);
    return response.gameTypes;
  }

  /** The kinds of bot a seat can be given (CreateGame's `seats[i].bot`): the algorithms, then the levels. */
  async botKinds(options: CallOptions = {}): Promise<string[]> {
    const response = await this.unary(this.raw.listGameTypes, {}, options);
    return response.botKinds;
  }

  /** Starts a match; the response holds the game id and one token per person's seat (shown only once). */
  createGame(request: CreateGameOptions, options: CallOptions = {}): Promise<CreateGameResponse> {
    return this.joiningGame(this.create(request, options));
  }

  private async create(request: CreateGameOptions, options: CallOptions): Promise<CreateGameResponse> {
    const created = await this.unary(
      this.raw.createGame,
      {
        gameType: request.gameType,
        players: request.players ?? 0,
        seed: request.seed,
        options: request.options,
        seats: (request.seats ?? []).map((seat) => ({
          name: seat.name ?? "",
          bot: seat.bot ?? "",
          open: seat.open ?? false,
          player: seat.player ?? "",
        })),
        requestId: request.requestId ?? randomUUID(),
        inviteSeats: request.inviteSeats ?? [],
        hints: request.hints,
        rated: request.rated ?? false,
        minRating: request.minRating ?? 0,
        maxRating: request.maxRating ?? 0,
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
    return this.remember(created);
  }

  private remember(created: CreateGameResponse): CreateGameResponse {
    withParsedView(created.game);
    this.commitments.set(created.gameId, created.game?.seedCommitment ?? "");
    this.tokens.set(created.gameId, new Map(created.seats.map((seat) => [seat.seat, seat.token])));
    return created;
  }

  /** The seat tokens this client received for a game (created, rematched or joined), by seat. */
  seatTokens(gameId: string): Map<number, string> {
    return new Map(this.tokens.get(gameId) ?? []);
  }

  /** As seatTokens, but for a game not known yet, first waits for this client's creates under way (the key's
   * stream may announce a game before its create answers). */
  async waitForSeatTokens(gameId: string): Promise<Map<number, string>> {
    while (!this.tokens.has(gameId) && this.joining.size > 0) await Promise.allSettled([...this.joining]);
    return this.seatTokens(gameId);
  }

  private async joiningGame<T>(work: Promise<T>): Promise<T> {
    this.joining.add(work);
    try {
      return await work;
    } finally {
      this.joining.delete(work);
    }
  }

  /** A new match from a finished one: same type, players, options, seats and clock, a new seed. */
  rematch(gameId: string, options: CallOptions = {}): Promise<CreateGameResponse> {
    return this.joiningGame(this.unary(this.raw.rematch, { gameId }, options).then((created) => this.remember(created)));
  }

  /** The seat's token for an invitation code (once); the caller's API key joins the game. */
  redeemInvitation(gameId: string, code: string, options: CallOptions = {}): Promise<RedeemInvitationResponse> {
    return this.joiningGame(this.redeem(gameId, code, options));
  }

  private async redeem(gameId: string, code: string, options: CallOptions): Promise<RedeemInvitationResponse> {
    const redeemed = await this.unary(this.raw.redeemInvitation, { gameId, code }, options);
    withParsedView(redeemed.game);
    if (!this.commitments.has(gameId)) this.commitments.set(gameId, redeemed.game?.seedCommitment ?? "");
    const seats = this.tokens.get(gameId) ?? new Map<number, string>();
    if (redeemed.seat) seats.set(redeemed.seat.seat, redeemed.seat.token);
    this.tokens.set(gameId, seats);
    return redeemed;
  }

  /** The lobby (docs/api.md "Lobby"): one page of the games with an open seat, the longest waiting first, by the
   * filters given; read on with `pageToken: page.nextPageToken` while it is set. */
  listOpenGames(options: ListOpenGamesOptions = {}): Promise<ListOpenGamesResponse> {
    const request = {
      gameType: options.gameType ?? "",
      players: options.players ?? 0,
      rated: options.rated,
      minRating: options.minRating ?? 0,
      maxRating: options.maxRating ?? 0,
      pageSize: options.pageSize ?? 0,
      pageToken: options.pageToken ?? "",
    };
    return this.unary(this.raw.listOpenGames, request, options);
  }

  /** Takes an open seat (`seat`; absent: the lowest open one) for the calling API key and `player`: the seat's token
   * (shown once; kept in seatTokens) and the game as that seat sees it. Of joins racing for the last seat one wins;
   * the others get the typed error `seat/taken`. Other refusals: `seat/player_seated`, `game/finished`,
   * `game/not_found`. Retried as every call on a refusal that passes with time; a lost answer cannot be asked
   * again (the seat is taken and its token was shown once). */
  joinGame(gameId: string, options: JoinGameOptions = {}): Promise<JoinGameResponse> {
    return this.joiningGame(this.join(gameId, options));
  }

  private async join(gameId: string, options: JoinGameOptions): Promise<JoinGameResponse> {
    const joined = await this.unary(this.raw.joinGame, { gameId, seat: options.seat, player: options.player ?? "", name: options.name ?? "" }, options);
    withParsedView(joined.game);
    if (!this.commitments.has(gameId)) this.commitments.set(gameId, joined.game?.seedCommitment ?? "");
    const seats = this.tokens.get(gameId) ?? new Map<number, string>();
    if (joined.seat) seats.set(joined.seat.seat, joined.seat.token);
    this.tokens.set(gameId, seats);
    return joined;
  }

  /** Ratings (docs/api.md "Ratings"): the rating of one of the calling key's players ("@key": the key itself) in
   * a game type: `rating` (mu rounded, Elo-like), `mu`, `sigma`, `games`; a new player's default (1200) until a
   * rated game of it finished. The typed error `game/unknown` for an unknown game type. */
  getRating(gameType: string, player: string, options: CallOptions = {}): Promise<PlayerRating> {
    return this.unary(this.raw.getRating, { gameType, player }, options);
  }

  /** One page of a game type's leaderboard, highest first: the calling key's players (kind "player"), every key
   * playing itself (kind "bot_key", player "@key", with the key's name) and the server's rated bots (kind
   * "server_bot"); never another key's players. Read on with `pageToken: page.nextPageToken` while it is set. */
  leaderboard(gameType: string, options: LeaderboardOptions = {}): Promise<ListLeaderboardResponse> {
    const request = { gameType, pageSize: options.pageSize ?? 0, pageToken: options.pageToken ?? "" };
    return this.unary(this.raw.listLeaderboard, request, options);
  }

  /** Tournaments for bots (docs/api.md "Tournaments"): a round robin (default) or Swiss tournament of the entrant
   * API key ids `entrants` (and server bots of `botLevels`) in games of `gameType`. The calling key is entered when
   * it names itself; every other named key enters with enterTournament. Each game comes on its entrants' key streams
   * as "tournament_round" with the seat's token (serveKeyBot keeps it and plays the seat). */
  createTournament(
    gameType: string,
    entrants: readonly string[],
    options: CreateTournamentOptions = {},
  ): Promise<Tournament> {
    const request = {
      gameType,
      entrants: [...entrants],
      format: options.format ?? "round_robin",
      rounds: options.rounds ?? 0,
      players: options.players ?? 0,
      options: options.options,
      botLevels: [...(options.botLevels ?? [])],
      deals: options.deals ?? 1,
      duplicate: options.duplicate ?? false,
      turnSeconds: options.turnSeconds ?? 0,
      rated: options.rated ?? false,
    };
    return this.unary(this.raw.createTournament, request, options);
  }

  /** The calling key enters a tournament that names it (again: nothing changes); the typed error
   * `tournament/not_entrant` for a key it does not name. */
  enterTournament(tournamentId: string, options: CallOptions = {}): Promise<Tournament> {
    return this.unary(this.raw.enterTournament, { tournamentId }, options);
  }

  /** A tournament: its state, rounds, games and standings with 95% confidence intervals (never a seat token). */
  getTournament(tournamentId: string, options: CallOptions = {}): Promise<Tournament> {
    return this.unary(this.raw.getTournament, { tournamentId }, options);
  }

  /** The calling key's tournaments (created or named in), newest first, one page at a time. */
  listTournaments(options: ListTournamentsOptions = {}): Promise<ListTournamentsResponse> {
    const request = { pageSize: options.pageSize ?? 0, pageToken: options.pageToken ?? "" };
    return this.unary(this.raw.listTournaments, request, options);
  }

  /** Quick match (docs/api.md "Quick match"): a waiting ticket of the calling API key for a game of `gameType`,
   * matched with the tickets that ask for the same game and whose rating ranges overlap; after
   * `botFillAfterSeconds` server bots fill the seats nobody took. The match comes on the key's stream
   * ("match_found", with the seat's token) and on the ticket (getTicket). */
  createTicket(gameType: string, options: CreateTicketOptions = {}): Promise<Ticket> {
    const request = {
      gameType,
      players: options.players ?? 0,
      options: options.options,
      rated: options.rated ?? false,
      player: options.player ?? "",
      minRating: options.minRating ?? 0,
      maxRating: options.maxRating ?? 0,
      ratingRangeGrowth: options.ratingRangeGrowth ?? 0,
      botFillAfterSeconds: options.botFillAfterSeconds ?? 0,
    };
    return this.unary(this.raw.createTicket, request, options);
  }

  /** A ticket of the calling API key: its state, its rating range now and, once "matched", the game, seat and
   * token (kept in seatTokens). The typed error `ticket/not_found` for another key's ticket. */
  async getTicket(ticketId: string, options: CallOptions = {}): Promise<Ticket> {
    const ticket = await this.unary(this.raw.getTicket, { ticketId }, options);
    if (ticket.state === "matched" && ticket.seat !== undefined) this.keepSeatToken(ticket.gameId, ticket.seat, ticket.token);
    return ticket;
  }

  /** Cancels a waiting ticket (again: answers it cancelled); the typed error `ticket/not_waiting` once matched. */
  cancelTicket(ticketId: string, options: CallOptions = {}): Promise<Ticket> {
    return this.unary(this.raw.cancelTicket, { ticketId }, options);
  }

  /** Reads the ticket every `pollMs` (default 250) until it is no longer waiting or `timeoutMs` (default 60 s)
   * passed; the ticket as last read. The key's stream tells the match too ("match_found"), without polling. */
  async waitForMatch(ticketId: string, options: CallOptions & { timeoutMs?: number; pollMs?: number } = {}): Promise<Ticket> {
    const deadline = Date.now() + (options.timeoutMs ?? 60_000);
    for (;;) {
      const ticket = await this.getTicket(ticketId, options);
      if ((ticket.state !== "waiting" && ticket.state !== "matching") || Date.now() >= deadline) return ticket;
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 250));
    }
  }

  /** Keeps a seat's token this client learned from elsewhere (a ticket, a "match_found" event). */
  keepSeatToken(gameId: string, seat: number, token: string): void {
    const seats = this.tokens.get(gameId) ?? new Map<number, string>();
    seats.set(seat, token);
    this.tokens.set(gameId, seats);
  }

  /** The seat resigns (reason "resigned") or leaves ("left"): the match ends, every other seat wins. */
  resignSeat(gameId: string, options: CallOptions & { reason?: string }): Promise<ResignSeatResponse> {
    return this.unary(this.raw.resignSeat, { gameId, reason: options.reason ?? "resigned" }, options);
  }

  /** The creating API key ends a live game: finished, with no winner. */
  endGame(gameId: string, options: CallOptions = {}): Promise<EndGameResponse> {
    return this.unary(this.raw.endGame, { gameId }, options);
  }

  /** The creating API key deletes a game and everything stored of it. */
  async deleteGame(gameId: string, options: CallOptions = {}): Promise<string> {
    const deleted = await this.unary(this.raw.deleteGame, { gameId }, options);
    this.commitments.delete(gameId);
    this.tokens.delete(gameId);
    return deleted.gameId;
  }

  /** One page of the key's games, newest first. */
  listGames(options: ListGamesOptions = {}): Promise<ListGamesResponse> {
    const request = { state: options.state ?? "", pageSize: options.pageSize ?? 0, pageToken: options.pageToken ?? "" };
    return this.unary(this.raw.listGames, request, options);
  }

  /** The caller's view of the match (with `token`: its seat's view; without: the spectator's). */
  async getGame<T extends GameTypeId>(gameId: string, options: TypedGetGameOptions<T>): Promise<TypedGame<T>>;
  async getGame(gameId: string, options?: GetGameOptions): Promise<Game>;
  async getGame(gameId: string, options: GetGameOptions & { gameType?: GameTypeId } = {}): Promise<Game> {
    const game = await this.unary(this.raw.getGame, { gameId, viewJson: options.viewJson ?? false }, options);
    withParsedView(game);
    if (options.gameType !== undefined) typedView(game, options.gameType); // checks the type
    return game;
  }

  /** The seat's legal moves now, and the version they are legal at. Needs the seat's token. */
  listLegalMoves(gameId: string, options: CallOptions): Promise<ListLegalMovesResponse> {
    return this.unary(this.raw.listLegalMoves, { gameId }, options);
  }

  /** Hints: the seat's best `count` legal moves now, best first, each with the search's `visits` and
   * `expectedReward` (in [0, 1]; undefined for the seat's only move), from what the seat may know only; the same
   * answer for the same game, version and seat (docs/api.md "Hints"). Needs the seat's token. Typed errors:
   * `hints/disabled`, `game/finished`, `move/not_your_turn`, `limit/hint_rate`. */
  suggestMoves(gameId: string, options: SuggestMovesOptions): Promise<SuggestMovesResponse> {
    return this.unary(this.raw.suggestMoves, { gameId, count: options.count ?? 0 }, options);
  }

  /** Review after the match: each decision of the token's seat in a finished match (`decisions[]`: `version`,
   * `made`, `best`, `madeReward`, `bestReward`, `cost`, `rank`, `legalMoves`, `timedOut`), the move the strongest
   * search preferred there (the hint of that version) beside the move made and its estimated cost, from what the
   * seat knew then only (docs/api.md "Review after the match"), a page at a time: read on with `pageToken` while
   * `nextPageToken` is set. Typed errors: `game/not_finished`, `limit/hint_rate`. */
  reviewMatch(gameId: string, options: ReviewMatchOptions): Promise<ReviewMatchResponse> {
    const request = { gameId, pageSize: options.pageSize ?? 0, pageToken: options.pageToken ?? "" };
    return this.unary(this.raw.reviewMatch, request, options);
  }

  /** Plays `move` (its notation, or `{kind, args}` as ListLegalMoves gives it) for the token's seat if the game is
   * still at `expectedVersion`. */
  async applyMove(gameId: string, move: string | StructuredMove | Move, options: ApplyMoveOptions): Promise<ApplyMoveResponse> {
    const request = {
      gameId,
      move: typeof move === "string" ? move : "",
      structuredMove: typeof move === "string" ? undefined : { kind: move.kind, args: move.args ?? {} },
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
        if (!(error instanceof GameEngineError) || !RETRIED.has(error.status) || attempt >= retries) throw error;
        await sleep(100 * (attempt + 1));
      }
    }
  }

  /** Totals, rounds, finished flag and winners. Public. Once the seed is revealed, checks it against the
   * commitment this client saw at creation: FairnessError if they differ. */
  async getScore(gameId: string, options: CallOptions = {}): Promise<Score> {
    const score = await this.unary(this.raw.getScore, { gameId }, options);
    if (score.fairness?.revealed) this.checkFairness(gameId, score.fairness);
    return score;
  }

  /** The revealed seed of a finished game, checked against the commitment seen at its creation (FairnessError if
   * it does not hold or is not revealed yet). */
  async verifyFairness(gameId: string, options: CallOptions = {}): Promise<Fairness> {
    const fairness = (await this.getScore(gameId, options)).fairness;
    if (!fairness?.revealed) throw new FairnessError(gameId, "the seed is not revealed yet (the match is not over)");
    return fairness;
  }

  private checkFairness(gameId: string, fairness: Fairness): void {
    if (fairness.seedSource !== "server") return; // a client's seed claims no commitment (docs/fairness.md)
    const promised = this.commitments.get(gameId) ?? fairness.seedCommitment;
    if (promised !== fairness.seedCommitment) {
      throw new FairnessError(gameId, `the commitment changed from ${promised} to ${fairness.seedCommitment}`);
    }
    const actual = commitmentOf(fairness.seed, fairness.salt);
    if (actual.length !== promised.length || !timingSafeEqual(Buffer.from(actual), Buffer.from(promised))) {
      throw new FairnessError(gameId, `sha256(seed || salt) is ${actual}, not the commitment ${promised}`);
    }
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

  /** The API key's one stream: "game_created", "game_joined", "your_turn", "game_finished" in any of its games.
   * Without a cursor it starts now: first one "game_in_progress" per live game of the key (its seats, the seats to
   * act: `seatsToAct(event)`), then live events. Resumes by itself after the last event seen when the connection
   * drops (UNAVAILABLE), with the retry policy. */
  async *watchKeyEvents(options: KeyEventsOptions = {}): AsyncGenerator<KeyEvent> {
    let cursor = options.cursor ?? "";
    for (let attempt = 0; ; ) {
      const call = this.raw.watchKeyEvents({ cursor }, this.metadata(undefined), {});
      const abort = (): void => call.cancel();
      options.signal?.addEventListener("abort", abort, { once: true });
      try {
        for await (const message of call) {
          attempt = 0;
          cursor = (message as KeyEvent).id;
          yield message as KeyEvent;
        }
        return;
      } catch (error) {
        if (options.signal?.aborted) return;
        const failure = toGameEngineError(error);
        if (!failure.retryable || ++attempt >= this.retry.attempts) throw failure;
        await sleep(this.delayMs(attempt - 1, failure));
      } finally {
        options.signal?.removeEventListener("abort", abort);
        call.on("error", () => undefined);
        call.cancel();
      }
    }
  }

  private delayMs(attempt: number, error: GameEngineError): number {
    const backoff = Math.min(this.retry.capMs, this.retry.baseMs * 2 ** attempt) * (1 + Math.random() / 2);
    return Math.max(backoff, Math.min(this.retry.longestMs, error.retryAfterMs ?? 0));
  }

  private metadata(token: string | undefined): Metadata {
    const metadata = new Metadata();
    if (token) metadata.set("authorization", `Bearer ${token}`);
    if (this.apiKey) metadata.set("x-api-key", this.apiKey);
    return metadata;
  }

  /** Webhooks (docs/api.md "Webhooks"): registers `url` (https://; http:// and private addresses only where the
   * operator allows them) for the calling key's events of the kinds `events`; answers the `webhook` and its signing
   * `secret`, shown only here. The typed error `webhook/target_refused` for a target not allowed. */
  registerWebhook(url: string, options: RegisterWebhookOptions = {}): Promise<RegisterWebhookResponse> {
    return this.unary(this.raw.registerWebhook, { url, events: [...(options.events ?? [])] }, options);
  }

  /** The calling key's webhooks, oldest first, with where their deliveries stand (never their secrets). */
  async listWebhooks(options: CallOptions = {}): Promise<Webhook[]> {
    return (await this.unary(this.raw.listWebhooks, {}, options)).webhooks;
  }

  /** Deletes a webhook of the calling key; the typed error `webhook/not_found` if it has none of that id. */
  async deleteWebhook(webhookId: string, options: CallOptions = {}): Promise<string> {
    return (await this.unary(this.raw.deleteWebhook, { webhookId }, options)).webhookId;
  }

  private async unary<Req, Res>(method: UnaryMethod<Req, Res>, request: Req, options: CallOptions): Promise<Res> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.unaryOnce(method, request, options);
      } catch (error) {
        if (!(error instanceof GameEngineError) || !error.retryable || attempt + 1 >= this.retry.attempts) throw error;
        await sleep(this.delayMs(attempt, error));
      }
    }
  }

  private unaryOnce<Req, Res>(method: UnaryMethod<Req, Res>, request: Req, options: CallOptions): Promise<Res> {
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
