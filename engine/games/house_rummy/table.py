"""House Rummy's table: the game's own data in ``state.table``, kept small (card codes, groups as small records)."""

from __future__ import annotations

from typing import TypedDict

from engine.games.house_rummy.groups import Group
from engine.state import GameState

# Phases of the turn flow (the state machine).
DRAW = "draw"  # the player to move draws from the stock or takes from a discard pile
PLAY = "play"  # melds, lay-offs, moves; ends with a discard (or by playing out)
POTATO = "potato"  # after a new group with the Hot Potato in hand: pass it or keep it
CLAIM = "claim"  # "rummy on the board": the other seats answer claim or pass for a playable discard
FISH = "fish"  # Fish: the discarder names a player and a rank or suit
FISH_GIVE = "fish_give"  # the asked player chooses which matching card to give
SEE_HAND = "see_hand"  # See Hand: the discarder names a player, who shows only them the hand
EXCHANGE = "exchange"  # Exchange 1: the discarder names a player
EXCHANGE_GIVE = "exchange_give"  # both choose a card to give, face down
SEARCH = "search"  # Search Discard: the discarder takes a card of the pile the card went to
EXTRA_DISCARD = "extra_discard"  # Draw & Discard 1: the discard after the draw (triggers no action)
FINISHED = "finished"

NOBODY = -1


class Claim(TypedDict):
    c: str  # the discarded card, still on top of its pile
    p: int  # its pile
    s: int  # the discarder
    w: list[int]  # seats yet to answer
    t: list[str]  # per seat: "" not asked or not answered yet, "-" passed, else the claim's target
    n: str  # what comes after the window: the discard action to perform, or ""


class Action(TypedDict):
    a: str  # FISH / SEE_HAND / EXCHANGE / SEARCH ...
    s: int  # the discarder
    t: int  # the player named (NOBODY until named)
    p: int  # the pile the card went to
    q: str  # Fish: the rank or suit asked for
    g: list[str]  # Exchange: the card chosen by the discarder and by the named player ("" not yet)


class HandRecord(TypedDict):
    label: str
    points: list[int]
    parts: list[list[int]]  # per seat: [board, group bonus, hand]
    reason: str  # went_out / played_out / stock_exhausted
    seat: int  # who went or played out (NOBODY when the stock ran out)


class HouseTable(TypedDict):
    phase: str
    hand_no: int  # 1-based number of the hand being played
    dealer: int
    turn: int
    direction: int  # +1: to the left (seat numbers up); -1 after a Reverse
    hands: list[list[str]]
    stock: list[str]  # face down; the top card is the last one
    piles: list[list[str]]  # discard piles, each face up with its top card last
    groups: list[Group]
    cross: dict[str, int]  # a Cross card in two groups -> index of its second group
    loose: list[list[str]]  # per seat: cards played to the board outside groups (the Hot Potato)
    forced: str  # the bottom-most card taken from a pile, which must be played this turn ("" none)
    melded: int  # new groups started this turn
    single: str  # the card, when exactly one card was taken from a discard pile this turn
    chain: int  # 1 on a player's first turn of a row of turns, 2 on the next ...
    out: int  # the seat that played out (the others then take one more turn), else NOBODY
    claim: Claim | None
    act: Action | None
    rounds: list[HandRecord]


def table_of(state: GameState) -> HouseTable:
    return state.table  # type: ignore[return-value]  # the TypedDict of a plain dict (no cast: a hot path)
