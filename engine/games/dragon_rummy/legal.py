"""The one source of Dragon Mystery Rummy's legality: one small predicate per rule, each returning ``None``
(allowed) or the ``Refusal`` of that rule (a precise code and a sentence). ``legal_moves`` lists the moves they all
allow; ``explain`` returns ``None`` for those and otherwise the first refusal, as an ``IllegalMoveError``.

A turn has three single plays, each usable once: the draw-2 dragon, the rare dragon, and one card of an ordinary
dragon of which some play area holds a set of three (the "split", which takes one of that set). Sets of three or
four of one dragon may be played freely. No play may empty the hand: the only way to get rid of the last card is
to discard it. A card taken from the discard pile (the deepest of a take) must be playable when it is taken, must
stay playable through the plays before it, and must be played before the discard.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Final, NamedTuple

from engine.errors import IllegalMoveError, Refusal
from engine.games.dragon_rummy.cards import (
    KINDS,
    SET_SIZES,
    SLOT_DRAW_TWO,
    SLOT_RARE,
    SLOT_SPLIT,
    SPLIT_SET_SIZE,
    card_name,
    cards_drawn,
    is_dragon,
    single_play_slot,
)
from engine.games.dragon_rummy.flow import DRAW_PHASE, PLAY_PHASE
from engine.games.dragon_rummy.moves import (
    DISCARD,
    DISCARD_MOVES,
    DRAW,
    DRAW_MOVE,
    PLAY,
    PLAY_MOVES,
    SET,
    SET_MOVES,
    TAKE,
    TAKE_MOVES,
    set_cards,
)
from engine.games.dragon_rummy.table import DragonTable, table_of
from engine.moves import Move
from engine.state import GameState

# The reasons' placeholders, filled by ``explain``: ``{seat}``, ``{card}`` (the move's dragon, by its full name),
# ``{card_code}``, ``{in_hand}`` (how many of it the seat holds), ``{size}`` (of a set), ``{count}`` and
# ``{pile_size}`` (of a take and the discard pile), ``{found}`` (the card at that depth of the pile), ``{slot}``
# (the single play already made) and ``{duty}`` (the card taken that must be played).


NOT_DRAWN_YET: Final = Refusal(
    "move/wrong_phase", "seat {seat} must first draw from the deck or take from the discard pile"
)
DRAWN_ALREADY: Final = Refusal(
    "move/wrong_phase", "seat {seat} has already drawn or taken this turn; now play dragons or discard"
)
DECK_EMPTY: Final = Refusal("move/deck_empty", "the dragon deck is empty")
# The reason lists the dragons by name, not by code: a list of codes would name cards the seat cannot see.
UNKNOWN_CARD: Final = Refusal(
    "move/unknown_card",
    "'{card_code}' is not a dragon; the dragons are the "
    + ", ".join(card_name(kind).removesuffix(" Dragon") for kind in KINDS)
    + " Dragons, each written as the first two letters of its name in capitals",
)
CARD_NOT_IN_HAND: Final = Refusal("move/card_not_in_hand", "seat {seat} holds no {card}")
NOT_ENOUGH_CARDS: Final = Refusal("move/card_not_in_hand", "seat {seat} holds {in_hand} {card}, not {size}")
BAD_COUNT: Final = Refusal(
    "move/bad_count", "the count must be a whole number from 1 to {pile_size}, the size of the discard pile"
)
WRONG_CARD: Final = Refusal(
    "move/wrong_card", "the card {count} from the top of the discard pile is the {found}, not the {card}"
)
CANNOT_PLAY_TAKEN: Final = Refusal(
    "move/cannot_play_taken",
    "the deepest card taken, the {card}, must be played this turn, and it could not be played singly (draw-2 or "
    "rare dragon, or one of a set of three in play) nor in a set of three or four without emptying the hand",
)
MUST_PLAY_TAKEN: Final = Refusal(
    "move/must_play_taken", "the {duty} taken from the discard pile must be played first (before the discard)"
)
BREAKS_DUTY: Final = Refusal(
    "move/must_play_taken",
    "this would leave no way to play the {duty} taken from the discard pile this turn; play it first",
)
ALREADY_PLAYED: Final = Refusal("move/already_played", "{slot} may be played once per turn and was played already")
NO_SET_IN_PLAY: Final = Refusal(
    "move/no_set_in_play",
    "a single {card} may be played only when a play area holds a set of three of it (it is neither this hand's "
    "draw-2 nor rare dragon)",
)
LAST_CARD: Final = Refusal("move/last_card", "this would empty the hand; the last card of a hand can only be discarded")
MIXED_SET: Final = Refusal("move/mixed_set", "a set is three or four of one and the same dragon")
BAD_SET_SIZE: Final = Refusal(
    "move/bad_set_size", "a set has " + " or ".join(str(size) for size in SET_SIZES) + " cards, not {size}"
)

SLOT_NAMES: Final = {SLOT_DRAW_TWO: "the draw-2 dragon", SLOT_RARE: "the rare dragon"}
SMALLEST_SET: Final = min(SET_SIZES)
SPLIT_NAME: Final = "a single dragon taking one of a set of three"


# ----- the rules --------------------------------------------------------------------------------------------
def refuse_drawing(table: DragonTable) -> Refusal | None:
    """A turn starts with a draw or a take, once."""
    return None if table["phase"] == DRAW_PHASE else DRAWN_ALREADY


def refuse_playing(table: DragonTable) -> Refusal | None:
    """Plays and the discard come after the draw or take."""
    return None if table["phase"] == PLAY_PHASE else NOT_DRAWN_YET


def refuse_draw(deck_size: int) -> Refusal | None:
    """The top card of the deck (the deck never runs out at the start of a turn: its last card ends the hand)."""
    return None if deck_size else DECK_EMPTY


def refuse_card(card: str) -> Refusal | None:
    """Cards are named by their dragon's code."""
    return None if is_dragon(card) else UNKNOWN_CARD


def refuse_in_hand(card: str, hand: Sequence[str]) -> Refusal | None:
    """A seat discards a card of its own hand."""
    return None if card in hand else CARD_NOT_IN_HAND


def splittable_kinds(play_areas: Sequence[Sequence[str]]) -> frozenset[str]:
    """The dragons of which some play area holds a set of three: one more of them may be played singly."""
    found = NO_KINDS
    for area in play_areas:
        if len(area) >= SPLIT_SET_SIZE:
            kinds = area_splittable_kinds(area)
            if kinds:
                found = found | kinds if found else kinds
    return found


def area_splittable_kinds(area: Sequence[str]) -> frozenset[str]:
    """The dragons of which ``area`` holds exactly a set of three (memoized by the area's cards)."""
    key = tuple(area)
    kinds = SPLITTABLE_IN_AREA.get(key)
    if kinds is None:
        if len(SPLITTABLE_IN_AREA) >= SPLITTABLE_MEMO_SIZE:
            SPLITTABLE_IN_AREA.clear()
        kinds = SPLITTABLE_IN_AREA[key] = frozenset(kind for kind in set(area) if area.count(kind) == SPLIT_SET_SIZE)
    return kinds


NO_KINDS: Final[frozenset[str]] = frozenset()
# The memo saves 15% of a Dragon Rummy playout's instructions (docs/performance.md); about 0.5 KB an area, so at
# most about 1 MiB in a long-lived server.
SPLITTABLE_MEMO_SIZE: Final = 2048
SPLITTABLE_IN_AREA: Final[dict[tuple[str, ...], frozenset[str]]] = {}


def refuse_single_play(
    kind: str,
    in_hand: int,
    hand_size: int,
    deck_size: int,
    used: Sequence[str],
    draw_two: str,
    rare: str,
    splittable: Collection[str],
) -> Refusal | None:
    """Why one card of ``kind`` cannot be played singly now (``None``: it can): not in hand, its single play made
    already this turn, an ordinary dragon without a set of three of it in play, or a play that would empty the hand
    (counting the cards a draw-2 dragon draws). ``splittable``: see ``splittable_kinds``."""
    if in_hand < 1:
        return CARD_NOT_IN_HAND
    slot = single_play_slot(kind, draw_two, rare)
    if slot in used:
        return ALREADY_PLAYED
    if slot == SLOT_SPLIT and kind not in splittable:
        return NO_SET_IN_PLAY
    if hand_size - 1 + cards_drawn(kind, draw_two, deck_size) < 1:
        return LAST_CARD
    return None


def refuse_set_cards(size: int, in_hand: int, hand_size: int) -> Refusal | None:
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
    if refuse_single_play(kind, in_hand, hand_size, deck_size, used, draw_two, rare, splittable) is None:
        return True
    for size in SET_SIZES:  # noqa: SIM110  (a loop, not any() of a generator: this runs for every take)
        if refuse_set_cards(size, in_hand, hand_size) is None:
            return True
    return False


def refuse_take(
    count: int,
    discard: Sequence[str],
    hand: Sequence[str],
    deck_size: int,
    draw_two: str,
    rare: str,
    splittable: Collection[str],
) -> Refusal | None:
    """Why the top ``count`` cards of the discard pile cannot be taken at the start of a turn.

    The deepest card taken must be played this turn, so the take is allowed only if it can be played at once.
    """
    if not 1 <= count <= len(discard):
        return BAD_COUNT
    taken = discard[-count:]
    chosen = taken[0]
    in_hand = hand.count(chosen) + taken.count(chosen)
    return refuse_taken_card(chosen, in_hand, len(hand) + count, deck_size, draw_two, rare, splittable)


def refuse_taken_card(
    chosen: str,
    in_hand: int,
    hand_size: int,
    deck_size: int,
    draw_two: str,
    rare: str,
    splittable: Collection[str],
) -> Refusal | None:
    """``refuse_take`` of a take whose deepest card is ``chosen``, held ``in_hand`` times in the hand of
    ``hand_size`` cards it makes."""
    if not can_still_play(chosen, in_hand, hand_size, deck_size, (), draw_two, rare, splittable):
        return CANNOT_PLAY_TAKEN
    return None


def refuse_take_count(count_text: str, card: str, discard: Sequence[str]) -> Refusal | None:
    """A take names how deep it digs (1 to the pile's size, in plain digits) and the card found there."""
    if not (count_text.isascii() and count_text.isdigit() and str(int(count_text)) == count_text):
        return BAD_COUNT
    count = int(count_text)
    if not 1 <= count <= len(discard):
        return BAD_COUNT
    return None if discard[-count] == card else WRONG_CARD


class Turn(NamedTuple):
    """What the rules of the play phase read, computed once per question."""

    hand: list[str]
    deck_size: int
    used: list[str]
    draw_two: str
    rare: str
    duty: str | None
    duty_in_hand: int
    splittable: frozenset[str]


def turn_of(table: DragonTable, seat: int) -> Turn:
    hand, duty = table["hands"][seat], table["must_play"]
    return Turn(
        hand,
        len(table["deck"]),
        table["single_plays_used"],
        table["draw_two_dragon"],
        table["rare_dragon"],
        duty,
        hand.count(duty) if duty is not None else 0,
        splittable_kinds(table["play_areas"]),
    )


def refuse_single_after_duty(turn: Turn, kind: str) -> Refusal | None:
    """A single play before the taken card is played must leave the taken card playable."""
    duty = turn.duty
    if duty is None or duty == kind:
        return None
    drawn = cards_drawn(kind, turn.draw_two, turn.deck_size)
    if can_still_play(
        duty,
        turn.duty_in_hand,
        len(turn.hand) - 1 + drawn,
        turn.deck_size - drawn,
        [*turn.used, single_play_slot(kind, turn.draw_two, turn.rare)],
        turn.draw_two,
        turn.rare,
        turn.splittable,
    ):
        return None
    return BREAKS_DUTY


def refuse_set_after_duty(turn: Turn, kind: str, size: int) -> Refusal | None:
    """A set played before the taken card must leave the taken card playable."""
    duty = turn.duty
    if duty is None or duty == kind:
        return None
    if can_still_play(
        duty,
        turn.duty_in_hand,
        len(turn.hand) - size,
        turn.deck_size,
        turn.used,
        turn.draw_two,
        turn.rare,
        turn.splittable,
    ):
        return None
    return BREAKS_DUTY


def refuse_discard(duty: str | None) -> Refusal | None:
    """No discard before the card taken from the discard pile is played."""
    return None if duty is None else MUST_PLAY_TAKEN


def refuse_single(turn: Turn, kind: str) -> Refusal | None:
    """One card of ``kind`` played singly now: its own rules, then the taken card's."""
    return refuse_single_play(
        kind,
        turn.hand.count(kind),
        len(turn.hand),
        turn.deck_size,
        turn.used,
        turn.draw_two,
        turn.rare,
        turn.splittable,
    ) or refuse_single_after_duty(turn, kind)


def refuse_set(turn: Turn, kind: str, size: int) -> Refusal | None:
    """A set of ``size`` cards of ``kind`` played now: its own rules, then the taken card's."""
    return refuse_set_cards(size, turn.hand.count(kind), len(turn.hand)) or refuse_set_after_duty(turn, kind, size)


# ----- one move: the first rule that refuses it -------------------------------------------------------------
def refuse_draw_move(table: DragonTable, seat: int, move: Move) -> Refusal | None:
    return refuse_drawing(table) or refuse_draw(len(table["deck"]))


def refuse_take_move(table: DragonTable, seat: int, move: Move) -> Refusal | None:
    card, count_text = move.args
    discard = table["discard_pile"]
    return (
        refuse_drawing(table)
        or refuse_card(card)
        or refuse_take_count(count_text, card, discard)
        or refuse_take(
            int(count_text),
            discard,
            table["hands"][seat],
            len(table["deck"]),
            table["draw_two_dragon"],
            table["rare_dragon"],
            splittable_kinds(table["play_areas"]),
        )
    )


def refuse_play_move(table: DragonTable, seat: int, move: Move) -> Refusal | None:
    card = move.args[0]
    return refuse_playing(table) or refuse_card(card) or refuse_single(turn_of(table, seat), card)


def refuse_set_move(table: DragonTable, seat: int, move: Move) -> Refusal | None:
    refused = refuse_playing(table)
    if refused is not None:
        return refused
    cards = set_cards(move)
    for card in cards:
        refused = refuse_card(card)
        if refused is not None:
            return refused
    if len(set(cards)) != 1:
        return MIXED_SET
    return refuse_set(turn_of(table, seat), cards[0], len(cards))


def refuse_discard_move(table: DragonTable, seat: int, move: Move) -> Refusal | None:
    card = move.args[0]
    return (
        refuse_playing(table)
        or refuse_card(card)
        or refuse_in_hand(card, table["hands"][seat])
        or refuse_discard(table["must_play"])
    )


RefuseMove = Callable[[DragonTable, int, Move], Refusal | None]

REFUSALS: Final[dict[str, RefuseMove]] = {
    DRAW: refuse_draw_move,
    TAKE: refuse_take_move,
    PLAY: refuse_play_move,
    SET: refuse_set_move,
    DISCARD: refuse_discard_move,
}


def refuse_move(state: GameState, seat: int, move: Move) -> Refusal | None:
    """The first rule ``move`` of ``seat`` (whose turn it is) breaks, or ``None`` if it is legal."""
    return REFUSALS[move.kind](table_of(state), seat, move)


# ----- built from the rules ---------------------------------------------------------------------------------
def legal_moves(state: GameState, seat: int) -> list[Move]:
    """Every move the rules allow ``seat`` (whose turn it is)."""
    table = table_of(state)
    if refuse_drawing(table) is None:
        return draw_phase_moves(table, seat)
    return play_phase_moves(table, seat)


def draw_phase_moves(table: DragonTable, seat: int) -> list[Move]:
    """Draw from the deck, or take the top ``count`` cards of the discard pile when the deepest can be played."""
    deck_size = len(table["deck"])
    moves = [DRAW_MOVE] if refuse_draw(deck_size) is None else []
    discard, hand = table["discard_pile"], table["hands"][seat]
    draw_two, rare = table["draw_two_dragon"], table["rare_dragon"]
    splittable = splittable_kinds(table["play_areas"])
    # refuse_take of each count, the copies of the deepest card counted as the take goes deeper
    held: dict[str, int] = {}
    for card in hand:
        held[card] = held.get(card, 0) + 1
    hand_size = len(hand)
    for count in range(1, len(discard) + 1):
        chosen = discard[-count]
        held[chosen] = in_hand = held.get(chosen, 0) + 1
        if refuse_taken_card(chosen, in_hand, hand_size + count, deck_size, draw_two, rare, splittable) is None:
            moves.append(TAKE_MOVES[chosen, count])
    return moves


def play_phase_moves(table: DragonTable, seat: int) -> list[Move]:
    """Single plays and sets that keep the taken card playable, and (once it is played) the discards."""
    hand, duty = table["hands"][seat], table["must_play"]
    hand_size, deck_size, used = len(hand), len(table["deck"]), table["single_plays_used"]
    draw_two, rare = table["draw_two_dragon"], table["rare_dragon"]
    splittable = splittable_kinds(table["play_areas"])
    turn = None if duty is None else turn_of(table, seat)
    kinds = sorted(set(hand))
    moves: list[Move] = []
    for kind in kinds:
        in_hand = hand.count(kind)
        # An ordinary dragon without a set of three in play cannot be played singly (refuse_single_play's
        # NO_SET_IN_PLAY, or ALREADY_PLAYED before it): the predicate is asked only about the others.
        if (
            (kind in (draw_two, rare) or kind in splittable)
            and refuse_single_play(kind, in_hand, hand_size, deck_size, used, draw_two, rare, splittable) is None
            and (turn is None or refuse_single_after_duty(turn, kind) is None)
        ):
            moves.append(PLAY_MOVES[kind])
        if in_hand < SMALLEST_SET:
            continue  # refuse_set_cards: not enough cards for any set
        for size in SET_SIZES:
            if refuse_set_cards(size, in_hand, hand_size) is None and (
                turn is None or refuse_set_after_duty(turn, kind, size) is None
            ):
                moves.append(SET_MOVES[kind, size])
    if refuse_discard(duty) is None:
        moves.extend(DISCARD_MOVES[kind] for kind in kinds)
    return moves


def explain(state: GameState, seat: int, move: Move) -> IllegalMoveError | None:
    """``None`` if ``move`` is legal for ``seat``, else the first refusal, naming the move and public cards only
    (and the seat's own)."""
    table = table_of(state)
    refused = refuse_move(state, seat, move)
    if refused is None:
        return None
    card = move.args[0] if move.kind in (PLAY, DISCARD, TAKE) else ""
    size = 0
    if move.kind == SET:
        cards = set_cards(move)
        card, size = cards[0], len(cards)
    count_text = move.args[1] if move.kind == TAKE else ""
    discard = table["discard_pile"]
    found = discard[-int(count_text)] if refused is WRONG_CARD else ""
    draw_two, rare = table["draw_two_dragon"], table["rare_dragon"]
    slot = single_play_slot(card, draw_two, rare)
    duty = table["must_play"]
    return refused.error(
        move,
        position=f"hand {table['hand_number']}, step {state.step}",
        seat=seat,
        card_code=card,
        card=card_name(card),
        in_hand=table["hands"][seat].count(card),
        size=size,
        count=count_text,
        pile_size=len(discard),
        found=card_name(found),
        slot=SLOT_NAMES.get(slot, SPLIT_NAME),
        duty=card_name(duty or ""),
    )
