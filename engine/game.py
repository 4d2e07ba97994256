"""The contract every game implements, in the shape of OpenSpiel's games.

A game is a stateless object: it declares itself (id, title, players, options, move kinds) and implements pure
functions of a ``GameState``. ``play`` mutates a private copy that ``engine.api.apply`` made; it is only ever
called with a move that ``legal_moves`` returned, so legality has exactly one source of truth.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.errors import IllegalMoveError, InvalidMoveError, InvalidPlayersError
from engine.events import Event
from engine.moves import LIST_SEPARATOR, Move, MoveKind
from engine.options import OptionSpec, OptionValue
from engine.scoring import ScoreSheet
from engine.state import GameState

PUBLIC: frozenset[int] | None = None


@dataclass(frozen=True, slots=True)
class CardLocation:
    """One place cards can be, for conservation and secrecy checks.

    ``visible_to`` is ``None`` for public places, else the seats that may see the cards (often one, or none for
    a face-down stock).
    """

    name: str
    cards: Sequence[str]
    visible_to: frozenset[int] | None = PUBLIC


class Game(ABC):
    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    rules_version: ClassVar[int] = 1
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    move_kinds: ClassVar[Mapping[str, MoveKind]] = {}
    description: ClassVar[str] = ""
    # Conformance: option sets the suite plays every player count with, and a bound on moves per match.
    conformance_variants: ClassVar[tuple[Mapping[str, object], ...]] = ({},)
    playout_bound: ClassVar[int] = 20_000

    # ----- set-up ---------------------------------------------------------------------------------------
    def check_players(self, players: int) -> None:
        """Raises InvalidPlayersError unless ``players`` is supported. Games may narrow this further."""
        if not self.min_players <= players <= self.max_players:
            raise InvalidPlayersError(
                f"{self.title} takes {self.min_players} to {self.max_players} players; got {players}."
            )

    @abstractmethod
    def setup(self, state: GameState) -> list[Event]:
        """Fills ``state.table`` for a new match (``players``, ``options`` and RNG already set)."""

    @abstractmethod
    def deck(self, state: GameState) -> list[str]:
        """Every card of this match, once each (identical copies repeated)."""

    # ----- turn flow ------------------------------------------------------------------------------------
    @abstractmethod
    def to_act(self, state: GameState) -> tuple[int, ...]:
        """Seats that have a decision to make now (several when a claim or a reaction is pending)."""

    @abstractmethod
    def is_finished(self, state: GameState) -> bool: ...

    @abstractmethod
    def legal_moves(self, state: GameState, seat: int) -> list[Move]:
        """Every legal move of ``seat``, each once (identical cards give one move)."""

    @abstractmethod
    def play(self, state: GameState, seat: int, move: Move) -> list[Event]:
        """Applies a legal move to ``state`` in place and returns the events."""

    def explain_illegal(self, state: GameState, seat: int, move: Move) -> IllegalMoveError:
        """Why ``move`` is not legal. Called only on rejection; games override it for precise reasons."""
        kinds = sorted({m.kind for m in self.legal_moves(state, seat)})
        return IllegalMoveError(
            f"'{move}' is not a legal move for seat {seat} at step {state.step}; "
            f"legal move kinds now: {', '.join(kinds) or 'none'}."
        )

    # ----- notation -------------------------------------------------------------------------------------
    def parse_move(self, text: str) -> Move:
        """Reads a move's notation and checks its kind and number of arguments."""
        move = Move.parse(text)
        kind = self.move_kinds.get(move.kind)
        if kind is None:
            raise InvalidMoveError(
                f"Unknown move kind '{move.kind}' in {text!r}; {self.title} has: {', '.join(sorted(self.move_kinds))}."
            )
        if len(move.args) != len(kind.params):
            usage = " ".join((kind.name, *(f"<{p}>" for p in kind.params)))
            raise InvalidMoveError(f"Move {text!r} is malformed; expected '{usage}'.")
        for name, value in zip(kind.params, move.args, strict=True):
            if name not in kind.list_params and LIST_SEPARATOR in value:
                raise InvalidMoveError(f"Argument '{name}' of {text!r} takes one value, not a list.")
        return move

    def describe_move(self, state: GameState, seat: int, move: Move) -> str:
        """A short human description of a move."""
        kind = self.move_kinds.get(move.kind)
        if kind and kind.description:
            args = dict(zip(kind.params, move.args, strict=True))
            return kind.description.format(**args)
        return str(move)

    def structured_move(self, move: Move) -> dict[str, Any]:
        return move.structured(self.move_kinds[move.kind])

    # ----- what seats see -------------------------------------------------------------------------------
    @abstractmethod
    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator). JSON-compatible."""

    @abstractmethod
    def card_locations(self, state: GameState) -> list[CardLocation]:
        """Every place holding cards, for the conservation and secrecy checks of the conformance suite."""

    # ----- scores ---------------------------------------------------------------------------------------
    @abstractmethod
    def score(self, state: GameState) -> ScoreSheet: ...

    def catalog_entry(self) -> dict[str, Any]:
        """The game's self-description, for the API catalog."""
        return {
            "id": self.id,
            "title": self.title,
            "description": self.description,
            "minPlayers": self.min_players,
            "maxPlayers": self.max_players,
            "defaultPlayers": self.default_players,
            "rulesVersion": self.rules_version,
            "options": [option_entry(spec) for spec in self.options],
            "moveKinds": [
                {"name": k.name, "params": list(k.params), "description": k.description}
                for k in self.move_kinds.values()
            ],
        }


def option_entry(spec: OptionSpec) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "name": spec.name,
        "type": spec.kind,
        "default": spec.default,
        "description": spec.description,
    }
    if spec.choices:
        entry["choices"] = list(spec.choices)
    if spec.minimum is not None:
        entry["minimum"] = spec.minimum
    if spec.maximum is not None:
        entry["maximum"] = spec.maximum
    return entry


OptionValues = dict[str, OptionValue]
