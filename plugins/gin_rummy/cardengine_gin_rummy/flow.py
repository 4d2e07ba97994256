"""Gin Rummy's turn flow, OpenSpiel's to the move: the first upcard, drawing, discarding, the knock (a discard,
then melds), the defender's lay-offs and melds, the wall; then the hand's score and, in the classic match, the
next deal.

The phases: ``first_upcard`` (the non-dealer, then the dealer, may take the first upcard or pass; if both pass
the non-dealer draws from the stock), ``draw``, ``discard`` (or knock), ``knock`` (the knocker discards, lays
melds, passes), ``layoff`` (the defender lays off, passes, lays melds, passes), ``wall`` (two stock cards left:
knock or pass), ``finished``. One function per move kind, dispatched by ``PLAYS``.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any, Final, cast

from cardengine_gin_rummy import scoring
from cardengine_gin_rummy.cards import CARD_IDS, CODES
from cardengine_gin_rummy.melds import HAND_SIZE, MELD_CARDS, min_deadwood, total_value
from cardengine_gin_rummy.moves import DISCARD, DRAW_STOCK, DRAW_UPCARD, KNOCK, LAY_OFF, MELD, PASS, meld_of
from cardengine_gin_rummy.table import NOBODY, GinRummyTable, table_of
from engine.events import Event
from engine.moves import Move
from engine.state import GameState

KNOCK_CARD: Final = 10  # the most deadwood a knock may leave
WALL_STOCK_SIZE: Final = 2  # with two stock cards left, the next player may only knock or pass
MAX_UPCARD_DRAWS: Final = 50  # OpenSpiel's cap: the 50th draw of an upcard in a hand ends it, void


class Phase(StrEnum):
    FIRST_UPCARD = "first_upcard"
    DRAW = "draw"
    DISCARD = "discard"
    KNOCK = "knock"
    LAYOFF = "layoff"
    WALL = "wall"
    FINISHED = "finished"


FINISHED: Final = Phase.FINISHED.value


# ----- set-up and dealing -----------------------------------------------------------------------------------
def setup(state: GameState) -> list[Event]:
    state.table = cast(
        dict[str, Any],
        GinRummyTable(
            phase=Phase.FIRST_UPCARD.value,
            turn=0,
            dealer=1,  # seat 1 deals the first hand: seat 0 has the first upcard option, as in OpenSpiel
            hand_number=0,
            hands=[[], []],
            stock=[],
            upcard=None,
            previous_upcard=None,
            discard_pile=[],
            repeated_discard=False,
            upcard_draws=0,
            passed_first_upcard=[False, False],
            knocker=NOBODY,
            melds=[[], []],
            layoffs=[],
            layoffs_done=False,
            deadwood=[0, 0],
            known=[[], []],
            rounds=[],
            hands_won=[0, 0],
            bonus=[0, 0],
        ),
    )
    events: list[Event] = []
    start_hand(state, events)
    return events


def start_hand(state: GameState, events: list[Event]) -> None:
    """Shuffles the pack and deals ten cards to the non-dealer (the pack's first ten), ten to the dealer, turns the
    upcard; the rest is the stock, drawn in the pack's order (OpenSpiel's order of chance outcomes, so a preset
    deck is OpenSpiel's chance outcomes in order)."""
    table = table_of(state)
    codes = list(CODES)
    state.shuffle(codes)  # by codes: a preset deck (the option ``deck``) orders the first hand's pack
    pack = [CARD_IDS[code] for code in codes]
    dealer = table["dealer"]
    non_dealer = 1 - dealer
    hands = [pack[:HAND_SIZE], pack[HAND_SIZE : 2 * HAND_SIZE]]
    if non_dealer == 1:
        hands.reverse()
    table["hands"] = hands
    table["upcard"] = pack[2 * HAND_SIZE]
    table["stock"] = pack[2 * HAND_SIZE + 1 :][::-1]
    table["hand_number"] += 1
    table["turn"] = non_dealer
    table["phase"] = Phase.FIRST_UPCARD.value
    table["previous_upcard"] = None
    table["discard_pile"] = []
    table["repeated_discard"] = False
    table["upcard_draws"] = 0
    table["passed_first_upcard"] = [False, False]
    table["knocker"] = NOBODY
    table["melds"] = [[], []]
    table["layoffs"] = []
    table["layoffs_done"] = False
    table["deadwood"] = [min_deadwood(hand) for hand in hands]
    table["known"] = [[], []]
    events.append(
        Event(
            "hand_started",
            data={
                "hand": table["hand_number"],
                "dealer": dealer,
                "upcard": CODES[pack[2 * HAND_SIZE]],
                "stockCount": len(table["stock"]),
            },
        )
    )
    events.extend(
        Event("hand_dealt", seat=seat, data={"cards": sorted_codes(hands[seat])}, audience=(seat,)) for seat in (0, 1)
    )


def sorted_codes(cards: list[int]) -> list[str]:
    return [CODES[card] for card in sorted(cards)]


def to_act(state: GameState) -> tuple[int, ...]:
    table = state.table
    return () if table["phase"] == FINISHED else (table["turn"],)


def is_finished(state: GameState) -> bool:
    return state.table["phase"] == FINISHED  # type: ignore[no-any-return]


# ----- copy-on-write helpers: every list a move changes is replaced, never changed in place ----------------
def take_into_hand(table: GinRummyTable, seat: int, card: int, *, known: bool) -> list[int]:
    hands = table["hands"] = list(table["hands"])
    hand = hands[seat] = [*hands[seat], card]
    if known:
        table["known"] = [[*cards, card] if other == seat else cards for other, cards in enumerate(table["known"])]
    return hand


def remove_from_hand(table: GinRummyTable, seat: int, cards: tuple[int, ...]) -> list[int]:
    hands = table["hands"] = list(table["hands"])
    if len(cards) == 1:
        hand = hands[seat] = list(hands[seat])
        hand.remove(cards[0])
    else:
        hand = hands[seat] = [card for card in hands[seat] if card not in cards]
    known = table["known"][seat]
    if known and any(card in known for card in cards):
        table["known"] = [
            [card for card in known if card not in cards] if other == seat else known
            for other, known in enumerate(table["known"])
        ]
    return hand


def set_deadwood(table: GinRummyTable, seat: int, value: int) -> None:
    deadwood = table["deadwood"] = list(table["deadwood"])
    deadwood[seat] = value


# ----- the moves ----------------------------------------------------------------------------------------------
def play_draw_upcard(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    if table["phase"] == Phase.DRAW:
        table["upcard_draws"] += 1
        if table["upcard_draws"] == MAX_UPCARD_DRAWS:
            events = [Event("upcard_draws_exhausted", seat=seat, data={"draws": MAX_UPCARD_DRAWS})]
            end_hand(state, scoring.DRAW_LIMIT, events)
            return events
    card = table["upcard"]
    assert card is not None
    table["previous_upcard"] = card
    table["upcard"] = None
    hand = take_into_hand(table, seat, card, known=True)
    set_deadwood(table, seat, min_deadwood(hand))
    table["phase"] = Phase.DISCARD.value
    return [Event("drew_upcard", seat=seat, data={"card": CODES[card]})]


def play_draw_stock(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    upcard = table["upcard"]
    table["previous_upcard"] = upcard
    if upcard is not None:
        table["discard_pile"] = [*table["discard_pile"], upcard]
    table["upcard"] = None
    stock = table["stock"] = list(table["stock"])
    card = stock.pop()
    hand = take_into_hand(table, seat, card, known=False)
    set_deadwood(table, seat, min_deadwood(hand))
    table["phase"] = Phase.DISCARD.value
    return [
        Event("drew_stock", seat=seat, data={"stockCount": len(stock)}, secret={"card": CODES[card]}, secret_to=(seat,))
    ]


def play_discard(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    card = CARD_IDS[move.args[0]]
    hand = remove_from_hand(table, seat, (card,))
    events = [Event("discarded", seat=seat, data={"card": move.args[0]})]
    if table["phase"] == Phase.KNOCK:  # the knocker's discard, face down on the pile
        table["discard_pile"] = [*table["discard_pile"], card]
        set_deadwood(table, seat, total_value(hand))
        return events
    set_deadwood(table, seat, min_deadwood(hand))
    table["upcard"] = card
    table["turn"] = 1 - seat
    if card == table["previous_upcard"]:
        if table["repeated_discard"]:
            end_hand(state, scoring.REPEATED_DISCARD, events)
            return events
        table["repeated_discard"] = True
    else:
        table["repeated_discard"] = False
    table["phase"] = (Phase.WALL if len(table["stock"]) == WALL_STOCK_SIZE else Phase.DRAW).value
    return events


def play_knock(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    taken = table["upcard"] if table["phase"] == Phase.WALL else None
    if taken is not None:  # at the wall a knock takes the upcard
        table["upcard"] = None
        hand = take_into_hand(table, seat, taken, known=True)
        set_deadwood(table, seat, min_deadwood(hand))
    else:
        table["deadwood"] = [total_value(hand) for hand in table["hands"]]
    table["knocker"] = seat
    table["phase"] = Phase.KNOCK.value
    return [Event("knocked", seat=seat, data={"upcard": None if taken is None else CODES[taken]})]


def play_meld(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    meld = meld_of(move)
    assert meld is not None
    table["melds"] = [[*melds, meld] if other == seat else melds for other, melds in enumerate(table["melds"])]
    hand = remove_from_hand(table, seat, MELD_CARDS[meld])
    set_deadwood(table, seat, total_value(hand))
    return [Event("melded", seat=seat, data={"cards": move.args[0].split(",")})]


def play_lay_off(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    card = CARD_IDS[move.args[0]]
    table["layoffs"] = [*table["layoffs"], card]
    hand = remove_from_hand(table, seat, (card,))
    set_deadwood(table, seat, total_value(hand))
    return [Event("laid_off", seat=seat, data={"card": move.args[0]})]


def play_pass(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    phase = table["phase"]
    events = [Event("passed", seat=seat, data={"phase": phase})]
    if phase == Phase.FIRST_UPCARD:
        table["passed_first_upcard"] = [True if other == seat else done for other, done in
                                        enumerate(table["passed_first_upcard"])]  # fmt: skip
        table["turn"] = 1 - seat
    elif phase == Phase.WALL:
        end_hand(state, scoring.WALL, events)
    elif phase == Phase.KNOCK:  # the knocker's hand is spread: its unmelded cards are shown
        hand = table["hands"][seat]
        set_deadwood(table, seat, total_value(hand))
        events.append(Event("spread", seat=seat, data={"cards": sorted_codes(hand), "deadwood": total_value(hand)}))
        table["layoffs_done"] = total_value(hand) == 0  # no lay-offs on gin
        table["turn"] = 1 - seat
        table["phase"] = Phase.LAYOFF.value
    elif not table["layoffs_done"]:
        table["layoffs_done"] = True
    else:
        set_deadwood(table, seat, total_value(table["hands"][seat]))
        end_hand(state, scoring.hand_ending(state), events)
    return events


PLAYS: dict[str, Callable[[GameState, int, Move], list[Event]]] = {
    DRAW_UPCARD: play_draw_upcard,
    DRAW_STOCK: play_draw_stock,
    DISCARD: play_discard,
    KNOCK: play_knock,
    MELD: play_meld,
    LAY_OFF: play_lay_off,
    PASS: play_pass,
}


def play(state: GameState, seat: int, move: Move) -> list[Event]:
    return PLAYS[move.kind](state, seat, move)


# ----- the end of a hand, of the match ------------------------------------------------------------------------
def end_hand(state: GameState, ending: str, events: list[Event]) -> None:
    """Scores the hand (a void hand scores nothing), then deals the next hand of a classic match or ends it."""
    table = table_of(state)
    record = scoring.hand_record(state, ending)
    table["rounds"] = [*table["rounds"], record]
    winner = scoring.hand_winner(record)
    if winner is not None:
        table["hands_won"] = [won + (seat == winner) for seat, won in enumerate(table["hands_won"])]
    totals = scoring.totals(state, finished=False)
    events.append(
        Event(
            "hand_ended",
            data={
                "hand": table["hand_number"],
                "ending": ending,
                "points": list(record["points"]),
                "totals": totals,
                **scoring.unpacked(record["details"]),
            },
        )
    )
    if scoring.match_over(state, totals):
        finish(state, events)
        return
    if ending not in scoring.VOID_ENDINGS:
        table["dealer"] = 1 - table["dealer"]  # the deal alternates; a void hand is dealt again by the same dealer
    start_hand(state, events)


def finish(state: GameState, events: list[Event]) -> None:
    table = table_of(state)
    table["bonus"] = scoring.final_bonus(state)
    table["phase"] = FINISHED
    totals = scoring.totals(state, finished=True)
    events.append(
        Event(
            "match_finished",
            data={"bonus": list(table["bonus"]), "totals": totals, "winners": list(scoring.winners(totals))},
        )
    )
