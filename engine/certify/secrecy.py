"""The secrecy checks: no view, event or refusal shows a seat a card it cannot see (by the game's own
``card_locations``), every card is in one place (conservation), and ``determinize`` keeps what a seat knows while
dealing again what it cannot see (secrecy by resampling)."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import engine
from engine.certify.content import WORD, assert_words_name_no_codes, cards_shown, content_validators
from engine.events import Event
from engine.game import Game
from engine.moves import Move
from engine.state import GameState

# Keys an event's data may not use: seats receive the event's own kind, seat (when it has one) and text under them.
RESERVED_EVENT_KEYS = frozenset({"kind", "seat", "text"})
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
    game: Game, before: GameState, after: GameState, move: Move, events: list[Event], deck: set[str]
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
