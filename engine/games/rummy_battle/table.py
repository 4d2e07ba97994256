"""The game's data in ``state.table`` (JSON-compatible, kept small) and the names of its phases and moves."""

from __future__ import annotations

from typing import TypedDict, cast

from engine.games.rummy_battle.melds import Group
from engine.state import GameState

# Phases of the turn flow.
DRAW = "draw"  # the turn player draws: two from the stock, cards from the discard pile, or Hoard
PLAY = "play"  # the turn player plays groups, lays off, plays Action Cards and ends with a discard
REACT = "react"  # the victim of Pickpocket, Thief or Switcheroo may reveal his 2nd Chance
LUCKY = "lucky"  # Lucky Day: each seat in turn, from the player clockwise, may play off one card
FINISHED = "finished"

# Move kinds.
DRAW_MOVE = "draw"
TAKE = "take"
HOARD_MOVE = "hoard"
MELD = "meld"
LAY_OFF = "lay_off"
DRAW_BONUS = "draw_bonus"
PICKPOCKET_MOVE = "pickpocket"
THIEF_MOVE = "thief"
SWITCHEROO_MOVE = "switcheroo"
LUCKY_DAY_MOVE = "lucky_day"
DISCARD = "discard"
SECOND_CHANCE = "second_chance"
ACCEPT = "accept"
PASS = "pass"

# How a round ended.
ENDED_BY_GOING_OUT = "out"
ENDED_BY_STOCK = "stock"

STOCK_DRAW = 2  # cards taken from the stock as a draw
GOING_OUT_PENALTY = -100  # going out before the Marker is revealed
SHARED_GOING_OUT_PENALTY = -50  # each of several players Lucky Day put out before the Marker
GOING_OUT_BONUS = 10  # the first player out after the Marker is revealed


class Pending(TypedDict):
    """An Action Card played against a seat that may still answer with its 2nd Chance."""

    action: str  # pickpocket, thief or switcheroo
    by: int
    victim: int
    target: str  # the group id for a Thief, else ""


class RoundRecord(TypedDict):
    points: list[int]
    played: list[int]  # points of the cards each seat has in front of it
    actions: list[int]  # Action Cards each seat played (+5 each)
    in_hand: list[int]  # points of the cards left in each hand (scored negative)
    bonus: list[int]  # going-out penalty or bonus
    outs: list[int]  # the seats that went out, in order
    ended: str  # "out" or "stock"
    marker_revealed: bool


class RummyTable(TypedDict):
    phase: str
    round: int  # 1-based
    dealer: int
    turn: int
    first_turn: bool  # the round's first turn: the up-card may be taken without playing it
    hands: list[list[str]]
    stock: str  # face down, comma-joined, bottom first; the top card is the last one (one string: cheap to copy)
    marker: int  # cards below the Marker; it is revealed once the stock is down to them
    discards: list[str]  # face up, oldest first; the top card is the last one
    action_pile: list[str]  # Action Cards played or discarded, face up
    groups: list[Group]  # group "g1" is groups[0]
    opened: list[bool]
    second_chance: list[bool]  # whether each seat still holds its 2nd Chance (once per game)
    actions_played: list[int]  # Action Cards each seat played this round
    must_play: str  # the deepest card taken from the discard pile, face up until played; "" if none
    bonus_draws: int  # cards the turn player may still draw for new groups laid this turn
    resume: str  # the phase to return to after a 2nd Chance answer or Lucky Day
    pending: Pending | None
    lucky_seat: int  # the seat deciding in Lucky Day's round
    lucky_left: int  # seats still to decide in Lucky Day's round, the current one included
    outs: list[int]  # seats that went out this round, in order
    rounds: list[RoundRecord]


def table_of(state: GameState) -> RummyTable:
    return cast(RummyTable, state.table)


def group_id(index: int) -> str:
    return f"g{index + 1}"


def group_index(name: str, groups: list[Group]) -> int | None:
    """The index of group ``g<n>``, or None if there is no such group."""
    if len(name) < 2 or name[0] != "g" or not name[1:].isdigit():
        return None
    index = int(name[1:]) - 1
    return index if 0 <= index < len(groups) else None


def stock_count(stock: str) -> int:
    return stock.count(",") + 1 if stock else 0


def stock_cards(stock: str) -> list[str]:
    return stock.split(",") if stock else []


def draw_from_stock(table: RummyTable, count: int) -> list[str]:
    """Takes up to ``count`` cards from the top of the stock, top card first."""
    cards: list[str] = []
    stock = table["stock"]
    for _ in range(count):
        if not stock:
            break
        stock, _, card = stock.rpartition(",")
        cards.append(card)
    table["stock"] = stock
    return cards


def marker_revealed(table: RummyTable) -> bool:
    """The Marker is revealed once the stock is drawn down to it."""
    return stock_count(table["stock"]) <= table["marker"]


def seat_index(text: str, players: int) -> int | None:
    if not text.isdigit():
        return None
    seat = int(text)
    return seat if seat < players else None
