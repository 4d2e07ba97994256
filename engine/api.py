"""The engine's public functions: a pure reducer over snapshots, shared by the service, the CLI and bots."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.errors import GameFinishedError, IllegalMoveError, NotYourTurnError, RulesVersionError
from engine.events import Event
from engine.game import Game
from engine.moves import Move
from engine.options import resolve_options
from engine.preset import PRESET_OPTION, InvalidPresetDeckError, check_permutation, preset_cards
from engine.registry import get_game
from engine.rng import seed_state
from engine.scoring import ScoreSheet
from engine.state import GameState, decode_snapshot


def new_game(
    game_id: str, players: int | None = None, seed: int = 0, options: Mapping[str, object] | None = None
) -> tuple[GameState, list[Event]]:
    """Creates a match. Raises UnknownGameError, InvalidPlayersError or InvalidOptionError (``options``' ``deck``, a
    preset deck for every game: engine/preset.py; ``InvalidPresetDeckError``, ``options/invalid_deck``)."""
    game = get_game(game_id)
    count = game.default_players if players is None else players
    game.check_players(count)
    given = dict(options or {})
    preset = given.pop(PRESET_OPTION, None)  # every game's option (engine/preset.py), never kept in the state
    resolved = resolve_options(game.options, given)
    state = GameState(game.id, game.rules_version, count, resolved, seed, seed_state(seed), 0, {})
    if preset is None:
        return state, game.setup(state)
    state.preset = cards = preset_cards(preset)
    events = game.setup(state)
    unused, state.preset = state.preset, None
    check_permutation(cards, game.deck(state))
    if unused is not None:
        raise InvalidPresetDeckError(
            f"{game.title} shuffles no whole deck as it sets a match up: it takes no preset deck."
        )
    return state, events


def decode(data: bytes) -> GameState:
    """Decodes snapshot bytes (``engine.encode``'s). Raises CorruptSnapshotError if they are not a snapshot,
    UnknownGameError if its game is not registered, and RulesVersionError if it was written under another rules
    version of its game: a match is never played on under new rules."""
    state = decode_snapshot(data)
    current = get_game(state.game_id).rules_version
    if state.rules_version != current:
        raise RulesVersionError(
            f"This {state.game_id} match was saved under rules version {state.rules_version}; this engine plays "
            f"version {current} only, so the match cannot be continued (its move log can still be read)."
        )
    return state


def to_act(state: GameState) -> tuple[int, ...]:
    game = get_game(state.game_id)
    return () if game.is_finished(state) else game.to_act(state)


def is_finished(state: GameState) -> bool:
    return get_game(state.game_id).is_finished(state)


def legal_moves(state: GameState, seat: int) -> list[Move]:
    """Every legal move of ``seat`` now; empty when it has nothing to decide."""
    game = get_game(state.game_id)
    if game.is_finished(state) or seat not in game.to_act(state):
        return []
    moves = game.legal_moves(state, seat)
    state.legal_cache[seat] = tuple(moves)  # a tuple: copied in a blink, and the caller may change its list
    return moves


def parse_move(state: GameState, text: str) -> Move:
    return get_game(state.game_id).parse_move(text)


def check_move(state: GameState, seat: int, move: Move) -> None:
    """Raises the precise IllegalMoveError if ``move`` is not legal for ``seat``; the one legality check."""
    _check_move(get_game(state.game_id), state, seat, move)


def _check_move(game: Game, state: GameState, seat: int, move: Move) -> None:
    # The seat's legal moves, when ``legal_moves`` has listed them for this state (so the match is on and the seat
    # is to act), decide by membership; otherwise ``explain`` checks this one move with the same predicates of the
    # game's ``legal.py`` (``None``: legal), so a submitted move never costs the enumeration of every legal move.
    legal = state.legal_cache.get(seat)
    if legal is not None:
        if move not in legal:
            raise game.explain(state, seat, move) or IllegalMoveError(
                f"'{move}' is not a legal move for seat {seat} at step {state.step}."
            )
        return
    if game.is_finished(state):
        raise GameFinishedError(f"The match is finished; '{move}' cannot be played.")
    acting = game.to_act(state)
    if seat not in acting:
        waiting = ", ".join(str(s) for s in acting)
        raise NotYourTurnError(f"Seat {seat} has no decision to make now; waiting for seat(s) {waiting}.")
    refusal = game.explain(state, seat, move)
    if refusal is not None:
        raise refusal


def apply(state: GameState, seat: int, move: Move | str) -> tuple[GameState, list[Event]]:
    """Returns the state after ``seat`` plays ``move``, and the events. ``state`` itself never changes."""
    game = get_game(state.game_id)
    if isinstance(move, str):
        move = game.parse_move(move)
    _check_move(game, state, seat, move)
    new_state = state.shallow_copy() if game.copy_on_write else state.copy()
    events = game.play(new_state, seat, move)
    new_state.step += 1
    return new_state, events


def view(state: GameState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know; ``None`` gives the spectator's public view."""
    game = get_game(state.game_id)
    shown = game.view(state, seat)
    return {
        "game": state.game_id,
        "rulesVersion": state.rules_version,
        "players": state.players,
        "seat": seat,
        "step": state.step,
        "toAct": list(to_act(state)),
        "finished": game.is_finished(state),
        "options": dict(state.options),
        **shown,
    }


def event_for(
    game_id: str,
    event: Event,
    seat: int | None,
    seat_names: Sequence[str] = (),
    *,
    timed_out_seat: int | None = None,
) -> dict[str, Any] | None:
    """``event`` as ``seat`` may see it (``None``: a spectator), with its ``text`` written from that redacted form;
    ``None`` if the seat may not see it at all. ``seat_names`` are display names by seat ("Seat 2" otherwise).
    ``timed_out_seat``: the event comes of a move made for that seat when its time ran out; the text then names
    every seat in the third person (the player chose nothing: never "You drew ...") and says so first: "Time ran
    out, so a move was made for Ann: Ann drew a card." for that seat's own public events (the move itself), "Time
    ran out for Ann: It is Bob's turn." for the others (what followed from it)."""
    shown = event.for_seat(seat)
    if shown is None:
        return None
    game = get_game(game_id)
    if timed_out_seat is None:
        shown["text"] = game.event_text(shown, seat, seat_names)
        return shown
    text = game.event_text(shown, None, seat_names)  # from the seat's own redacted data, in the third person
    name = game.seat_subject(timed_out_seat, None, seat_names)
    if event.seat == timed_out_seat and event.audience is None:
        shown["text"] = f"Time ran out, so a move was made for {name}: {text}"
    else:
        shown["text"] = f"Time ran out for {name}: {text}"
    return shown


def describe_move(state: GameState, seat: int, move: Move) -> str:
    """A legal move in words, with full card names ("Place the Queen of Hearts on b1")."""
    return get_game(state.game_id).describe_move(state, seat, move)


def determinize(state: GameState, seat: int, seed: int) -> GameState:
    """A sample of ``seat``'s information set: a full state it cannot tell from ``state``, every card it cannot
    know dealt again (seeded), with a fresh RNG. The input of search bots; never shown to anyone."""
    return get_game(state.game_id).determinize(state, seat, seed)


def score(state: GameState) -> ScoreSheet:
    return get_game(state.game_id).score(state)
