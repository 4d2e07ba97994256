"""The draw phase's plays: a card from the stock, or cards off a discard pile."""

from __future__ import annotations

from engine.events import Event
from engine.games.house_rummy import knowledge
from engine.games.house_rummy.cards import COLLECTABLE, ability
from engine.games.house_rummy.copy_on_write import set_hand, set_pile
from engine.games.house_rummy.phases import PLAY_PHASE
from engine.games.house_rummy.table import new_cards_on, table_of
from engine.moves import Move
from engine.state import GameState


def draw(state: GameState, seat: int, move: Move) -> list[Event]:
    events: list[Event] = []
    draw_from_stock(state, seat, events, "draw")
    table_of(state)["phase"] = PLAY_PHASE
    return events


def take(state: GameState, seat: int, move: Move) -> list[Event]:
    table = table_of(state)
    index, count = int(move.args[0]), int(move.args[1])
    pile = table["piles"][index][:-count]
    taken = table["piles"][index][-count:]
    set_pile(table, index, pile)
    set_hand(table, seat, [*table["hands"][seat], *taken])
    knowledge.make_public(table, seat, taken)
    bottom = taken[0]
    exempt = ability(bottom, new_cards=new_cards_on(state)) == COLLECTABLE
    table["bottom_card"] = bottom if count > 1 and not exempt else ""
    table["single_card_taken"] = bottom if count == 1 else ""
    if not pile and len(table["piles"]) > 1:
        table["piles"] = [*table["piles"][:index], *table["piles"][index + 1 :]]
    table["phase"] = PLAY_PHASE
    return [Event("took", seat, {"pile": index, "cards": taken, "mustPlayBottom": bool(table["bottom_card"])})]


def draw_from_stock(state: GameState, seat: int, events: list[Event], reason: str) -> None:
    table = table_of(state)
    stock = table["stock"]
    card = stock[-1]
    table["stock"] = stock[:-1]
    set_hand(table, seat, [*table["hands"][seat], card])
    events.append(Event("drew", seat, {"reason": reason, "stockCount": len(table["stock"])}))
    # The card goes to the drawer alone, in an event of its own: a private event stays private even when the same
    # move ends the hand and the card is shuffled away.
    events.append(Event("drew_card", seat, {"card": card}, audience=(seat,)))
