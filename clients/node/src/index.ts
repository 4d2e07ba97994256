import type { GameMoveArgs } from "./games";

export {
  GameEngineClient,
  DEFAULT_DEADLINE_MS,
  DEFAULT_RETRY,
  FairnessError,
  commitmentOf,
  typedEvent,
  typedView,
  type ApplyMoveOptions,
  type KeyEventsOptions,
  type JoinGameOptions,
  type ListGamesOptions,
  type ListOpenGamesOptions,
  type CreateTicketOptions,
  type LeaderboardOptions,
  type RetryPolicy,
  type StructuredMove,
  type ReviewMatchOptions,
  type SuggestMovesOptions,
  type TypedGame,
  type TypedGetGameOptions,
  type CallOptions,
  type RegisterWebhookOptions,
  type CreateTournamentOptions,
  type ListTournamentsOptions,
  type ClientOptions,
  type CreateGameOptions,
  type EventsOptions,
  type GetGameOptions,
  type WatchOptions,
} from "./client";
export {
  GameEngineError,
  PASSING_LIMITS,
  decodeStatusDetails,
  errorInfoOf,
  isPassing,
  retryDelayOf,
  statusName,
  toGameEngineError,
  type GameEngineErrorInit,
} from "./errors";
export { seatsToAct, serveKeyBot, type Chooser } from "./keybot";
export {
  verifyWebhook,
  WebhookSignatureError,
  DEFAULT_TOLERANCE_SECONDS,
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  type WebhookDelivery,
} from "./webhooks";
export * from "./games";
/** @deprecated The misspelled first name of `GameMoveArgs` (each game type's move arguments, by game type id). */
export type GameMoveArgss = GameMoveArgs;
export { RandomBot, SeededRandom, playRandomMatch, type MatchResult, type MoveRecord, type PlayOptions } from "./bot";
export * from "./gen/cardengine/v1/game_engine";
export { GameEngineClient as GeneratedGameEngineClient } from "./gen/cardengine/v1/game_engine";
