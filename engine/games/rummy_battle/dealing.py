"""The deal: a new match's table, and each round's deal (hands, the up-card, the Marker in the stock)."""

from __future__ import annotations

from typing import NamedTuple

from engine.cards import deal_round_robin
from engine.events import Event
from engine.games.rummy_battle import knowledge
from engine.games.rummy_battle.cards import is_action, match_deck
from engine.games.rummy_battle.table import DRAW_PHASE, RummyTable, table_of
from engine.state import GameState


def new_table(state: GameState) -> RummyTable:
    """The table of a new match, before the first deal: every seat's 2nd Chance, seat 0 the first dealer."""
    return RummyTable(
        phase=DRAW_PHASE,
        round=0,
        dealer=0,
        turn=0,
        first_turn=True,
        hands=[],
        stock="",
        marker=0,
        discards=[],
        action_pile=[],
        groups=[],
        opened=[],
        second_chance=[bool(state.options["second_chance"])] * state.players,
        actions_played=[],
        must_play="",
        bonus_draws=0,
        resume="",
        pending=None,
        lucky_seat=0,
        lucky_left=0,
        outs=[],
        known_cards=[],
        privately_known=[],
        returned_actions=[],
        rounds=[],
    )


def deal_round(state: GameState, events: list[Event]) -> None:
    """Shuffles Play and Action Cards together and deals each seat its hand one card at a time from the dealer's
    left, who leads; puts the Marker in the stock and turns up a Play Card (an Action Card turned up goes back into
    the centre of the stock)."""
    table = table_of(state)
    players = state.players
    pack = match_deck(state)
    state.shuffle(pack)
    first = (table["dealer"] + 1) % players
    hands = deal_round_robin(pack, players, int(state.options["hand_size"]), first)
    stock = pack  # bottom first: the cards left after the deal
    turned = turn_up(stock, min(int(state.options["marker_depth"]), len(stock)))
    start_round(table, players, first, hands, stock, turned)
    events.append(round_started(table, first, hands, stock, turned))
    events.extend(
        Event("hand_dealt", seat=seat, data={"cards": list(hands[seat])}, audience=(seat,))
        for seat in ((first + offset) % players for offset in range(players))
    )


class TurnedUp(NamedTuple):
    """The up-card (``""`` if the stock has no Play Card), the Marker's depth, and the Action Cards put back into the
    stock on the way: how many, and where they lie now (from the bottom)."""

    up_card: str
    marker: int
    returned: int
    positions: list[int]


def turn_up(stock: list[str], marker: int) -> TurnedUp:
    """Turns up the top card of ``stock`` (changed in place) until a Play Card shows; each Action Card turned up goes
    back into the centre of the stock, below or above the Marker as it falls."""
    up_card = ""
    returned = 0
    positions: list[int] = []
    for _ in range(len(stock)):
        card = stock.pop()
        if len(stock) in positions:
            positions.remove(len(stock))  # a card put back turned up again (a stock of one or two cards)
        if not is_action(card):
            up_card = card
            break
        middle = len(stock) // 2
        stock.insert(middle, card)
        positions = [position + 1 if position >= middle else position for position in positions]
        positions.append(middle)
        if middle < marker:
            marker += 1
        returned += 1
    return TurnedUp(up_card, marker, returned, positions)


def start_round(
    table: RummyTable, players: int, first: int, hands: list[list[str]], stock: list[str], turned: TurnedUp
) -> None:
    """The table at the start of a round: the hands dealt, the stock, the up-card, nothing played yet."""
    table["round"] += 1
    table["phase"] = DRAW_PHASE
    table["turn"] = first
    table["first_turn"] = True
    table["hands"] = hands
    table["stock"] = ",".join(stock)
    table["marker"] = turned.marker
    table["discards"] = [turned.up_card] if turned.up_card else []
    table["action_pile"] = []
    table["groups"] = []
    table["opened"] = [False] * players
    table["actions_played"] = [0] * players
    table["must_play"] = ""
    table["bonus_draws"] = 0
    table["resume"] = ""
    table["pending"] = None
    table["lucky_seat"] = 0
    table["lucky_left"] = 0
    table["outs"] = []
    table["known_cards"] = knowledge.nobody_knows(players)
    table["privately_known"] = knowledge.nobody_knows(players)
    table["returned_actions"] = sorted(turned.positions)


def round_started(table: RummyTable, first: int, hands: list[list[str]], stock: list[str], turned: TurnedUp) -> Event:
    return Event(
        "round_started",
        data={
            "round": table["round"],
            "dealer": table["dealer"],
            "firstPlayer": first,
            "upCard": turned.up_card or None,
            "actionCardsReturned": turned.returned,
            "stockCount": len(stock),
            "cardsAboveMarker": max(0, len(stock) - turned.marker),
            "handCounts": [len(hand) for hand in hands],
        },
    )
