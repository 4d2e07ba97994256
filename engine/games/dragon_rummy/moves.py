"""Dragon Mystery Rummy's move kinds and notation: ``draw``, ``take JA 3``, ``play GO``, ``set AZ,AZ,AZ``,
``discard EM``. Every legal move is one of the prebuilt values below."""

from __future__ import annotations

from typing import Final

from engine.games.dragon_rummy.cards import FULL_DECK, KINDS, SET_SIZES, card_order
from engine.moves import LIST_SEPARATOR, Move, MoveKind

DRAW: Final = "draw"
TAKE: Final = "take"
PLAY: Final = "play"
SET: Final = "set"
DISCARD: Final = "discard"

MOVE_KINDS: Final[dict[str, MoveKind]] = {
    DRAW: MoveKind(DRAW, (), description="Draw the top card of the dragon deck"),
    TAKE: MoveKind(
        TAKE,
        ("card", "count"),
        description="Take the top {count} cards of the discard pile, down to {card}, and play {card} this turn",
    ),
    PLAY: MoveKind(
        PLAY,
        ("card",),
        description="Play {card} singly: the draw-2 dragon draws two, the rare dragon takes every other copy in "
        "play, any other dragon takes one of a set of three in play",
    ),
    SET: MoveKind(SET, ("cards",), frozenset({"cards"}), description="Play {cards} as a set"),
    DISCARD: MoveKind(DISCARD, ("card",), description="Discard {card}, ending the turn"),
}

DRAW_MOVE: Final = Move(DRAW)
PLAY_MOVES: Final = {kind: Move(PLAY, (kind,)) for kind in KINDS}
SET_MOVES: Final = {
    (kind, size): Move(SET, (LIST_SEPARATOR.join([kind] * size),)) for kind in KINDS for size in SET_SIZES
}
DISCARD_MOVES: Final = {kind: Move(DISCARD, (kind,)) for kind in KINDS}
# The discard pile never holds more than the forty cards.
TAKE_MOVES: Final = {
    (kind, count): Move(TAKE, (kind, str(count))) for kind in KINDS for count in range(1, len(FULL_DECK) + 1)
}


def canonical_list(items: list[str]) -> list[str]:
    """A set's cards in the canonical card order (all alike when the set is legal)."""
    return sorted(items, key=card_order)


def set_cards(move: Move) -> list[str]:
    return move.args[0].split(LIST_SEPARATOR)
