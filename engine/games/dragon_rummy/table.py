"""The shape of Dragon Mystery Rummy's ``state.table`` (JSON keys are full domain names) and the match settings."""

from __future__ import annotations

from typing import Final, NotRequired, TypedDict

from engine.state import GameState

TARGET_OPTION: Final = "target_score"
DEFAULT_TARGET_SCORE: Final = 50
# "You can set any number of points you want to": any positive target up to this bound.
MAX_TARGET_SCORE: Final = 1_000_000

ENDED_OUT: Final = "out"  # a player discarded the last card of his hand
ENDED_DECK: Final = "deck"  # the turn of the player who drew the last card of the deck is over


class HandRecord(TypedDict):
    hand: int
    draw_two_dragon: str
    rare_dragon: str
    ended: str  # ENDED_OUT or ENDED_DECK
    ended_by: int  # the seat whose turn ended the hand
    points: list[int]
    play_area_counts: list[list[int]]  # per seat: [draw-2 dragons, rare dragons, other dragons] in the play area
    # Per seat, the play area's cards, ``engine.scoring.packed`` (absent in hands scored before issue 27).
    play_areas: NotRequired[str]


class DragonTable(TypedDict):
    phase: str  # a flow.Phase value
    hand_number: int  # 1-based
    starter: int  # who took the first turn of this hand
    turn: int
    draw_two_dragon: str  # the left face-up card: this hand's draw-2 dragon (out of play for the hand)
    rare_dragon: str  # the right face-up card: this hand's rare dragon (out of play for the hand)
    deck: list[str]  # face down; the top card is the last one
    discard_pile: list[str]  # spread face up; the bottom (oldest) card first
    hands: list[list[str]]  # per seat, sorted
    play_areas: list[list[str]]  # per seat's play area (tableau), sorted
    must_play: str | None  # the dragon taken deepest from the discard pile, still to be played this turn
    single_plays_used: list[str]  # the single plays made this turn (cards.SLOT_DRAW_TWO, SLOT_RARE, SLOT_SPLIT)
    last_card_drawn: bool  # the player on turn drew the last card of the deck
    # Per seat: the cards of that hand everyone has seen go there (taken from the discard pile) and not yet leave
    # it (a multiset: a card of that dragon played or discarded from the hand removes one copy). Reset each hand.
    known_cards: list[list[str]]
    hand_records: list[HandRecord]


def table_of(state: GameState) -> DragonTable:
    """``state.table`` as its TypedDict (read on every step: no ``typing.cast`` call)."""
    return state.table  # type: ignore[return-value]


def target_score(state: GameState) -> int:
    return int(state.options[TARGET_OPTION])
