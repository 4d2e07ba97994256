"""Precise reasons for rejected Dragon Mystery Rummy moves, built on the same checks as ``legal_moves``."""

from __future__ import annotations

from engine.errors import IllegalMoveError
from engine.games.dragon_rummy.dragons import dragon_name, is_dragon
from engine.games.dragon_rummy.legal import DISCARD, DRAW, PLAY, SET, TAKE
from engine.games.dragon_rummy.plays import (
    ALREADY_PLAYED,
    LAST_CARD,
    NO_SET_IN_PLAY,
    NOT_ENOUGH_CARDS,
    SET_SIZES,
    SLOT_DRAW_TWO,
    SLOT_RARE,
    set_blocker,
    single_play_blocker,
    single_slot,
    splittable_kinds,
    take_blocker,
)
from engine.games.dragon_rummy.table import PHASE_DRAW, DragonTable
from engine.moves import Move

SLOT_NAMES = {SLOT_DRAW_TWO: "the draw-2 dragon", SLOT_RARE: "the rare dragon"}


def explain(table: DragonTable, seat: int, move: Move, step: int) -> IllegalMoveError | None:
    """Why ``move`` is illegal for ``seat``; ``None`` if no precise reason applies."""
    where = f"(hand {table['hand_number']}, step {step})"
    drawing = table["phase"] == PHASE_DRAW
    if move.kind in (DRAW, TAKE) and not drawing:
        return error(
            "wrong_phase",
            f"'{move}': seat {seat} has already drawn or taken this turn; now play dragons or discard {where}.",
        )
    if move.kind in (PLAY, SET, DISCARD) and drawing:
        return error(
            "wrong_phase",
            f"'{move}': seat {seat} must first draw from the deck or take from the discard pile {where}.",
        )
    if move.kind == DRAW:
        return error("deck_empty", f"'{move}': the dragon deck is empty {where}.")
    if move.kind == TAKE:
        return explain_take(table, seat, move, where)
    if move.kind == SET:
        return explain_set(table, seat, move, where)
    card = move.args[0]
    if not is_dragon(card):
        return unknown_card(move, card)
    hand = table["hands"][seat]
    if card not in hand:
        return error("card_not_in_hand", f"'{move}': seat {seat} holds no {dragon_name(card)} {where}.")
    if move.kind == DISCARD:
        return must_play_first(table, move, where)
    blocker = single_play_blocker(
        card,
        hand.count(card),
        len(hand),
        len(table["deck"]),
        table["used"],
        table["draw_two"],
        table["rare"],
        splittable_kinds(table["areas"]),
    )
    if blocker == ALREADY_PLAYED:
        slot = single_slot(card, table["draw_two"], table["rare"])
        what = SLOT_NAMES.get(slot, "a single dragon taking one of a set of three")
        return error(ALREADY_PLAYED, f"'{move}': {what} may be played once per turn and was played already {where}.")
    if blocker == NO_SET_IN_PLAY:
        return error(
            NO_SET_IN_PLAY,
            f"'{move}': a single {dragon_name(card)} may be played only when a play area holds a set of three of "
            f"it (it is neither this hand's draw-2 nor rare dragon) {where}.",
        )
    if blocker == LAST_CARD:
        return last_card(move, where)
    return breaks_duty(table, move, where)


def explain_take(table: DragonTable, seat: int, move: Move, where: str) -> IllegalMoveError:
    card, count_text = move.args
    discard = table["discard"]
    if not is_dragon(card):
        return unknown_card(move, card)
    if not count_text.isdigit() or not 1 <= int(count_text) <= len(discard) or str(int(count_text)) != count_text:
        return error(
            "bad_count",
            f"'{move}': the count must be a whole number from 1 to {len(discard)}, the size of the discard pile "
            f"{where}.",
        )
    count = int(count_text)
    if discard[-count] != card:
        return error(
            "wrong_card",
            f"'{move}': the card {count} from the top of the discard pile is {dragon_name(discard[-count])} "
            f"({discard[-count]}), not {dragon_name(card)} {where}.",
        )
    hand = table["hands"][seat]
    splittable = splittable_kinds(table["areas"])
    if take_blocker(count, discard, hand, len(table["deck"]), table["draw_two"], table["rare"], splittable):
        return error(
            "cannot_play_taken",
            f"'{move}': the deepest card taken, {dragon_name(card)}, must be played this turn, and it could not be "
            "played singly (draw-2 or rare dragon, or one of a set of three in play) nor in a set of three or four "
            f"without emptying the hand {where}.",
        )
    return error("illegal", f"'{move}' is not a legal take {where}.")


def explain_set(table: DragonTable, seat: int, move: Move, where: str) -> IllegalMoveError | None:
    cards = move.args[0].split(",")
    for card in cards:
        if not is_dragon(card):
            return unknown_card(move, card)
    if len(set(cards)) != 1:
        return error("mixed_set", f"'{move}': a set is three or four of one and the same dragon {where}.")
    card = cards[0]
    hand = table["hands"][seat]
    blocker = set_blocker(len(cards), hand.count(card), len(hand))
    if blocker == NOT_ENOUGH_CARDS:
        return error(
            "card_not_in_hand",
            f"'{move}': seat {seat} holds {hand.count(card)} {dragon_name(card)}, not {len(cards)} {where}.",
        )
    if blocker == LAST_CARD:
        return last_card(move, where)
    if blocker is not None:
        sizes = " or ".join(str(size) for size in SET_SIZES)
        return error(blocker, f"'{move}': a set has {sizes} cards, not {len(cards)} {where}.")
    return breaks_duty(table, move, where)


def must_play_first(table: DragonTable, move: Move, where: str) -> IllegalMoveError:
    duty = table["must_play"]
    return error(
        "must_play_taken",
        f"'{move}': the {dragon_name(duty or '')} taken from the discard pile must be played before discarding "
        f"{where}.",
    )


def breaks_duty(table: DragonTable, move: Move, where: str) -> IllegalMoveError | None:
    duty = table["must_play"]
    if duty is None:
        return None
    return error(
        "must_play_taken",
        f"'{move}' would leave no way to play the {dragon_name(duty)} taken from the discard pile this turn; "
        f"play it first {where}.",
    )


def last_card(move: Move, where: str) -> IllegalMoveError:
    return error(
        LAST_CARD,
        f"'{move}' would empty the hand; the last card of a hand can only be discarded {where}.",
    )


def unknown_card(move: Move, card: str) -> IllegalMoveError:
    return error("unknown_card", f"'{move}': '{card}' is not a dragon; the dragons are AZ BR CR EM FR GO JA ON SH ST.")


def error(code: str, reason: str) -> IllegalMoveError:
    return IllegalMoveError(reason, code=f"move/{code}")
