"""The core pieces every game shares: deals, runs, totals, replays, the rules-version guard, the module shape."""

from __future__ import annotations

import importlib
import pkgutil
from collections import Counter

import pytest
from jsonschema import Draft202012Validator

import engine
import engine.games
from engine.cards import ACE_HIGH, ACE_LOW, deal_round_robin, run_positions
from engine.scoring import totals_from_rounds
from engine.state import GameState, encode

SHAPE = frozenset({"__init__", "cards", "table", "moves", "legal", "flow", "scoring", "game"})
RETIRED = frozenset({"explain", "illegal", "move_kinds", "plays"})


def test_deal_round_robin_takes_from_the_top_clockwise_from_first() -> None:
    stock = list("abcdefghij")
    hands = deal_round_robin(stock, 3, 2, first=1)
    # Top of the stock is the end of the list: j to seat 1, i to seat 2, h to seat 0, g to seat 1, ...
    assert hands == [["h", "e"], ["j", "g"], ["i", "f"]]
    assert stock == list("abcd")


@pytest.mark.parametrize(
    ("ranks", "positions"),
    [
        ([1, 2, 3], [1, 2, 3]),
        ([12, 13, 1], [12, 13, ACE_HIGH]),
        ([3, 1, 2], [1, 2, 3]),
        ([13, 1, 2], None),
        ([5, 6, 8], None),
        ([5, 5, 6], None),
        ([], None),
        ([ACE_LOW], [1]),
        ([10, 11, 12, 13, 1], [10, 11, 12, 13, 14]),
    ],
)
def test_run_positions_place_the_ace_low_or_high_never_both(ranks: list[int], positions: list[int] | None) -> None:
    assert run_positions(ranks) == positions


def test_totals_from_rounds_add_each_seats_points() -> None:
    assert totals_from_rounds([[10, -5, 0], [3, 4, 5]], 3) == [13, -1, 5]
    assert totals_from_rounds([], 2) == [0, 0]
    assert totals_from_rounds([[1, 2]], 2, start=[100, 200]) == [101, 202]


def test_every_game_package_has_the_same_shape() -> None:
    """cards, table, moves, legal, flow, scoring, game (plus modules of the game's own, none of the retired ones)."""
    for info in pkgutil.iter_modules(engine.games.__path__):
        package = __import__(f"engine.games.{info.name}", fromlist=["_"])
        modules = {m.name for m in pkgutil.iter_modules(package.__path__)} | {"__init__"}
        assert modules >= SHAPE, f"{info.name} lacks {sorted(SHAPE - modules)}"
        assert not modules & RETIRED, f"{info.name} still has {sorted(modules & RETIRED)}"


def test_every_game_states_its_exact_player_counts() -> None:
    for game in engine.all_games():
        counts = game.supported_player_counts()
        assert game.catalog_entry()["playerCounts"] == list(counts)
        for players in range(1, 9):
            if players in counts:
                engine.new_game(game.id, players, 1)
            else:
                with pytest.raises(engine.InvalidPlayersError):
                    engine.new_game(game.id, players, 1)


def test_replay_rebuilds_a_match_and_names_the_first_refused_move() -> None:
    state, _ = engine.new_game("dracula", 2, 5)
    moves = []
    for _ in range(6):
        seat = engine.to_act(state)[0]
        move = engine.legal_moves(state, seat)[-1]
        moves.append(f"{seat} {move}")
        state, _ = engine.apply(state, seat, move)
    replayed = engine.replay("dracula", 2, 5, None, moves)
    assert replayed.state == state
    assert len(replayed.move_events) == 6
    assert engine.replay("dracula", 2, 5, {}, [(int(m[0]), m[2:]) for m in moves]).state == state
    broken = [*moves[:3], moves[3].replace(moves[3][0], "1" if moves[3][0] == "0" else "0", 1), *moves[4:]]
    with pytest.raises(engine.ReplayError) as caught:
        engine.replay("dracula", 2, 5, None, broken)
    assert caught.value.reason.startswith("Move 4 (")
    assert caught.value.code == "move/not_your_turn"
    with pytest.raises(engine.ReplayError):
        engine.replay("dracula", 2, 5, None, ["zero place QH b1"])


def test_a_snapshot_of_another_rules_version_is_refused() -> None:
    state, _ = engine.new_game("dracula", 2, 1)
    current = state.rules_version
    older = GameState(
        state.game_id, current + 1, state.players, state.options, state.seed, state.rng_state, 0, state.table
    )
    with pytest.raises(engine.RulesVersionError) as caught:
        engine.decode(encode(older))
    assert caught.value.code == "snapshot/rules_version"
    assert f"rules version {current + 1}" in caught.value.reason
    assert engine.decode(encode(state)) == state


def test_list_arguments_are_canonicalised_by_parse_move() -> None:
    for game in engine.all_games():
        for kind in game.move_kinds.values():
            if not kind.list_params:
                continue
            state, _ = engine.new_game(game.id, game.default_players, 3)
            cards = sorted(set(game.deck(state)))[:3]
            args = [",".join(cards) if p in kind.list_params else "x" for p in kind.params]
            reversed_args = [",".join(reversed(cards)) if p in kind.list_params else "x" for p in kind.params]
            first = game.parse_move(" ".join((kind.name, *args)))
            assert game.parse_move(" ".join((kind.name, *reversed_args))) == first


def test_every_game_names_every_card_of_every_variant() -> None:
    """The catalog's card list covers every deck the options can make; every card has a full name."""
    for game in engine.all_games():
        listed = {card.code: card for card in game.cards()}
        assert len(listed) == len(game.cards()), f"{game.id}: a card is listed twice"
        for card in listed.values():
            # A name for people: not the bare code, unless the code is already a word (Rummy Battle's "Pickpocket").
            is_word = card.code[:1].isupper() and card.code[1:].isalpha() and card.code[1:].islower()
            assert card.name and (card.name != card.code or is_word), f"{game.id}: card {card.code} has no name"
            assert game.card_name(card.code) == card.name
        default_deck = Counter(game.deck(engine.new_game(game.id, game.default_players, 0)[0]))
        for code, count in default_deck.items():
            assert code in listed, f"{game.id}: {code} is not in the card list"
            assert listed[code].count == count, f"{game.id}: {code} count {listed[code].count} != {count}"
        for options in game.conformance_variants:
            for players in game.supported_player_counts():
                state, _ = engine.new_game(game.id, players, 0, options)
                missing = set(game.deck(state)) - set(listed)
                assert not missing, f"{game.id} {options}: cards {missing} are not in the card list"


def test_every_game_describes_its_content_with_schemas() -> None:
    """Views, move arguments of every kind, events, score and round details are typed (JSON Schema)."""
    for game in engine.all_games():
        own = game.schemas()
        for part in ("view", "moveArgs", "eventData", "scoreDetails", "roundDetails"):
            assert part in own, f"{game.id} has no '{part}' schema"
        assert set(own["moveArgs"]) == set(game.move_kinds), f"{game.id}: move kinds without an argument schema"
        complete = engine.game_schemas(game.id)
        Draft202012Validator.check_schema({**complete["view"], "$defs": complete["defs"]})
        for kind, move_kind in game.move_kinds.items():
            assert set(complete["moveArgs"][kind].get("properties", {})) == set(move_kind.params)


def test_every_game_can_sample_what_a_seat_cannot_see() -> None:
    """determinize is implemented by every game (the conformance suite certifies it at every step)."""
    for game in engine.all_games():
        state, _ = engine.new_game(game.id, game.default_players, 11)
        seat = engine.to_act(state)[0]
        sample = engine.determinize(state, seat, 1)
        assert engine.view(sample, seat) == engine.view(state, seat)
        assert engine.encode(state) == engine.encode(engine.new_game(game.id, game.default_players, 11)[0])


def test_the_determinize_function_is_not_shadowed_by_its_submodule() -> None:
    """Games import engine.determinize (the module) lazily; engine.determinize must stay the API function."""
    engine.all_games()
    mechanics = importlib.import_module("engine.determinize")

    assert callable(engine.determinize)
    assert callable(mechanics.redeal_hidden)
