"""The SDK's values: what each call answers, as frozen dataclasses (views, event data and move arguments as plain
JSON-like dicts, integral numbers as ``int``; cardengine_client.games types them per game)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from google.protobuf import struct_pb2

from cardengine_client._proto import game_engine_pb2 as pb
from cardengine_client.ratings import SeatRating, seat_ratings_of

# ----- values -----------------------------------------------------------------------------------------------------


def plain(value: Any) -> Any:
    """A JSON-like value with integral floats turned back into ints (protobuf's Struct keeps only doubles)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    return value


def struct_to_dict(struct: struct_pb2.Struct) -> dict[str, Any]:
    """A Struct as a plain dict (integral numbers as ints), walking the message directly."""
    return {key: _from_value(value) for key, value in struct.fields.items()}


def _from_value(value: struct_pb2.Value) -> Any:
    kind = value.WhichOneof("kind")
    if kind == "string_value":
        return value.string_value
    if kind == "number_value":
        number = value.number_value
        return int(number) if number.is_integer() else number
    if kind == "bool_value":
        return value.bool_value
    if kind == "struct_value":
        return {key: _from_value(item) for key, item in value.struct_value.fields.items()}
    if kind == "list_value":
        return [_from_value(item) for item in value.list_value.values]
    return None


@dataclass(frozen=True, slots=True)
class GameOption:
    name: str
    type: str
    default: Any
    description: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None


@dataclass(frozen=True, slots=True)
class GameType:
    id: str
    title: str
    description: str
    min_players: int
    max_players: int
    default_players: int
    rules_version: int
    options: tuple[GameOption, ...]
    move_kinds: tuple[tuple[str, tuple[str, ...], str], ...]  # (name, params, description)
    player_counts: tuple[int, ...] = ()  # exactly the accepted numbers of players, e.g. (2, 4)
    cards: tuple[CardInfo, ...] = ()  # every card of the game's deck(s), by code
    schemas: dict[str, Any] = field(default_factory=dict)  # the JSON Schemas: view, moveArgs, events, score
    levels: tuple[BotLevel, ...] = ()  # the levels of play (bot kinds easy, medium, hard) with their ratings


@dataclass(frozen=True, slots=True)
class BotLevel:
    """A level of play in one game: the bot kind (``easy``, ``medium``, ``hard``) for ``create_game``'s seats, with its
    Elo rating on the game's ladder (random = 0) and 95% interval; ``rating`` None while it is not rated."""

    name: str
    rating: float | None = None
    rating_low: float | None = None
    rating_high: float | None = None
    rated_matches: int = 0


@dataclass(frozen=True, slots=True)
class CardInfo:
    """One card of a game's deck: its code (as in views and notation), name, suit, rank, points and copies."""

    code: str
    name: str
    suit: str
    rank: str
    points: int | None
    count: int
    description: str = ""
    option: str = ""  # the option that adds it to the deck ("" if always in)
    option_count: int = 0


@dataclass(frozen=True, slots=True)
class SeatDeadline:
    seat: int
    deadline: float  # seconds since the Unix epoch
    remaining_ms: int


@dataclass(frozen=True, slots=True)
class GameClock:
    """A match's turn clock (all zero: no clock)."""

    turn_seconds: int = 0
    match_seconds: int = 0
    on_timeout: str = ""
    deadlines: tuple[SeatDeadline, ...] = ()
    match_remaining_ms: tuple[int, ...] = ()
    paused: bool = False


@dataclass(frozen=True, slots=True)
class LastMove:
    version: int
    seat: int
    notation: str
    description: str
    timed_out: bool


@dataclass(frozen=True, slots=True)
class Fairness:
    """The seed commitment of a match; ``seed`` and ``salt`` are empty until the match is over."""

    seed_source: str
    seed_commitment: str
    revealed: bool
    seed: str
    salt: str


@dataclass(frozen=True, slots=True)
class SeatToken:
    seat: int
    token: str


class GameView:
    """A match as the caller sees it: ``seat`` is None for a spectator. ``view`` (the engine's view, a dict) is
    converted from the message (its Struct, or its JSON text: ``Game.view_json``) on first access only: a caller
    that only needs the version pays nothing for it."""

    __slots__ = (
        "_raw",
        "_view",
        "bots",
        "clock",
        "finished",
        "game_id",
        "game_type",
        "last_move",
        "players",
        "ratings",
        "seat",
        "seat_names",
        "seed_commitment",
        "seed_source",
        "to_act",
        "version",
    )

    def __init__(
        self,
        game_id: str,
        game_type: str,
        players: int,
        version: int,
        seat: int | None,
        to_act: tuple[int, ...],
        finished: bool,
        view: dict[str, Any] | struct_pb2.Struct | bytes | None = None,
        seat_names: tuple[str, ...] = (),
        bots: tuple[str, ...] = (),
        *,
        seed_commitment: str = "",
        seed_source: str = "",
        clock: GameClock | None = None,
        last_move: LastMove | None = None,
        ratings: tuple[SeatRating, ...] = (),
    ) -> None:
        """``view``: a dict, a Struct, or the view's JSON text as bytes (``Game.view_json``)."""
        self.ratings = ratings  # a rated game's seats' ratings and, once applied, the change (docs/api.md "Ratings")
        self.seat_names = seat_names  # display names by seat ("" for none)
        self.bots = bots  # bot kind by seat ("" for a person)
        self.seed_commitment = seed_commitment  # sha256(seed || salt) in hex; "" for a client seed
        self.seed_source = seed_source  # "server" or "client"
        self.clock = clock or GameClock()
        self.last_move = last_move  # the last move played, None before the first
        self.game_id = game_id
        self.game_type = game_type
        self.players = players
        self.version = version
        self.seat = seat
        self.to_act = to_act
        self.finished = finished
        self._raw: struct_pb2.Struct | bytes | None = None
        self._view: dict[str, Any] | None = None
        if isinstance(view, struct_pb2.Struct | bytes):
            self._raw = view
        else:
            self._view = dict(view or {})

    @property
    def view(self) -> dict[str, Any]:
        if self._view is None:
            if isinstance(self._raw, bytes):
                self._view = json.loads(self._raw) if self._raw else {}
            else:
                self._view = struct_to_dict(self._raw) if self._raw is not None else {}
        return self._view

    def _key(self) -> tuple[Any, ...]:
        return (self.game_id, self.game_type, self.players, self.version, self.seat, self.to_act, self.finished)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameView):
            return NotImplemented
        return self._key() == other._key() and self.view == other.view

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"GameView(game_id={self.game_id!r}, game_type={self.game_type!r}, players={self.players}, "
            f"version={self.version}, seat={self.seat}, to_act={self.to_act}, finished={self.finished})"
        )


@dataclass(frozen=True, slots=True)
class Invitation:
    """A code the creator passes on: redeemed once (``redeem_invitation``) for the seat's token."""

    seat: int
    code: str


@dataclass(frozen=True, slots=True)
class CreatedGame:
    game_id: str
    version: int
    seats: tuple[SeatToken, ...]
    game: GameView
    invitations: tuple[Invitation, ...] = ()

    @property
    def seed_commitment(self) -> str:
        return self.game.seed_commitment

    def token(self, seat: int) -> str:
        """The token of ``seat`` (bot seats have none: KeyError)."""
        for known in self.seats:
            if known.seat == seat:
                return known.token
        raise KeyError(f"seat {seat} has no token (a bot plays it, or there is no such seat)")


@dataclass(frozen=True, slots=True)
class LegalMove:
    notation: str
    kind: str
    args: dict[str, Any]
    description: str


@dataclass(frozen=True, slots=True)
class LegalMoves:
    game_id: str
    version: int
    seat: int
    moves: tuple[LegalMove, ...]

    @property
    def notations(self) -> list[str]:
        return [move.notation for move in self.moves]


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A suggested move (a hint): the move as ``list_legal_moves`` lists it, the search's iterations that began
    with it, and its expected reward in [0, 1] (the search's mean reward after it: half whether the seat wins, half
    its margin's change; 0.5 is "as things stand"). None when no search valued it (the seat's only move)."""

    move: LegalMove
    visits: int
    expected_reward: float | None


@dataclass(frozen=True, slots=True)
class Hints:
    """``suggest_moves``' answer: the suggestions for ``seat`` at ``version``, best first, and the search's
    iterations (0: the seat had one legal move)."""

    game_id: str
    version: int
    seat: int
    suggestions: tuple[Suggestion, ...]
    iterations: int

    @property
    def best(self) -> LegalMove:
        """The first suggestion's move."""
        return self.suggestions[0].move


@dataclass(frozen=True, slots=True)
class GameEvent:
    version: int
    sequence: int
    kind: str
    seat: int | None
    data: dict[str, Any]
    text: str = ""  # the event in words, for the caller
    timed_out: bool = False  # the seat's turn clock ran out and the service moved for it

    @property
    def content(self) -> dict[str, Any]:
        """The event as the game's JSON Schema describes it: ``kind``, ``seat``, ``text`` and the data's fields
        (type it with ``cardengine_client.games``: ``typed_event``)."""
        header: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.seat is not None:
            header["seat"] = self.seat
        return {**self.data, **header}


@dataclass(frozen=True, slots=True)
class MoveResult:
    version: int
    game: GameView
    events: tuple[GameEvent, ...]
    replayed: bool


@dataclass(frozen=True, slots=True)
class RoundScore:
    label: str
    points: tuple[int, ...]
    details: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Score:
    game_id: str
    version: int
    totals: tuple[int, ...]
    rounds: tuple[RoundScore, ...]
    finished: bool
    winners: tuple[int, ...]
    details: dict[str, Any]
    fairness: Fairness | None = None


@dataclass(frozen=True, slots=True)
class EventLog:
    game_id: str
    version: int
    events: tuple[GameEvent, ...]
    finished: bool


@dataclass(frozen=True, slots=True)
class WatchUpdate:
    """One version of a watched game."""

    version: int
    seat: int | None
    events: tuple[GameEvent, ...]
    to_act: tuple[int, ...]
    finished: bool
    last_move: LastMove | None = None


@dataclass(frozen=True, slots=True)
class MoveOutcome:
    """What a resignation or an end left: the new version, the caller's view and the events it made."""

    version: int
    game: GameView
    events: tuple[GameEvent, ...] = ()


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One of the key's games (``list_games``)."""

    game_id: str
    game_type: str
    players: int
    version: int
    to_act: tuple[int, ...]
    finished: bool
    seat_names: tuple[str, ...]
    bots: tuple[str, ...]
    role: str  # "created" or "joined"
    seats: tuple[int, ...]  # the seats the key joined by invitation
    created_at: float  # milliseconds since the Unix epoch


@dataclass(frozen=True, slots=True)
class RedeemedSeat:
    game_id: str
    seat: int
    token: str
    game: GameView


@dataclass(frozen=True, slots=True)
class KeyEvent:
    """One event of the key's stream: "game_created", "game_joined", "your_turn", "game_finished", or
    "game_in_progress" (first, once per live game of the key, on a stream opened without a cursor: ``seats`` the
    key's seats in it, ``to_act`` the game's seats to act at ``version``)."""

    id: str
    kind: str
    game_id: str
    game_type: str
    version: int
    seats: tuple[int, ...]
    winners: tuple[int, ...]
    to_act: tuple[int, ...] = ()  # your_turn, game_in_progress: the game's seats to act at ``version``
    # tournament_round (docs/api.md "Tournaments"): the tournament, its round and the token of the key's seat
    tournament_id: str = ""
    round: int = 0
    token: str = ""
    ticket_id: str = ""  # match_found (docs/api.md "Quick match"): the ticket matched; its seat's token in ``token``

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        """The key's seats that must act at ``version``: a your_turn's seats, or a game_in_progress's seats that
        are to act (likewise a tournament_round's); none for the other kinds."""
        if self.kind == "your_turn":
            return self.seats
        if self.kind in ("game_in_progress", "tournament_round", "match_found"):
            return tuple(seat for seat in self.seats if seat in self.to_act)
        return ()


# ----- conversions ------------------------------------------------------------------------------------------------


def game_view_of(message: pb.Game) -> GameView:
    return GameView(
        game_id=message.game_id,
        game_type=message.game_type,
        players=message.players,
        version=message.version,
        seat=message.seat if message.HasField("seat") else None,
        to_act=tuple(message.to_act),
        finished=message.finished,
        view=message.view_json.encode("utf-8") if message.view_json else message.view,
        seat_names=tuple(message.seat_names),
        bots=tuple(message.bots),
        seed_commitment=message.seed_commitment,
        seed_source=message.seed_source,
        clock=clock_of(message.clock),
        last_move=last_move_of(message.last_move) if message.HasField("last_move") else None,
        ratings=seat_ratings_of(message),
    )


def clock_of(message: pb.GameClock) -> GameClock:
    return GameClock(
        turn_seconds=message.turn_seconds,
        match_seconds=message.match_seconds,
        on_timeout=message.on_timeout,
        deadlines=tuple(SeatDeadline(item.seat, item.deadline, item.remaining_ms) for item in message.deadlines),
        match_remaining_ms=tuple(message.match_remaining_ms),
        paused=message.paused,
    )


def last_move_of(message: pb.LastMove) -> LastMove:
    return LastMove(message.version, message.seat, message.notation, message.description, message.timed_out)


def fairness_of(message: pb.Fairness) -> Fairness:
    return Fairness(message.seed_source, message.seed_commitment, message.revealed, message.seed, message.salt)


def card_of(message: pb.CardInfo) -> CardInfo:
    return CardInfo(
        code=message.code,
        name=message.name,
        suit=message.suit,
        rank=message.rank,
        points=message.points if message.HasField("points") else None,
        count=message.count,
        description=message.description,
        option=message.option,
        option_count=message.option_count,
    )


def summary_of(message: pb.GameSummary) -> GameSummary:
    return GameSummary(
        game_id=message.game_id,
        game_type=message.game_type,
        players=message.players,
        version=message.version,
        to_act=tuple(message.to_act),
        finished=message.finished,
        seat_names=tuple(message.seat_names),
        bots=tuple(message.bots),
        role=message.role,
        seats=tuple(message.seats),
        created_at=message.created_at,
    )


def key_event_of(message: pb.KeyEvent) -> KeyEvent:
    return KeyEvent(
        id=message.id,
        kind=message.kind,
        game_id=message.game_id,
        game_type=message.game_type,
        version=message.version,
        seats=tuple(message.seats),
        winners=tuple(message.winners),
        to_act=tuple(message.to_act),
        tournament_id=message.tournament_id,
        round=message.round,
        token=message.token,
        ticket_id=message.ticket_id,
    )


def event_of(message: pb.Event) -> GameEvent:
    return GameEvent(
        version=message.version,
        sequence=message.sequence,
        kind=message.kind,
        seat=message.seat if message.HasField("seat") else None,
        data=struct_to_dict(message.data),
        text=message.text,
        timed_out=message.timed_out,
    )


def game_type_of(message: pb.GameType) -> GameType:
    return GameType(
        id=message.id,
        title=message.title,
        description=message.description,
        min_players=message.min_players,
        max_players=message.max_players,
        default_players=message.default_players,
        rules_version=message.rules_version,
        options=tuple(
            GameOption(
                name=option.name,
                type=option.type,
                default=_from_value(option.default_value),
                description=option.description,
                choices=tuple(option.choices),
                minimum=option.minimum if option.HasField("minimum") else None,
                maximum=option.maximum if option.HasField("maximum") else None,
            )
            for option in message.options
        ),
        move_kinds=tuple((kind.name, tuple(kind.params), kind.description) for kind in message.move_kinds),
        player_counts=tuple(message.player_counts),
        cards=tuple(card_of(card) for card in message.cards),
        schemas=struct_to_dict(message.schemas),
        levels=tuple(
            BotLevel(
                name=level.name,
                rating=level.rating if level.HasField("rating") else None,
                rating_low=level.rating_low if level.HasField("rating_low") else None,
                rating_high=level.rating_high if level.HasField("rating_high") else None,
                rated_matches=level.rated_matches,
            )
            for level in message.levels
        ),
    )


def legal_move_of(move: pb.Move) -> LegalMove:
    return LegalMove(move.notation, move.kind, struct_to_dict(move.args), move.description)
