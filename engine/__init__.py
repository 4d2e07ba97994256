"""cardengine's rules engine: pure, deterministic, no I/O.

Use ``engine.api`` (re-exported here): ``new_game``, ``legal_moves``, ``apply``, ``view``, ``score``,
``encode``/``decode``, ``replay``.
"""

# The submodule engine.determinize (sampling mechanics, imported by the games) is loaded first, so that the
# function engine.determinize bound below is not replaced by the module when a game imports it later.
import engine.determinize as _determinize_mechanics  # noqa: F401
from engine.api import (
    apply,
    check_move,
    decode,
    describe_move,
    determinize,
    event_for,
    is_finished,
    legal_moves,
    new_game,
    parse_move,
    score,
    to_act,
    view,
)
from engine.errors import (
    CorruptSnapshotError,
    EngineError,
    GameFinishedError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidPlayersError,
    NotYourTurnError,
    ReplayError,
    RulesVersionError,
    UnknownGameError,
)
from engine.events import Event
from engine.game import CardLocation, Game
from engine.moves import Move, MoveKind
from engine.registry import all_games, get_game
from engine.replay import Replay, replay
from engine.schemas import game_schemas
from engine.scoring import RoundScore, ScoreSheet
from engine.state import GameState, encode

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
    "Replay",
    "ReplayError",
    "RoundScore",
    "RulesVersionError",
    "ScoreSheet",
    "UnknownGameError",
    "all_games",
    "apply",
    "check_move",
    "decode",
    "describe_move",
    "determinize",
    "encode",
    "event_for",
    "game_schemas",
    "get_game",
    "is_finished",
    "legal_moves",
    "new_game",
    "parse_move",
    "replay",
    "score",
    "to_act",
    "view",
]
