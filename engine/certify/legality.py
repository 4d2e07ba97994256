"""The legality checks: notation round trips and canonical lists, and moves that are not legal refused with a
specific code and a reason that hides the seat's unseen cards, alike by the list of legal moves and by ``explain``
alone."""

from __future__ import annotations

import random

import engine
from engine.certify.secrecy import assert_reason_hides_secrets
from engine.game import Game
from engine.moves import Move
from engine.state import GameState

GENERIC_CODES = frozenset({"move/illegal", "engine/error"})


def assert_lists_canonicalised(game: Game, move: Move, rng: random.Random) -> None:
    """The notation policy: any order of a list argument's items parses to the same (canonical) move."""
    kind = game.move_kinds[move.kind]
    args = []
    for name, value in zip(kind.params, move.args, strict=True):
        items = value.split(",")
        if name in kind.list_params:
            rng.shuffle(items)
        args.append(",".join(items))
    shuffled = " ".join((move.kind, *args))
    assert game.parse_move(shuffled) == move, f"'{shuffled}' should parse to the canonical '{move}'"


def not_legal_moves(game: Game, state: GameState, seat: int, legal: list[Move], rng: random.Random) -> list[Move]:
    """Well-formed moves that are not legal now: legal moves with an argument swapped for another's."""
    legal_set = set(legal)
    candidates: list[Move] = []
    tokens = sorted({arg for move in legal for arg in move.args} | {"ZZ", "a9", "99"})
    for move in rng.sample(legal, min(len(legal), 5)):
        for index in range(len(move.args)):
            for token in rng.sample(tokens, min(len(tokens), 4)):
                args = list(move.args)
                args[index] = token
                candidate = Move(move.kind, tuple(args))
                if candidate not in legal_set:
                    candidates.append(candidate)
    return candidates[:6]


def assert_refusals(
    game: Game, state: GameState, uncached: GameState, seat: int, legal: list[Move], rng: random.Random, deck: set[str]
) -> set[str]:
    """Moves that are not legal are refused with a specific code and a reason that hides the seat's unseen cards,
    alike by the list of legal moves (``state``) and by explain alone (``uncached``, the same state decoded without
    that list). Returns the refusal codes seen."""
    codes: set[str] = set()
    for bad in not_legal_moves(game, state, seat, legal, rng):
        try:
            engine.apply(state, seat, bad)
        except engine.EngineError as error:
            assert error.code and error.reason
            assert error.code not in GENERIC_CODES, f"'{bad}' refused with the generic {error.code}: {error.reason}"
            codes.add(error.code)
            assert_reason_hides_secrets(game, state, seat, bad, error, deck)
            try:
                engine.apply(uncached, seat, bad)
            except engine.EngineError as again:
                assert (again.code, again.reason) == (error.code, error.reason), f"'{bad}' uncached"
            else:
                raise AssertionError(f"'{bad}' accepted on a state without its list of legal moves")
        else:
            raise AssertionError(f"'{bad}' is not legal but was accepted at step {state.step}")
    return codes
