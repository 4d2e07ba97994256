"""The contract every game implements, in the shape of OpenSpiel's games.

A game is a stateless object: it declares itself (id, title, players, options, move kinds) and implements pure
functions of a ``GameState``. ``play`` mutates a private copy that ``engine.api.apply`` made; it is only ever
called with a legal move. Legality has one source of truth: the predicates of the game's ``legal.py``, from which
both ``legal_moves`` (every legal move) and ``explain`` (``None`` for a legal move, else the precise reason it is
not) are built; the conformance suite checks that the two agree.

A game package keeps each role in a module of its own (``flow``, ``legal``, ``views``, ``scoring``, ``schemas``,
``determinize``); its ``Game`` subclass names them once in ``rules = RulesPackage(...)`` and the class gets their
functions as its methods, so the class itself states only what differs (declarations, the deck, card names).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from engine.cards import CardInfo, is_standard, standard_card_info
from engine.cards import card_name as standard_card_name
from engine.errors import IllegalMoveError, InvalidMoveError, InvalidPlayersError
from engine.events import Event
from engine.moves import LIST_SEPARATOR, Move, MoveKind
from engine.options import OptionSpec, OptionValue, resolve_options
from engine.scoring import ScoreSheet
from engine.state import GameState
from engine.words import join_words as join_words  # re-exported: games imported it from here before engine.words
from engine.words import seat_subject

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


class Flow(Protocol):
    """A game's turn state machine (its ``flow`` module): the ``Game`` methods of the same names."""

    def setup(self, state: GameState) -> list[Event]: ...
    def to_act(self, state: GameState) -> tuple[int, ...]: ...
    def is_finished(self, state: GameState) -> bool: ...
    def play(self, state: GameState, seat: int, move: Move) -> list[Event]: ...


class Legality(Protocol):
    """A game's legality (its ``legal`` module), both answers built from the same predicates."""

    def legal_moves(self, state: GameState, seat: int) -> list[Move]: ...
    def explain(self, state: GameState, seat: int, move: Move) -> IllegalMoveError | None: ...


class Views(Protocol):
    """What seats see, and the game's events in words (its ``views`` module)."""

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]: ...
    def card_locations(self, state: GameState) -> list[CardLocation]: ...
    def event_text(self, event: Mapping[str, Any], viewer: int | None, seat_names: Sequence[str]) -> str: ...


class MoveWords(Protocol):
    """A game's own sentences for moves (``Game.describe_move``), when the move kinds' templates do not suffice."""

    def describe_move(self, state: GameState, seat: int, move: Move) -> str: ...


class Scoring(Protocol):
    def score(self, state: GameState, *, finished: bool) -> ScoreSheet: ...


class Schemas(Protocol):
    def schemas(self) -> dict[str, Any]: ...


class Determinization(Protocol):
    def determinize(self, state: GameState, seat: int, seed: int) -> GameState: ...


@dataclass(frozen=True, slots=True)
class RulesPackage:
    """The role modules of a game package. A ``Game`` subclass that sets ``rules`` gets, at class creation, each
    role's functions as its methods of the same names (``scoring.score`` is called with ``finished``); what the
    class body defines itself wins. ``flow`` may be ``None`` when the class defines the turn flow itself,
    ``move_words`` and ``scoring`` when the defaults (the move kinds' templates) or the class's own ``score`` do.

    The functions are bound as they are (static methods, no wrapper), so ``engine.api`` calls the modules'
    functions with no frame of the class in between."""

    legal: Legality
    views: Views
    schemas: Schemas
    determinize: Determinization
    flow: Flow | None = None
    scoring: Scoring | None = None
    move_words: MoveWords | None = None


# The methods a RulesPackage binds: each ``Game`` method name, and the role (a ``RulesPackage`` field) whose module
# has the function of that name. ``score`` is not among them: it passes ``finished`` (``Game.score``).
BOUND_METHODS: dict[str, str] = {
    "setup": "flow",
    "to_act": "flow",
    "is_finished": "flow",
    "play": "flow",
    "legal_moves": "legal",
    "explain": "legal",
    "view": "views",
    "card_locations": "views",
    "event_text": "views",
    "describe_move": "move_words",
    "schemas": "schemas",
    "determinize": "determinize",
}


class Game(ABC):
    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    # The exact player counts accepted, when not every count from min_players to max_players is (Dracula: 2, 4).
    player_counts: ClassVar[tuple[int, ...]] = ()
    rules_version: ClassVar[int] = 1
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    move_kinds: ClassVar[Mapping[str, MoveKind]] = {}
    description: ClassVar[str] = ""
    # Conformance: option sets the suite plays every player count with, and a bound on moves per match.
    conformance_variants: ClassVar[tuple[Mapping[str, object], ...]] = ({},)
    playout_bound: ClassVar[int] = 20_000
    # Options that matches between random bots add so that they surely end (a hand cap where the rules have none):
    # `cardengine play`, `cardengine bench`, the service benchmark and the load test use them under the user's.
    playout_options: ClassVar[Mapping[str, object]] = {}
    # Options of a short match that still shows the game (one hand or round where a match has many): the golden
    # playthroughs (tests/golden) play each game with them.
    short_match_options: ClassVar[Mapping[str, object]] = {}
    # The bot levels where this game's settings differ from the defaults (``engine.bots.levels``): per level name,
    # the fields of ``LevelSettings`` (its ``search`` the fields of ``SearchSettings``), tuned on the ladder. The
    # built-in games keep theirs in ``engine.bots.levels.GAME_SETTINGS``; a plugin game declares its own here.
    bot_levels: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    # False: ``engine.apply`` hands ``play`` a deep copy of the state. True: a ``GameState.shallow_copy`` (the
    # table dict is new, its values are shared with the caller's state), and ``play`` must REPLACE, never mutate in
    # place, every table value it changes (copy the one hand it changes, then store the copy under its key).
    copy_on_write: ClassVar[bool] = False
    # Turn clocks (service/core/clocks.py): the move kinds a seat that runs out of time plays, in order of preference;
    # ``timeout_move`` picks the first legal move of the first kind that has one, else the first legal move.
    timeout_kinds: ClassVar[tuple[str, ...]] = ()
    # The event kinds that show everyone the cards the seats held when a hand ended (the count of the cards left in
    # hand, as the rules reveal it): the conformance suite lets these show the cards then in the seats' hands.
    hand_end_reveals: ClassVar[frozenset[str]] = frozenset()
    # The game package's role modules, whose functions become this class's methods (see ``RulesPackage``).
    rules: ClassVar[RulesPackage | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Binds the functions of the class's ``rules`` as its methods (static: ``engine.api`` then calls the role
        module's function with no frame of the class in between), except those the class body defines itself."""
        super().__init_subclass__(**kwargs)
        rules = cls.__dict__.get("rules")
        if rules is None:
            return
        for name, role in BOUND_METHODS.items():
            module = getattr(rules, role)
            if module is not None and name not in cls.__dict__:
                setattr(cls, name, staticmethod(getattr(module, name)))
        standing = getattr(rules.scoring, "standing", None)  # optional: a scoring module may leave it out
        if standing is not None and "standing" not in cls.__dict__:
            cls.standing = staticmethod(standing)  # type: ignore[method-assign]

    def _package(self) -> RulesPackage:
        """The role modules (``rules``); an error for a game that neither sets them nor defines the method asked."""
        if self.rules is None:
            raise NotImplementedError(f"{type(self).__name__} sets no rules package; it must define this method.")
        return self.rules

    def _flow(self) -> Flow:
        flow = self._package().flow
        if flow is None:
            raise NotImplementedError(f"{type(self).__name__} has no flow module; it must define its turn flow.")
        return flow

    # ----- set-up ---------------------------------------------------------------------------------------
    def supported_player_counts(self) -> tuple[int, ...]:
        """Every player count the game accepts, in increasing order."""
        return self.player_counts or tuple(range(self.min_players, self.max_players + 1))

    def check_players(self, players: int) -> None:
        """Raises InvalidPlayersError unless ``players`` is one of ``supported_player_counts()``."""
        counts = self.supported_player_counts()
        if players not in counts:
            if counts == tuple(range(self.min_players, self.max_players + 1)):
                accepted = f"{self.min_players} to {self.max_players}"
            else:
                accepted = " or ".join(str(count) for count in counts)
            raise InvalidPlayersError(f"{self.title} takes {accepted} players; got {players}.")

    # The methods below marked "(bound)" are replaced at class creation by the function of the same name of the
    # class's ``rules`` (``BOUND_METHODS``); their bodies say which, for the type checker and a reader.
    def setup(self, state: GameState) -> list[Event]:
        """Fills ``state.table`` for a new match (``players``, ``options`` and RNG already set). (bound)"""
        return self._flow().setup(state)

    @abstractmethod
    def deck(self, state: GameState) -> list[str]:
        """Every card of this match, once each (identical copies repeated)."""

    # ----- turn flow ------------------------------------------------------------------------------------
    def to_act(self, state: GameState) -> tuple[int, ...]:
        """Seats that have a decision to make now (several when a claim or a reaction is pending). (bound)"""
        return self._flow().to_act(state)

    def is_finished(self, state: GameState) -> bool:
        """Whether the match is over. (bound)"""
        return self._flow().is_finished(state)

    def legal_moves(self, state: GameState, seat: int) -> list[Move]:
        """Every legal move of ``seat``, each once (identical cards give one move). (bound)"""
        return self._package().legal.legal_moves(state, seat)

    def play(self, state: GameState, seat: int, move: Move) -> list[Event]:
        """Applies a legal move to ``state`` in place and returns the events. (bound)"""
        return self._flow().play(state, seat, move)

    def timeout_move(self, state: GameState, seat: int) -> Move:
        """The move played for ``seat`` (a seat in ``to_act``) when its turn clock runs out: always one of
        ``legal_moves`` (the one source of truth), the first of the first kind of ``timeout_kinds`` that is legal,
        else the first legal move. A turn of several moves (draw, then discard) gets one per move."""
        moves = self.legal_moves(state, seat)
        if not moves:
            raise IllegalMoveError(f"Seat {seat} has no legal move at step {state.step}.")
        for kind in self.timeout_kinds:
            for move in moves:
                if move.kind == kind:
                    return move
        return moves[0]

    def explain(self, state: GameState, seat: int, move: Move) -> IllegalMoveError | None:
        """``None`` if ``move`` is legal for ``seat`` (a seat in ``to_act``), else why not.

        Built from the same predicates as ``legal_moves`` (the game's ``legal.py``): the error carries a precise,
        stable code (``move/card_not_in_hand``, never the generic ``move/illegal``) and a full sentence naming the
        move and no card the seat cannot see. The conformance suite checks that ``explain`` is ``None`` exactly for
        the moves ``legal_moves`` lists. (bound)
        """
        return self._package().legal.explain(state, seat, move)

    def standing(self, state: GameState) -> list[int]:
        """What each seat would score for the round in progress if it were scored now, by the round's own scoring
        (cards laid down, cards still held) without the points for how a round ends; zeros where a game does not
        say (the default). Optional: a game's scoring module may define ``standing(state)``. Search bots value an
        unfinished round by it (``engine.bots.guided``); on a determinized state it reads that sample's cards."""
        return [0] * state.players

    def determinize(self, state: GameState, seat: int, seed: int) -> GameState:
        """A full state ``seat`` cannot tell from ``state``: everything it knows unchanged (its hand, public cards,
        sizes of hidden hands and piles, cards shown to it, cards whose place it can infer), every card it cannot
        know dealt again at random (seeded by ``seed``) among the places it cannot see, and a fresh RNG state.
        ``state`` itself never changes. The conformance suite certifies it at every step (see
        ``engine/determinize.py`` for the shared mechanics). (bound)"""
        return self._package().determinize.determinize(state, seat, seed)

    # ----- notation -------------------------------------------------------------------------------------
    def parse_move(self, text: str) -> Move:
        """Reads a move's notation, checks its kind and number of arguments, and canonicalises its lists.

        The notation policy, the same in every game: a list argument (``meld 8H,6H,7H``) is a multiset, and
        ``parse_move`` rewrites it into the game's canonical order (``canonical_list``), so any order of the same
        items is the same move and ``str(parse_move(text))`` is its canonical notation.
        """
        move = Move.parse(text)
        kind = self.move_kinds.get(move.kind)
        if kind is None:
            raise InvalidMoveError(
                f"Unknown move kind '{move.kind}' in {text!r}; {self.title} has: {', '.join(sorted(self.move_kinds))}."
            )
        if len(move.args) != len(kind.params):
            usage = " ".join((kind.name, *(f"<{p}>" for p in kind.params)))
            raise InvalidMoveError(f"Move {text!r} is malformed; expected '{usage}'.")
        args: list[str] = []
        for name, value in zip(kind.params, move.args, strict=True):
            if name not in kind.list_params:
                if LIST_SEPARATOR in value:
                    raise InvalidMoveError(f"Argument '{name}' of {text!r} takes one value, not a list.")
                args.append(value)
                continue
            items = value.split(LIST_SEPARATOR)
            if not all(items):
                raise InvalidMoveError(f"Argument '{name}' of {text!r} has an empty item.")
            args.append(LIST_SEPARATOR.join(self.canonical_list(move.kind, name, items)))
        canonical = Move(move.kind, tuple(args))
        return canonical

    def canonical_list(self, kind: str, param: str, items: list[str]) -> list[str]:
        """The canonical order of a list argument's items (see ``parse_move``): the game's card order (a run low to
        high, a set by suit). The result must not depend on the order of ``items``: the conformance suite parses
        every legal move with its lists shuffled and expects the same move back.
        """
        return sorted(items)

    def describe_move(self, state: GameState, seat: int, move: Move) -> str:
        """A short description of a move for people, with full card names ("Place the Queen of Hearts on b1").

        The default fills the move kind's ``description`` template (``"Place {card} on {cell}"``) with each
        argument named by ``describe_argument``; games override it where a sentence needs more than that.
        """
        kind = self.move_kinds.get(move.kind)
        if kind and kind.description:
            args = {
                name: self.describe_argument(move.kind, name, value)
                for name, value in zip(kind.params, move.args, strict=True)
            }
            return kind.description.format(**args)
        return str(move)

    def describe_argument(self, kind: str, param: str, value: str) -> str:
        """An argument as words: a card becomes "the Queen of Hearts", a list "the 6, 7 and 8 of Hearts"."""
        items = value.split(LIST_SEPARATOR)
        names = [self.card_name(item) for item in items]
        if any(name is None for name in names):
            return value
        return "the " + join_words([name for name in names if name is not None])

    # ----- cards, for people ----------------------------------------------------------------------------
    def card_name(self, code: str) -> str | None:
        """The full name of a card code ("Queen of Hearts", "Vampire"), or ``None`` if it is no card of this game."""
        return standard_card_name(code) if is_standard(code) else None

    def cards(self) -> list[CardInfo]:
        """The card list of the catalog: every card any option set can use, with name, suit and rank where they
        apply, points, copies in the default deck, and a short description of special cards. Games override it."""
        state = self.default_state()
        counts = Counter(self.deck(state))
        return [
            standard_card_info(code, count)
            if is_standard(code)
            else CardInfo(code, self.card_name(code) or code, count)
            for code, count in counts.items()
        ]

    def default_state(self) -> GameState:
        """A new match with the default players and options (seed 0), for self-descriptions such as ``cards``."""
        state = GameState(self.id, self.rules_version, self.default_players, resolve_options(self.options, None), 0,
                          0, 0, {})  # fmt: skip
        self.setup(state)
        return state

    def event_text(self, event: Mapping[str, Any], viewer: int | None, seat_names: Sequence[str]) -> str:
        """One sentence for a log, written from ``event`` as ``viewer`` sees it (the redacted form of
        ``Event.for_seat``, so the text can never say more than the data): "Seat 2 drew a card" / "You drew the 7
        of Clubs". The default names the seat and the event kind; games bind their own sentences (``views``)."""
        subject = self.seat_subject(event.get("seat"), viewer, seat_names)
        what = str(event.get("kind", "event")).replace("_", " ")
        return f"{subject}: {what}." if subject else f"{what[:1].upper()}{what[1:]}."

    @staticmethod
    def seat_subject(seat: object, viewer: int | None, seat_names: Sequence[str]) -> str:
        """ "You" for the viewer's own seat, else the seat's display name ("Seat 2" when it has none); see
        ``engine.words`` for the rest of the seat wording every game shares."""
        return seat_subject(seat, viewer, seat_names)

    # ----- typed content --------------------------------------------------------------------------------
    def schemas(self) -> dict[str, Any]:
        """JSON Schemas (draft 2020-12) of the game's content: ``view`` (the game's part of ``view``), ``moveArgs``
        (per move kind, the structured ``args``), ``eventData`` (per event kind, the fields an event shows any
        seat besides ``kind``, ``seat`` and ``text``), ``scoreDetails`` and ``roundDetails``. ``engine.schemas``
        completes them with the common fields; the conformance suite validates every view and event against them.
        The default: none (bound from ``rules.schemas``).
        """
        return {}

    def structured_move(self, move: Move) -> dict[str, Any]:
        return move.structured(self.move_kinds[move.kind])

    # ----- what seats see -------------------------------------------------------------------------------
    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator). JSON-compatible. (bound)"""
        return self._package().views.view(state, seat)

    def card_locations(self, state: GameState) -> list[CardLocation]:
        """Every place holding cards, for the conservation and secrecy checks of the conformance suite. (bound)"""
        return self._package().views.card_locations(state)

    # ----- scores ---------------------------------------------------------------------------------------
    def score(self, state: GameState) -> ScoreSheet:
        """The score sheet: the package's ``scoring.score``, told whether the match is over."""
        scoring = self._package().scoring
        if scoring is None:
            raise NotImplementedError(f"{type(self).__name__} has no scoring module; it must define score.")
        return scoring.score(state, finished=self.is_finished(state))

    def catalog_entry(self) -> dict[str, Any]:
        """The game's self-description, for the API catalog."""
        return {
            "id": self.id,
            "title": self.title,
            "description": self.description,
            "minPlayers": self.min_players,
            "maxPlayers": self.max_players,
            "playerCounts": list(self.supported_player_counts()),
            "cards": [card.to_dict() for card in self.cards()],
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
