"""Random legal playouts with the conformance checks, shared by the conformance suite and the benchmarks."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import engine
from engine import Game, GameState, Move


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
    for game in engine.all_games():
        if game_ids is not None and game.id not in game_ids:
            continue
        for players in range(game.min_players, game.max_players + 1):
            try:
                game.check_players(players)
            except engine.InvalidPlayersError:
                continue
            found.extend(Variant(game.id, players, options) for options in game.conformance_variants)
    return found


def strings_in(value: Any) -> Iterator[str]:
    """Every string anywhere in a JSON-like value (keys included)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield str(key)
            yield from strings_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings_in(item)


def visible_cards(game: Game, state: GameState, seat: int | None) -> Counter[str]:
    seen: Counter[str] = Counter()
    for place in game.card_locations(state):
        if place.visible_to is None or (seat is not None and seat in place.visible_to):
            seen.update(place.cards)
    return seen


def cards_shown(value: Any, deck: set[str]) -> Counter[str]:
    """Every card code appearing as a whole string (or an item of a comma-joined list) in ``value``."""
    found: Counter[str] = Counter()
    for text in strings_in(value):
        if text in deck:
            found[text] += 1
        elif "," in text:
            found.update(part for part in text.split(",") if part in deck)
    return found


def assert_conserved(game: Game, state: GameState) -> None:
    placed: Counter[str] = Counter()
    for place in game.card_locations(state):
        placed.update(place.cards)
    expected = Counter(game.deck(state))
    assert placed == expected, f"cards not conserved at step {state.step}: {placed - expected} / {expected - placed}"


def assert_views_hide_secrets(game: Game, state: GameState, deck: set[str]) -> None:
    for seat in [None, *range(state.players)]:
        shown = cards_shown(engine.view(state, seat), deck)
        allowed = visible_cards(game, state, seat)
        leaked = shown - allowed
        assert not leaked, f"view of seat {seat} at step {state.step} shows hidden cards {dict(leaked)}"


def assert_events_hide_secrets(
    game: Game, before: GameState, after: GameState, move: Move, events: list[engine.Event], deck: set[str]
) -> None:
    # A card the move itself names may be shown (it was played openly), even if a re-deal hid it again at once.
    named = cards_shown(list(move.args), deck)
    for seat in [None, *range(after.players)]:
        allowed = visible_cards(game, before, seat) | visible_cards(game, after, seat) | named
        for event in events:
            if event.audience is not None:
                continue  # a private event is shown to its audience on purpose (a reveal, one's own deal)
            leaked = cards_shown(event.for_seat(seat), deck) - allowed
            assert not leaked, f"event {event.kind} shows seat {seat} hidden cards {dict(leaked)}"


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


def playout(
    variant: Variant,
    seed: int,
    *,
    full_checks: bool,
    apply_every_legal_move: bool = False,
) -> GameState:
    """Plays a random legal match, checking the snapshot round trip and card conservation at every step; with
    ``full_checks`` also the secrecy of views and events, notation round trips and rejection of moves that are not
    legal; with ``apply_every_legal_move`` also that every legal move applies."""
    rng = random.Random(seed)
    game = engine.get_game(variant.game_id)
    state, _ = engine.new_game(variant.game_id, variant.players, seed, variant.options)
    deck = set(game.deck(state))
    for _ in range(game.playout_bound):
        if engine.is_finished(state):
            break
        acting = engine.to_act(state)
        assert acting, f"{variant} seed {seed}: nobody to act at step {state.step} but the match is not finished"
        seat = rng.choice(acting)
        legal = engine.legal_moves(state, seat)
        assert legal, f"{variant} seed {seed}: seat {seat} must act at step {state.step} but has no legal move"
        snapshot = engine.encode(state)
        assert engine.decode(snapshot) == state, f"{variant} seed {seed}: snapshot round trip at step {state.step}"
        assert_conserved(game, state)
        if full_checks:
            assert_views_hide_secrets(game, state, deck)
            assert len(set(legal)) == len(legal), "legal moves must be listed once each"
            for move in legal:
                assert game.parse_move(str(move)) == move
                assert engine.Move.from_structured(game.structured_move(move), game.move_kinds) == move
            for bad in not_legal_moves(game, state, seat, legal, rng):
                try:
                    engine.apply(state, seat, bad)
                except engine.EngineError as error:
                    assert error.code and error.reason
                else:
                    raise AssertionError(f"{variant} seed {seed}: '{bad}' is not legal but was accepted")
            for other in range(state.players):
                if other not in acting:
                    try:
                        engine.apply(state, other, legal[0])
                    except engine.IllegalMoveError:
                        pass
                    else:
                        raise AssertionError(f"seat {other} moved out of turn")
            if apply_every_legal_move:
                for move in legal:
                    engine.apply(state, seat, move)
            assert engine.encode(state) == snapshot, "a rejected or trial move changed the state"
        move = rng.choice(legal)
        before = state
        state, events = engine.apply(state, seat, move)
        if full_checks:
            assert_events_hide_secrets(game, before, state, move, events, deck)
    else:
        raise AssertionError(f"{variant} seed {seed}: no end after {game.playout_bound} moves")
    assert_conserved(game, state)
    assert engine.decode(engine.encode(state)) == state
    sheet = engine.score(state)
    assert sheet.finished and sheet.winners
    assert engine.to_act(state) == ()
    return state
