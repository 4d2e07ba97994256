"""The plays of the play phase: a new group, a card off a group, a Move card moved, the Hot Potato played,
passed or kept; each also as the bottom-card search's hypothetical play (``SEARCH_PLAYS``), which records nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine.events import Event
from engine.games.house_rummy import knowledge
from engine.games.house_rummy import moves as kinds
from engine.games.house_rummy.cards import CROSS_CARDS, HOT_POTATO
from engine.games.house_rummy.copy_on_write import hand_without, own_group, set_hand
from engine.games.house_rummy.flow_events import Events
from engine.games.house_rummy.groups import add_to_group, build_meld, parse_target, remove_from_group
from engine.games.house_rummy.moves import cards_of
from engine.games.house_rummy.phases import PLAY_PHASE, POTATO_PHASE
from engine.games.house_rummy.table import NOBODY, HouseTable, new_cards_on, table_of
from engine.games.house_rummy.turns import end_turn
from engine.moves import Move
from engine.state import GameState


def meld(state: GameState, seat: int, move: Move) -> list[Event]:
    events: list[Event] = []
    play_meld(state, seat, move, events)
    return events


def play_meld(state: GameState, seat: int, move: Move, events: Events) -> None:
    table = table_of(state)
    hand = table["hands"][seat]
    cards = cards_of(move)
    owners = dict.fromkeys(cards, seat)
    board_card = next((card for card in cards if card not in hand), "")
    if board_card:
        for index, group in enumerate(table["groups"]):
            if board_card in group["cards"] and table["cross_second_group"].get(board_card) != index:
                if board_card in CROSS_CARDS:
                    owners[board_card] = group["owners"][group["cards"].index(board_card)]
                else:
                    owners[board_card] = remove_from_group(own_group(table, index), board_card)
                break
    built = build_meld(cards, owners, seat, new_cards=new_cards_on(state))
    assert built is not None
    index = len(table["groups"])
    table["groups"] = [*table["groups"], built]
    if board_card in CROSS_CARDS:
        table["cross_second_group"] = {**table["cross_second_group"], board_card: index}
    from_hand = [card for card in cards if card != board_card]
    hand = hand_without(hand, from_hand)
    set_hand(table, seat, hand)
    if events is not None:  # (the search's hypothetical plays need no knowledge records)
        for card in from_hand:
            knowledge.forget_card(table, seat, card)
    table["groups_started"] += 1
    played_bottom(table, cards)
    if events is not None:
        events.append(
            Event(
                "melded",
                seat=seat,
                data={
                    "group": index,
                    "meldKind": built["kind"],
                    "cards": built["cards"],
                    "boardCardUsed": bool(board_card),
                },
            )
        )
    if not played_out(state, seat, events) and HOT_POTATO in hand and new_cards_on(state):
        table["phase"] = POTATO_PHASE  # public: everyone now knows where the Hot Potato is
        if events is not None and HOT_POTATO not in table["known_cards"][seat]:
            knowledge.make_public(table, seat, [HOT_POTATO])


def lay_off(state: GameState, seat: int, move: Move) -> list[Event]:
    events: list[Event] = []
    play_lay_off(state, seat, move, events)
    return events


def play_lay_off(state: GameState, seat: int, move: Move, events: Events) -> None:
    table = table_of(state)
    cards = cards_of(move)
    parsed = parse_target(move.args[1])
    assert parsed is not None
    set_hand(table, seat, hand_without(table["hands"][seat], cards))
    if events is not None:
        for card in cards:
            knowledge.forget_card(table, seat, card)
    add_to_group(own_group(table, parsed[0]), parsed[1], cards, seat, new_cards=new_cards_on(state))
    played_bottom(table, cards)
    if events is not None:
        events.append(Event("laid_off", seat=seat, data={"cards": cards, "target": move.args[1]}))
    played_out(state, seat, events)


def move_card(state: GameState, seat: int, move: Move) -> list[Event]:
    events: list[Event] = []
    play_move_card(state, seat, move, events)
    return events


def play_move_card(state: GameState, seat: int, move: Move, events: Events) -> None:
    table = table_of(state)
    card, target = move.args
    parsed = parse_target(target)
    assert parsed is not None
    source = next(i for i, group in enumerate(table["groups"]) if card in group["cards"])
    owner = remove_from_group(own_group(table, source), card)
    add_to_group(own_group(table, parsed[0]), parsed[1], [card], owner, new_cards=new_cards_on(state))
    if events is not None:
        events.append(Event("moved", seat=seat, data={"card": card, "from": source, "target": target}))


def play_potato(state: GameState, seat: int, move: Move) -> list[Event]:
    events: list[Event] = []
    play_play_potato(state, seat, move, events)
    return events


def play_play_potato(state: GameState, seat: int, move: Move, events: Events) -> None:
    table = table_of(state)
    set_hand(table, seat, hand_without(table["hands"][seat], [HOT_POTATO]))
    if events is not None:
        knowledge.forget_card(table, seat, HOT_POTATO)
    on_board = list(table["potato_on_board"])
    on_board[seat] = [*on_board[seat], HOT_POTATO]
    table["potato_on_board"] = on_board
    played_bottom(table, [HOT_POTATO])
    if events is not None:
        events.append(Event("potato_played", seat=seat, data={"card": HOT_POTATO}))
    played_out(state, seat, events)


def pass_potato(state: GameState, seat: int, move: Move) -> list[Event]:
    events: list[Event] = []
    play_pass_potato(state, seat, move, events)
    return events


def play_pass_potato(state: GameState, seat: int, move: Move, events: Events) -> None:
    table = table_of(state)
    other = int(move.args[0])
    set_hand(table, seat, hand_without(table["hands"][seat], [HOT_POTATO]))
    set_hand(table, other, [*table["hands"][other], HOT_POTATO])
    if events is not None:
        knowledge.forget_card(table, seat, HOT_POTATO)
        knowledge.make_public(table, other, [HOT_POTATO])
    table["phase"] = PLAY_PHASE
    if events is not None:
        events.append(Event("potato_passed", seat=seat, data={"to": other}))
    played_out(state, seat, events)


def keep_potato(state: GameState, seat: int, move: Move) -> list[Event]:
    events: list[Event] = []
    play_keep_potato(state, seat, move, events)
    return events


def play_keep_potato(state: GameState, seat: int, move: Move, events: Events) -> None:
    table_of(state)["phase"] = PLAY_PHASE
    if events is not None:
        events.append(Event("potato_kept", seat=seat))


def played_bottom(table: HouseTable, cards: list[str]) -> None:
    if table["bottom_card"] in cards:
        table["bottom_card"] = ""


def played_out(state: GameState, seat: int, events: Events) -> bool:
    """A player who has played every card has gone out without a discard: the others take one more turn."""
    table = table_of(state)
    if table["hands"][seat]:
        return False
    if table["played_out"] == NOBODY:
        table["played_out"] = seat
    if events is not None:
        events.append(Event("played_out", seat=seat))
    end_turn(state, events)
    return True


# The plays the bottom-card search tries on hypothetical states (the turn's plays and the potato's answers): the same
# functions as ``PLAYS``, recording no events.
SEARCH_PLAYS: Final[dict[str, Callable[[GameState, int, Move, Events], None]]] = {
    kinds.MELD: play_meld,
    kinds.LAY_OFF: play_lay_off,
    kinds.MOVE_CARD: play_move_card,
    kinds.PLAY_POTATO: play_play_potato,
    kinds.PASS_POTATO: play_pass_potato,
    kinds.KEEP_POTATO: play_keep_potato,
}
