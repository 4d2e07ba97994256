"""Dealing a round: shuffle Play and Action Cards together, ten each, the Marker, and a Play Card turned up."""

from __future__ import annotations

from functools import lru_cache

from engine.events import Event
from engine.games.rummy_battle.cards import action_cards, is_action, play_cards
from engine.games.rummy_battle.table import DRAW, table_of
from engine.state import GameState


def match_deck(state: GameState) -> list[str]:
    """Every Play and Action Card of the match (the 2nd Chance Cards are held apart and never dealt)."""
    options = state.options
    return list(pack_of(int(options["decks"]), int(options["jokers"]), int(options["action_copies"])))


@lru_cache(maxsize=64)
def pack_of(decks: int, jokers: int, action_copies: int) -> tuple[str, ...]:
    return (*play_cards(decks, jokers), *action_cards(action_copies))


def deal_round(state: GameState, events: list[Event]) -> None:
    """Deals the next round: the player to the dealer's left leads and may take the up-card."""
    table = table_of(state)
    players = state.players
    pack = match_deck(state)
    state.shuffle(pack)
    order = [(table["dealer"] + 1 + offset) % players for offset in range(players)]
    hands: list[list[str]] = [[] for _ in range(players)]
    for _ in range(int(state.options["hand_size"])):
        for seat in order:
            hands[seat].append(pack.pop())
    stock = pack  # bottom first: the cards left after the deal
    marker = min(int(state.options["marker_depth"]), len(stock))
    up_card = ""
    returned = 0
    for _ in range(len(stock)):
        card = stock.pop()
        if not is_action(card):
            up_card = card
            break
        # An Action Card turned up goes back into the centre of the deck and the next card is turned.
        middle = len(stock) // 2
        stock.insert(middle, card)
        if middle < marker:
            marker += 1
        returned += 1
    table["round"] += 1
    table["phase"] = DRAW
    table["turn"] = order[0]
    table["first_turn"] = True
    table["hands"] = hands
    table["stock"] = ",".join(stock)
    table["marker"] = marker
    table["discards"] = [up_card] if up_card else []
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
    events.append(
        Event(
            "round_started",
            data={
                "round": table["round"],
                "dealer": table["dealer"],
                "firstPlayer": order[0],
                "upCard": up_card or None,
                "actionCardsReturned": returned,
                "stockCount": len(stock),
                "cardsAboveMarker": max(0, len(stock) - marker),
                "handCounts": [len(hand) for hand in hands],
            },
        )
    )
    events.extend(Event("hand_dealt", seat=seat, data={"cards": list(hands[seat])}, audience=(seat,)) for seat in order)
