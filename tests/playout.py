"""Random legal playouts with the conformance checks, shared by the conformance suite and the benchmarks."""

from __future__ import annotations

import functools
import itertools
import random
import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

import fastjsonschema
import orjson
from jsonschema import Draft202012Validator

import engine
from engine import Game, GameState, Move

GENERIC_CODES = frozenset({"move/illegal", "engine/error"})
# Keys an event's data may not use: seats receive the event's own kind, seat (when it has one) and text under them.
RESERVED_EVENT_KEYS = frozenset({"kind", "seat", "text"})
WORD = re.compile(r"[A-Za-z0-9=]+")


Validate = Callable[[Any], Any]


def first_error(validate: Validate, value: Any) -> str | None:
    try:
        validate(value)
    except fastjsonschema.JsonSchemaException as error:
        return str(error)
    return None


@dataclass(frozen=True)
class ContentValidators:
    """The game's JSON Schemas compiled once (fastjsonschema generates Python code for each: some twenty times
    faster than an interpreting validator, which matters at every step of the conformance playouts)."""

    view: Validate
    events: dict[str, Validate]
    score: Validate

    def check_view(self, view: Any, where: str) -> None:
        error = first_error(self.view, view)
        assert error is None, f"{where}: view does not match its schema: {error}"

    def check_event(self, event: dict[str, Any], where: str) -> None:
        validate = self.events.get(event["kind"])
        assert validate is not None, f"{where}: event kind '{event['kind']}' has no schema"
        error = first_error(validate, event)
        assert error is None, f"{where}: event {event} does not match its schema: {error}"


def with_set_enums(schema: Any, formats: dict[str, Callable[[Any], bool]]) -> Any:
    """The same schema with each long enum of strings (a card list) checked by set membership: fastjsonschema
    tests an enum by scanning a list literal built at every check. ``{"enum": [...]}`` becomes ``{"type": "string",
    "format": "enumN"}`` with that format bound to the set of the same strings, which accepts exactly the same."""
    if isinstance(schema, list):
        return [with_set_enums(item, formats) for item in schema]
    if not isinstance(schema, dict):
        return schema
    converted = {key: with_set_enums(value, formats) for key, value in schema.items()}
    values = schema.get("enum")
    long_strings = isinstance(values, list) and len(values) >= 8 and all(isinstance(v, str) for v in values)
    if long_strings and schema.get("type", "string") == "string" and "format" not in schema:
        name = f"enum{len(formats)}"
        formats[name] = frozenset(cast(list[str], values)).__contains__
        del converted["enum"]
        converted["type"] = "string"
        converted["format"] = name
    return converted


@functools.cache
def content_validators(game_id: str) -> ContentValidators | None:
    """``None`` while a game has not described its content yet (tests/engine checks that every game does)."""
    if not engine.get_game(game_id).schemas():
        return None
    schemas = engine.game_schemas(game_id)
    defs = {"$defs": schemas["defs"]}

    def compile_schema(schema: dict[str, Any]) -> Validate:
        full = {**schema, **defs}
        Draft202012Validator.check_schema(full)  # valid draft 2020-12, as served
        formats: dict[str, Callable[[Any], bool]] = {}
        fast = with_set_enums({key: value for key, value in full.items() if key != "$schema"}, formats)
        return fastjsonschema.compile(fast, formats=formats)

    return ContentValidators(
        compile_schema(schemas["view"]),
        {kind: compile_schema(schema) for kind, schema in schemas["events"].items()},
        compile_schema(schemas["score"]),
    )


def assert_words_name_no_codes(game: Game, text: str, deck: set[str], where: str) -> None:
    """Texts for people use card names, never bare codes (a code that is its own name, such as "Pickpocket", is a
    name)."""
    codes = {word for word in WORD.findall(text) if word in deck and len(word) > 1 and game.card_name(word) != word}
    assert not codes, f"{where}: {text!r} shows card codes {codes} instead of names"


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
        for players in game.supported_player_counts():
            found.extend(Variant(game.id, players, options) for options in game.conformance_variants)
    return found


# A JSON string's contents, as "unrolled loop" (runs of plain characters between escapes): twice as fast in `re` as
# an alternation tried at every character, for the same matches.
JSON_STRING = re.compile(rb'"([^"\\]*(?:\\.[^"\\]*)*)"')


def strings_in(value: Any) -> list[str]:
    """Every string anywhere in a JSON-like value (keys included), read off its JSON text (fast: one C pass)."""
    return _strings_with_commas(value)[0]


def _strings_with_commas(value: Any) -> tuple[list[str], bool]:
    """The strings of ``value`` and whether any holds a comma. Decoded by C loops (``map``) unless one has an
    escape, and the comma looked for once in all of them: per-string Python work was half of ``cards_shown``."""
    raws = JSON_STRING.findall(orjson.dumps(value))
    joined = b"\x00".join(raws)
    if b"\\" in joined:
        texts = [orjson.loads(b'"' + raw + b'"') if b"\\" in raw else raw.decode() for raw in raws]
    else:
        texts = list(map(bytes.decode, raws))
    return texts, b"," in joined


# What each seat can see of one state, worked out once per state (card_locations is asked once, not per seat and
# per check). States never change once apply has returned them, so the state object itself is the key.
_VISIBILITY: dict[int, tuple[GameState, dict[int | None, Counter[str]]]] = {}


def visible_cards(game: Game, state: GameState, seat: int | None) -> Counter[str]:
    cached = _VISIBILITY.get(id(state))
    if cached is None or cached[0] is not state:
        public: Counter[str] = Counter()
        private: dict[int, Counter[str]] = {s: Counter() for s in range(state.players)}
        for place in game.card_locations(state):
            if place.visible_to is None:
                public.update(place.cards)
            else:
                for viewer in place.visible_to:
                    private[viewer].update(place.cards)
        seen: dict[int | None, Counter[str]] = {None: public}
        seen.update({viewer: public + cards for viewer, cards in private.items()})
        if len(_VISIBILITY) > 16:
            _VISIBILITY.clear()
        cached = _VISIBILITY[id(state)] = (state, seen)
    return cached[1][seat]


def cards_shown(value: Any, deck: set[str]) -> Counter[str]:
    """Every card code appearing as a whole string (or an item of a comma-joined list) in ``value``."""
    texts, commas = _strings_with_commas(value)
    found: Counter[str] = Counter(filter(deck.__contains__, texts))
    if commas:
        for text in texts:
            if "," in text and text not in deck:
                found.update(part for part in text.split(",") if part in deck)
    return found


def assert_conserved(game: Game, state: GameState, expected: list[str] | None = None) -> None:
    """Every card of the deck is in exactly one place, as often as the deck has it (sorted lists compared: a C
    sort and a list comparison, where Counters compared in Python at every step of every playout). ``expected``:
    the deck already sorted (a playout sorts it once, not at every step)."""
    placed = sorted(itertools.chain.from_iterable(place.cards for place in game.card_locations(state)))
    if expected is None:
        expected = sorted(game.deck(state))
    if placed != expected:
        extra, missing = Counter(placed) - Counter(expected), Counter(expected) - Counter(placed)
        raise AssertionError(f"cards not conserved at step {state.step}: {extra} / {missing}")


def assert_views_hide_secrets(game: Game, state: GameState, deck: set[str]) -> dict[int | None, dict[str, Any]]:
    """Checks every seat's view (and the spectator's) and returns them, for the other checks of the same state."""
    validators = content_validators(game.id)
    views: dict[int | None, dict[str, Any]] = {}
    for seat in [None, *range(state.players)]:
        view = views[seat] = engine.view(state, seat)
        if validators is not None:
            validators.check_view(view, f"{game.id} step {state.step} seat {seat}")
        shown = cards_shown(view, deck)
        allowed = visible_cards(game, state, seat)
        leaked = shown - allowed
        assert not leaked, f"view of seat {seat} at step {state.step} shows hidden cards {dict(leaked)}"
    return views


def held_cards(game: Game, state: GameState) -> Counter[str]:
    """The cards the seats hold privately (places some seats, not everyone, may see; not a face-down stock)."""
    held: Counter[str] = Counter()
    for place in game.card_locations(state):
        if place.visible_to:
            held.update(place.cards)
    return held


def assert_events_hide_secrets(
    game: Game, before: GameState, after: GameState, move: Move, events: list[engine.Event], deck: set[str]
) -> None:
    # A card the move itself names may be shown (it was played openly), even if a re-deal hid it again at once.
    named = cards_shown(list(move.args), deck)
    validators = content_validators(game.id)
    for seat in [None, *range(after.players)]:
        for event in events:
            clash = set(RESERVED_EVENT_KEYS & {*event.data, *event.secret})
            if event.seat is None:
                clash.discard("seat")  # an event of no seat may name one in its data (who went out, or nobody)
            assert not clash, f"{game.id} event {event.kind} uses the reserved keys {clash} in its data"
            shown = engine.event_for(game.id, event, seat)
            if shown is not None and validators is not None:
                where = f"{game.id} step {after.step} seat {seat}"
                validators.check_event(shown, where)
                assert shown["text"], f"{where}: event {event.kind} has no text"
                assert_words_name_no_codes(game, shown["text"], deck, where)
            if event.audience is not None:
                continue  # a private event is shown to its audience on purpose (a reveal, one's own deal)
            # Allowed: as many copies of a card as the seat could see before the move plus those the move named (played
            # openly: a second Vampire beside the first), or after the move;
            # and at a hand's end, in the events that reveal the hands (``Game.hand_end_reveals``), the cards held too.
            visible_before, visible_after = visible_cards(game, before, seat), visible_cards(game, after, seat)
            held = held_cards(game, before) if event.kind in game.hand_end_reveals else Counter()
            leaked = {
                card: count
                for card, count in cards_shown(event.for_seat(seat), deck).items()
                if count > max(visible_before[card] + held[card] + named[card], visible_after[card])
            }
            assert not leaked, f"event {event.kind} shows seat {seat} hidden cards {leaked}"


def assert_reason_hides_secrets(
    game: Game, state: GameState, seat: int, move: Move, error: engine.EngineError, deck: set[str]
) -> None:
    """A rejection's reason names only cards the seat can see (or that its own move named)."""
    allowed = visible_cards(game, state, seat).keys() | cards_shown(list(move.args), deck).keys()
    shown = Counter(word for word in WORD.findall(error.reason) if word in deck)
    leaked = {card for card in shown if card not in allowed}
    assert not leaked, f"the reason for refusing '{move}' shows seat {seat} hidden cards {leaked}: {error.reason}"


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


def hidden_arrangement(game: Game, state: GameState, seat: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Where the cards ``seat`` cannot see are, place by place (in order: a stock's order matters)."""
    return tuple(
        (place.name, tuple(place.cards))
        for place in game.card_locations(state)
        if place.visible_to is not None and seat not in place.visible_to
    )


def assert_determinization(
    game: Game,
    state: GameState,
    seat: int,
    legal: list[Move],
    seed: int,
    view: dict[str, Any] | None = None,
    expected: list[str] | None = None,
) -> None:
    """``determinize`` keeps all the seat knows: its view, the cards (conserved), its legal moves; the sample has
    a fresh RNG. ``view`` and ``expected``: the seat's view of ``state`` and the sorted deck, when already known."""
    sample = engine.determinize(state, seat, seed)
    where = f"{game.id} step {state.step} seat {seat} sample {seed}"
    assert sample is not state, f"{where}: determinize must return a new state"
    if view is None:
        view = engine.view(state, seat)
    assert engine.view(sample, seat) == view, f"{where}: the seat's view changed by sampling"
    assert_conserved(game, sample, expected)
    assert engine.to_act(sample) == engine.to_act(state), f"{where}: who acts changed by sampling"
    assert set(engine.legal_moves(sample, seat)) == set(legal), f"{where}: the seat's legal moves changed"
    assert sample.rng_state != state.rng_state, f"{where}: the sample must not keep the true RNG state"
    assert engine.decode(engine.encode(sample)) == sample


def assert_samples_vary(game: Game, state: GameState, seat: int, samples: int = 12) -> None:
    """Over many samples, the cards the seat cannot see move: the sampler does not leak the true deal."""
    truth = hidden_arrangement(game, state, seat)
    distinct = {card for _, cards in truth for card in cards}
    if len(distinct) < 2:
        return
    arrangements = {hidden_arrangement(game, engine.determinize(state, seat, seed), seat) for seed in range(samples)}
    assert arrangements != {truth}, f"{game.id} step {state.step}: {samples} samples all equal the true hidden deal"
    assert len(arrangements) > 1, f"{game.id} step {state.step}: {samples} samples are all the same"


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


def phase_of(state: GameState) -> str:
    """The state's phase, as its games name it (every game keeps one in ``table["phase"]``, a string or a string
    enum)."""
    phase = state.table.get("phase")
    return str(getattr(phase, "value", phase))


def playout(
    variant: Variant,
    seed: int,
    *,
    full_checks: bool,
    apply_every_legal_move: bool = False,
    probe_refusals: bool = False,
    reached: set[str] | None = None,
) -> GameState:
    """Plays a random legal match, checking the snapshot round trip and card conservation at every step; with
    ``probe_refusals`` also the rejection of moves that are not legal (``assert_refusals``); with ``full_checks``
    that and the secrecy of views and events, notation round trips, moves out of turn and determinization; with
    ``apply_every_legal_move`` also that every legal move applies.

    The moves come from ``random.Random(seed)`` alone (the checks draw from a generator of their own), so a seed
    plays the same match with or without the full checks. ``reached`` collects the rule features the match reached
    (``"phase draw"``, ``"move draw take_discard"``, ``"event hand_ended"``, and with the refusals checked the
    codes of the moves tried that are not legal, ``"refusal play/not_a_set"``): the conformance suite sizes each
    variant's playouts by them (tests/conformance/sizing.py)."""
    rng = random.Random(seed)
    checks = random.Random(f"checks {seed}")
    game = engine.get_game(variant.game_id)
    state, events = engine.new_game(variant.game_id, variant.players, seed, variant.options)
    cards = game.deck(state)
    deck, expected = set(cards), sorted(cards)  # a match's deck never changes
    found: set[str] = set() if reached is None else reached
    found.update(f"event {event.kind}" for event in events)
    snapshot = engine.encode(state)
    varied = False
    for _ in range(game.playout_bound):
        phase = phase_of(state)
        found.add(f"phase {phase}")
        if engine.is_finished(state):
            break
        acting = engine.to_act(state)
        assert acting, f"{variant} seed {seed}: nobody to act at step {state.step} but the match is not finished"
        seat = rng.choice(acting)
        legal = engine.legal_moves(state, seat)
        assert legal, f"{variant} seed {seed}: seat {seat} must act at step {state.step} but has no legal move"
        # (``snapshot`` is the state's encoding, taken when apply returned it: the round trip is checked here, and
        # the decoded copy, which has no legal moves listed, serves the checks of apply by explain alone)
        uncached = engine.decode(snapshot)
        assert uncached == state, f"{variant} seed {seed}: snapshot round trip at step {state.step}"
        assert_conserved(game, state, expected)
        if full_checks or probe_refusals:
            found.update(
                f"refusal {code}" for code in assert_refusals(game, state, uncached, seat, legal, checks, deck)
            )
        if full_checks:
            views = assert_views_hide_secrets(game, state, deck)
            assert len(set(legal)) == len(legal), "legal moves must be listed once each"
            for move in legal:
                assert game.parse_move(str(move)) == move
                assert engine.Move.from_structured(game.structured_move(move), game.move_kinds) == move
                assert_lists_canonicalised(game, move, checks)
                if content_validators(game.id) is not None:
                    assert_words_name_no_codes(game, game.describe_move(state, seat, move), deck, f"'{move}' described")
                refusal = game.explain(state, seat, move)
                assert refusal is None, f"{variant} seed {seed}: legal '{move}' explained as illegal: {refusal}"
            assert_determinization(game, state, seat, legal, seed * 100_003 + state.step, views[seat], expected)
            if not varied:
                assert_samples_vary(game, state, seat)
                varied = True
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
        found.add(f"move {phase} {move.kind}")
        before = state
        state, events = engine.apply(state, seat, move)
        found.update(f"event {event.kind}" for event in events)
        after = engine.encode(state)
        if full_checks:  # the same move checked by explain alone (no list of legal moves) gives the same state
            assert engine.encode(engine.apply(uncached, seat, move)[0]) == after
        # apply never changes its input (copy-on-write games share table values with it): aliasing bugs fail here.
        assert engine.encode(before) == snapshot, f"{variant} seed {seed}: apply changed its input, step {before.step}"
        snapshot = after
        if full_checks:
            assert_events_hide_secrets(game, before, state, move, events, deck)
    else:
        raise AssertionError(f"{variant} seed {seed}: no end after {game.playout_bound} moves")
    assert_conserved(game, state, expected)
    assert engine.decode(snapshot) == state
    sheet = engine.score(state)
    assert sheet.finished and sheet.winners
    validators = content_validators(game.id)
    if validators is not None and full_checks:
        problem = first_error(validators.score, sheet.to_dict())
        assert problem is None, f"{variant} seed {seed}: score sheet does not match its schema: {problem}"
    assert engine.to_act(state) == ()
    return state
