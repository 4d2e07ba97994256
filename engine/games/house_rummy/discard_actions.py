"""The discard actions of the New Card Rules: when a discard triggers one, its choices, and the plays that
answer them (Fish, See Hand, Exchange 1, Search Discard)."""

from __future__ import annotations

from engine.events import Event
from engine.games.house_rummy import knowledge
from engine.games.house_rummy.cards import (
    DRAW_DISCARD,
    EXCHANGE,
    FISH,
    GO_AGAIN,
    NEW_DISCARD,
    REVERSE,
    SEARCH,
    SEE_HAND,
    SKIP,
    SPECIAL_NAMES,
    discard_action,
)
from engine.games.house_rummy.copy_on_write import hand_without, set_hand, set_pile
from engine.games.house_rummy.drawing import draw_from_stock
from engine.games.house_rummy.phases import (
    EXCHANGE_GIVE_PHASE,
    EXCHANGE_PHASE,
    EXTRA_DISCARD_PHASE,
    FISH_GIVE_PHASE,
    FISH_PHASE,
    SEARCH_PHASE,
    SEE_HAND_PHASE,
)
from engine.games.house_rummy.table import NOBODY, Action, HouseTable, new_cards_on, table_of
from engine.games.house_rummy.turns import end_turn
from engine.moves import Move
from engine.state import GameState


def other_seats(players: int, seat: int) -> list[int]:
    return [other for other in range(players) if other != seat]


def fish_matches(hand: list[str], ask: str) -> list[str]:
    return sorted({card for card in hand if card not in SPECIAL_NAMES and ask in (card[0], card[1])})


def exchange_partners(table: HouseTable, players: int, seat: int) -> list[int]:
    return [other for other in other_seats(players, seat) if table["hands"][other]]


def search_choices(pile: list[str], searcher: str) -> list[str]:
    """Search Discard: any card of the pile it went to, except the Search Discard card itself."""
    rest = list(pile)
    if searcher in rest:
        rest.remove(searcher)
    return sorted(set(rest))


def triggers(state: GameState, table: HouseTable, card: str) -> str:
    """The discard action ``card`` performs if discarded now by the player to move, or ""."""
    new_cards = new_cards_on(state)
    action = discard_action(card, new_cards)
    if not action or table["turns_in_a_row"] > 1 or len(table["hands"][table["turn"]]) <= 1:
        return ""
    if table["single_card_taken"] and discard_action(table["single_card_taken"], new_cards) == action:
        return ""
    return action


def starts_new_pile(state: GameState, table: HouseTable, card: str) -> bool:
    """A New Discard whose action triggers must start a new discard pile (never in the extra discard)."""
    return table["phase"] != EXTRA_DISCARD_PHASE and triggers(state, table, card) == NEW_DISCARD


def perform_action(state: GameState, seat: int, action: str, pile: int, card: str, events: list[Event]) -> None:
    if not action:  # most discards
        end_turn(state, events)
        return
    table = table_of(state)
    events.append(Event("discard_action", seat=seat, data={"action": action}))
    final_round = table["played_out"] != NOBODY
    choice = Action(name=action, discarder=seat, named=NOBODY, pile=pile, ask="", chosen=["", ""])
    if action == REVERSE:
        if state.players > 2 and not final_round:
            table["direction"] = -table["direction"]
        end_turn(state, events)
    elif action == SKIP:
        end_turn(state, events, skip=not final_round)
    elif action == GO_AGAIN:
        end_turn(state, events, again=True)
    elif action in (FISH, SEE_HAND):
        table["action"] = choice
        table["phase"] = FISH_PHASE if action == FISH else SEE_HAND_PHASE
    elif action == EXCHANGE and exchange_partners(table, state.players, seat):
        table["action"] = choice
        table["phase"] = EXCHANGE_PHASE
    elif action == SEARCH and pile != NOBODY and search_choices(table["piles"][pile], card):
        choice["ask"] = card
        table["action"] = choice
        table["phase"] = SEARCH_PHASE
    elif action == DRAW_DISCARD and table["stock"]:
        draw_from_stock(state, seat, events, "draw_discard")
        table["phase"] = EXTRA_DISCARD_PHASE
    else:
        end_turn(state, events)


def fish(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    shared = table["action"]
    assert shared is not None
    target, ask = int(move.args[0]), move.args[1]
    act = table["action"] = shared.copy()
    act["named"], act["ask"] = target, ask
    events = [Event("fished", seat=seat, data={"asked": target, "ask": ask})]
    if fish_matches(table["hands"][target], ask):
        table["phase"] = FISH_GIVE_PHASE
        return events
    events.append(Event("go_fish", seat=target))
    if table["stock"]:
        draw_from_stock(state, seat, events, "go_fish")
    end_turn(state, events)
    return events


def give(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    act = table["action"]
    assert act is not None
    card = move.args[0]
    asker = act["discarder"]
    if table["phase"] == FISH_GIVE_PHASE:
        knowledge.fish_given(table, seat, asker, card, frozenset(fish_matches(table["hands"][seat], act["ask"])))
        set_hand(table, seat, hand_without(table["hands"][seat], [card]))
        set_hand(table, asker, [*table["hands"][asker], card])
        events = [
            Event("fish_given", seat=seat, data={"to": asker}),
            Event("fish_card", seat=seat, data={"to": asker, "card": card}, audience=(seat, asker)),
        ]
        end_turn(state, events)
        return events
    act = table["action"] = act.copy()
    act["chosen"] = list(act["chosen"])
    act["chosen"][0 if seat == asker else 1] = card
    events = [Event("exchange_chosen", seat=seat)]
    if not all(act["chosen"]):
        return events
    first, second = asker, act["named"]
    events.append(Event("exchange_done", data={"seats": [first, second]}))
    card_first, card_second = act["chosen"]
    set_hand(table, first, [*hand_without(table["hands"][first], [card_first]), card_second])
    set_hand(table, second, [*hand_without(table["hands"][second], [card_second]), card_first])
    knowledge.exchanged(table, first, second, card_first, card_second)
    for me, gave, got in ((first, card_first, card_second), (second, card_second, card_first)):
        events.append(Event("exchanged", seat=me, data={"gave": gave, "got": got}, audience=(me,)))
    end_turn(state, events)
    return events


def see_hand(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    target = int(move.args[0])
    knowledge.make_seen(table, seat, target, table["hands"][target], replace=True)
    events = [
        Event("saw_hand", seat=seat, data={"shown": target}),
        Event("hand_shown", seat=target, data={"to": seat, "cards": sorted(table["hands"][target])}, audience=(seat,)),
    ]
    end_turn(state, events)
    return events


def exchange(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    shared = table["action"]
    assert shared is not None
    act = table["action"] = shared.copy()
    act["named"] = int(move.args[0])
    table["phase"] = EXCHANGE_GIVE_PHASE
    return [Event("exchange_started", seat=seat, data={"with": act["named"]})]


def search(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    act = table["action"]
    assert act is not None
    card = move.args[0]
    set_pile(table, act["pile"], hand_without(table["piles"][act["pile"]], [card]))
    set_hand(table, seat, [*table["hands"][seat], card])
    knowledge.make_public(table, seat, [card])
    events = [Event("searched", seat=seat, data={"card": card, "pile": act["pile"]})]
    end_turn(state, events)
    return events
