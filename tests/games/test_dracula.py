"""Scripted Dracula hands: every rule of the text with exact values (see docs/rules/dracula.md)."""

from __future__ import annotations

from collections import Counter

import pytest

import engine
from engine.games.dracula.cards import card_name, full_pack
from engine.games.dracula.coffin import card_value, line_scores, multiplier, settle
from engine.games.dracula.flow import cut_winner
from tests.games.scripting import edited, events_of, play

# Coffin A, cell by cell a1 b1 c1 / a2 b2 c2 / a3 b3 c3.
#   QH 9H 8H      across: 10+9+8 three hearts x5 = 135 | 0+5+2 (King 0 across) x1 = 7 | 0+3+1 three black x3 = 12
#   KS 5H 2D      down:   0+10+0 (Queen 0 down) x1 = 10 | 9+5+3 two hearts x2 = 34 | 8+2+1 x1 = 11
#   JC 3C AS
COFFIN_A_MOVES = [
    (1, "place 9H b1"),
    (0, "place KS a2"),
    (1, "place 3C b3"),
    (0, "place 2D c2"),
    (1, "place QH a1"),
    (0, "place 8H c1"),
    (1, "place JC a3"),
    (0, "place AS c3"),
]
COFFIN_A_HANDS = {1: ["9H", "3C", "QH", "JC"], 0: ["KS", "2D", "8H", "AS"]}


def two_player_deal(
    hands: dict[int, list[str]],
    nail: str,
    *,
    first_dealer: int = 0,
    direction: str = "across",
    deals: int = 1,
) -> engine.GameState:
    """A two-player match whose first dealer declared ``direction`` and whose first deal is fixed."""
    state, _ = engine.new_game("dracula", 2, seed=11, options={"deals": deals})
    table = state.table
    table["first_dealer"] = table["dealer"] = table["turn"] = first_dealer
    state, _ = engine.apply(edited(state), first_dealer, f"declare {direction}")
    return fix_current_deal(state, hands, nail)


def fix_current_deal(state: engine.GameState, hands: dict[int, list[str]], nail: str) -> engine.GameState:
    """Replaces the cards of the deal in progress, keeping the rest of the pack in the stock, in order."""
    table = state.table
    for hand in table["hands"]:
        table["stock"].extend(hand)
        hand.clear()
    table["stock"].extend(card for card in table["coffin"] if card is not None)
    fixed = [*hands[0], *hands[1], nail]
    for card in fixed:
        table["stock"].remove(card)
    table["hands"] = [list(hands[0]), list(hands[1])]
    table["coffin"] = [None] * 9
    table["coffin"][4] = nail
    return edited(state)


# ----- line values ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("card", "across", "down"),
    [("AS", 1, 1), ("7D", 7, 7), ("TH", 10, 10), ("JC", 0, 0), ("QH", 10, 0), ("KS", 0, 10)],
)
def test_card_values_by_direction(card: str, across: int, down: int) -> None:
    assert card_value(card, "across") == across
    assert card_value(card, "down") == down


@pytest.mark.parametrize(
    ("cards", "factor"),
    [
        (("2H", "5C", "9D"), 1),  # no two of a suit, mixed colours
        (("2H", "5H", "9C"), 2),  # two of the same suit
        (("2H", "5D", "9D"), 3),  # three of one colour (two diamonds too: the highest applies)
        (("2S", "5C", "9C"), 3),  # three black
        (("2C", "5C", "9C"), 5),  # three of one suit
        (("JH", "5H", "9H"), 5),  # a Jack counting zero still counts for the suit
    ],
)
def test_multipliers_apply_the_highest_that_holds(cards: tuple[str, str, str], factor: int) -> None:
    assert multiplier(cards) == factor


def test_vampire_drains_its_row_and_column() -> None:
    coffin: list[str | None] = ["TS", "4S", "9S", "7D", "VP", "KD", "2C", "QH", "6C"]
    across = {line.name: line.value for line in line_scores(coffin, "across")}
    down = {line.name: line.value for line in line_scores(coffin, "down")}
    assert across == {"a1-b1-c1": 115, "a2-b2-c2": 0, "a3-b3-c3": 36}
    assert down == {"a1-a2-a3": 19, "b1-b2-b3": 0, "c1-c2-c3": 25}


def test_settle_tie_breaks_by_second_then_third_best_line() -> None:
    assert settle([63, 34, 14], [40, 28, 17]) == (63, 40, 1)
    assert settle([63, 34, 14], [63, 28, 17]) == (34, 28, 2)
    assert settle([57, 26, 22], [57, 26, 11]) == (22, 11, 3)
    assert settle([20, 10, 5], [20, 10, 5]) == (5, 5, 3)  # the third best counts even if equal


# ----- the cut and the declaration ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("cuts", "winner"),
    [
        (["7C", "2H"], 1),  # red beats black
        (["KD", "QS"], 0),
        (["KD", "3H"], 1),  # both red: the heart
        (["QH", "KH"], 1),  # both hearts: the higher
        (["AH", "2H"], 1),  # Ace is low
        (["5C", "9S"], None),  # both black: cut again
        (["5D", "9D"], None),  # two diamonds: no heart decides, cut again
        (["VP", "3H"], None),  # a Vampire has no colour: cut again
    ],
)
def test_cut_for_first_dealer(cuts: list[str], winner: int | None) -> None:
    assert cut_winner(cuts) == winner


def test_new_match_starts_with_the_first_dealers_declaration() -> None:
    state, events = engine.new_game("dracula", 2, seed=5)
    cuts = events_of(events, "cut")
    first_dealer = cuts[-1].data["firstDealer"]
    assert first_dealer == cut_winner(cuts[-1].data["cards"])
    assert all(cut.data["firstDealer"] is None for cut in cuts[:-1])
    assert engine.to_act(state) == (first_dealer,)
    assert sorted(map(str, engine.legal_moves(state, first_dealer))) == ["declare across", "declare down"]
    with pytest.raises(engine.NotYourTurnError):
        engine.apply(state, 1 - first_dealer, "declare down")
    after, _ = engine.apply(state, first_dealer, "declare down")
    directions = after.table["directions"]
    assert directions[first_dealer] == "down" and directions[1 - first_dealer] == "across"


def test_first_deal_four_cards_each_nail_in_centre_non_dealer_starts() -> None:
    state, _ = engine.new_game("dracula", 2, seed=8)
    dealer = state.table["first_dealer"]
    state, events = engine.apply(state, dealer, "declare across")
    table = state.table
    assert [len(hand) for hand in table["hands"]] == [4, 4]
    assert table["coffin"][4] is not None and table["coffin"].count(None) == 8
    assert len(table["stock"]) == 54 - 9
    assert engine.to_act(state) == (1 - dealer,)
    nail_events = events_of(events, "nail_turned")
    assert nail_events[0].data == {"card": table["coffin"][4], "cell": "b2"}
    # Each seat's dealt hand is an event only that seat can see.
    for seat in (0, 1):
        dealt = next(e for e in events_of(events, "hand_dealt") if e.seat == seat)
        assert dealt.for_seat(seat) is not None and dealt.for_seat(1 - seat) is None
        assert dealt.for_seat(None) is None


def test_the_first_dealers_declaration_is_legal_either_way_and_explained_so() -> None:
    # The text: "the first dealer announces whether he or she will score the Queen's way (horizontally) or the
    # King's way (vertically)": both declarations are legal, and explain says so (None) for each.
    game = engine.get_game("dracula")
    state, _ = engine.new_game("dracula", 2, seed=5)
    dealer = state.table["first_dealer"]
    for direction in ("across", "down"):
        assert game.explain(state, dealer, engine.Move("declare", (direction,))) is None
    refused = game.explain(state, dealer, engine.Move("declare", ("sideways",)))
    assert refused is not None and refused.code == "move/bad_direction"
    assert refused.reason == "'declare sideways': the direction must be 'across' or 'down' (deal 0, step 0)."
    refused = game.explain(state, dealer, engine.Move("place", ("QH", "b2")))
    assert refused is not None and refused.code == "move/wrong_phase"
    after, _ = engine.apply(state, dealer, "declare across")
    seat = engine.to_act(after)[0]
    refused = game.explain(after, seat, engine.Move("declare", ("down",)))
    assert refused is not None and refused.code == "move/wrong_phase"
    assert refused.reason == "'declare down': the directions were declared before the first deal (deal 1, step 1)."


# ----- placement -------------------------------------------------------------------------------------------
def test_placement_must_be_side_by_side_with_a_card() -> None:
    state = two_player_deal(COFFIN_A_HANDS, "5H")
    legal = {str(move) for move in engine.legal_moves(state, 1)}
    assert legal == {f"place {card} {cell}" for card in COFFIN_A_HANDS[1] for cell in ("b1", "a2", "c2", "b3")}
    for notation, code in [
        ("place 9H a1", "move/not_adjacent"),  # corner to corner only
        ("place 9H b2", "move/cell_taken"),
        ("place 2D b1", "move/card_not_in_hand"),
        ("place 9H d4", "move/bad_cell"),
        ("declare down", "move/wrong_phase"),
    ]:
        with pytest.raises(engine.IllegalMoveError) as caught:
            engine.apply(state, 1, notation)
        assert caught.value.code == code
        assert "QH" not in caught.value.reason  # an error never shows the seat's other cards
    with pytest.raises(engine.NotYourTurnError):
        engine.apply(state, 0, "place KS b1")
    with pytest.raises(engine.InvalidMoveError):
        engine.apply(state, 1, "place 9H")
    state, _ = engine.apply(state, 1, "place 9H b1")
    assert "place QH a1" not in {str(m) for m in engine.legal_moves(state, 1)}  # not seat 1's turn now
    assert engine.to_act(state) == (0,)
    assert {str(m) for m in engine.legal_moves(state, 0) if m.args[0] == "KS"} == {
        "place KS a1",
        "place KS c1",
        "place KS a2",
        "place KS c2",
        "place KS b3",
    }


def test_every_legal_placement_is_explained_as_legal_and_refusals_name_the_rule() -> None:
    # "plays a card face up to the table in any of the other eight positions that may be vacant, provided that it
    # goes side by side to a card already in position (not just corner to corner)".
    game = engine.get_game("dracula")
    state = two_player_deal(COFFIN_A_HANDS, "5H")
    legal = engine.legal_moves(state, 1)
    assert len(legal) == 16 and all(game.explain(state, 1, move) is None for move in legal)
    expected = {
        "place 2D b1": ("move/card_not_in_hand", "seat 1 does not hold the 2 of Diamonds"),
        "place ZZ b1": (
            "move/unknown_card",
            "'ZZ' is not a card of the pack (a rank A 2-9 T J Q K and a suit S H D C, or the Vampire)",
        ),
        "place 9H b2": ("move/cell_taken", "b2 already holds the 5 of Hearts"),
        "place 9H a9": ("move/bad_cell", "'a9' is not a cell; cells are a1 to c3 (columns a-c, rows 1-3)"),
        "place 9H c3": ("move/not_adjacent", "c3 is not side by side with a card in the coffin"),
    }
    for notation, (code, reason) in expected.items():
        refused = game.explain(state, 1, game.parse_move(notation))
        assert refused is not None
        assert (refused.code, refused.reason) == (code, f"'{notation}': {reason} (deal 1, step 1).")


def test_four_player_nail_must_go_on_the_centre() -> None:
    # "Dealer's left-hand opponent puts the first nail in the coffin": the first card goes on b2.
    state, _ = engine.new_game("dracula", 4, seed=4)
    state, _ = engine.apply(state, state.table["first_dealer"], "declare across")
    seat = engine.to_act(state)[0]
    card = state.table["hands"][seat][0]
    with pytest.raises(engine.IllegalMoveError) as caught:
        engine.apply(state, seat, f"place {card} a1")
    assert caught.value.code == "move/nail_on_centre"
    assert caught.value.reason == (
        f"'place {card} a1': the first card of a coffin is its nail and goes on b2 (deal 1, step 1)."
    )


@pytest.mark.parametrize(
    ("code", "name"), [("QH", "Queen of Hearts"), ("TS", "10 of Spades"), ("AD", "Ace of Diamonds"), ("VP", "Vampire")]
)
def test_card_names(code: str, name: str) -> None:
    assert card_name(code) == name


def test_scripted_deal_scores_best_lines_each_way_and_final_bonus_is_the_difference() -> None:
    state = two_player_deal(COFFIN_A_HANDS, "5H", direction="across")
    state, events = play(state, COFFIN_A_MOVES)
    sheet = engine.score(state)
    assert sheet.rounds[0].label == "deal 1"
    assert sheet.rounds[0].points == (135, 34)
    sides = sheet.rounds[0].details["sides"]
    assert [line["value"] for line in sides[0]["lines"]] == [135, 12, 7]
    assert [line["value"] for line in sides[1]["lines"]] == [34, 11, 10]
    # One deal (option deals=1): the higher total adds the difference as a bonus.
    assert sheet.finished
    assert sheet.rounds[1].label == "bonus" and sheet.rounds[1].points == (101, 0)
    assert sheet.rounds[1].details == {"bonusReason": "difference"}  # the round explains itself (issue 27)
    assert sheet.totals == (236, 34)
    assert sheet.winners == (0,)
    finished = events_of(events, "match_finished")[0]
    assert finished.data["bonusReason"] == "difference"
    assert engine.to_act(state) == ()
    with pytest.raises(engine.GameFinishedError):
        engine.apply(state, 1, "place 9H b1")


def test_king_player_scores_down() -> None:
    state = two_player_deal(COFFIN_A_HANDS, "5H", direction="down")
    state, _ = play(state, COFFIN_A_MOVES)
    assert engine.score(state).rounds[0].points == (34, 135)


def test_tie_break_goes_to_the_second_best_lines_in_play() -> None:
    # 9C 6C 6S / 5S 7C 2H / 3H 8S 6H: across 63, 34, 14; down 63, 28, 17 -> 34 and 28.
    hands = {1: ["6C", "5S", "8S", "9C"], 0: ["2H", "6S", "3H", "6H"]}
    moves = [
        (1, "place 6C b1"),
        (0, "place 2H c2"),
        (1, "place 5S a2"),
        (0, "place 6S c1"),
        (1, "place 8S b3"),
        (0, "place 3H a3"),
        (1, "place 9C a1"),
        (0, "place 6H c3"),
    ]
    state, _ = play(two_player_deal(hands, "7C"), moves)
    record = engine.score(state).rounds[0]
    assert record.points == (34, 28)
    assert record.details["lineRank"] == 2


def test_tie_break_goes_to_the_third_best_lines_in_play() -> None:
    # 3S 8S 2H / 9S 8C 2S / AH 3C 7C: across 57, 26, 22; down 57, 26, 11 -> 22 and 11.
    hands = {1: ["8S", "9S", "3C", "3S"], 0: ["2S", "2H", "AH", "7C"]}
    moves = [
        (1, "place 8S b1"),
        (0, "place 2S c2"),
        (1, "place 9S a2"),
        (0, "place 2H c1"),
        (1, "place 3C b3"),
        (0, "place AH a3"),
        (1, "place 3S a1"),
        (0, "place 7C c3"),
    ]
    state, _ = play(two_player_deal(hands, "8C"), moves)
    record = engine.score(state).rounds[0]
    assert record.points == (22, 11)
    assert record.details["lineRank"] == 3


FILL_ORDER = ("b1", "a2", "c2", "b3", "a1", "c1", "a3", "c3")  # each cell touches one filled before it


def deal_for_coffin(coffin: str, first: int) -> tuple[dict[int, list[str]], str, list[tuple[int, str]]]:
    """Hands, nail and moves that build ``coffin`` ("a1 b1 c1 a2 b2 c2 a3 b3 c3"), ``first`` seat playing first."""
    cards = dict(zip(("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"), coffin.split(), strict=True))
    moves = [((first + i) % 2, f"place {cards[cell]} {cell}") for i, cell in enumerate(FILL_ORDER)]
    hands: dict[int, list[str]] = {0: [], 1: []}
    for seat, notation in moves:
        hands[seat].append(notation.split()[1])
    return hands, cards["b2"], moves


COFFIN_A = "QH 9H 8H KS 5H 2D JC 3C AS"  # across 135, down 34
# 7D KC 5S / 9S TC JH / 4S 4C 5D: across 19 (9S TC JH x1), 13, 12; down 120 (KC TC 4C x5), 40, 10.
COFFIN_B = "7D KC 5S 9S TC JH 4S 4C 5D"
# 9C 9D 8S / 2S 6D 9S / 8D TH TS: across 34 (2S 6D 9S x2), 28, 26; down 135 (8S 9S TS x5), 75, 19.
COFFIN_T = "9C 9D 8S 2S 6D 9S 8D TH TS"


def two_deal_match(second_coffin: str) -> tuple[engine.GameState, list[engine.Event]]:
    hands, nail, moves = deal_for_coffin(COFFIN_A, first=1)
    state = two_player_deal(hands, nail, direction="across", deals=2)
    state, _ = play(state, moves)
    assert engine.score(state).totals == (135, 34)
    assert state.table["dealer"] == 1 and engine.to_act(state) == (0,)  # the deal alternates
    hands, nail, moves = deal_for_coffin(second_coffin, first=0)
    return play(fix_current_deal(state, hands, nail), moves)


def test_vampire_played_from_hand_drains_its_row_and_column_in_play() -> None:
    # VP 4S 9S / 7D 5H KD / 2C QH 6C, the Vampire placed on a1 by seat 1.
    #   across: a1-b1-c1 drained 0 | 7+5+0 three red x3 = 36 | 2+10+6 two clubs x2 = 36 -> 36
    #   down:   a1-a2-a3 drained 0 | 4+5+0 two hearts x2 = 18 | 9+10+6 x1 = 25 -> 25
    hands, nail, moves = deal_for_coffin("VP 4S 9S 7D 5H KD 2C QH 6C", first=1)
    assert "place VP a1" in [notation for seat, notation in moves if seat == 1]
    state, _ = play(two_player_deal(hands, nail, direction="across"), moves)
    sheet = engine.score(state)
    assert sheet.rounds[0].points == (36, 25)
    across, down = (side["lines"] for side in sheet.rounds[0].details["sides"])
    assert [(line["cells"], line["value"], line["vampire"]) for line in across] == [
        ("a2-b2-c2", 36, False),
        ("a3-b3-c3", 36, False),
        ("a1-b1-c1", 0, True),
    ]
    assert [(line["cells"], line["value"], line["vampire"]) for line in down] == [
        ("c1-c2-c3", 25, False),
        ("b1-b2-b3", 18, False),
        ("a1-a2-a3", 0, True),
    ]
    assert sheet.totals == (36 + 11, 25)  # one deal: the difference, 11, is the bonus


def test_equal_totals_give_the_bonus_to_the_best_single_line() -> None:
    state, events = two_deal_match(COFFIN_B)
    sheet = engine.score(state)
    assert [r.points for r in sheet.rounds] == [(135, 34), (19, 120), (135, 0)]
    assert sheet.rounds[2].label == "bonus"
    assert sheet.totals == (289, 154)
    assert sheet.winners == (0,)
    assert events_of(events, "match_finished")[0].data["bonusReason"] == "best_line"


def test_equal_totals_and_equal_best_lines_share_the_win_without_bonus() -> None:
    state, events = two_deal_match(COFFIN_T)
    sheet = engine.score(state)
    assert [r.points for r in sheet.rounds] == [(135, 34), (34, 135)]
    assert sheet.totals == (169, 169)
    assert sheet.winners == (0, 1)
    assert events_of(events, "match_finished")[0].data["bonusReason"] == "none"


def test_six_deals_use_the_whole_pack_once_without_reshuffling() -> None:
    state, _ = engine.new_game("dracula", 2, seed=21)
    dealer = state.table["first_dealer"]
    state, _ = engine.apply(state, dealer, "declare down")
    stock_after_first_deal = list(state.table["stock"])
    dealers = [state.table["dealer"]]
    deals_seen = 1
    while not engine.is_finished(state):
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, engine.legal_moves(state, seat)[0])
        if state.table["deal"] != deals_seen and not engine.is_finished(state):
            deals_seen = state.table["deal"]
            dealers.append(state.table["dealer"])
            # The next deal takes the next cards of the stock, in order: hands and nail came off its top.
            dealt = 9 * (deals_seen - 1)
            assert state.table["stock"] == stock_after_first_deal[: len(stock_after_first_deal) - dealt]
    assert dealers == [dealer, 1 - dealer] * 3
    table = state.table
    assert table["stock"] == []
    everything = table["used"] + [c for c in table["coffin"] if c is not None]
    assert Counter(everything) == Counter(full_pack())
    assert len(engine.score(state).rounds) in (6, 7)  # six deals, plus the bonus unless nobody earned one


# ----- four players ----------------------------------------------------------------------------------------
def test_catalog_lists_exactly_two_or_four_players_and_three_are_refused() -> None:
    # The text: "Players 2 (versions for 3, 4)", but "Dracula for three players" has only its heading, so the
    # catalog says exactly which counts are accepted, and three players are refused saying which are.
    assert engine.get_game("dracula").catalog_entry()["playerCounts"] == [2, 4]
    for players in (1, 3, 5):
        with pytest.raises(engine.InvalidPlayersError) as caught:
            engine.new_game("dracula", players)
        assert caught.value.code == "game/invalid_players"
        assert caught.value.reason == f"Dracula takes 2 or 4 players; got {players}."


def test_options_are_validated() -> None:
    with pytest.raises(engine.InvalidOptionError) as caught:
        engine.new_game("dracula", 2, options={"deals": 7})
    assert caught.value.option == "deals"
    with pytest.raises(engine.InvalidOptionError, match="Unknown option 'speed'"):
        engine.new_game("dracula", 2, options={"speed": 1})


def test_four_player_deal_vampires_and_the_first_nail() -> None:
    state, _ = engine.new_game("dracula", 4, seed=4)
    dealer = state.table["first_dealer"]
    state, _ = engine.apply(state, dealer, "declare across")
    left, partner, right = (dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4
    hands = state.table["hands"]
    assert len(hands[left]) == 14 and len(hands[partner]) == 14
    assert len(hands[dealer]) == 13 and len(hands[right]) == 13
    assert "VP" in hands[left] and "VP" in hands[partner]
    assert state.table["directions"] == ["across" if s % 2 == dealer % 2 else "down" for s in range(4)]
    # The dealer's left-hand opponent puts the first nail, on the centre; play passes to the left.
    assert engine.to_act(state) == (left,)
    assert {m.args[1] for m in engine.legal_moves(state, left)} == {"b2"}
    state, _ = engine.apply(state, left, f"place {hands[left][0]} b2")
    assert engine.to_act(state) == (partner,)
    seats_in_order = [left]
    for _ in range(8):
        seat = engine.to_act(state)[0]
        seats_in_order.append(seat)
        state, _ = engine.apply(state, seat, engine.legal_moves(state, seat)[0])
    assert seats_in_order == [left, partner, right, dealer] * 2 + [left]
    # The ninth card fills coffin 1; the next seat (the partner) nails coffin 2.
    sheet = engine.score(state)
    assert sheet.rounds[0].label == "deal 1 coffin 1"
    assert state.table["coffin_in_deal"] == 2 and state.table["coffin"] == [None] * 9
    assert engine.to_act(state) == (partner,)


def test_four_player_coffin_scores_for_both_partners() -> None:
    state, _ = engine.new_game("dracula", 4, seed=4)
    table = state.table
    table["first_dealer"] = table["dealer"] = table["turn"] = 3
    state, _ = engine.apply(edited(state), 3, "declare down")  # partnership 1+3 down, 0+2 across
    cards = dict(zip(("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"), COFFIN_A.split(), strict=True))
    order = ["b2", *FILL_ORDER]
    hands = state.table["hands"]
    pool = [c for hand in hands for c in hand]
    for hand in hands:
        hand.clear()
    for i, cell in enumerate(order):  # seat 0 nails, then 1, 2, 3, 0, ...
        pool.remove(cards[cell])
        hands[i % 4].append(cards[cell])
    for i, card in enumerate(pool):
        hands[(i + 1) % 4].append(card)
    state = edited(state)
    moves = [(i % 4, f"place {cards[cell]} {cell}") for i, cell in enumerate(order)]
    state, events = play(state, moves)
    record = engine.score(state).rounds[0]
    assert record.label == "deal 1 coffin 1"
    assert record.points == (135, 34, 135, 34)
    assert events_of(events, "coffin_scored")[0].data["points"] == [135, 34, 135, 34]


def test_four_player_match_has_six_coffins_in_each_of_six_deals() -> None:
    state, _ = engine.new_game("dracula", 4, seed=9)
    state, _ = engine.apply(state, state.table["first_dealer"], "declare across")
    while not engine.is_finished(state):
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, engine.legal_moves(state, seat)[-1])
    sheet = engine.score(state)
    coffins = [r.label for r in sheet.rounds if r.label != "bonus"]
    assert coffins == [f"deal {d} coffin {c}" for d in range(1, 7) for c in range(1, 7)]
    assert sheet.totals[0] == sheet.totals[2] and sheet.totals[1] == sheet.totals[3]
    assert state.step == 1 + 6 * 54
