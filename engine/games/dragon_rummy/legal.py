"""Dragon Mystery Rummy's legal moves, one function per phase of the turn (the one source of legality)."""

from __future__ import annotations

from engine.games.dragon_rummy.dragons import KINDS
from engine.games.dragon_rummy.plays import (
    SET_SIZES,
    can_still_play,
    cards_drawn,
    set_blocker,
    single_play_blocker,
    single_slot,
    splittable_kinds,
    take_blocker,
)
from engine.games.dragon_rummy.table import DragonTable
from engine.moves import Move

DRAW = "draw"
TAKE = "take"
PLAY = "play"
SET = "set"
DISCARD = "discard"
DRAW_MOVE = Move(DRAW)
PLAY_MOVES = {kind: Move(PLAY, (kind,)) for kind in KINDS}
SET_MOVES = {(kind, size): Move(SET, (",".join([kind] * size),)) for kind in KINDS for size in SET_SIZES}
DISCARD_MOVES = {kind: Move(DISCARD, (kind,)) for kind in KINDS}


def draw_phase_moves(table: DragonTable, seat: int) -> list[Move]:
    """Draw from the deck, or take the top ``count`` cards of the discard pile when the deepest can be played."""
    moves = [DRAW_MOVE] if table["deck"] else []
    discard, hand = table["discard"], table["hands"][seat]
    deck_size, draw_two, rare = len(table["deck"]), table["draw_two"], table["rare"]
    splittable = splittable_kinds(table["areas"])
    for count in range(1, len(discard) + 1):
        if take_blocker(count, discard, hand, deck_size, draw_two, rare, splittable) is None:
            moves.append(Move(TAKE, (discard[-count], str(count))))
    return moves


def play_phase_moves(table: DragonTable, seat: int) -> list[Move]:
    """Single plays and sets that keep the taken card playable, and (once it is played) the discards."""
    hand = table["hands"][seat]
    hand_size, deck_size, used = len(hand), len(table["deck"]), table["used"]
    draw_two, rare, duty = table["draw_two"], table["rare"], table["must_play"]
    splittable = splittable_kinds(table["areas"])
    duty_in_hand = hand.count(duty) if duty is not None else 0
    kinds = sorted(set(hand))
    moves: list[Move] = []
    for kind in kinds:
        in_hand = hand.count(kind)
        if single_play_blocker(kind, in_hand, hand_size, deck_size, used, draw_two, rare, splittable) is None:
            drawn = cards_drawn(kind, draw_two, deck_size)
            if (
                duty is None
                or duty == kind
                or can_still_play(
                    duty,
                    duty_in_hand,
                    hand_size - 1 + drawn,
                    deck_size - drawn,
                    [*used, single_slot(kind, draw_two, rare)],
                    draw_two,
                    rare,
                    splittable,
                )
            ):
                moves.append(PLAY_MOVES[kind])
        for size in SET_SIZES:
            if set_blocker(size, in_hand, hand_size) is None and (
                duty is None
                or duty == kind
                or can_still_play(duty, duty_in_hand, hand_size - size, deck_size, used, draw_two, rare, splittable)
            ):
                moves.append(SET_MOVES[kind, size])
    if duty is None:
        moves.extend(DISCARD_MOVES[kind] for kind in kinds)
    return moves
