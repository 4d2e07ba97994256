"""House Rummy's table: the game's own data in ``state.table``, with full domain names as its JSON keys.

Groups on the board are small records. A set holds cards of one rank (``rank``). A run holds cards in sequence;
each of its cards has a position (``positions``): Ace low is 1, Two 2, ... King 13, Ace high 14, and a run that
wraps through a KA2 Ace keeps counting (Two 15). A run keeps its span (``low``..``high``), the suit at each end
(``low_suit``/``high_suit``, which a Transition can change) and whether each end is closed (``low_closed``/
``high_closed``: open, by an ordinary Ace, by a Protected card). Transitions and Protected cards sit in the card
list with position 0. Every card has an owner (``owners``: the seat whose area it is in); ``starter`` is the seat
that started the group.
"""

from __future__ import annotations

from typing import Final, NotRequired, TypedDict

from engine.state import GameState

NOBODY: Final = -1
FINISHED: Final = "finished"  # the phase of a finished match (flow.Phase.FINISHED)
SET: Final = "set"
RUN: Final = "run"
OPEN: Final = 0
CLOSED_BY_ACE: Final = 1
CLOSED_BY_PROTECTED: Final = 2


class Group(TypedDict):
    kind: str  # SET or RUN
    starter: int  # the seat that started the group
    cards: list[str]  # a run's from its low end to its high end
    owners: list[int]  # the owner of each card
    rank: NotRequired[int]  # set: its rank (Ace 1 ... King 13)
    protected: NotRequired[int]  # set: 1 once a Protected card closes it
    positions: NotRequired[list[int]]  # run: the position of each card (0 for Transition and Protected)
    low: NotRequired[int]  # run: its lowest position
    high: NotRequired[int]  # run: its highest position
    low_suit: NotRequired[str]  # run: the suit a card played below it must have
    high_suit: NotRequired[str]
    low_closed: NotRequired[int]  # run: OPEN, CLOSED_BY_ACE or CLOSED_BY_PROTECTED
    high_closed: NotRequired[int]


class Claim(TypedDict):
    """The "rummy on the board" window of a playable discard."""

    card: str  # the discarded card, still on top of its pile
    pile: int
    discarder: int
    waiting: list[int]  # seats yet to answer
    answers: list[str]  # per seat: "" not asked or not answered yet, "-" passed, else the claim's target
    then_action: str  # the discard action to perform when the window closes, or ""


class Action(TypedDict):
    """A discard action that needs choices (Fish, See Hand, Exchange 1, Search Discard)."""

    name: str  # the action: fish / see_hand / exchange / search
    discarder: int
    named: int  # the player named (NOBODY until named)
    pile: int  # the pile the card went to
    ask: str  # Fish: the rank or suit asked for; Search Discard: the searching card itself
    chosen: list[str]  # Exchange 1: the card chosen by the discarder and by the named player ("" not yet)


class HandRecord(TypedDict):
    label: str
    points: list[int]
    parts: list[list[int]]  # per seat: [board, group bonus, hand]
    reason: str  # went_out / played_out / stock_exhausted
    seat: int  # who went or played out (NOBODY when the stock ran out)
    # Per seat, where its points came from (scoring.explain_hand), ``engine.scoring.packed``; absent in hands scored
    # before issue 27.
    explanations: NotRequired[str]


class HouseTable(TypedDict):
    phase: str  # a flow.Phase value
    hand_number: int  # 1-based number of the hand being played
    dealer: int
    turn: int
    direction: int  # +1: to the left (seat numbers up); -1 after a Reverse
    hands: list[list[str]]
    stock: list[str]  # the draw pile, face down; its top card is the last one
    piles: list[list[str]]  # discard piles, each face up with its top card last
    groups: list[Group]
    cross_second_group: dict[str, int]  # a Cross card in two groups -> the index of its second group
    potato_on_board: list[list[str]]  # per seat: cards played to the board outside groups (the Hot Potato)
    bottom_card: str  # the bottom-most card taken from a discard pile, still to be played this turn ("" none)
    groups_started: int  # new groups started this turn
    single_card_taken: str  # the card, when exactly one card was taken from a discard pile this turn
    turns_in_a_row: int  # 1 on a player's first turn of a row of turns, 2 on the next ...
    played_out: int  # the seat that played out (the others then take one more turn), else NOBODY
    known_cards: list[list[str]]  # per seat: cards everyone saw go into its hand, not seen to leave (knowledge.py)
    seen_cards: dict[str, list[str]]  # "<observer>:<holder>" -> cards only the observer knows in that hand
    claim: Claim | None
    action: Action | None
    rounds: list[HandRecord]


def table_of(state: GameState) -> HouseTable:
    return state.table  # type: ignore[return-value]  # the TypedDict of a plain dict (no cast: a hot path)


def new_cards_on(state: GameState) -> bool:
    return bool(state.options["new_cards"])


def one_group_rule(state: GameState) -> bool:
    return bool(state.options["one_group_per_turn"])
