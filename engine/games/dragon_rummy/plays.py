"""Pure legality arithmetic of Dragon Mystery Rummy: which single plays, sets and discard-pile takes are allowed.

Each check returns ``None`` when the play is allowed, else a stable reason code (the suffix of an
``IllegalMoveError`` code), so that ``legal_moves`` and ``explain_illegal`` share one source of truth.

A turn has three single-play slots, each usable once: the draw-2 dragon, the rare dragon, and one card of an
ordinary dragon of which some play area holds a set of three (the "split", which takes one of that set). Sets of
three or four of one dragon may be played freely. No play may empty the hand: the only way to get rid of the last
card is to discard it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

SLOT_DRAW_TWO = "draw_two"
SLOT_RARE = "rare"
SLOT_SPLIT = "split"
SET_SIZES = (3, 4)
CARDS_DRAWN_BY_DRAW_TWO = 2
SPLIT_SET_SIZE = 3

# Reason codes (suffixes of ``move/...``).
NOT_IN_HAND = "card_not_in_hand"
ALREADY_PLAYED = "already_played"
NO_SET_IN_PLAY = "no_set_in_play"
LAST_CARD = "last_card"
BAD_SET_SIZE = "bad_set_size"
NOT_ENOUGH_CARDS = "not_enough_cards"
CANNOT_PLAY_TAKEN = "cannot_play_taken"


def single_slot(kind: str, draw_two: str, rare: str) -> str:
    """Which once-per-turn slot a single card of ``kind`` uses."""
    if kind == draw_two:
        return SLOT_DRAW_TWO
    if kind == rare:
        return SLOT_RARE
    return SLOT_SPLIT


def split_source(kind: str, play_areas: Sequence[Sequence[str]]) -> int | None:
    """The seat whose play area holds a set of three of ``kind``, if any (four copies allow at most one)."""
    for seat, area in enumerate(play_areas):
        if area.count(kind) == SPLIT_SET_SIZE:
            return seat
    return None


def splittable_kinds(play_areas: Sequence[Sequence[str]]) -> frozenset[str]:
    """The dragons of which some play area holds a set of three: one more of them may be played singly."""
    return frozenset(kind for area in play_areas for kind in set(area) if area.count(kind) == SPLIT_SET_SIZE)


def cards_drawn(kind: str, draw_two: str, deck_size: int) -> int:
    """Cards a single play of ``kind`` draws: two for the draw-2 dragon, fewer if the deck holds fewer."""
    return min(CARDS_DRAWN_BY_DRAW_TWO, deck_size) if kind == draw_two else 0


def single_play_blocker(
    kind: str,
    in_hand: int,
    hand_size: int,
    deck_size: int,
    used: Sequence[str],
    draw_two: str,
    rare: str,
    splittable: Collection[str],
) -> str | None:
    """Why one card of ``kind`` cannot be played now (``None``: it can).

    ``splittable``: the dragons of which a set of three is in play (``splittable_kinds``).
    """
    if in_hand < 1:
        return NOT_IN_HAND
    slot = single_slot(kind, draw_two, rare)
    if slot in used:
        return ALREADY_PLAYED
    if slot == SLOT_SPLIT and kind not in splittable:
        return NO_SET_IN_PLAY
    if hand_size - 1 + cards_drawn(kind, draw_two, deck_size) < 1:
        return LAST_CARD
    return None


def set_blocker(size: int, in_hand: int, hand_size: int) -> str | None:
    """Why a set of ``size`` cards of one dragon cannot be played now (``None``: it can)."""
    if size not in SET_SIZES:
        return BAD_SET_SIZE
    if in_hand < size:
        return NOT_ENOUGH_CARDS
    if hand_size - size < 1:
        return LAST_CARD
    return None


def can_still_play(
    kind: str,
    in_hand: int,
    hand_size: int,
    deck_size: int,
    used: Sequence[str],
    draw_two: str,
    rare: str,
    splittable: Collection[str],
) -> bool:
    """Whether a card of ``kind`` can be played now, singly or in a set (the duty of a discard-pile take)."""
    if single_play_blocker(kind, in_hand, hand_size, deck_size, used, draw_two, rare, splittable) is None:
        return True
    return any(set_blocker(size, in_hand, hand_size) is None for size in SET_SIZES)


def take_blocker(
    count: int,
    discard: Sequence[str],
    hand: Sequence[str],
    deck_size: int,
    draw_two: str,
    rare: str,
    splittable: Collection[str],
) -> str | None:
    """Why the top ``count`` cards of the discard pile cannot be taken at the start of a turn.

    The deepest card taken must be played this turn, so the take is allowed only if it can be played at once.
    """
    if not 1 <= count <= len(discard):
        return NOT_ENOUGH_CARDS
    taken = discard[-count:]
    chosen = taken[0]
    in_hand = hand.count(chosen) + taken.count(chosen)
    if not can_still_play(chosen, in_hand, len(hand) + count, deck_size, (), draw_two, rare, splittable):
        return CANNOT_PLAY_TAKEN
    return None
