"""cardengine's rules engine: pure, deterministic, no I/O.

Use ``engine.api`` (re-exported here): ``new_game``, ``legal_moves``, ``apply``, ``view``, ``score``,
``encode``/``decode``.
"""

from engine.api import apply, check_move, is_finished, legal_moves, new_game, parse_move, score, to_act, view
from engine.errors import (
    CorruptSnapshotError,
    EngineError,
    GameFinishedError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidPlayersError,
    NotYourTurnError,
    UnknownGameError,
)
from engine.events import Event
from engine.game import CardLocation, Game
from engine.moves import Move, MoveKind
from engine.registry import all_games, get_game
from engine.scoring import RoundScore, ScoreSheet
from engine.state import GameState, decode, encode

__all__ = [
    "CardLocation",
    "CorruptSnapshotError",
    "EngineError",
    "Event",
    "Game",
    "GameFinishedError",
    "GameState",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidOptionError",
    "InvalidPlayersError",
    "Move",
    "MoveKind",
    "NotYourTurnError",
    "RoundScore",
    "ScoreSheet",
    "UnknownGameError",
    "all_games",
    "apply",
    "check_move",
    "decode",
    "encode",
    "get_game",
    "is_finished",
    "legal_moves",
    "new_game",
    "parse_move",
    "score",
    "to_act",
    "view",
]
