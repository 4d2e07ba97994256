// Errors of the cardengine API as one typed class, of the same shape as the Python SDK's: `code` the service's stable
// code (google.rpc.ErrorInfo's reason, from the `grpc-status-details-bin` trailer, a serialized google.rpc.Status),
// `status` the transport's status (the gRPC status code).
import { Metadata, status as GrpcStatus, type ServiceError } from "@grpc/grpc-js";
import { ErrorInfo, RetryInfo } from "./gen/google/rpc/error_details";
import { Status } from "./gen/google/rpc/status";

export const STATUS_DETAILS_KEY = "grpc-status-details-bin";
const ERROR_INFO_TYPE = "type.googleapis.com/google.rpc.ErrorInfo";

/** The refusals of RESOURCE_EXHAUSTED that pass with time (a rate limit, streams or connections in use), by code:
 * the client retries them. The others of that status last: `limit/live_games` (until one of the key's games ends),
 * `limit/wrong_tokens`, a request too large, and gRPC's own refusal of a message over its maximum. */
export const PASSING_LIMITS: ReadonlySet<string> = new Set([
  "limit/key_rate",
  "limit/address_rate",
  "limit/stream_tickets",
  "limit/connections",
  "limit/hint_rate",
  "stream/too_many",
]);

/** Whether a refusal passes with time, so that the same call may succeed later: every UNAVAILABLE (`store/unavailable`,
 * `store/full`, `store/durability_unknown`, `store/behind`, `server/stopping`, a lost connection) and the limits
 * of PASSING_LIMITS. Lasting ones (auth, validation, `limit/live_games`, ...) are not. The Python SDK's rule too. */
export function isPassing(code: string, status: GrpcStatus): boolean {
  return status === GrpcStatus.UNAVAILABLE || PASSING_LIMITS.has(code);
}

/** The name of a gRPC status code, e.g. "PERMISSION_DENIED" for 7. */
export function statusName(code: number): string {
  return GrpcStatus[code] ?? `UNKNOWN_STATUS_${code}`;
}

/** What makes a GameEngineError. */
export interface GameEngineErrorInit {
  code: string;
  status: GrpcStatus;
  message: string;
  /** ErrorInfo.reason as sent; absent when the server sent no ErrorInfo. */
  reason?: string;
  domain?: string;
  metadata?: Readonly<Record<string, string>>;
  statusDetails?: Status;
  retryAfterMs?: number;
}

/** What a failed call says: the stable code, the gRPC status, the server's message, and its ErrorInfo (domain,
 * metadata), when the server sent one. */
export class GameEngineError extends Error {
  override readonly name = "GameEngineError";
  /** The stable machine-readable code of the error table (docs/api.md "Errors"), e.g. "move/not_your_turn" or
   * "version/stale": ErrorInfo.reason. A failure the server sent no code with (a deadline, a lost connection) has
   * its gRPC status's name in lower case, e.g. "deadline_exceeded", "unavailable" (as in the Python SDK). */
  readonly code: string;
  /** The transport status: the gRPC status code (grpc-js `status` enum), e.g. 7 (PERMISSION_DENIED). */
  readonly status: GrpcStatus;
  /** ErrorInfo.domain, "cardengine.v1" for the engine's errors; empty when the server sent no ErrorInfo. */
  readonly domain: string;
  /** ErrorInfo.metadata: the specifics, e.g. {currentVersion: "3"} or {engineCode: "..."}. */
  readonly metadata: Readonly<Record<string, string>>;
  /** The decoded google.rpc.Status of the `grpc-status-details-bin` trailer, when it carried one. */
  readonly statusDetails: Status | undefined;
  /** How long the server asks to wait before a retry (RetryInfo, else the `retry-after` trailer), if it said. */
  retryAfterMs: number | undefined;
  /** @deprecated Use `code`. ErrorInfo.reason as sent: the same as `code`, or "" when the server sent none. */
  readonly reason: string;

  constructor(init: GameEngineErrorInit, options?: { cause?: unknown }) {
    super(init.message, options);
    this.code = init.code;
    this.status = init.status;
    this.reason = init.reason ?? "";
    this.domain = init.domain ?? "";
    this.metadata = init.metadata ?? {};
    this.statusDetails = init.statusDetails;
    this.retryAfterMs = init.retryAfterMs;
  }

  /** A refusal that passes with time (see isPassing), which the client's retry policy retries; not a lasting one
   * (`limit/live_games`, `auth/...`, `request/...`, an illegal move, ...). */
  get retryable(): boolean {
    return isPassing(this.code, this.status);
  }

  /** The gRPC status's name, e.g. "ABORTED". */
  get statusName(): string {
    return statusName(this.status);
  }

  /** @deprecated Use `statusName` (`code` is the stable code now). */
  get codeName(): string {
    return this.statusName;
  }

  override toString(): string {
    return `GameEngineError: ${this.statusName} ${this.code}: ${this.message}`;
  }
}

/** Decodes the google.rpc.Status of a `grpc-status-details-bin` trailer; undefined when absent or unreadable. */
export function decodeStatusDetails(metadata: Metadata | undefined): Status | undefined {
  const values = metadata?.get(STATUS_DETAILS_KEY) ?? [];
  const raw = values[0];
  if (raw === undefined) return undefined;
  const bytes = typeof raw === "string" ? Buffer.from(raw, "base64") : raw;
  try {
    return Status.decode(bytes);
  } catch {
    return undefined;
  }
}

/** The first ErrorInfo among a Status's details. */
export function errorInfoOf(status: Status | undefined): ErrorInfo | undefined {
  for (const detail of status?.details ?? []) {
    if (detail.typeUrl === ERROR_INFO_TYPE || detail.typeUrl.endsWith("/google.rpc.ErrorInfo")) {
      try {
        return ErrorInfo.decode(detail.value);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The retry delay of a Status's RetryInfo, in milliseconds. */
export function retryDelayOf(status: Status | undefined): number | undefined {
  for (const detail of status?.details ?? []) {
    if (!detail.typeUrl.endsWith("/google.rpc.RetryInfo")) continue;
    try {
      const delay = RetryInfo.decode(detail.value).retryDelay;
      if (delay) return delay.seconds * 1000 + Math.round(delay.nanos / 1e6);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function retryAfterTrailer(metadata: Metadata | undefined): number | undefined {
  const value = metadata?.get("retry-after")[0];
  const seconds = typeof value === "string" ? Number(value) : NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

function isServiceError(error: unknown): error is ServiceError {
  return error instanceof Error && typeof (error as Partial<ServiceError>).code === "number";
}

/** A GameEngineError from whatever a call failed with (a grpc-js ServiceError, or anything else: UNKNOWN). */
export function toGameEngineError(error: unknown): GameEngineError {
  if (error instanceof GameEngineError) return error;
  if (!isServiceError(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return new GameEngineError({ code: "unknown", status: GrpcStatus.UNKNOWN, message }, { cause: error });
  }
  const details = decodeStatusDetails(error.metadata);
  const info = errorInfoOf(details);
  return new GameEngineError(
    {
      code: info?.reason || statusName(error.code).toLowerCase(),
      status: error.code,
      message: details?.message || error.details || error.message,
      reason: info?.reason,
      domain: info?.domain,
      metadata: { ...(info?.metadata ?? {}) },
      statusDetails: details,
      retryAfterMs: retryDelayOf(details) ?? retryAfterTrailer(error.metadata),
    },
    { cause: error },
  );
}
