// Errors of the cardengine API as one typed class: the gRPC status plus the google.rpc.ErrorInfo the server puts
// in the `grpc-status-details-bin` trailer (a serialized google.rpc.Status).
import { Metadata, status as GrpcStatus, type ServiceError } from "@grpc/grpc-js";
import { ErrorInfo, RetryInfo } from "./gen/google/rpc/error_details";
import { Status } from "./gen/google/rpc/status";

export const STATUS_DETAILS_KEY = "grpc-status-details-bin";
const ERROR_INFO_TYPE = "type.googleapis.com/google.rpc.ErrorInfo";
const RETRIED = new Set<number>([GrpcStatus.UNAVAILABLE, GrpcStatus.RESOURCE_EXHAUSTED]);

/** The name of a gRPC status code, e.g. "PERMISSION_DENIED" for 7. */
export function statusName(code: number): string {
  return GrpcStatus[code] ?? `UNKNOWN_STATUS_${code}`;
}

/** What a failed call says: status code and name, the server's message, and its ErrorInfo (reason, domain,
 * metadata), when the server sent one. `reason` is the stable code, e.g. "move/not_your_turn" or "version/stale". */
export class GameEngineError extends Error {
  override readonly name = "GameEngineError";
  /** How long the server asks to wait before a retry (RetryInfo, else the `retry-after` trailer), if it said. */
  retryAfterMs: number | undefined = undefined;

  constructor(
    /** The gRPC status code (grpc-js `status` enum), e.g. 7 for PERMISSION_DENIED. */
    readonly code: GrpcStatus,
    message: string,
    /** The stable machine-readable code of the error (ErrorInfo.reason); empty when the server sent none. */
    readonly reason: string,
    /** ErrorInfo.domain, "cardengine.v1" for the engine's errors. */
    readonly domain: string,
    /** ErrorInfo.metadata: the specifics, e.g. {currentVersion: "3"} or {engineCode: "..."}. */
    readonly metadata: Readonly<Record<string, string>>,
    /** The decoded google.rpc.Status, when the trailer carried one. */
    readonly status: Status | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** UNAVAILABLE (a server restarting, a lost connection) and RESOURCE_EXHAUSTED (a limit) pass with time. */
  get retryable(): boolean {
    return RETRIED.has(this.code);
  }

  /** The status code's name, e.g. "ABORTED". */
  get codeName(): string {
    return statusName(this.code);
  }

  override toString(): string {
    const reason = this.reason ? ` ${this.reason}` : "";
    return `GameEngineError: ${this.codeName}${reason}: ${this.message}`;
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
    const text = error instanceof Error ? error.message : String(error);
    return new GameEngineError(GrpcStatus.UNKNOWN, text, "", "", {}, undefined, { cause: error });
  }
  const status = decodeStatusDetails(error.metadata);
  const info = errorInfoOf(status);
  const message = status?.message || error.details || error.message;
  const failure = new GameEngineError(
    error.code,
    message,
    info?.reason ?? "",
    info?.domain ?? "",
    { ...(info?.metadata ?? {}) },
    status,
    { cause: error },
  );
  failure.retryAfterMs = retryDelayOf(status) ?? retryAfterTrailer(error.metadata);
  return failure;
}
