"""Scripted Draw Blood hands: the deal, turns and moves, Monsters, Kill cards and triples (docs/rules/draw_blood.md).

Each test fixes a position by editing a fresh state's table, plays exact moves through ``engine.apply`` and checks
exact states, events and scores. Draw piles are written bottom to top: the last card is drawn first.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

import engine
from engine import GameState
from tests.games.scripting import edited, events_of, play

V, W, M, K = "VAMPIRE", "WEREWOLF", "WATERMONSTER", "KILL"
SLOT_NAMES = ("vampire", "werewolf", "watermonster")


def slot(cards: Sequence[str] = (), *, alive: bool | None = None, immunity: Sequence[str] = ()) -> dict[str, Any]:
    """A Monster Row slot; by default alive when its top card is a Monster."""
    if alive is None:
        alive = bool(cards) and cards[-1] in (V, W, M)
    return {"cards": list(cards), "alive": alive, "immunity": list(immunity)}


def row(**slots: dict[str, Any]) -> list[dict[str, Any]]:
    return [slots.get(name, slot()) for name in SLOT_NAMES]


def meld(
    meld_id: int, owner: int, kind: str, cards: Sequence[str], placed_by: Sequence[int] | None = None
) -> dict[str, Any]:
    placed = list(placed_by or [owner] * len(cards))
    return {"id": meld_id, "owner": owner, "kind": kind, "cards": list(cards), "placed_by": placed}


def position(
    hands: Sequence[Sequence[str]],
    *,
    draw: Sequence[str] = ("1S", "1S", "1S", "1S"),
    discard: Sequence[str] = (),
    rows: Sequence[list[dict[str, Any]]] | None = None,
    melds: Sequence[dict[str, Any]] = (),
    turn: int = 0,
    options: dict[str, object] | None = None,
) -> GameState:
    """A match in its first hand whose table is exactly this; seat ``turn`` is about to draw."""
    state, _ = engine.new_game("draw_blood", len(hands), seed=5, options=options)
    table = state.table
    table["hands"] = [list(hand) for hand in hands]
    table["draw_pile"] = list(draw)
    table["discard_pile"] = list(discard)
    table["monster_rows"] = [list(r) for r in rows] if rows is not None else [row() for _ in hands]
    table["melds"] = [dict(m) for m in melds]
    table["next_meld_id"] = max((m["id"] for m in melds), default=0) + 1
    table["turn"] = turn
    return edited(state)


def legal(state: GameState, seat: int) -> list[str]:
    return [str(move) for move in engine.legal_moves(state, seat)]


def rejected(state: GameState, seat: int, notation: str) -> engine.EngineError:
    before = engine.encode(state)
    with pytest.raises(engine.EngineError) as caught:
        engine.apply(state, seat, notation)
    assert engine.encode(state) == before
    assert caught.value.reason.endswith(".")
    return caught.value


def row_view(state: GameState, seat: int) -> dict[str, Any]:
    rows: list[dict[str, Any]] = engine.view(state, None)["monsterRows"]
    return rows[seat]


# ----- the deal ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "immunity", "deck_size"), [(2, False, 54), (3, False, 54), (4, True, 57)])
def test_deal_gives_ten_cards_each_and_leaves_the_rest_as_draw_pile(
    players: int, immunity: bool, deck_size: int
) -> None:
    state, events = engine.new_game("draw_blood", players, seed=3, options={"immunity": immunity})
    view = engine.view(state, 0)
    assert view["handCounts"] == [10] * players
    assert view["drawPileCount"] == deck_size - 10 * players
    assert view["discardPile"] == []
    assert view["phase"] == "draw"
    assert view["handNumber"] == 1
    assert engine.to_act(state) == (0,)
    assert events[0].kind == "hand_dealt"
    assert events[0].data == {"hand": 1, "leader": 0, "drawPileCount": deck_size - 10 * players}
    dealt = [event for event in events if event.kind == "cards_dealt"]
    assert [event.audience for event in dealt] == [(seat,) for seat in range(players)]
    assert dealt[0].for_seat(1) is None


def test_default_deck_is_the_issue_split() -> None:
    state, _ = engine.new_game("draw_blood", 2, seed=1)
    deck = Counter(engine.get_game("draw_blood").deck(state))
    numbers = {"1S": 6, "2H": 6, "3S": 6, "4H": 6, "5S": 6, "6H": 6, "7S": 6}
    assert deck == Counter({**numbers, V: 3, W: 3, M: 3, K: 3})
    immune, _ = engine.new_game("draw_blood", 2, seed=1, options={"immunity": True})
    extra = Counter(engine.get_game("draw_blood").deck(immune)) - deck
    assert extra == Counter({"COFFIN": 1, "FULLMOON": 1, "WATER": 1})


def test_deck_split_is_an_option() -> None:
    options = {"highest_number": 9, "number_copies": 4, "monster_copies": 2, "kill_cards": 4}
    state, _ = engine.new_game("draw_blood", 3, seed=1, options=options)
    deck = Counter(engine.get_game("draw_blood").deck(state))
    assert deck["9S"] == 4 and deck["8H"] == 4 and deck[V] == 2 and deck[K] == 4
    assert sum(deck.values()) == 9 * 4 + 3 * 2 + 4
    assert engine.view(state, None)["drawPileCount"] == 46 - 30


def test_deck_too_small_for_the_players_is_refused() -> None:
    small = {"highest_number": 3, "number_copies": 2, "monster_copies": 1, "kill_cards": 0}
    with pytest.raises(engine.InvalidOptionError) as caught:
        engine.new_game("draw_blood", 2, seed=1, options=small)
    assert "too small" in caught.value.reason


def test_players_two_to_four() -> None:
    with pytest.raises(engine.InvalidPlayersError):
        engine.new_game("draw_blood", 5)
    with pytest.raises(engine.InvalidPlayersError):
        engine.new_game("draw_blood", 1)


# ----- drawing -----------------------------------------------------------------------------------------------
def test_a_turn_begins_by_drawing_one_card() -> None:
    state = position([["1S", "3S"], ["2H"]], draw=["6H", "5S"], rows=[row(vampire=slot([V])), row()])
    assert legal(state, 0) == ["draw"]
    assert rejected(state, 0, "discard 1S").code == "move/must_draw_first"
    state, events = engine.apply(state, 0, "draw")
    assert state.table["hands"][0] == ["1S", "3S", "5S"]
    assert state.table["draw_pile"] == ["6H"]
    assert events[0].for_seat(0) == {"kind": "drew", "seat": 0, "drawPileCount": 1, "card": "5S"}
    assert events[0].for_seat(1) == {"kind": "drew", "seat": 0, "drawPileCount": 1}
    assert events[0].for_seat(None) == {"kind": "drew", "seat": 0, "drawPileCount": 1}
    assert rejected(state, 0, "draw").code == "move/already_drew"


# ----- moves per turn ----------------------------------------------------------------------------------------
def test_no_live_monster_still_allows_one_move() -> None:
    state = position([["1S", "3S", "5S"], ["2H"]], draw=["6H", "7S"])
    state, _ = engine.apply(state, 0, "draw")
    assert engine.view(state, 0)["movesLeft"] == 1
    state, _ = engine.apply(state, 0, "discard 7S")
    assert engine.to_act(state) == (1,)
    assert engine.view(state, None)["phase"] == "draw"


def test_one_move_per_live_monster_and_killed_monsters_give_none() -> None:
    rows = [row(vampire=slot([V]), werewolf=slot([W]), watermonster=slot([M, K])), row(vampire=slot([V]))]
    state = position([["1S", "3S", K], ["2H", "4H"]], draw=["6H", "6H", "7S"], rows=rows)
    state, _ = engine.apply(state, 0, "draw")
    assert engine.view(state, 0)["movesLeft"] == 2
    state, events = play(state, [(0, "kill 1 vampire"), (0, "discard 1S")])
    assert [event.kind for event in events] == ["monster_killed", "discarded"]
    assert engine.to_act(state) == (1,)
    state, _ = engine.apply(state, 1, "draw")
    assert engine.view(state, 1)["movesLeft"] == 1  # its only Monster is dead: still one move
    assert engine.view(state, None)["liveMonsters"] == [2, 0]


def test_three_live_monsters_give_three_moves() -> None:
    rows = [row(vampire=slot([V]), werewolf=slot([W]), watermonster=slot([M])), row()]
    state = position([["1S", "2H", "3S", "4H", "5S", "6H"], ["2H"]], draw=["4H", "7S"], rows=rows)
    state, _ = engine.apply(state, 0, "draw")
    assert engine.view(state, 0)["movesLeft"] == 3
    state, _ = play(state, [(0, "meld 1S,2H,3S"), (0, "discard 7S")])
    assert engine.view(state, 0)["movesLeft"] == 1
    state, _ = engine.apply(state, 0, "lay_off 1 4H,5S,6H")
    assert engine.view(state, None)["melds"] == [
        {"id": 1, "owner": 0, "kind": "run", "cards": ["1S", "2H", "3S", "4H", "5S", "6H"], "placedBy": [0] * 6}
    ]
    assert engine.to_act(state) == (1,)


def test_a_monster_played_this_turn_gives_its_move_from_the_next_turn() -> None:
    state = position(
        [[W, "1S", "3S"], ["2H", "4H"]], draw=["6H", "6H", "7S", "5S"], rows=[row(vampire=slot([V])), row()]
    )
    state, _ = play(state, [(0, "draw"), (0, "play_monster WEREWOLF")])
    assert engine.to_act(state) == (1,)  # one move only: the new Werewolf does not count this turn
    assert row_view(state, 0)["werewolf"] == {"cards": [W], "alive": True, "immunity": [], "immune": False}
    state, _ = play(state, [(1, "draw"), (1, "end_turn"), (0, "draw")])
    assert engine.view(state, 0)["movesLeft"] == 2


def test_at_most_one_discard_per_turn_and_end_turn() -> None:
    rows = [row(vampire=slot([V]), werewolf=slot([W]), watermonster=slot([M])), row()]
    state = position([["1S", "3S", "5S"], ["2H"]], draw=["6H", "7S"], rows=rows)
    state, _ = play(state, [(0, "draw"), (0, "discard 7S")])
    assert engine.view(state, 0)["movesLeft"] == 2
    assert engine.view(state, 0)["discardedThisTurn"] is True
    assert not [move for move in legal(state, 0) if move.startswith("discard")]
    assert rejected(state, 0, "discard 1S").code == "move/already_discarded"
    state, events = engine.apply(state, 0, "end_turn")
    assert events[0].data == {"movesUnused": 2}
    assert engine.to_act(state) == (1,)
    assert state.table["discard_pile"] == ["7S"]


# ----- Monster Row -------------------------------------------------------------------------------------------
def test_one_monster_of_each_type_and_replacing_a_killed_one_on_the_kill_card() -> None:
    rows = [row(vampire=slot([V])), row(vampire=slot([V, K]))]
    state = position([[V, "1S"], [V, "2H"]], draw=["6H", "6H", "7S"], rows=rows)
    state, _ = engine.apply(state, 0, "draw")
    assert "play_monster VAMPIRE" not in legal(state, 0)
    assert rejected(state, 0, "play_monster VAMPIRE").code == "move/slot_occupied"
    state, _ = play(state, [(0, "discard 7S"), (1, "draw"), (1, "play_monster VAMPIRE")])
    assert row_view(state, 1)["vampire"] == {"cards": [V, K, V], "alive": True, "immunity": [], "immune": False}


def test_kill_card_on_an_opponents_monster() -> None:
    rows = [row(), row(vampire=slot([V]), werewolf=slot([W]))]
    state = position([[K, "1S"], ["2H"]], draw=["6H", "7S"], rows=rows)
    state, _ = engine.apply(state, 0, "draw")
    assert [m for m in legal(state, 0) if m.startswith("kill")] == ["kill 1 vampire", "kill 1 werewolf"]
    assert rejected(state, 0, "kill 0 vampire").code == "move/own_monster"
    assert rejected(state, 0, "kill 1 watermonster").code == "move/monster_not_alive"
    state, events = engine.apply(state, 0, "kill 1 werewolf")
    assert events[0].data == {"target": 1, "slot": "werewolf", "by": K}
    assert row_view(state, 1)["werewolf"] == {"cards": [W, K], "alive": False, "immunity": [], "immune": False}


def test_players_may_not_kill_their_own_monsters() -> None:
    state = position([[K, "1S"], ["2H"]], draw=["6H", "7S"], rows=[row(vampire=slot([V])), row()])
    state, _ = engine.apply(state, 0, "draw")
    assert not [m for m in legal(state, 0) if m.startswith("kill")]
    assert rejected(state, 0, "kill 0 vampire").code == "move/own_monster"


def test_triple_skulls_kill_and_are_no_meld() -> None:
    rows = [row(), row(watermonster=slot([M]))]
    state = position([["3S", "3S", "3S", "1S"], ["2H"]], draw=["6H", "7S"], rows=rows)
    state, _ = engine.apply(state, 0, "draw")  # no live Monster is needed: a triple is not a Meld
    assert "triple_kill 3S,3S,3S 1 watermonster" in legal(state, 0)
    assert not [m for m in legal(state, 0) if m.startswith("meld")]
    state, events = engine.apply(state, 0, "triple_kill 3S,3S,3S 1 watermonster")
    assert events[0].kind == "monster_killed"
    assert events[0].data == {"target": 1, "slot": "watermonster", "by": ["3S", "3S", "3S"]}
    assert row_view(state, 1)["watermonster"]["cards"] == [M, "3S", "3S", "3S"]
    assert engine.view(state, None)["melds"] == []


def test_triple_hearts_revive_and_the_revived_monster_counts_from_the_next_turn() -> None:
    rows = [row(vampire=slot([V, "5S", "5S", "5S"]), werewolf=slot([W])), row()]
    state = position([["4H", "4H", "1S"], ["2H"]], draw=["6H", "6H", "6H", "4H"], rows=rows)
    state, _ = engine.apply(state, 0, "draw")
    assert [m for m in legal(state, 0) if m.startswith("triple")] == ["triple_revive 4H,4H,4H vampire"]
    assert rejected(state, 0, "triple_revive 4H,4H,4H werewolf").code == "move/monster_not_dead"
    assert rejected(state, 0, "triple_kill 1S,1S,1S 1 vampire").code == "move/card_not_in_hand"
    state, events = engine.apply(state, 0, "triple_revive 4H,4H,4H vampire")
    assert events[0].kind == "monster_revived"
    assert row_view(state, 0)["vampire"] == {
        "cards": [V, "5S", "5S", "5S", "4H", "4H", "4H"],
        "alive": True,
        "immunity": [],
        "immune": False,
    }
    assert engine.to_act(state) == (1,)
    state, _ = play(state, [(1, "draw"), (1, "end_turn"), (0, "draw")])
    assert engine.view(state, 0)["movesLeft"] == 2


def test_triple_of_the_wrong_colour_is_refused() -> None:
    rows = [row(), row(vampire=slot([V]))]
    state = position([["2H", "2H", "2H"], ["1S"]], draw=["6H", "7S"], rows=rows)
    state, _ = engine.apply(state, 0, "draw")
    assert rejected(state, 0, "triple_kill 2H,2H,2H 1 vampire").code == "move/not_a_triple"


# ----- playing off Pairs into a three-of-a-kind ----------------------------------------------------------------
def test_completing_an_opponents_pair_kills_and_takes_away_their_meld() -> None:
    melds = [meld(1, 1, "set", ["5S", "5S"]), meld(2, 1, "set", ["2H", "2H"])]
    rows = [row(), row(werewolf=slot([W]))]
    state = position([["5S", "7S"], ["1S"]], draw=["6H", "6H"], rows=rows, melds=melds)
    state, _ = engine.apply(state, 0, "draw")
    assert [m for m in legal(state, 0) if m.startswith("pair")] == ["pair_kill 1 5S 1 werewolf"]
    state, events = engine.apply(state, 0, "pair_kill 1 5S 1 werewolf")
    assert events[0].data == {"target": 1, "slot": "werewolf", "by": ["5S", "5S", "5S"], "pair": 1}
    assert row_view(state, 1)["werewolf"] == {
        "cards": [W, "5S", "5S", "5S"],
        "alive": False,
        "immunity": [],
        "immune": False,
    }
    assert [m["id"] for m in engine.view(state, None)["melds"]] == [2]


def test_completing_ones_own_pair_of_hearts_revives() -> None:
    melds = [meld(4, 0, "set", ["6H", "6H"])]
    rows = [row(vampire=slot([V, K]), werewolf=slot([W])), row()]
    state = position([["6H", "1S"], ["1S"]], draw=["2H", "2H"], rows=rows, melds=melds)
    state, _ = engine.apply(state, 0, "draw")
    assert "pair_revive 4 6H vampire" in legal(state, 0)
    state, events = engine.apply(state, 0, "pair_revive 4 6H vampire")
    assert events[0].kind == "monster_revived"
    assert row_view(state, 0)["vampire"]["cards"] == [V, K, "6H", "6H", "6H"]
    assert engine.view(state, None)["melds"] == []


def test_a_pair_already_played_off_is_no_pair() -> None:
    melds = [meld(1, 1, "set", ["5S", "5S", "5S"], placed_by=[1, 1, 0])]
    rows = [row(vampire=slot([V])), row(werewolf=slot([W]))]
    state = position([["5S", "7S"], ["1S"]], draw=["6H", "6H"], rows=rows, melds=melds)
    state, _ = engine.apply(state, 0, "draw")
    assert rejected(state, 0, "pair_kill 1 5S 1 werewolf").code == "move/not_a_pair"
    assert "lay_off 1 5S" in legal(state, 0)


# ----- notation ----------------------------------------------------------------------------------------------
def test_card_lists_are_read_in_any_order() -> None:
    state = position([["3S", "1S", "2H"], ["1S"]], draw=["6H", "7S"], rows=[row(vampire=slot([V])), row()])
    state, _ = engine.apply(state, 0, "draw")
    state, events = engine.apply(state, 0, "meld 3S,1S,2H")
    assert events[0].data == {"meld": 1, "meldKind": "run", "cards": ["1S", "2H", "3S"]}
    assert str(engine.parse_move(state, "meld 7S,KILL,1S")) == "meld 1S,7S,KILL"


def test_unknown_move_kind_and_wrong_arity_are_malformed() -> None:
    state = position([["1S"], ["1S"]])
    with pytest.raises(engine.InvalidMoveError):
        engine.apply(state, 0, "fly away")
    with pytest.raises(engine.InvalidMoveError):
        engine.apply(state, 0, "kill 1")
    assert rejected(state, 1, "draw").code == "move/not_your_turn"


def test_three_live_monsters_allow_three_melds_in_one_turn() -> None:
    rows = [row(vampire=slot([V]), werewolf=slot([W]), watermonster=slot([M])), row()]
    hand = ["1S", "2H", "3S", "5S", "5S", K, K, "7S"]
    state = position([hand, ["2H"]], draw=["4H", "6H"], rows=rows)
    state, events = play(state, [(0, "draw"), (0, "meld 1S,2H,3S"), (0, "meld 5S,5S"), (0, "meld KILL,KILL")])
    assert [event.data["meldKind"] for event in events_of(events, "melded")] == ["run", "set", "kill_set"]
    assert engine.view(state, 0)["hand"] == ["6H", "7S"]
    assert engine.to_act(state) == (1,)


def test_ones_own_pair_of_skulls_can_kill_an_opponents_monster() -> None:
    melds = [meld(2, 0, "set", ["7S", "7S"])]
    rows = [row(vampire=slot([V])), row(watermonster=slot([M]))]
    state = position([["7S", "1S"], ["2H"]], draw=["6H", "6H"], rows=rows, melds=melds)
    state, _ = engine.apply(state, 0, "draw")
    assert [m for m in legal(state, 0) if m.startswith("pair")] == ["pair_kill 2 7S 1 watermonster"]
    state, _ = engine.apply(state, 0, "pair_kill 2 7S 1 watermonster")
    assert row_view(state, 1)["watermonster"]["cards"] == [M, "7S", "7S", "7S"]
    assert engine.view(state, None)["melds"] == []


def test_illegal_targets_get_precise_codes() -> None:
    melds = [meld(1, 1, "set", ["5S", "5S"]), meld(2, 1, "set", ["2H", "2H"])]
    rows = [row(), row(vampire=slot([V]))]
    state = position([[K, "3S", "2H", V], ["1S"]], draw=["6H", "7S"], rows=rows, melds=melds)
    state, _ = engine.apply(state, 0, "draw")
    assert rejected(state, 0, "kill 7 vampire").code == "move/bad_seat"
    assert rejected(state, 0, "kill 1 dragon").code == "move/bad_slot"
    assert rejected(state, 0, "pair_kill 1 3S 1 vampire").code == "move/card_does_not_match"
    assert rejected(state, 0, "pair_kill 2 2H 1 vampire").code == "move/not_a_triple"
    assert rejected(state, 0, "pair_revive 2 2H vampire").code == "move/monster_not_dead"
    assert rejected(state, 0, "pair_kill 9 3S 1 vampire").code == "move/unknown_meld"
    assert rejected(state, 0, "play_monster KILL").code == "move/not_a_monster"
    assert rejected(state, 0, "discard 4H").code == "move/card_not_in_hand"
    assert rejected(state, 0, "next_hand").code == "move/hand_not_over"


def test_every_move_not_in_legal_moves_gets_a_precise_reason() -> None:
    """Property: along seeded random matches, candidate moves are either legal or rejected with a specific code."""
    game = engine.get_game("draw_blood")
    cards = ["1S", "2H", "3S", "4H", "5S", "6H", "7S", V, W, M, K, "COFFIN", "FULLMOON", "WATER"]
    rng = random.Random(7)
    for seed in range(3):
        state, _ = engine.new_game("draw_blood", 3, seed, {"immunity": True, "max_hands": 1})
        while not engine.is_finished(state):
            seat = engine.to_act(state)[0]
            legal_now = engine.legal_moves(state, seat)
            ids = [str(m["id"]) for m in state.table["melds"]] + ["99"]
            card, other, slot_name = rng.choice(cards), rng.randrange(3), rng.choice(SLOT_NAMES)
            candidates = [
                "draw",
                "pick_up_discard_pile",
                "end_turn",
                "next_hand",
                f"play_monster {card}",
                f"play_immunity {card}",
                f"discard {card}",
                f"kill {other} {slot_name}",
                f"meld {card},{rng.choice(cards)},{rng.choice(cards)}",
                f"lay_off {rng.choice(ids)} {card}",
                f"triple_kill {card},{card},{card} {other} {slot_name}",
                f"triple_revive {card},{card},{card} {slot_name}",
                f"pair_kill {rng.choice(ids)} {card} {other} {slot_name}",
                f"pair_revive {rng.choice(ids)} {card} {slot_name}",
            ]
            for text in candidates:
                if game.parse_move(text) not in legal_now:
                    assert rejected(state, seat, text).code not in ("move/illegal", "engine/error"), text
            state, _ = engine.apply(state, seat, rng.choice(legal_now))
