"""The repository's first name of the Python client: ``clients.grpc_client`` re-exports the SDK,
``cardengine_client`` (clients/python/, installable on its own with ``pip install ./clients/python``), for the
scripts, bots and tests written against it. New code imports ``cardengine_client``.

Its ``GameEngineClient`` keeps the first client's behaviour: no automatic retries and no idempotency key unless
given, so a caller sees every failure at once and an identical move retried without a key is replayed by content.
"""

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import grpc

try:
    import cardengine_client
except ImportError:  # a .venv installed before the SDK had its package: import it from its source folder
    sys.path.append(str(Path(__file__).resolve().parent / "python"))
    import cardengine_client

from cardengine_client import (  # the SDK's whole public surface under the old name (GameEngineClient: below)
    ERROR_DOMAIN,
    NO_RETRY,
    CardInfo,
    CreatedGame,
    EventLog,
    EventsPage,
    Fairness,
    FairnessError,
    GameClock,
    GameEngineError,
    GameEvent,
    GameOption,
    GamesPage,
    GameSummary,
    GameType,
    GameView,
    Invitation,
    KeyEvent,
    LastMove,
    LegalMove,
    LegalMoves,
    MoveOutcome,
    MoveResult,
    RedeemedSeat,
    RetryPolicy,
    RoundScore,
    Score,
    SeatDeadline,
    SeatToken,
    WatchUpdate,
    check_fairness,
    commitment_of,
    event_of,
    game_type_of,
    game_view_of,
    plain,
    struct_to_dict,
)

__all__ = [
    "ERROR_DOMAIN",
    "NO_RETRY",
    "CardInfo",
    "CreatedGame",
    "EventLog",
    "EventsPage",
    "Fairness",
    "FairnessError",
    "GameClock",
    "GameEngineClient",
    "GameEngineError",
    "GameEvent",
    "GameOption",
    "GameSummary",
    "GameType",
    "GameView",
    "GamesPage",
    "Invitation",
    "KeyEvent",
    "LastMove",
    "LegalMove",
    "LegalMoves",
    "MoveOutcome",
    "MoveResult",
    "RedeemedSeat",
    "RetryPolicy",
    "RoundScore",
    "Score",
    "SeatDeadline",
    "SeatToken",
    "WatchUpdate",
    "check_fairness",
    "commitment_of",
    "event_of",
    "game_type_of",
    "game_view_of",
    "plain",
    "struct_to_dict",
]


class GameEngineClient(cardengine_client.GameEngineClient):
    """The SDK's client with the first client's defaults (no retries, no automatic move keys)."""

    # The repository's tests call the stub with the server's generated messages: the same classes at run time (one
    # descriptor pool), two modules for mypy.
    _stub: Any

    def __init__(
        self,
        target: str,
        *,
        timeout: float | None = 30.0,
        channel: grpc.Channel | None = None,
        options: Sequence[tuple[str, Any]] = (),
        api_key: str | None = None,
        retry: cardengine_client.RetryPolicy = cardengine_client.NO_RETRY,
        move_keys: bool = False,
    ) -> None:
        super().__init__(
            target, timeout=timeout, channel=channel, options=options, api_key=api_key, retry=retry, move_keys=move_keys
        )
