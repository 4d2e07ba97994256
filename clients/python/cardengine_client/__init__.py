"""cardengine_client: the Python SDK of the cardengine API (gRPC), installable on its own.

    from cardengine_client import GameEngineClient

    with GameEngineClient("127.0.0.1:50051") as client:
        created = client.create_game("dracula", players=2)
        token = created.token(0)
        moves = client.list_legal_moves(created.game_id, token)
        client.apply_move(created.game_id, token, moves.moves[0], moves.version)

Typed content per game: ``cardengine_client.games`` (generated from the games' JSON Schemas).
"""

from cardengine_client.client import (
    NO_RETRY,
    EventsPage,
    GameEngineClient,
    GamesPage,
    RetryPolicy,
    check_fairness,
    commitment_of,
)
from cardengine_client.errors import ERROR_DOMAIN, FairnessError, GameEngineError
from cardengine_client.hints import MatchReview, ReviewedDecision
from cardengine_client.lobby_values import OpenGame, OpenGamesPage, Seat
from cardengine_client.matchmaking import Ticket
from cardengine_client.ratings import LeaderboardEntry, LeaderboardPage, PlayerRating, SeatRating
from cardengine_client.tournaments import (
    ConfidenceInterval,
    Tournament,
    TournamentGame,
    TournamentsPage,
    TournamentStanding,
)
from cardengine_client.values import (
    BotLevel,
    CardInfo,
    CreatedGame,
    EventLog,
    Fairness,
    GameClock,
    GameEvent,
    GameOption,
    GameSummary,
    GameType,
    GameView,
    Hints,
    Invitation,
    KeyEvent,
    LastMove,
    LegalMove,
    LegalMoves,
    MoveOutcome,
    MoveResult,
    RedeemedSeat,
    RoundScore,
    Score,
    SeatDeadline,
    SeatToken,
    Suggestion,
    WatchUpdate,
    event_of,
    game_type_of,
    game_view_of,
    plain,
    struct_to_dict,
)
from cardengine_client.webhooks import RegisteredWebhook, Webhook, WebhookSignatureError, verify_webhook

__all__ = [
    "ERROR_DOMAIN",
    "NO_RETRY",
    "BotLevel",
    "CardInfo",
    "ConfidenceInterval",
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
    "Hints",
    "Invitation",
    "KeyEvent",
    "LastMove",
    "LeaderboardEntry",
    "LeaderboardPage",
    "LegalMove",
    "LegalMoves",
    "MatchReview",
    "MoveOutcome",
    "MoveResult",
    "OpenGame",
    "OpenGamesPage",
    "PlayerRating",
    "RedeemedSeat",
    "RegisteredWebhook",
    "RetryPolicy",
    "ReviewedDecision",
    "RoundScore",
    "Score",
    "Seat",
    "SeatDeadline",
    "SeatRating",
    "SeatToken",
    "Suggestion",
    "Ticket",
    "Tournament",
    "TournamentGame",
    "TournamentStanding",
    "TournamentsPage",
    "WatchUpdate",
    "Webhook",
    "WebhookSignatureError",
    "check_fairness",
    "commitment_of",
    "event_of",
    "game_type_of",
    "game_view_of",
    "plain",
    "struct_to_dict",
    "verify_webhook",
]
