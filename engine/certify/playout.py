"""Random legal playouts with the conformance checks, shared by ``cardengine certify``, the conformance suite
(tests/conformance) and the benchmarks.

A playout plays a random legal match from a seed and checks, at every step, the snapshot round trip, card
conservation, that someone must act and has a legal move and that ``apply`` leaves its input unchanged; and, by
the names in its ``checks``:

- ``refusals``: moves that are not legal are refused with a specific code and a reason hiding unseen cards, alike
  by the list of legal moves and by ``explain`` alone (``assert_refusals``);
- ``views``: every seat's view (and a spectator's) matches its schema and shows no card the seat cannot see;
- ``notation``: every legal move's notation and structured form round trip, its lists in any order parse to it,
  and its description names cards, not codes;
- ``legality``: ``explain`` is ``None`` for every legal move, the list has each once, seats not to act are
  refused, and a move checked by ``explain`` alone gives the same state;
- ``determinize``: sampling keeps what the seat knows and varies what it does not;
- ``events``: every event as each seat sees it matches its schema, has a text naming cards, and shows no hidden
  card; the final score sheet matches its schema;
- ``apply_all``: every legal move applies.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

import engine
from engine.certify.content import assert_words_name_no_codes, content_validators, first_error
from engine.certify.legality import assert_lists_canonicalised, assert_refusals
from engine.certify.secrecy import (
    assert_conserved,
    assert_determinization,
    assert_events_hide_secrets,
    assert_samples_vary,
    assert_views_hide_secrets,
)
from engine.game import Game
from engine.moves import Move
from engine.registry import all_games, get_game
from engine.state import GameState

FULL_CHECKS = frozenset({"refusals", "views", "notation", "legality", "determinize", "events"})


@dataclass(frozen=True)
class Variant:
    game_id: str
    players: int
    options: Mapping[str, object]

    def __str__(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.game_id}-{self.players}p" + (f"-{opts}" if opts else "")


def variants(game_ids: set[str] | None = None) -> list[Variant]:
    """Every registered game, at every supported player count, with each of its conformance option sets."""
    found: list[Variant] = []
    for game in all_games():
        if game_ids is not None and game.id not in game_ids:
            continue
        for players in game.supported_player_counts():
            found.extend(Variant(game.id, players, options) for options in game.conformance_variants)
    return found


def phase_of(state: GameState) -> str:
    """The state's phase, as its games name it (every game keeps one in ``table["phase"]``, a string or a string
    enum)."""
    phase = state.table.get("phase")
    return str(getattr(phase, "value", phase))


@dataclass
class Match:
    """One playout in progress: the moves come from ``random.Random(seed)`` alone (the checks draw from a
    generator of their own), so a seed plays the same match whatever is checked."""

    variant: Variant
    seed: int
    checks: frozenset[str]
    reached: set[str]
    game: Game
    state: GameState
    deck: set[str]
    expected: list[str]
    snapshot: bytes
    rng: random.Random
    draws: random.Random
    moves: list[tuple[int, Move]] = field(default_factory=list)
    varied: bool = False

    @classmethod
    def start(cls, variant: Variant, seed: int, checks: frozenset[str], reached: set[str] | None) -> Match:
        game = get_game(variant.game_id)
        state, events = engine.new_game(variant.game_id, variant.players, seed, variant.options)
        cards = game.deck(state)  # a match's deck never changes
        found: set[str] = set() if reached is None else reached
        found.update(f"event {event.kind}" for event in events)
        return cls(variant, seed, checks, found, game, state, set(cards), sorted(cards), engine.encode(state),
                   random.Random(seed), random.Random(f"checks {seed}"))  # fmt: skip

    def step(self) -> bool:
        """Checks the state and plays one random legal move; True when the match is over instead."""
        state = self.state
        phase = phase_of(state)
        self.reached.add(f"phase {phase}")
        if engine.is_finished(state):
            return True
        acting = engine.to_act(state)
        where = f"{self.variant} seed {self.seed}"
        assert acting, f"{where}: nobody to act at step {state.step} but the match is not finished"
        seat = self.rng.choice(acting)
        legal = engine.legal_moves(state, seat)
        assert legal, f"{where}: seat {seat} must act at step {state.step} but has no legal move"
        # (``snapshot`` is the state's encoding, taken when apply returned it: the round trip is checked here, and
        # the decoded copy, which has no legal moves listed, serves the checks of apply by explain alone)
        uncached = engine.decode(self.snapshot)
        assert uncached == state, f"{where}: snapshot round trip at step {state.step}"
        assert_conserved(self.game, state, self.expected)
        self.check_position(uncached, seat, acting, legal)
        move = self.rng.choice(legal)
        self.reached.add(f"move {phase} {move.kind}")
        self.play(seat, move, uncached)
        return False

    def check_position(self, uncached: GameState, seat: int, acting: tuple[int, ...], legal: list[Move]) -> None:
        """The checks of one position named in ``checks`` (in the order they draw from ``draws``)."""
        game, state, checks = self.game, self.state, self.checks
        if "refusals" in checks:
            codes = assert_refusals(game, state, uncached, seat, legal, self.draws, self.deck)
            self.reached.update(f"refusal {code}" for code in codes)
        views = assert_views_hide_secrets(game, state, self.deck) if "views" in checks else None
        if "notation" in checks:
            self.check_notation(seat, legal)
        if "legality" in checks:
            self.check_legal_list(seat, acting, legal)
        if "determinize" in checks:
            view = None if views is None else views[seat]
            assert_determinization(game, state, seat, legal, self.seed * 100_003 + state.step, view, self.expected)
            if not self.varied:
                assert_samples_vary(game, state, seat)
                self.varied = True
        if "apply_all" in checks:
            for move in legal:
                engine.apply(state, seat, move)
        if checks - {"refusals"}:
            assert engine.encode(state) == self.snapshot, "a rejected or trial move changed the state"

    def check_notation(self, seat: int, legal: list[Move]) -> None:
        game, state = self.game, self.state
        described = content_validators(game.id) is not None
        for move in legal:
            assert game.parse_move(str(move)) == move, f"'{move}' does not parse back to itself"
            assert engine.Move.from_structured(game.structured_move(move), game.move_kinds) == move
            assert_lists_canonicalised(game, move, self.draws)
            if described:
                assert_words_name_no_codes(
                    game, game.describe_move(state, seat, move), self.deck, f"'{move}' described"
                )

    def check_legal_list(self, seat: int, acting: tuple[int, ...], legal: list[Move]) -> None:
        game, state = self.game, self.state
        assert len(set(legal)) == len(legal), "legal moves must be listed once each"
        for move in legal:
            refusal = game.explain(state, seat, move)
            assert refusal is None, f"{self.variant} seed {self.seed}: legal '{move}' explained as illegal: {refusal}"
        for other in range(state.players):
            if other not in acting:
                try:
                    engine.apply(state, other, legal[0])
                except engine.IllegalMoveError:
                    pass
                else:
                    raise AssertionError(f"seat {other} moved out of turn")

    def play(self, seat: int, move: Move, uncached: GameState) -> None:
        before = self.state
        state, events = engine.apply(before, seat, move)
        self.moves.append((seat, move))
        self.reached.update(f"event {event.kind}" for event in events)
        after = engine.encode(state)
        if "legality" in self.checks:  # the same move checked by explain alone (no list of legal moves): same state
            assert engine.encode(engine.apply(uncached, seat, move)[0]) == after, f"'{move}' by explain alone"
        # apply never changes its input (copy-on-write games share table values with it): aliasing bugs fail here.
        where = f"{self.variant} seed {self.seed}"
        assert engine.encode(before) == self.snapshot, f"{where}: apply changed its input, step {before.step}"
        self.snapshot, self.state = after, state
        if "events" in self.checks:
            assert_events_hide_secrets(self.game, before, state, move, events, self.deck)

    def finish(self) -> None:
        state = self.state
        assert_conserved(self.game, state, self.expected)
        assert engine.decode(self.snapshot) == state
        sheet = engine.score(state)
        assert sheet.finished and sheet.winners, f"{self.variant} seed {self.seed}: a finished match has no winners"
        validators = content_validators(self.game.id)
        if validators is not None and "events" in self.checks:
            problem = first_error(validators.score, sheet.to_dict())
            assert problem is None, f"{self.variant} seed {self.seed}: score sheet does not match its schema: {problem}"
        assert engine.to_act(state) == ()


def run_playout(
    variant: Variant, seed: int, checks: frozenset[str] = FULL_CHECKS, reached: set[str] | None = None
) -> Match:
    """Plays one random legal match with the ``checks`` named (see the module's text); the match played."""
    match = Match.start(variant, seed, checks, reached)
    for _ in range(match.game.playout_bound + 1):  # the bound is on moves: its last step finds the end
        if match.step():
            break
    else:
        raise AssertionError(f"{variant} seed {seed}: no end after {match.game.playout_bound} moves")
    match.finish()
    return match


def playout(
    variant: Variant,
    seed: int,
    *,
    full_checks: bool,
    apply_every_legal_move: bool = False,
    probe_refusals: bool = False,
    reached: set[str] | None = None,
) -> GameState:
    """Plays a random legal match (``run_playout``): ``full_checks`` names every check but ``apply_all``,
    ``apply_every_legal_move`` that one, ``probe_refusals`` the refusals. ``reached`` collects the rule features
    the match reached (``"phase draw"``, ``"move draw take_discard"``, ``"event hand_ended"``, and with the
    refusals checked the codes of the moves tried that are not legal, ``"refusal play/not_a_set"``): the
    conformance suite sizes each variant's playouts by them (tests/conformance/sizing.py)."""
    checks = set(FULL_CHECKS) if full_checks else set()
    if probe_refusals:
        checks.add("refusals")
    if apply_every_legal_move and full_checks:
        checks.add("apply_all")
    return run_playout(variant, seed, frozenset(checks), reached).state
