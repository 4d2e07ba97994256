"""Dragon Mystery Rummy's turn flow: deal, then turns of draw-or-take, plays and a discard, then scoring.

The turn is a small state machine. ``draw`` phase: draw the top card of the deck, or take a card of the spread
discard pile with every card on top of it (the deepest taken must be played this turn). ``play`` phase: any
allowed plays, then one mandatory discard, which passes the turn (or ends the hand). Hands are dealt until a
player's total reaches the target score; then the match is ``finished``. One function per move kind, dispatched by
``play``; only legal moves (``legal.py``) reach them.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from enum import StrEnum
from typing import Any, Final, cast

from engine.cards import deal_round_robin
from engine.events import Event
from engine.games.dragon_rummy.cards import (
    HAND_SIZES,
    SLOT_DRAW_TWO,
    SLOT_RARE,
    SPLIT_SET_SIZE,
    cards_drawn,
    full_deck,
    single_play_slot,
)
from engine.games.dragon_rummy.moves import DISCARD, DRAW, PLAY, SET, TAKE, set_cards
from engine.games.dragon_rummy.scoring import explain_hand, match_totals, play_area_counts, play_area_points
from engine.games.dragon_rummy.table import (
    ENDED_DECK,
    ENDED_OUT,
    DragonTable,
    HandRecord,
    table_of,
    target_score,
)
from engine.moves import Move
from engine.scoring import highest_scorers, packed
from engine.state import GameState


class Phase(StrEnum):
    DRAW = "draw"  # the player on turn draws from the deck or takes from the discard pile
    PLAY = "play"  # the player on turn plays dragons, then discards
    FINISHED = "finished"


# The table stores a phase as its string value (plain JSON). Module constants for the per-move paths: an Enum
# member lookup costs more than the comparison.
DRAW_PHASE: Final[str] = Phase.DRAW.value
PLAY_PHASE: Final[str] = Phase.PLAY.value
FINISHED_PHASE: Final[str] = Phase.FINISHED.value


def to_act(state: GameState) -> tuple[int, ...]:
    table = state.table
    return () if table["phase"] == FINISHED_PHASE else (table["turn"],)


def is_finished(state: GameState) -> bool:
    return bool(state.table["phase"] == FINISHED_PHASE)


# ----- dealing ----------------------------------------------------------------------------------------------
def setup(state: GameState) -> list[Event]:
    players = state.players
    state.table = cast(
        dict[str, Any],
        DragonTable(
            phase=DRAW_PHASE,
            hand_number=0,
            starter=0,
            turn=0,
            draw_two_dragon="",
            rare_dragon="",
            deck=[],
            discard_pile=[],
            hands=[[] for _ in range(players)],
            play_areas=[[] for _ in range(players)],
            must_play=None,
            single_plays_used=[],
            last_card_drawn=False,
            known_cards=[[] for _ in range(players)],
            hand_records=[],
        ),
    )
    events: list[Event] = []
    start_hand(state, 0, events)
    return events


def start_hand(state: GameState, starter: int, events: list[Event]) -> None:
    """Shuffles the forty cards, deals, turns the draw-2 and rare dragons and starts the discard pile."""
    table = table_of(state)
    players = state.players
    deck = full_deck()
    state.shuffle(deck)
    hands = deal_round_robin(deck, players, HAND_SIZES[players], starter)
    draw_two = deck.pop()
    rare = deck.pop()
    while rare == draw_two:
        events.append(Event("rare_turned_again", data={"card": rare}))
        deck.append(rare)
        state.shuffle(deck)
        rare = deck.pop()
    table["hand_number"] += 1
    table["starter"] = starter
    table["turn"] = starter
    table["phase"] = DRAW_PHASE
    table["draw_two_dragon"] = draw_two
    table["rare_dragon"] = rare
    table["hands"] = [sorted(hand) for hand in hands]
    table["play_areas"] = [[] for _ in range(players)]
    table["known_cards"] = [[] for _ in range(players)]
    table["discard_pile"] = [deck.pop()]
    table["deck"] = deck
    reset_turn(table)
    events.append(
        Event(
            "hand_started",
            data={
                "hand": table["hand_number"],
                "starter": starter,
                "drawTwo": draw_two,
                "rare": rare,
                "discard": list(table["discard_pile"]),
                "deckCount": len(deck),
                "handCounts": [len(hand) for hand in hands],
            },
        )
    )
    events.extend(
        Event("hand_dealt", seat=seat, data={"cards": list(table["hands"][seat])}, audience=(seat,))
        for seat in range(players)
    )


def reset_turn(table: DragonTable) -> None:
    table["must_play"] = None
    table["single_plays_used"] = []
    table["last_card_drawn"] = False


# ----- draw phase: draw from the deck or take from the discard pile -----------------------------------------
def draw(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    deck = table["deck"] = list(table["deck"])
    card = deck.pop()
    insort(own_hand(table, seat), card)
    table["last_card_drawn"] = not deck
    table["phase"] = PLAY_PHASE
    return [
        Event(
            "drew",
            seat=seat,
            data={"deckCount": len(table["deck"]), "lastCard": table["last_card_drawn"]},
            secret={"card": card},
            secret_to=(seat,),
        )
    ]


def take(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    count = int(move.args[1])
    pile = table["discard_pile"]
    taken = pile[-count:]
    table["discard_pile"] = pile[:-count]
    hand = own_hand(table, seat)
    known = own_known(table, seat)
    for card in taken:
        insort(hand, card)
        insort(known, card)
    table["must_play"] = taken[0]
    table["phase"] = PLAY_PHASE
    return [Event("took", seat=seat, data={"cards": taken, "count": count})]  # cards[0] must be played


# ----- play phase: single plays and sets, then the discard --------------------------------------------------
def play_single(state: GameState, seat: int, move: Move) -> list[Event]:
    """One draw-2 dragon (draws two), one rare dragon (takes every other copy in play) or one ordinary dragon
    (takes one of a set of three in play)."""
    table = table_of(state)
    card = move.args[0]
    hand = own_hand(table, seat)
    hand.remove(card)
    forget(table, seat, card)
    areas = table["play_areas"] = list(table["play_areas"])
    area = areas[seat] = list(areas[seat])
    slot = single_play_slot(card, table["draw_two_dragon"], table["rare_dragon"])
    table["single_plays_used"] = [*table["single_plays_used"], slot]
    if table["must_play"] == card:
        table["must_play"] = None
    if slot == SLOT_DRAW_TWO:
        insort(area, card)
        deck = table["deck"] = list(table["deck"])
        drawn = [deck.pop() for _ in range(cards_drawn(card, card, len(deck)))]
        for drawn_card in drawn:
            insort(hand, drawn_card)
        if drawn and not deck:
            table["last_card_drawn"] = True
        return [
            Event(
                "draw_two_played",
                seat=seat,
                data={
                    "card": card,
                    "drawnCount": len(drawn),
                    "deckCount": len(deck),
                    "lastCard": table["last_card_drawn"],
                },
                secret={"drawn": drawn},
                secret_to=(seat,),
            )
        ]
    if slot == SLOT_RARE:
        taken = [0] * state.players
        for other, other_area in enumerate(areas):
            if other != seat:
                taken[other] = other_area.count(card)
                areas[other] = [c for c in other_area if c != card]
        area.extend([card] * (1 + sum(taken)))
        area.sort()
        return [Event("rare_played", seat=seat, data={"card": card, "takenFrom": taken})]
    source = split_source(card, areas)
    assert source is not None  # legal.py allows the split only with a set of three in play
    if source != seat:  # one's own set of three may be split too: ``area`` is already a copy
        areas[source] = list(areas[source])
    areas[source].remove(card)
    area.extend((card, card))
    area.sort()
    return [Event("set_split", seat=seat, data={"card": card, "fromSeat": source})]


def forget(table: DragonTable, seat: int, card: str) -> None:
    """A card of this dragon left ``seat``'s hand: one known copy fewer (the copies are equal, so whichever it was,
    the hand still surely holds the rest)."""
    if card in table["known_cards"][seat]:
        own_known(table, seat).remove(card)


# ----- copy-on-write: ``play`` gets a state whose table values are shared with the caller's state (see
# ``Game.copy_on_write``), so every value it changes is first replaced by a copy, and only the one changed.
def own_hand(table: DragonTable, seat: int) -> list[str]:
    """``seat``'s hand, copied into a copied list of hands: free to change."""
    hands = table["hands"] = list(table["hands"])
    hand = hands[seat] = list(hands[seat])
    return hand


def own_known(table: DragonTable, seat: int) -> list[str]:
    """``seat``'s known cards, copied into a copied list: free to change."""
    known = table["known_cards"] = list(table["known_cards"])
    cards = known[seat] = list(known[seat])
    return cards


def split_source(kind: str, play_areas: list[list[str]]) -> int | None:
    """The seat whose play area holds a set of three of ``kind``, if any (four copies allow at most one)."""
    for seat, area in enumerate(play_areas):
        if area.count(kind) == SPLIT_SET_SIZE:
            return seat
    return None


def play_set(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    cards = set_cards(move)
    hand = own_hand(table, seat)
    for card in cards:
        hand.remove(card)
        forget(table, seat, card)
    areas = table["play_areas"] = list(table["play_areas"])
    area = areas[seat] = list(areas[seat])
    area.extend(cards)
    area.sort()
    if table["must_play"] == cards[0]:
        table["must_play"] = None
    return [Event("set_played", seat=seat, data={"cards": cards})]


def discard(state: GameState, seat: int, move: Move) -> list[Event]:
    """The mandatory discard: it ends the turn, and the hand when the hand is empty or the deck's last card was
    drawn this turn."""
    table = table_of(state)
    card = move.args[0]
    hand = own_hand(table, seat)
    hand.remove(card)
    forget(table, seat, card)
    table["discard_pile"] = [*table["discard_pile"], card]
    events = [Event("discarded", seat=seat, data={"card": card, "handCount": len(hand)})]
    if not hand:
        end_hand(state, seat, ENDED_OUT, events)
    elif table["last_card_drawn"]:
        end_hand(state, seat, ENDED_DECK, events)
    else:
        table["turn"] = (seat + 1) % state.players
        table["phase"] = DRAW_PHASE
        reset_turn(table)
    return events


def play(state: GameState, seat: int, move: Move) -> list[Event]:
    return PLAYS[move.kind](state, seat, move)


PLAYS: Final[dict[str, Callable[[GameState, int, Move], list[Event]]]] = {
    DRAW: draw,
    TAKE: take,
    PLAY: play_single,
    SET: play_set,
    DISCARD: discard,
}


# ----- end of a hand and of the match -----------------------------------------------------------------------
def end_hand(state: GameState, seat: int, ended: str, events: list[Event]) -> None:
    """Scores the play areas; the match ends when someone's total reaches the target, else the next seat deals
    the next hand."""
    table = table_of(state)
    draw_two, rare = table["draw_two_dragon"], table["rare_dragon"]
    areas = table["play_areas"]
    points = [play_area_points(area, draw_two, rare) for area in areas]
    table["hand_records"] = [
        *table["hand_records"],
        HandRecord(
            hand=table["hand_number"],
            draw_two_dragon=draw_two,
            rare_dragon=rare,
            ended=ended,
            ended_by=seat,
            points=points,
            play_area_counts=[play_area_counts(area, draw_two, rare) for area in areas],
            play_areas=packed([list(area) for area in areas]),
        ),
    ]
    totals = match_totals(table, state.players)
    data = {"hand": table["hand_number"], "ended": ended, "points": points, "totals": totals}
    events.append(Event("hand_ended", seat=seat, data=data | {"explanations": explain_hand(areas, draw_two, rare)}))
    if max(totals) >= target_score(state):
        table["phase"] = FINISHED_PHASE
        reset_turn(table)
        events.append(Event("match_finished", data={"totals": totals, "winners": list(highest_scorers(totals))}))
        return
    start_hand(state, (table["starter"] + 1) % state.players, events)
