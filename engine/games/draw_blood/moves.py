"""Draw Blood's move kinds and their notation.

Seats are numbers (``1``), slots are Monster types in lower case (``vampire``, ``werewolf``, ``watermonster``),
Melds are named by their id (shown in the view), lists of cards are comma-joined in the fixed card order
(``canonical_list``: numbers ascending, then Monsters, Kill cards, Immunity cards).
"""

from __future__ import annotations

from typing import Final

from engine.games.draw_blood.cards import KILL, sort_cards
from engine.moves import LIST_SEPARATOR, Move, MoveKind

DRAW: Final = "draw"
PICK_UP_DISCARD_PILE: Final = "pick_up_discard_pile"
PLAY_MONSTER: Final = "play_monster"
KILL_MONSTER: Final = "kill"
PLAY_IMMUNITY: Final = "play_immunity"
MELD: Final = "meld"
LAY_OFF: Final = "lay_off"
TRIPLE_KILL: Final = "triple_kill"
TRIPLE_REVIVE: Final = "triple_revive"
PAIR_KILL: Final = "pair_kill"
PAIR_REVIVE: Final = "pair_revive"
DISCARD: Final = "discard"
END_TURN: Final = "end_turn"
NEXT_HAND: Final = "next_hand"

DRAW_KINDS: Final = frozenset((DRAW, PICK_UP_DISCARD_PILE))

MOVE_KINDS: Final[dict[str, MoveKind]] = {
    DRAW: MoveKind(DRAW, (), description="Draw one card from the Draw Pile"),
    PICK_UP_DISCARD_PILE: MoveKind(
        PICK_UP_DISCARD_PILE, (), description="Pick up the whole Discard Pile (its top card must be used next)"
    ),
    PLAY_MONSTER: MoveKind(PLAY_MONSTER, ("card",), description="Play {card} in your Monster Row"),
    KILL_MONSTER: MoveKind(
        KILL_MONSTER,
        ("seat", "slot"),
        description="Play a Kill Card on Seat {seat}'s {slot} (on its Immunity Card, if it has one)",
    ),
    PLAY_IMMUNITY: MoveKind(PLAY_IMMUNITY, ("card",), description="Play {card} above your matching Monster"),
    MELD: MoveKind(MELD, ("cards",), frozenset({"cards"}), description="Lay down the Meld {cards}"),
    LAY_OFF: MoveKind(LAY_OFF, ("meld", "cards"), frozenset({"cards"}), description="Play {cards} off Meld {meld}"),
    TRIPLE_KILL: MoveKind(
        TRIPLE_KILL,
        ("cards", "seat", "slot"),
        frozenset({"cards"}),
        description="Kill Seat {seat}'s {slot} with the Triple Skulls {cards}",
    ),
    TRIPLE_REVIVE: MoveKind(
        TRIPLE_REVIVE,
        ("cards", "slot"),
        frozenset({"cards"}),
        description="Revive your {slot} with the Triple Hearts {cards}",
    ),
    PAIR_KILL: MoveKind(
        PAIR_KILL,
        ("meld", "card", "seat", "slot"),
        description="Complete the Pair {meld} with {card} and kill Seat {seat}'s {slot} with the three",
    ),
    PAIR_REVIVE: MoveKind(
        PAIR_REVIVE,
        ("meld", "card", "slot"),
        description="Complete the Pair {meld} with {card} and revive your {slot} with the three",
    ),
    DISCARD: MoveKind(DISCARD, ("card",), description="Discard {card}"),
    END_TURN: MoveKind(END_TURN, (), description="End your turn"),
    NEXT_HAND: MoveKind(NEXT_HAND, (), description="Deal the next hand"),
}


def canonical_list(items: list[str]) -> list[str]:
    """Every list argument of Draw Blood is a list of cards: the canonical order is the fixed card order."""
    return sort_cards(items)


def card_list(text: str) -> list[str]:
    return text.split(LIST_SEPARATOR)


def cards_used(move: Move) -> list[str]:
    """The cards a move takes from the hand, as written (a Kill move uses a Kill card; drawing uses none)."""
    kind = move.kind
    if kind in (PLAY_MONSTER, PLAY_IMMUNITY, DISCARD):
        return [move.args[0]]
    if kind in (MELD, TRIPLE_KILL, TRIPLE_REVIVE):
        return card_list(move.args[0])
    if kind == LAY_OFF:
        return card_list(move.args[1])
    if kind in (PAIR_KILL, PAIR_REVIVE):
        return [move.args[1]]
    if kind == KILL_MONSTER:
        return [KILL]
    return []
