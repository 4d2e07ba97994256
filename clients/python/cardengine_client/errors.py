"""Typed errors: a failed call raises ``GameEngineError`` with ``code`` the service's stable code (``version/stale``,
``move/not_your_turn``, ``limit/key_rate``, ...; docs/api.md "Errors"; without one, the gRPC status's name in lower
case), ``status`` the gRPC status, its message and details: the Node SDK's shape too."""

from __future__ import annotations

from collections.abc import Mapping

import grpc
from google.protobuf import duration_pb2
from google.rpc import error_details_pb2, status_pb2

ERROR_DOMAIN = "cardengine.v1"
_STATUS_DETAILS = "grpc-status-details-bin"

PASSING_LIMITS = frozenset(
    {
        "limit/key_rate",
        "limit/address_rate",
        "limit/stream_tickets",
        "limit/connections",
        "limit/hint_rate",
        "stream/too_many",
    }
)
"""The refusals of RESOURCE_EXHAUSTED that pass with time (a rate limit, streams or connections in use), by code. The
others of that status last: ``limit/live_games`` (until one of the key's games ends), ``limit/wrong_tokens``, a
request too large, and gRPC's own refusal of a message over its maximum."""


def is_passing(code: str, status: grpc.StatusCode) -> bool:
    """Whether a refusal passes with time, so that the same call may succeed later: every UNAVAILABLE
    (``store/unavailable``, ``store/full``, ``store/durability_unknown``, ``store/behind``, ``server/stopping``, a lost
    connection) and the limits of PASSING_LIMITS. Lasting ones (auth, validation, ``limit/live_games``, ...) are not.
    The Node SDK's rule too (``isPassing``)."""
    return status is grpc.StatusCode.UNAVAILABLE or code in PASSING_LIMITS


class GameEngineError(Exception):
    """A failed call: the gRPC status, the service's machine-readable code, a message and the details."""

    def __init__(
        self,
        status: grpc.StatusCode,
        code: str,
        message: str,
        details: Mapping[str, str],
        retry_after: float | None = None,
    ) -> None:
        super().__init__(f"{status.name} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.details = dict(details)
        self.retry_after = retry_after  # seconds the server asks to wait (RetryInfo or retry-after), if any

    @property
    def current_version(self) -> int | None:
        """For a stale ``expected_version`` (ABORTED): the game's current version."""
        value = self.details.get("currentVersion")
        return int(value) if value is not None else None

    @property
    def retryable(self) -> bool:
        """A refusal that passes with time (``is_passing``), which the client's retry policy retries; not a lasting one
        (``limit/live_games``, ``auth/...``, ``request/...``, an illegal move, ...)."""
        return is_passing(self.code, self.status)

    @classmethod
    def from_rpc_error(cls, error: grpc.RpcError) -> GameEngineError:
        if not isinstance(error, grpc.Call):
            return cls(grpc.StatusCode.UNKNOWN, "unknown", str(error), {})
        status: grpc.StatusCode = error.code()
        message: str = error.details() or ""
        code, details, retry_after = "", dict[str, str](), None
        trailers = tuple(error.trailing_metadata() or ())
        for key, value in trailers:
            if key == "retry-after" and isinstance(value, str):
                retry_after = _seconds(value)
            elif key == _STATUS_DETAILS and isinstance(value, bytes):
                rich = status_pb2.Status.FromString(value)
                if rich.code == status.value[0]:  # rich details of another status: a proxy mixed them up
                    message = rich.message
                    code, details, waited = _rich_details(rich)
                    retry_after = waited if waited is not None else retry_after
        return cls(status, code or status.name.lower(), message, details, retry_after)


def _rich_details(rich: status_pb2.Status) -> tuple[str, dict[str, str], float | None]:
    code, details, retry_after = "", dict[str, str](), None
    for detail in rich.details:
        info = error_details_pb2.ErrorInfo()
        retry = error_details_pb2.RetryInfo()
        if detail.Is(info.DESCRIPTOR) and detail.Unpack(info) and info.domain == ERROR_DOMAIN:
            code, details = info.reason, dict(info.metadata)
        elif detail.Is(retry.DESCRIPTOR) and detail.Unpack(retry):
            delay: duration_pb2.Duration = retry.retry_delay
            retry_after = delay.seconds + delay.nanos / 1e9
    if retry_after is None and "retryAfterSeconds" in details:
        retry_after = _seconds(details["retryAfterSeconds"])
    return code, details, retry_after


def _seconds(text: str) -> float | None:
    try:
        return max(0.0, float(text))
    except ValueError:
        return None


class FairnessError(Exception):
    """The seed revealed at the end does not match the commitment the client saw when the game was created."""

    def __init__(self, game_id: str, reason: str) -> None:
        super().__init__(f"game {game_id}: {reason}")
        self.game_id = game_id
        self.reason = reason
