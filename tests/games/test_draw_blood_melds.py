"""Draw Blood: Melds and playing off them, picking up the Discard Pile, Immunity (docs/rules/draw_blood.md)."""

from __future__ import annotations

from collections import Counter

import pytest

import engine
from engine.games.draw_blood.melds import (
    IMMUNITY_RUN,
    KILL_SET,
    MONSTER_RUN,
    MONSTER_SET,
    RUN,
    SET,
    lay_offs,
    meld_kind,
    melds_in_hand,
)
from tests.games.scripting import play
from tests.games.test_draw_blood import K, M, V, W, legal, meld, position, rejected, row, row_view, slot


# ----- what is a Meld (pure) ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("cards", "kind"),
    [
        (["2H", "2H"], SET),
        (["5S"] * 6, SET),
        (["5S"] * 7, None),  # sets run from a pair to six of a kind
        (["1S", "2H", "3S"], RUN),
        (["3S", "4H", "5S", "6H", "7S"], RUN),
        (["1S", "2H"], None),  # a Run needs three cards
        (["6H", "7S", "1S"], None),  # no wrapping from 7 to 1
        (["1S", "3S", "5S"], None),  # a "flush" of one colour is no Meld
        (["2H", "4H", "6H"], None),
        (["1S", "2H", "2H", "3S"], None),  # each number of a Run once
        ([V, V], MONSTER_SET),
        ([W, W, W], MONSTER_SET),
        ([V, W, M], MONSTER_RUN),
        ([V, W], None),
        ([K, K], KILL_SET),
        ([K, K, K], KILL_SET),
        ([K, K, K, K], None),  # Kill cards: a Pair or a Three-Of-A-Kind
        (["COFFIN", "FULLMOON", "WATER"], IMMUNITY_RUN),
        (["COFFIN", "COFFIN"], None),
        (["COFFIN", "FULLMOON"], None),  # the Immunity Run is the only Meld of Immunity cards
        (["7S", V], None),
        (["1S"], None),
    ],
)
def test_meld_kinds(cards: list[str], kind: str | None) -> None:
    assert meld_kind(cards, 7) == kind


def test_melds_in_hand_lists_each_meld_once() -> None:
    hand = Counter(["1S", "2H", "2H", "3S", "4H", V, W, M, K, K])
    assert list(melds_in_hand(hand, 7)) == [
        ("2H", "2H"),
        ("1S", "2H", "3S"),
        ("1S", "2H", "3S", "4H"),
        ("2H", "3S", "4H"),
        (V, W, M),
        (K, K),
    ]


def test_lay_offs_fill_each_run_slot_once_and_sets_up_to_six() -> None:
    hand = Counter(["1S", "5S", "6H", "6H", "2H", "2H"])
    assert list(lay_offs(RUN, ["2H", "3S", "4H"], hand, 7)) == [
        ("5S",),
        ("5S", "6H"),
        ("1S",),
        ("1S", "5S"),
        ("1S", "5S", "6H"),
    ]
    assert list(lay_offs(SET, ["2H"] * 4, hand, 7)) == [("2H",), ("2H", "2H")]
    assert list(lay_offs(SET, ["2H"] * 5, hand, 7)) == [("2H",)]
    assert list(lay_offs(KILL_SET, [K, K], Counter([K, K]), 7)) == [(K,)]
    assert list(lay_offs(MONSTER_SET, [V, V], Counter([V]), 7)) == [(V,)]
    assert list(lay_offs(MONSTER_RUN, [V, W, M], Counter([V, W, M]), 7)) == []


# ----- laying down Melds -------------------------------------------------------------------------------------
def test_a_meld_needs_a_live_monster() -> None:
    for rows in ([row(), row()], [row(vampire=slot([V, K])), row()]):
        state = position([["1S", "2H", "3S"], ["1S"]], draw=["6H", "7S"], rows=rows)
        state, _ = engine.apply(state, 0, "draw")
        assert not [move for move in legal(state, 0) if move.startswith("meld")]
        assert rejected(state, 0, "meld 1S,2H,3S").code == "move/no_live_monster"


def test_melds_go_to_the_meld_area_and_a_flush_is_refused() -> None:
    rows = [row(vampire=slot([V]), werewolf=slot([W])), row()]
    state = position([["1S", "3S", "5S", "4H", "4H"], ["1S"]], draw=["6H", "7S"], rows=rows)
    state, _ = engine.apply(state, 0, "draw")
    assert rejected(state, 0, "meld 1S,3S,5S").code == "move/not_a_meld"
    state, events = engine.apply(state, 0, "meld 4H,4H")
    assert events[0].data == {"meld": 1, "meldKind": "set", "cards": ["4H", "4H"]}
    assert engine.view(state, 0)["hand"] == ["1S", "3S", "5S", "7S"]
    assert engine.view(state, None)["melds"] == [
        {"id": 1, "owner": 0, "kind": "set", "cards": ["4H", "4H"], "placedBy": [0, 0]}
    ]


def test_monsters_as_melds_are_not_in_the_monster_row() -> None:
    rows = [row(werewolf=slot([W])), row()]
    state = position([[V, V, "1S"], [K, "2H"]], draw=["6H", "6H", "6H", "7S"], rows=rows)
    state, _ = play(state, [(0, "draw"), (0, "meld VAMPIRE,VAMPIRE")])
    assert row_view(state, 0)["vampire"] == {"cards": [], "alive": False, "immunity": [], "immune": False}
    assert engine.view(state, None)["liveMonsters"] == [1, 0]
    state, _ = engine.apply(state, 1, "draw")
    assert [m for m in legal(state, 1) if m.startswith("kill")] == ["kill 0 werewolf"]  # not the Meld's Vampires
    state, _ = play(state, [(1, "end_turn"), (0, "draw")])
    assert engine.view(state, 0)["movesLeft"] == 1  # Monsters as Melds give no moves


# ----- playing off Melds -------------------------------------------------------------------------------------
def test_playing_off_an_opponents_meld_goes_to_ones_own_meld_area_each_slot_once() -> None:
    melds = [meld(1, 0, RUN, ["1S", "2H", "3S"])]
    rows = [row(vampire=slot([V])), row(vampire=slot([V]), werewolf=slot([W]))]
    state = position([["6H"], ["4H", "4H", "7S"]], draw=["6H", "6H", "5S", "5S"], rows=rows, melds=melds, turn=1)
    state, _ = engine.apply(state, 1, "draw")
    assert [m for m in legal(state, 1) if m.startswith("lay_off")] == ["lay_off 1 4H", "lay_off 1 4H,5S"]
    state, events = engine.apply(state, 1, "lay_off 1 4H")
    assert events[0].data == {"meld": 1, "owner": 0, "cards": ["4H"]}
    assert engine.view(state, None)["melds"] == [
        {"id": 1, "owner": 0, "kind": RUN, "cards": ["1S", "2H", "3S", "4H"], "placedBy": [0, 0, 0, 1]}
    ]
    assert rejected(state, 1, "lay_off 1 4H").code == "move/cannot_lay_off"  # the 4 slot is filled
    state, _ = engine.apply(state, 1, "lay_off 1 5S")
    assert engine.view(state, None)["melds"][0]["placedBy"] == [0, 0, 0, 1, 1]


def test_playing_off_needs_a_live_monster() -> None:
    melds = [meld(1, 1, SET, ["2H", "2H"])]
    state = position([["2H", "1S"], ["1S"]], draw=["6H", "7S"], melds=melds)
    state, _ = engine.apply(state, 0, "draw")
    assert rejected(state, 0, "lay_off 1 2H").code == "move/no_live_monster"
    assert rejected(state, 0, "lay_off 9 2H").code == "move/no_live_monster"


def test_playing_off_an_unknown_meld_is_refused() -> None:
    state = position([["2H", "1S"], ["1S"]], draw=["6H", "7S"], rows=[row(vampire=slot([V])), row()])
    state, _ = engine.apply(state, 0, "draw")
    assert rejected(state, 0, "lay_off 9 2H").code == "move/unknown_meld"


def test_kill_cards_as_a_meld_and_played_off() -> None:
    rows = [row(vampire=slot([V])), row(vampire=slot([V]))]
    melds = [meld(3, 1, KILL_SET, [K, K])]
    state = position([[K, "1S"], ["1S"]], draw=["6H", "7S"], rows=rows, melds=melds)
    state, _ = engine.apply(state, 0, "draw")
    assert "lay_off 3 KILL" in legal(state, 0)
    state, _ = engine.apply(state, 0, "lay_off 3 KILL")
    assert engine.view(state, None)["melds"][0]["placedBy"] == [1, 1, 0]


# ----- picking up the Discard Pile ---------------------------------------------------------------------------
def test_picking_up_the_discard_pile_takes_all_and_the_top_card_must_be_used_next() -> None:
    state = position([["7S"], ["1S"]], draw=["6H", "4H"], discard=["2H", "1S", V])
    assert legal(state, 0) == ["draw", "pick_up_discard_pile"]
    state, events = engine.apply(state, 0, "pick_up_discard_pile")
    assert events[0].data == {"cards": ["2H", "1S", V]}
    assert engine.view(state, None)["discardPile"] == []
    assert engine.view(state, 0)["hand"] == ["1S", "2H", "7S"]  # the top card is shown apart, as mustUse
    assert engine.view(state, 0)["mustUse"] == V
    assert engine.view(state, 1)["mustUse"] is None and engine.view(state, 1)["mustUsePending"] is True
    assert engine.view(state, None)["handCounts"] == [4, 1]
    assert legal(state, 0) == ["play_monster VAMPIRE"]
    assert rejected(state, 0, "discard VAMPIRE").code == "move/must_use_top_card"
    assert rejected(state, 0, "discard 7S").code == "move/must_use_top_card"
    assert rejected(state, 0, "end_turn").code == "move/must_use_top_card"
    state, _ = engine.apply(state, 0, "play_monster VAMPIRE")
    assert engine.to_act(state) == (1,)
    assert engine.view(state, None)["mustUsePending"] is False
    assert state.table["draw_pile"] == ["6H", "4H"]  # picking up is the turn's draw


def test_the_discard_pile_may_not_be_picked_up_if_its_top_card_cannot_be_used() -> None:
    state = position([["7S", "1S"], ["1S"]], draw=["6H", "4H"], discard=[V, "5S"])
    assert legal(state, 0) == ["draw"]
    assert rejected(state, 0, "pick_up_discard_pile").code == "move/top_card_unusable"
    empty = position([["7S"], ["1S"]], draw=["6H", "4H"])
    assert rejected(empty, 0, "pick_up_discard_pile").code == "move/discard_pile_empty"


def test_the_top_card_may_be_used_in_a_meld_with_cards_of_the_pile() -> None:
    rows = [row(vampire=slot([V])), row()]
    state = position([["7S"], ["1S"]], draw=["6H", "4H"], discard=["5S", "1S", "5S"], rows=rows)
    assert "pick_up_discard_pile" in legal(state, 0)
    state, _ = engine.apply(state, 0, "pick_up_discard_pile")
    assert legal(state, 0) == ["meld 5S,5S"]
    state, events = engine.apply(state, 0, "meld 5S,5S")
    assert events[0].data["cards"] == ["5S", "5S"]


# ----- Immunity ----------------------------------------------------------------------------------------------
IMMUNITY: dict[str, object] = {"immunity": True}


def test_immunity_goes_above_its_own_live_monster() -> None:
    rows = [row(vampire=slot([V]), werewolf=slot([W, K])), row()]
    state = position([["COFFIN", "FULLMOON", "WATER", "1S"], ["1S"]], draw=["6H", "7S"], rows=rows, options=IMMUNITY)
    state, _ = engine.apply(state, 0, "draw")
    assert [m for m in legal(state, 0) if m.startswith("play_immunity")] == ["play_immunity COFFIN"]
    assert rejected(state, 0, "play_immunity FULLMOON").code == "move/monster_not_alive"
    assert rejected(state, 0, "play_immunity 1S").code == "move/not_an_immunity_card"
    state, events = engine.apply(state, 0, "play_immunity COFFIN")
    assert events[0].data == {"card": "COFFIN", "slot": "vampire"}
    assert row_view(state, 0)["vampire"] == {"cards": [V], "alive": True, "immunity": ["COFFIN"], "immune": True}


def test_immunity_stops_triple_skulls_and_a_kill_card_cancels_it() -> None:
    rows = [
        row(vampire=slot([V]), werewolf=slot([W]), watermonster=slot([M])),
        row(vampire=slot([V], immunity=["COFFIN"])),
    ]
    hands = [[K, K, "3S", "3S", "3S", "1S"], ["2H"]]
    state = position(hands, draw=["6H", "6H", "6H", "7S"], rows=rows, options=IMMUNITY)
    state, _ = engine.apply(state, 0, "draw")
    assert [m for m in legal(state, 0) if m.startswith(("kill", "triple"))] == ["kill 1 vampire"]
    assert rejected(state, 0, "triple_kill 3S,3S,3S 1 vampire").code == "move/monster_immune"
    state, events = engine.apply(state, 0, "kill 1 vampire")
    assert events[0].kind == "immunity_cancelled"
    assert row_view(state, 1)["vampire"] == {"cards": [V], "alive": True, "immunity": ["COFFIN", K], "immune": False}
    state, events = engine.apply(state, 0, "triple_kill 3S,3S,3S 1 vampire")
    assert events[0].kind == "monster_killed"
    assert row_view(state, 1)["vampire"]["alive"] is False


def test_the_immunity_run_is_a_meld_of_sixty_points() -> None:
    rows = [row(vampire=slot([V])), row()]
    hands = [["COFFIN", "FULLMOON", "WATER"], ["1S", V]]
    state = position(hands, draw=["6H", "6H", "7S"], rows=rows, options=IMMUNITY)
    state, _ = engine.apply(state, 0, "draw")
    state, events = engine.apply(state, 0, "meld COFFIN,FULLMOON,WATER")
    assert events[0].data == {"meld": 1, "meldKind": IMMUNITY_RUN, "cards": ["COFFIN", "FULLMOON", "WATER"]}
    assert engine.view(state, 0)["hand"] == ["7S"]
    assert engine.to_act(state) == (1,)
