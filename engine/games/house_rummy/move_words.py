"""Legal moves in words, with full card names (``describe_move``)."""

from __future__ import annotations

from collections.abc import Callable

from engine.games.house_rummy import moves as kinds
from engine.games.house_rummy.card_words import (
    action_words,
    ask_words,
    cards_count,
    cards_in_words,
    group_words,
    pile_words,
    set_in_words,
    the_card,
)
from engine.games.house_rummy.cards import COLLECTABLE, CROSS_CARDS, PROTECTED, ability
from engine.games.house_rummy.discard_actions import triggers
from engine.games.house_rummy.groups import build_meld
from engine.games.house_rummy.moves import NEW_PILE
from engine.games.house_rummy.phases import Phase
from engine.games.house_rummy.table import SET, HouseTable, new_cards_on, table_of
from engine.moves import LIST_SEPARATOR, Move
from engine.state import GameState


def describe_move(state: GameState, seat: int, move: Move) -> str:
    """A legal move as a sentence with full card names: "Play the 9 of Spades off the high end of group 2, Seat 1's
    run of the 6, 7 and 8 of Spades"."""
    table = table_of(state)
    kind, args = move.kind, move.args
    describe = DESCRIBE.get(kind)
    return describe(state, table, seat, args) if describe is not None else str(move)


Describe = Callable[[GameState, HouseTable, int, tuple[str, ...]], str]


def describe_draw(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    return f"Draw the top card of the draw pile ({cards_count(len(table['stock']))} left)"


def describe_take(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    index, count = int(args[0]), int(args[1])
    pile = table["piles"][index]
    taken = pile[-count:]
    where = pile_words(index, table)
    if count == 1:
        return f"Take the top card of {where}, {the_card(taken[0])}"
    top_down = cards_in_words(list(reversed(taken)), in_order=True)
    bottom = taken[0]
    if ability(bottom, new_cards=new_cards_on(state)) == COLLECTABLE:
        duty = f"; {the_card(bottom)} at the bottom is Collectable, so nothing must be played"
    else:
        duty = f", and play the bottom-most, {the_card(bottom)}, this turn"
    return f"Take the top {count} cards of {where} ({top_down}){duty}"


def describe_meld(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    cards = args[0].split(LIST_SEPARATOR)
    built = build_meld(cards, dict.fromkeys(cards, seat), seat, new_cards=new_cards_on(state))
    if built is None:
        return f"Start a new group with {cards_in_words(cards)}"
    words = set_in_words(built["cards"]) if built["kind"] == SET else cards_in_words(built["cards"], in_order=True)
    hand = table["hands"][seat]
    board = [card for card in cards if card not in hand]
    using = ""
    if board and board[0] in CROSS_CARDS:
        using = f" ({the_card(board[0])}, a Cross card on the board, is then in both groups)"
    elif board:
        using = f" (moving your Move card, {the_card(board[0])}, from the board)"
    return f"Start a new {built['kind']} with {words}{using}"


def describe_lay_off(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    cards = args[0].split(LIST_SEPARATOR)
    where = group_words(table, args[1], seat)
    if cards == [PROTECTED]:
        return f"Protect {where} with a Protected card: no card can be played there any more"
    return f"Play {cards_in_words(cards, in_order=True)} off {where}"


def describe_move_card(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    card, target = args
    source = next((i for i, group in enumerate(table["groups"]) if card in group["cards"]), None)
    origin = f" from group {source}" if source is not None else ""
    return f"Move your Move card, {the_card(card)},{origin} to {group_words(table, target, seat)}"


def describe_play_potato(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    return "Play the Hot Potato to your board, going out this turn (it still counts -25)"


def describe_discard(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    card, pile = args
    if pile == NEW_PILE:
        return f"Discard {the_card(card)} to start a new discard pile (New Discard)"
    where = pile_words(int(pile), table)
    if len(table["hands"][seat]) == 1:
        return f"Discard your last card, {the_card(card)}, onto {where}: you go out and the hand ends"
    if table["phase"] == Phase.EXTRA_DISCARD:
        return f"Discard {the_card(card)} onto {where} (Draw & Discard 1: it triggers no action)"
    action = triggers(state, table, card)
    then = f", triggering {action_words(action)}" if action else ""
    return f"Discard {the_card(card)} onto {where}{then}"


def describe_pass_potato(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    return f"Pass the Hot Potato to Seat {args[0]}"


def describe_keep_potato(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    return "Keep the Hot Potato"


def describe_claim(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    window = table["claim"]
    card = the_card(window["card"]) if window is not None else "the discard"
    return f"Rummy on the board: claim {card} for {group_words(table, args[0], seat)}"


def describe_pass(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    window = table["claim"]
    return f"Do not claim {the_card(window['card']) if window is not None else 'the discard'}"


def describe_fish(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    return f"Fish: ask Seat {args[0]} for {ask_words(args[1])}"


def describe_give(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    act = table["action"]
    card = the_card(args[0])
    if act is None:
        return f"Give {card}"
    if table["phase"] == Phase.FISH_GIVE:
        return f"Give {card} to Seat {act['discarder']}, who fished for {ask_words(act['ask'])}"
    other = act["named"] if seat == act["discarder"] else act["discarder"]
    return f"Give {card} to Seat {other} in the exchange, face down"


def describe_see_hand(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    return f"See Seat {args[0]}'s hand ({cards_count(len(table['hands'][int(args[0])]))})"


def describe_exchange(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    return f"Exchange 1 with Seat {args[0]}: you both give each other a card face down"


def describe_search(state: GameState, table: HouseTable, seat: int, args: tuple[str, ...]) -> str:
    act = table["action"]
    where = pile_words(act["pile"], table) if act is not None else "the discard pile"
    return f"Take {the_card(args[0])} from {where} (Search Discard)"


DESCRIBE: dict[str, Describe] = {
    kinds.DRAW: describe_draw,
    kinds.TAKE: describe_take,
    kinds.MELD: describe_meld,
    kinds.LAY_OFF: describe_lay_off,
    kinds.MOVE_CARD: describe_move_card,
    kinds.PLAY_POTATO: describe_play_potato,
    kinds.DISCARD: describe_discard,
    kinds.PASS_POTATO: describe_pass_potato,
    kinds.KEEP_POTATO: describe_keep_potato,
    kinds.CLAIM: describe_claim,
    kinds.PASS: describe_pass,
    kinds.FISH: describe_fish,
    kinds.GIVE: describe_give,
    kinds.SEE_HAND: describe_see_hand,
    kinds.EXCHANGE: describe_exchange,
    kinds.SEARCH: describe_search,
}
