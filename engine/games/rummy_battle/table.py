"""The game's data in ``state.table`` (JSON-compatible, kept small), typed, and small readers of it."""

from __future__ import annotations

from enum import StrEnum
from typing import Final, NotRequired, TypedDict, cast

from engine.games.rummy_battle.melds import Group
from engine.state import GameState

MIN_PLAYERS, MAX_PLAYERS = 2, 6
DEFAULT_ROUNDS, MAX_ROUNDS = 5, 10


class Phase(StrEnum):
    DRAW = "draw"  # the turn player draws: two from the stock, cards from the discard pile, or Hoard
    PLAY = "play"  # the turn player plays groups, lays off, plays Action Cards and ends with a discard
    REACT = "react"  # the victim of Pickpocket, Thief or Switcheroo may reveal his 2nd Chance
    LUCKY = "lucky"  # Lucky Day: each seat in turn, from the player clockwise, may play off one card
    FINISHED = "finished"


# The phases as module constants, for the code that runs on every step (an Enum class attribute is a slow read).
DRAW_PHASE: Final = Phase.DRAW
PLAY_PHASE: Final = Phase.PLAY
REACT_PHASE: Final = Phase.REACT
LUCKY_PHASE: Final = Phase.LUCKY
FINISHED_PHASE: Final = Phase.FINISHED

# How a round ended.
ENDED_BY_GOING_OUT: Final = "out"
ENDED_BY_STOCK: Final = "stock"


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
    ended: str  # ENDED_BY_GOING_OUT or ENDED_BY_STOCK
    marker_revealed: bool
    # Per seat, where its points came from (scoring.explain_round); absent in rounds scored before issue 27.
    explanations: NotRequired[str]  # ``engine.scoring.packed``


class RummyTable(TypedDict):
    phase: str  # a Phase value
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
    # Records of what seats know of hidden cards, for determinize (see knowledge.py): known_cards[holder] are cards
    # everyone knows the holder holds; privately_known[observer] are "holder:card" entries only that seat knows;
    # returned_actions are the stock positions (from the bottom) of the Action Cards turned up at the deal and put
    # back (everyone knows an Action Card lies there, not which).
    known_cards: list[list[str]]
    privately_known: list[list[str]]
    returned_actions: list[int]
    rounds: list[RoundRecord]


def table_of(state: GameState) -> RummyTable:
    return cast(RummyTable, state.table)


def group_id(index: int) -> str:
    return f"g{index + 1}"


def group_index(name: str, groups: list[Group]) -> int | None:
    """The index of group ``g<n>`` (written exactly so: ``g1``, not ``g01``), or None if there is no such group."""
    number = number_of(name[1:]) if name[:1] == "g" else None
    return number - 1 if number is not None and 0 < number <= len(groups) else None


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


def number_of(text: str) -> int | None:
    """A whole number written plainly (``12``, not ``012`` or ``+12``), or None."""
    return int(text) if text.isdigit() and text.isascii() and str(int(text)) == text else None


def seat_index(text: str, players: int) -> int | None:
    seat = number_of(text)
    return seat if seat is not None and seat < players else None
