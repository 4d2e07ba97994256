"""The engine core on its own: options, move notation, events, RNG, snapshots, errors."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine import rng
from engine.events import Event
from engine.moves import Move, MoveKind
from engine.options import OptionSpec, resolve_options

TOKENS = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-,", min_size=1, max_size=12)


@given(kind=TOKENS.filter(lambda t: "," not in t), args=st.lists(TOKENS, max_size=4))
def test_move_notation_round_trips(kind: str, args: list[str]) -> None:
    move = Move(kind, tuple(args))
    assert Move.parse(str(move)) == move
    assert Move.parse(move.notation) == move


@pytest.mark.parametrize("text", ["", "   ", "place  QH b1", " place QH", "place QH b1 ", "place\tQH"])
def test_non_canonical_notation_is_malformed(text: str) -> None:
    with pytest.raises(engine.InvalidMoveError):
        Move.parse(text)


def test_structured_form_names_arguments_and_splits_lists() -> None:
    kinds = {"meld": MoveKind("meld", ("cards", "group"), frozenset({"cards"}))}
    move = Move("meld", ("7H,8H,9H", "g2"))
    structured = move.structured(kinds["meld"])
    assert structured == {"kind": "meld", "args": {"cards": ["7H", "8H", "9H"], "group": "g2"}}
    assert Move.from_structured(structured, kinds) == move
    with pytest.raises(engine.InvalidMoveError):
        Move.from_structured({"kind": "meld", "args": {"cards": ["7H"]}}, kinds)
    with pytest.raises(engine.InvalidMoveError):
        Move.from_structured({"kind": "fly", "args": {}}, kinds)


def test_game_parse_checks_kind_and_arity() -> None:
    game = engine.get_game("dracula")
    assert game.parse_move("place QH b1") == Move("place", ("QH", "b1"))
    for bad in ["fly QH", "place QH", "place QH b1 b2", "place QH,KH b1"]:
        with pytest.raises(engine.InvalidMoveError) as caught:
            game.parse_move(bad)
        assert caught.value.code == "move/malformed"


SPECS = (
    OptionSpec(name="target", kind="int", default=500, minimum=50, maximum=5000, description="t"),
    OptionSpec(name="immunity", kind="bool", default=False, description="i"),
    OptionSpec(name="mode", kind="choice", default="match", choices=("match", "single"), description="m"),
)


def test_options_defaults_and_coercion() -> None:
    assert resolve_options(SPECS, None) == {"target": 500, "immunity": False, "mode": "match"}
    assert resolve_options(SPECS, {"target": "250", "immunity": "true", "mode": "single"}) == {
        "target": 250,
        "immunity": True,
        "mode": "single",
    }
    assert resolve_options(SPECS, {"target": 300.0})["target"] == 300


@pytest.mark.parametrize(
    ("given", "name"),
    [
        ({"target": 10}, "target"),
        ({"target": True}, "target"),
        ({"target": "many"}, "target"),
        ({"immunity": 1}, "immunity"),
        ({"mode": "double"}, "mode"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_options_name_the_option(given: dict[str, object], name: str) -> None:
    with pytest.raises(engine.InvalidOptionError) as caught:
        resolve_options(SPECS, given)
    assert caught.value.option == name
    assert name in caught.value.reason
    assert caught.value.code == "game/invalid_option"


def test_unknown_game() -> None:
    with pytest.raises(engine.UnknownGameError) as caught:
        engine.new_game("poker", 2)
    assert caught.value.code == "game/unknown"
    assert "dracula" in caught.value.reason


def test_event_redaction() -> None:
    draw = Event("drew", seat=2, data={"source": "stock"}, secret={"card": "QH"}, secret_to=(2,))
    assert draw.for_seat(2) == {"kind": "drew", "seat": 2, "source": "stock", "card": "QH"}
    assert draw.for_seat(1) == {"kind": "drew", "seat": 2, "source": "stock"}
    assert draw.for_seat(None) == {"kind": "drew", "seat": 2, "source": "stock"}
    reveal = Event("hand_shown", seat=0, data={"cards": ["AS", "KD"]}, audience=(1,))
    assert reveal.for_seat(1) == {"kind": "hand_shown", "seat": 0, "cards": ["AS", "KD"]}
    assert reveal.for_seat(0) is None and reveal.for_seat(None) is None
    for event in (draw, reveal):
        assert Event.from_record(event.to_record()) == event


def test_rng_is_deterministic_and_unbiased_enough() -> None:
    state = rng.seed_state(42)
    first = [rng.next_u64(state)[1] for _ in range(2)]
    assert first[0] == first[1]
    counts = [0] * 6
    for _ in range(6000):
        state, value = rng.below(state, 6)
        counts[value] += 1
    assert all(850 < count < 1150 for count in counts)
    deck_a, deck_b = list(range(52)), list(range(52))
    assert rng.shuffle(rng.seed_state(7), deck_a) == rng.shuffle(rng.seed_state(7), deck_b)
    assert deck_a == deck_b and deck_a != list(range(52)) and sorted(deck_a) == list(range(52))


def test_same_seed_same_match_and_snapshot_round_trip() -> None:
    one, _ = engine.new_game("dracula", 2, seed=99)
    two, _ = engine.new_game("dracula", 2, seed=99)
    assert engine.encode(one) == engine.encode(two)
    assert engine.decode(engine.encode(one)) == one
    three, _ = engine.new_game("dracula", 2, seed=100)
    assert engine.encode(three) != engine.encode(one)


@pytest.mark.parametrize("data", [b"", b"not json", b"[2, 1]", b'{"a": 1}', b"[99,1,2,3,4,5,6,7,8]"])
def test_corrupt_snapshots_raise_a_typed_error(data: bytes) -> None:
    with pytest.raises(engine.CorruptSnapshotError):
        engine.decode(data)


def test_apply_never_changes_the_given_state() -> None:
    state, _ = engine.new_game("dracula", 2, seed=3)
    before = engine.encode(state)
    seat = engine.to_act(state)[0]
    after, _ = engine.apply(state, seat, "declare across")
    assert engine.encode(state) == before
    assert after.step == state.step + 1


def test_check_move_agrees_with_legal_moves() -> None:
    """The one legality check accepts exactly the members of legal_moves (over every cell and card)."""
    state, _ = engine.new_game("dracula", 2, seed=12)
    state, _ = engine.apply(state, engine.to_act(state)[0], "declare across")
    seat = engine.to_act(state)[0]
    legal = set(engine.legal_moves(state, seat))
    for card in engine.get_game("dracula").deck(state):
        for cell in ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"):
            move = Move("place", (card, cell))
            try:
                engine.check_move(state, seat, move)
                accepted = True
            except engine.IllegalMoveError:
                accepted = False
            assert accepted == (move in legal)


def test_check_move_without_a_listed_set_asks_explain_alone() -> None:
    """On a state whose legal moves were never listed, apply checks the one move with ``explain``: the same
    verdicts as the list gives, the same precise refusals, and no list built (the cache stays empty)."""
    state, _ = engine.new_game("dracula", 2, seed=12)
    state, _ = engine.apply(state, engine.to_act(state)[0], "declare across")
    seat = engine.to_act(state)[0]
    snapshot = engine.encode(state)
    listed = engine.decode(snapshot)
    legal = set(engine.legal_moves(listed, seat))
    fresh = engine.decode(snapshot)
    for card in engine.get_game("dracula").deck(state):
        for cell in ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"):
            move = Move("place", (card, cell))
            try:
                engine.check_move(fresh, seat, move)
                refused = None
            except engine.IllegalMoveError as error:
                refused = (error.code, error.reason)
            assert (refused is None) == (move in legal)
            if refused is not None:
                with pytest.raises(engine.IllegalMoveError) as listed_refusal:
                    engine.check_move(listed, seat, move)
                assert (listed_refusal.value.code, listed_refusal.value.reason) == refused
    assert fresh.legal_cache == {}
    after, _ = engine.apply(fresh, seat, sorted(legal)[0])
    assert fresh.legal_cache == {} and after.legal_cache == {}


def test_shallow_copy_shares_table_values_in_a_new_table() -> None:
    state, _ = engine.new_game("dracula", 2, seed=5)
    engine.legal_moves(state, engine.to_act(state)[0])
    copy = state.shallow_copy()
    assert copy == state and copy.table is not state.table and copy.legal_cache == {} and state.legal_cache
    assert all(copy.table[key] is value for key, value in state.table.items())


@pytest.mark.parametrize("game_id", sorted(game.id for game in engine.all_games() if game.copy_on_write))
def test_copy_on_write_games_never_change_the_state_given_to_apply(game_id: str) -> None:
    """A copy-on-write game's ``play`` shares the caller's table values: it must replace, never mutate, them.
    Every state of a seeded random match is checked after its move (the conformance playouts check it too)."""
    chooser = random.Random(7)
    game = engine.get_game(game_id)
    state, _ = engine.new_game(game_id, game.default_players, 7, game.playout_options)
    while not engine.is_finished(state):
        seat = chooser.choice(engine.to_act(state))
        before = engine.encode(state)
        after, _ = engine.apply(state, seat, chooser.choice(engine.legal_moves(state, seat)))
        assert engine.encode(state) == before, f"{game_id}: apply changed its input at step {state.step}"
        state = after


def test_shuffle_is_fisher_yates_over_below() -> None:
    """``rng.shuffle`` (one loop, no call per card) draws exactly what ``below`` draws, card by card."""
    chooser = random.Random(3)
    for _ in range(500):
        state, size = chooser.getrandbits(64), chooser.randint(0, 80)
        shuffled, expected = list(range(size)), list(range(size))
        reference = state
        for i in range(size - 1, 0, -1):
            reference, j = rng.below(reference, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert rng.shuffle(state, shuffled) == reference and shuffled == expected
