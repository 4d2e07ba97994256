"""A new table and the deal of a hand."""

from __future__ import annotations

from typing import Final

from engine.cards import deal_round_robin
from engine.events import Event
from engine.games.house_rummy.cards import full_deck
from engine.games.house_rummy.flow_events import Events
from engine.games.house_rummy.phases import DRAW_PHASE
from engine.games.house_rummy.table import NOBODY, HouseTable, new_cards_on, table_of
from engine.state import GameState

HAND_SIZE: Final = 7


HAND_SIZE_TWO_PLAYERS: Final = 10


def new_table(players: int) -> HouseTable:
    return HouseTable(
        phase=DRAW_PHASE,
        hand_number=0,
        dealer=players - 1,  # so that seat 0, left of the dealer, plays first
        turn=0,
        direction=1,
        hands=[[] for _ in range(players)],
        stock=[],
        piles=[],
        groups=[],
        cross_second_group={},
        potato_on_board=[[] for _ in range(players)],
        bottom_card="",
        groups_started=0,
        single_card_taken="",
        turns_in_a_row=1,
        played_out=NOBODY,
        known_cards=[[] for _ in range(players)],
        seen_cards={},
        claim=None,
        action=None,
        rounds=[],
    )


def deal(state: GameState, events: Events) -> None:
    """Shuffles the whole deck and deals a hand: 7 each (10 with two players), one card turned to start the pile
    (``events`` None: a hypothetical play of the bottom-card search, which records none)."""
    table = table_of(state)
    players = state.players
    deck = full_deck(new_cards_on(state))
    state.shuffle(deck)
    first = (table["dealer"] + 1) % players
    hands = deal_round_robin(deck, players, HAND_SIZE_TWO_PLAYERS if players == 2 else HAND_SIZE, first)
    flipped = deck.pop()
    table.update(
        {
            "phase": DRAW_PHASE,
            "hand_number": table["hand_number"] + 1,
            "turn": first,
            "direction": 1,
            "hands": hands,
            "stock": deck,
            "piles": [[flipped]],
            "groups": [],
            "cross_second_group": {},
            "potato_on_board": [[] for _ in range(players)],
            "bottom_card": "",
            "groups_started": 0,
            "single_card_taken": "",
            "turns_in_a_row": 1,
            "played_out": NOBODY,
            "known_cards": [[] for _ in range(players)],
            "seen_cards": {},
            "claim": None,
            "action": None,
        }
    )
    if events is None:
        return
    events.append(
        Event(
            "hand_started",
            data={
                "hand": table["hand_number"],
                "dealer": table["dealer"],
                "handCounts": [len(h) for h in hands],
                "stockCount": len(deck),
                "turned": flipped,
                "turn": first,
            },
        )
    )
    events.extend(
        Event("hand_dealt", seat=seat, data={"cards": sorted(hands[seat])}, audience=(seat,)) for seat in range(players)
    )
