export {
  GameEngineClient,
  DEFAULT_DEADLINE_MS,
  type ApplyMoveOptions,
  type CallOptions,
  type ClientOptions,
  type CreateGameOptions,
  type EventsOptions,
  type GetGameOptions,
  type WatchOptions,
} from "./client";
export { GameEngineError, decodeStatusDetails, errorInfoOf, statusName, toGameEngineError } from "./errors";
export { RandomBot, SeededRandom, playRandomMatch, type MatchResult, type MoveRecord, type PlayOptions } from "./bot";
export * from "./gen/cardengine/v1/game_engine";
export { GameEngineClient as GeneratedGameEngineClient } from "./gen/cardengine/v1/game_engine";
